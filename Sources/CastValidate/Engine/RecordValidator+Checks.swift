import CastSchema

/// The form of a value whose raw JSON bytes a property's checks can read without an `Instance`:
/// the form a value of its type is read in without a coercion, in which the instance would be
/// the bytes' own text.
enum PlainForm: Equatable {
  /// A JSON number without a fraction or an exponent, for an integer type (`3.0` and `1e2` are
  /// read through the dialect's integer rules, so their instance is not their text).
  case integer
  /// A JSON number for a floating-point, `Decimal` or NSNumber type; `isFloat`: a `Float`, which
  /// a dialect that writes numbers as stored keeps rounded.
  case floating(isFloat: Bool)
  /// A JSON string for a `String`.
  case string
  /// A JSON string for a `URL` read as written, whose text is its value (not where URLs are read
  /// as Foundation parses them, `Policy.urlsAsFoundationParses`).
  case url

  /// The form for a property of `node` with `checks`, when every one of them can read it.
  init?(node: ValueNode, checks: [CompiledCheck]) {
    guard case .scalar(let scalar) = node else { return nil }
    let numeric = checks.allSatisfy {
      switch $0 {
      case .range, .floatingRange: true
      default: false
      }
    }
    let textual = checks.allSatisfy {
      switch $0 {
      case .length, .pattern: true
      default: false
      }
    }
    if scalar.isInteger, numeric {
      self = .integer
    } else if scalar.isFloatingPoint || scalar == .decimal || scalar == .number, numeric {
      self = .floating(isFloat: scalar == .float)
    } else if scalar == .string, textual {
      self = .string
    } else if scalar == .url, textual {
      self = .url
    } else {
      return nil
    }
  }
}

/// One check as `runRawChecks` reads it: plain data, bounds by value and tables by unowned
/// reference (`FieldPlan` keeps them alive), so reading it costs no reference counting;
/// `index` is its place in `FieldPlan.checks`, for its text and the slow paths.
enum RawCheck {
  case range(Borrowed<ExactRange>, index: Int)
  case floatingRange(lower: Double?, upper: Double?, inclusive: Bool, single: Bool, index: Int)
  case length(lower: Int?, upper: Int?, index: Int)
  /// A nil automaton: the pattern is too large for its tables, and runs on scalars.
  case pattern(Borrowed<ASCIIAutomaton>?, index: Int)
  /// A `count`, which never applies to a scalar.
  case unused

  /// The table for `checks`, and the objects it refers to, which its owner must keep alive.
  static func table(_ checks: [CompiledCheck]) -> (checks: [RawCheck], owners: [AnyObject]) {
    var owners: [AnyObject] = []
    let table = checks.enumerated().map { index, check -> RawCheck in
      switch check {
      case .range(let lower, let upper, let inclusive, _):
        let range = ExactRange(lower: lower, upper: upper, upperInclusive: inclusive)
        owners.append(range)
        return .range(Borrowed(range), index: index)
      case .floatingRange(let lower, let upper, let inclusive, let single, _):
        return .floatingRange(lower: lower, upper: upper, inclusive: inclusive, single: single, index: index)
      case .length(let lower, let upper, _):
        return .length(lower: lower, upper: upper, index: index)
      case .pattern(let matcher, _):
        if let automaton = matcher.automaton { owners.append(automaton) }
        return .pattern(matcher.automaton.map { Borrowed($0) }, index: index)
      case .count:
        return .unused
      }
    }
    return (table, owners)
  }
}

/// Directive checks (`//! range`, `length`, `pattern`, `count`): on the built instance, or on the
/// value's raw bytes when it was read in its plain form.
extension RecordValidator {
  /// Whether the value at the cursor is in `form`, looked at before it is read (a JSON error is
  /// left for `value(...)` to throw).
  func isPlain(_ form: PlainForm?, _ scanner: inout JSONScanner, policy: Policy) -> Bool {
    guard let form, let kind = try? scanner.peekKind() else { return false }
    switch form {
    case .integer: return kind == .number && scanner.numberAheadIsInteger(negativeZeroCounts: !policy.numbersWrittenAsStored)
    case .floating(let isFloat): return kind == .number && !(isFloat && policy.numbersWrittenAsStored)
    case .string: return kind == .string
    case .url: return kind == .string && !policy.urlsAsFoundationParses
    }
  }

  /// The checks on a plain value's raw bytes, from `valueStart` to the cursor: the answers and
  /// findings `runChecks` gives for its instance, with text built only for a failure, a string
  /// with escapes, or a length that is not one byte per Character.
  mutating func runRawChecks(_ field: FieldPlan, _ scanner: JSONScanner, from valueStart: Int, at offset: Int) {
    let value = PlainValue(field, scanner, from: valueStart)
    var decoded: String?
    for position in 0..<field.rawCheckCount where !field.passesRawCheck(position, value, scanner, decoded: &decoded) {
      let failure: String
      let index: Int
      switch field.rawChecks[position] {
      case .range(_, let checkIndex), .floatingRange(_, _, _, _, let checkIndex):
        index = checkIndex
        failure = CheckFailure.outside(String(decoding: value.raw, as: UTF8.self), field.checks[index])
      case .length(_, _, let checkIndex):
        index = checkIndex
        failure = CheckFailure.length(value.characterCount(scanner, decoded: &decoded), field.checks[index])
      case .pattern(_, let checkIndex):
        index = checkIndex
        failure = CheckFailure.mismatch(value.text(scanner, decoded: &decoded), field.checks[index])
      case .unused:
        continue
      }
      reportCheckFailure(failure, of: field, field.checks[index], at: offset)
    }
  }

  /// The instance is nil where the checks did not need it built (`FieldPlan.needsInstance`).
  /// `raw` is the value as the data has it: a number's failure shows its literal, as the raw
  /// checks do, not the text a dialect writes it with (`Policy.numbersWrittenAsStored`).
  mutating func runChecks(_ field: FieldPlan, _ instance: Instance?, at offset: Int, read raw: UnsafeRawBufferPointer) {
    let readNumber = raw.first.map { $0 == JSONByte.minus || $0 &- JSONByte.zero < 10 } == true
    func shown(_ literal: String) -> String { readNumber ? String(decoding: raw, as: UTF8.self) : literal }
    for check in field.checks {
      let failure =
        FieldPlan.isCounted(check, field.node)
        ? check.failure(count: keptElements) : instance.flatMap { check.failure(of: $0, isPairs: field.node.isPairs, shown: shown) }
      if let failure { reportCheckFailure(failure, of: field, check, at: offset) }
    }
  }

  /// A failed check's finding, the same from the raw and the instance checks.
  private mutating func reportCheckFailure(_ failure: String, of field: FieldPlan, _ check: CompiledCheck, at offset: Int) {
    report(.checkFailed, .error, "'\(field.name)': \(failure)", at: offset, declaration: field.declaration, expected: check.text)
  }
}

/// A plain value's raw JSON as the raw checks read it (`FieldPlan.passesRawCheck`): the number,
/// or the string with its quotes, and the string's content between them.
struct PlainValue {
  let span: JSONSpan
  let raw: UnsafeRawBufferPointer
  let content: UnsafeRawBufferPointer
  /// The string has a backslash: its text is decoded for every check on it.
  let escaped: Bool

  /// The value of `field` read from `valueStart` to the scanner's cursor.
  init(_ field: FieldPlan, _ scanner: JSONScanner, from valueStart: Int) {
    span = JSONSpan(start: valueStart, end: scanner.offset)
    raw = scanner.bytes(span)
    content = raw.count >= 2 ? UnsafeRawBufferPointer(rebasing: raw[1..<raw.count - 1]) : UnsafeRawBufferPointer(start: nil, count: 0)
    escaped = (field.plainForm == .string || field.plainForm == .url) && ASCIIText.contains(JSONByte.backslash, in: content)
  }

  /// The string's text, decoded once for all the checks that need it.
  func text(_ scanner: JSONScanner, decoded: inout String?) -> String {
    if let decoded { return decoded }
    let text = scanner.string(JSONStringToken(span: JSONSpan(start: span.start + 1, end: span.end - 1), hasEscapes: escaped))
    decoded = text
    return text
  }

  /// The string's length in Characters, from its bytes where each byte is one.
  func characterCount(_ scanner: JSONScanner, decoded: inout String?) -> Int {
    (escaped ? nil : ASCIIText.characterCount(content)) ?? text(scanner, decoded: &decoded).count
  }
}

extension FieldPlan {
  /// Whether a plain value passes raw check `position`: the one rule for both the walk, which
  /// reports a failure, and the clean-record check, which doubts the record.
  /// `surelyOnly`: a floating-point range passes only where an approximation decides (a `Float`
  /// kept as stored, which the walk checks on its own value; the clean-record check doubts the rest).
  func passesRawCheck(
    _ position: Int, _ value: PlainValue, _ scanner: JSONScanner, decoded: inout String?, surelyOnly: Bool = false
  ) -> Bool {
    switch rawChecks[position] {
    case .range(let range, _):
      return range.with { $0.contains(literal: value.raw) } != false
    case .floatingRange(let lower, let upper, let inclusive, let single, _) where surelyOnly:
      // NB: bounds that are Floats hold a value well inside them once rounded to a Float, but for
      // an excluded upper one, which it may round to.
      return (inclusive || !single) && ApproximateDouble(value.raw).isSurelyWithin(lower, upper)
    case .floatingRange(let lower, let upper, let inclusive, let single, _):
      // Most values are far from both bounds, where an approximation decides; near one, the
      // correctly rounded value does. (Rounding to a `Float` keeps a value inside bounds that
      // are Floats, but can reach an excluded upper one.)
      if inclusive || !single, ApproximateDouble(value.raw).isSurelyWithin(lower, upper) { return true }
      let number = scanner.double(JSONNumberToken(span: value.span, isInteger: false, isNegative: false))
      return CompiledCheck.within(number, lower, upper, inclusive: inclusive, single: single)
    case .length(let lower, let upper, _):
      // A string has no more Characters than UTF-8 bytes, nor these more than its raw bytes (no
      // escape is shorter than what it stands for), and a non-empty one has at least one: most
      // lengths are decided without counting.
      let most = value.content.count
      if upper.map({ most <= $0 }) ?? true, lower.map({ $0 <= min(most, 1) }) ?? true { return true }
      return CompiledCheck.within(value.characterCount(scanner, decoded: &decoded), lower, upper)
    case .pattern(let automaton, let index):
      if !value.escaped, let automaton, ASCIIText.isASCII(value.content) {
        return automaton.with { $0.matches(ascii: value.content) }
      }
      guard case .pattern(let matcher, _) = checks[index] else { return true }
      return value.escaped ? matcher.matches(value.text(scanner, decoded: &decoded)) : matcher.matches(utf8: value.content)
    case .unused:
      return true
    }
  }

  /// Whether a plain value passes every raw check (`surelyOnly`: as `passesRawCheck`).
  func passesRawChecks(_ value: PlainValue, _ scanner: JSONScanner, surelyOnly: Bool = false) -> Bool {
    var decoded: String?
    for position in 0..<rawCheckCount where !passesRawCheck(position, value, scanner, decoded: &decoded, surelyOnly: surelyOnly) {
      return false
    }
    return true
  }
}
