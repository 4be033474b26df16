import CastSchema

/// A declarative check, ready to run.
enum CompiledCheck: Sendable {
  /// Bounds as exact decimals: an integer or `Decimal` is compared digit for digit, never
  /// through a `Double` (semantics §2, §4).
  case range(lower: ExactDecimal?, upper: ExactDecimal?, upperInclusive: Bool, text: String)
  /// A `Double` or `CGFloat` holds its value as a binary double, and Swift compares it so; a
  /// `Float` (`single`) as a binary float, compared with the bounds as the `Float` literals
  /// they are in Swift (`max 0.1` is `Float(0.1)`).
  case floatingRange(lower: Double?, upper: Double?, upperInclusive: Bool, single: Bool, text: String)
  case length(lower: Int?, upper: Int?, text: String)
  case count(lower: Int?, upper: Int?, text: String)
  case pattern(PatternMatcher, text: String)

  /// The check for a property of `type` (which decides how numbers compare).
  init?(_ check: Check, type: TypeRef) {
    switch check {
    case .range(let lower, let upper, let inclusive):
      if case .scalar(let scalar) = type.unwrapped, scalar.isFloatingPoint {
        let single = scalar == .float
        let bound = { (text: String) in Double(text).map { single ? Double(Float($0)) : $0 } }
        self = .floatingRange(
          lower: lower.flatMap(bound), upper: upper.flatMap(bound), upperInclusive: inclusive, single: single,
          text: check.description)
        return
      }
      self = .range(
        lower: lower.flatMap(ExactDecimal.init), upper: upper.flatMap(ExactDecimal.init), upperInclusive: inclusive,
        text: check.description)
    case .length(let lower, let upper):
      self = .length(lower: lower, upper: upper, text: check.description)
    case .count(let lower, let upper):
      self = .count(lower: lower, upper: upper, text: check.description)
    case .pattern(let pattern):
      guard let matcher = PatternMatcher(pattern) else { return nil }
      self = .pattern(matcher, text: check.description)
    }
  }

  /// How the check is written (`range 0...120`).
  var text: String {
    switch self {
    case .range(_, _, _, let text), .floatingRange(_, _, _, _, let text), .length(_, _, let text), .count(_, _, let text), .pattern(_, let text): text
    }
  }

  /// What is wrong with a built value, or nil when it passes; `shown` is how a number is quoted
  /// (the data's literal, where the value was read). Key-value pairs (`Policy.otherKeysAsPairs`)
  /// hold an entry in two elements.
  func failure(of instance: Instance, isPairs: Bool, shown: (String) -> String = { $0 }) -> String? {
    switch (self, instance) {
    case (.range(let lower, let upper, let inclusive, _), .number(let literal)):
      guard let value = ExactDecimal(literal), !value.isWithin(lower: lower, upper: upper, upperInclusive: inclusive) else { return nil }
      return CheckFailure.outside(shown(literal), self)
    case (.floatingRange(let lower, let upper, let inclusive, let single, _), .number(let literal)):
      guard let value = Double(literal), !Self.within(value, lower, upper, inclusive: inclusive, single: single) else { return nil }
      return CheckFailure.outside(shown(literal), self)
    case (.length(let lower, let upper, _), .string(let text)):
      return Self.within(text.count, lower, upper) ? nil : CheckFailure.length(text.count, self)
    case (.pattern(let matcher, _), .string(let text)):
      return matcher.matches(text) ? nil : CheckFailure.mismatch(text, self)
    case (.count(let lower, let upper, _), .array(let items)):
      let (count, noun) = isPairs ? (items.count / 2, "entries") : (items.count, "elements")
      return Self.within(count, lower, upper) ? nil : CheckFailure.count(count, noun, self)
    case (.count(let lower, let upper, _), .dictionary(let members)):
      return Self.within(members.count, lower, upper) ? nil : CheckFailure.count(members.count, "entries", self)
    case (.count, .json(let value)):
      switch value {
      case .array(let items): return failure(count: items.count)
      case .object(let members): return failure(count: members.count)
      default: return failure(count: 0)
      }
    default:
      return nil
    }
  }

  /// What is wrong with a collection of `count` elements counted as they were read, or nil.
  func failure(count: Int) -> String? {
    guard case .count(let lower, let upper, _) = self, !Self.within(count, lower, upper) else { return nil }
    return CheckFailure.count(count, "elements", self)
  }

  /// A floating-point value in a range, as its type holds it: a `Float`'s rounded to one first.
  static func within(_ value: Double, _ lower: Double?, _ upper: Double?, inclusive: Bool, single: Bool) -> Bool {
    within(single ? Double(Float(value)) : value, lower, upper, inclusive: inclusive)
  }

  static func within(_ value: Double, _ lower: Double?, _ upper: Double?, inclusive: Bool) -> Bool {
    guard lower.map({ value >= $0 }) ?? true else { return false }
    guard let upper else { return true }
    return inclusive ? value <= upper : value < upper
  }

  static func within(_ value: Int, _ lower: Int?, _ upper: Int?) -> Bool {
    (lower.map { value >= $0 } ?? true) && (upper.map { value <= $0 } ?? true)
  }
}
