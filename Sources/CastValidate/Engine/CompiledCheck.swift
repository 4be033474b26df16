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
