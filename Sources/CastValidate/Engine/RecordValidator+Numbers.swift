import CastSchema
import Foundation

/// Numbers: integer ranges, floating point, Decimal, NSNumber, and the coercions each dialect allows.
extension RecordValidator {
  mutating func integer(
    _ type: ScalarType, _ kind: JSONValueKind, _ scanner: inout JSONScanner, policy: Policy,
    declaration: SourceRange?, build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    let start = scanner.offset
    switch kind {
    case .number:
      let token = try scanner.readNumber()
      if token.isInteger {
        guard Self.fits(token, type, scanner) else {
          return outOfRange(type, scanner.literal(token), at: start, declaration: declaration)
        }
        if wantInstance, policy.numbersWrittenAsStored, Self.isNegativeZero(scanner.bytes(token.span)) { return .value(.number("0")) }
        return .value(wantInstance ? .number(scanner.literal(token)) : nil)
      }
      if policy.wholeNumbersViaDouble {
        return wholeViaDouble(type, token, scanner, at: start, declaration: declaration, build: wantInstance)
      }
      // A whole number written with a fraction or an exponent (`3.0`, `1e19`): exact, any size.
      let decimal = DecimalLiteral(scanner.bytes(token.span))
      if decimal.isZero || decimal.scale >= 0 {
        guard let magnitude = decimal.integralMagnitude,
          Self.fits(negative: decimal.isNegative, magnitude: magnitude, type)
        else { return outOfRange(type, scanner.literal(token), at: start, declaration: declaration) }
        let sign = decimal.isNegative && magnitude != 0 ? "-" : ""
        return .value(wantInstance ? .number(sign + String(magnitude)) : nil)
      }
      let literal = scanner.literal(token)
      guard policy.truncateFractions else {
        return unconvertible(type.rawValue, "the number \(Excerpt.clip(literal))", at: start, declaration: declaration, why: "it has a fraction")
      }
      let truncated = scanner.double(token).rounded(.towardZero)
      guard truncated.isFinite, abs(truncated) < 9.2e18, Self.fits(Int64(truncated), type) else {
        return outOfRange(type, literal, at: start, declaration: declaration)
      }
      report(.fractionTruncated, .warning, "\(literal) truncated to \(Int64(truncated)) for \(type.rawValue)", at: start, declaration: declaration)
      return .value(wantInstance ? .number(String(Int64(truncated))) : nil)
    case .string:
      let token = try scanner.readString()
      // NB: the text is built for a message or an escaped string only; a coerced value's warning
      // past `maxWarnings` builds neither.
      let reader = scanner
      func text() -> String { reader.string(token) }
      switch policy.stringToNumber {
      case .never:
        return unconvertible(type.rawValue, "the string \"\(Excerpt.clip(text()))\"", at: start, declaration: declaration)
      case .exact:
        let read = scanner.withContent(token, IntegerText.exactInteger)
        guard let (negative, magnitude) = read else {
          let text = text()
          // Digits beyond UInt64 are a number too large for the type, not text that is no number.
          if NumberText.isIntegerText(text) { return outOfRange(type, "\"\(text)\"", at: start, declaration: declaration) }
          return unconvertible(type.rawValue, "the string \"\(Excerpt.clip(text))\"", at: start, declaration: declaration)
        }
        guard Self.fits(negative: negative, magnitude: magnitude, type) else {
          return outOfRange(type, "\"\(text())\"", at: start, declaration: declaration)
        }
        func literal() -> String { (negative && magnitude != 0 ? "-" : "") + String(magnitude) }
        report(.coerced, .warning, "the string \"\(Excerpt.clip(text()))\" read as the number \(Excerpt.clip(literal()))", at: start, declaration: declaration)
        return .value(wantInstance ? .number(literal()) : nil)
      case .leadingPrefix:
        let read = scanner.withContent(token) { NumberText.leadingInteger($0) }
        guard let (negative, magnitude) = read, Self.fits(negative: negative, magnitude: magnitude, type)
        else { return outOfRange(type, "\"\(text())\"", at: start, declaration: declaration) }
        func literal() -> String { (negative && magnitude != 0 ? "-" : "") + String(magnitude) }
        report(.coerced, .warning, "the string \"\(Excerpt.clip(text()))\" read as the number \(Excerpt.clip(literal()))", at: start, declaration: declaration)
        return .value(wantInstance ? .number(literal()) : nil)
      }
    case .bool where policy.boolToNumber:
      let flag = try scanner.readBool()
      report(.coerced, .warning, "the boolean \(flag) read as the number \(flag ? 1 : 0)", at: start, declaration: declaration)
      return .value(wantInstance ? .number(flag ? "1" : "0") : nil)
    default:
      return try mismatch(type.rawValue, kind, &scanner, declaration: declaration)
    }
  }

  mutating func floating(
    _ type: ScalarType, _ kind: JSONValueKind, _ scanner: inout JSONScanner, policy: Policy,
    declaration: SourceRange?, build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    let start = scanner.offset
    switch kind {
    case .number:
      let token = try scanner.readNumber()
      guard Self.holds(token, type, scanner, policy: policy) else {
        return outOfRange(type, scanner.literal(token), at: start, declaration: declaration, miss: Self.miss(token, type, scanner, policy: policy))
      }
      if wantInstance, policy.numbersWrittenAsStored, let written = EncoderNumberText.text(of: scanner.bytes(token.span), as: type) {
        return .value(.number(written))
      }
      return .value(wantInstance ? .number(scanner.literal(token)) : nil)
    case .string:
      let token = try scanner.readString()
      // NB: as for integers, the text is built only where it is needed.
      let reader = scanner
      func text() -> String { reader.string(token) }
      if policy.readsNonConformingFloats, let floats = schema.registry.options.nonConformingFloats,
        type == .float || type == .double || type == .cgFloat, floats.reads(raw: scanner.bytes(token.span))
      {
        // NB: written back as read: JSONEncoder's `.convertToString` writes the same three strings.
        return .value(wantInstance ? .string(text()) : nil)
      }
      // `Decimal` and `NSNumber` keep a number's text; the binary types its value, whose
      // literal is built for an instance or a message only.
      var kept: String?
      var value: Double?
      switch policy.stringToNumber {
      case .never: break
      case .exact where type == .decimal || type == .number:
        let text = text()
        kept = NumberText.isDecimalLiteral(text) ? text : nil
      case .exact:
        value = scanner.withContent(token) { NumberText.exactDouble($0) }
      case .leadingPrefix where type == .decimal || type == .number:
        // NB: a `Decimal` keeps every digit of a string that is all number (spec: "`Decimal`
        // keeps every digit"); other text is read for its leading number, as `NSString` reads it.
        let text = text()
        kept = NumberText.isDecimalLiteral(text) ? text : NumberText.literal(NumberText.leadingDouble(text))
      case .leadingPrefix:
        value = scanner.withContent(token) { NumberText.leadingDouble($0) }
      }
      let fits: Bool
      if let kept {
        fits = type == .number
          || Array(kept.utf8).withUnsafeBytes { Self.fitsDecimal($0, asFoundationParses: policy.decimalsAsFoundationParses) }
      } else if let value {
        fits = Self.fitsFloating(value, type)
      } else {
        return unconvertible(type.rawValue, "the string \"\(Excerpt.clip(text()))\"", at: start, declaration: declaration)
      }
      guard fits else { return outOfRange(type, "\"\(text())\"", at: start, declaration: declaration) }
      // NB: `NumberText.literal` is the shortest text that reads back as the value.
      func literal() -> String { kept ?? NumberText.literal(value ?? 0) }
      report(.coerced, .warning, "the string \"\(Excerpt.clip(text()))\" read as the number \(Excerpt.clip(literal()))", at: start, declaration: declaration)
      return .value(wantInstance ? .number(literal()) : nil)
    case .bool where policy.boolToNumber || (type == .number && !policy.isStrict):
      let flag = try scanner.readBool()
      if type == .number { return .value(wantInstance ? .bool(flag) : nil) }
      report(.coerced, .warning, "the boolean \(flag) read as the number \(flag ? 1 : 0)", at: start, declaration: declaration)
      return .value(wantInstance ? .number(flag ? "1" : "0") : nil)
    default:
      return try mismatch(type.rawValue, kind, &scanner, declaration: declaration)
    }
  }

  /// `JSONDecoder`'s reading of a number with a fraction or an exponent for an integer type: the
  /// nearest `Double` must be a whole number the type holds; below 2^53 that is the value, from
  /// there the literal's `Decimal` value without its fraction.
  private mutating func wholeViaDouble(
    _ type: ScalarType, _ token: JSONNumberToken, _ scanner: JSONScanner, at start: Int, declaration: SourceRange?,
    build wantInstance: Bool
  ) -> Outcome {
    let literal = scanner.literal(token)
    let double = scanner.double(token)
    // NB: `1e400` is a number too large for any integer type, not one with a fraction.
    guard double.isFinite else { return outOfRange(type, literal, at: start, declaration: declaration) }
    guard double == double.rounded(.towardZero) else {
      return unconvertible(type.rawValue, "the number \(Excerpt.clip(literal))", at: start, declaration: declaration, why: "it has a fraction")
    }
    guard let bounds = type.integerBounds, double >= Double(bounds.min), double < Double(bounds.max) + 1 else {
      return outOfRange(type, literal, at: start, declaration: declaration)
    }
    if double.magnitude < 0x1p53 { return .value(wantInstance ? .number(String(Int64(double))) : nil) }
    let decimal = DecimalLiteral(scanner.bytes(token.span))
    // NB: a signed type's minimum is out of reach here (`-9223372036854775808.0`), as the
    // decoder takes the magnitude as the type's positive value first.
    guard let magnitude = decimal.truncatedMagnitude, Self.fits(negative: decimal.isNegative, magnitude: magnitude, type),
      !(decimal.isNegative && magnitude > UInt64(Int64.max))
    else {
      return outOfRange(type, literal, at: start, declaration: declaration)
    }
    return .value(wantInstance ? .number((decimal.isNegative && magnitude != 0 ? "-" : "") + String(magnitude)) : nil)
  }

  /// Whether a JSON number is within the range of a floating-point type, `Decimal` or `NSNumber`
  /// as the policy reads it: the `out-of-range` rule of `floating` (an underflow is out of range
  /// where `Policy.underflowIsOutOfRange`), which `castctl infer` also asks to choose a type.
  static func holds(_ token: JSONNumberToken, _ type: ScalarType, _ scanner: JSONScanner, policy: Policy) -> Bool {
    if type == .number { return true }
    if type == .decimal { return fitsDecimal(scanner.bytes(token.span), asFoundationParses: policy.decimalsAsFoundationParses) }
    if isSurelyFinite(token, type, scanner) { return true }
    guard fitsFloating(value(token, as: type, scanner, floatsFromText: policy.floatsReadFromText), type) else { return false }
    return !(policy.underflowIsOutOfRange && (type == .float || type == .double)
      && underflows(token, type, scanner, floatsFromText: policy.floatsReadFromText))
  }

  /// A literal that reads as zero in its floating-point type and that `JSONDecoder` takes for a
  /// non-zero one rounded to zero, which it refuses (`numberIsNotRepresentableInSwift`).
  static func underflows(_ token: JSONNumberToken, _ type: ScalarType, _ scanner: JSONScanner, floatsFromText: Bool) -> Bool {
    let value = Self.value(token, as: type, scanner, floatsFromText: floatsFromText)
    guard type == .float ? Float(value) == 0 : value == 0 else { return false }
    return !isTrueZeroAsJSONDecoder(scanner.bytes(token.span))
  }

  /// swift-foundation's `JSONDecoder.isTrueZero`, as it runs: a digit 1–9 before the `e` makes the
  /// literal non-zero, read four bytes at a time in order and the last one to three bytes from the
  /// last back, so that an exponent's digit in those is read first (`0e5`, `0.00e5` and `-0.0e05`
  /// are refused; `0e0`, `0e10`, `0.0e5` and `-0e5` are zero). Checked with JSONDecoder here.
  static func isTrueZeroAsJSONDecoder(_ literal: UnsafeRawBufferPointer) -> Bool {
    func verdict(_ byte: UInt8) -> Bool? {
      if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
      if byte | 0x20 == UInt8(ascii: "e") { return true }
      return nil
    }
    let whole = literal.count - literal.count % 4
    for index in 0..<whole {
      if let answer = verdict(literal[index]) { return answer }
    }
    for index in (whole..<literal.count).reversed() {
      if let answer = verdict(literal[index]) { return answer }
    }
    return true
  }

  /// A number's value as a floating-point `type` holds it: a `Float` read from the text where the
  /// policy says so (`Policy.floatsReadFromText`), else the nearest `Double` (rounded to a
  /// `Float` by whoever needs one).
  static func value(_ token: JSONNumberToken, as type: ScalarType, _ scanner: JSONScanner, floatsFromText: Bool) -> Double {
    guard type == .float, floatsFromText else { return scanner.double(token) }
    return Double(NearestBinary.float(scanner.bytes(token.span)))
  }

  // MARK: - Ranges

  static func fits(_ token: JSONNumberToken, _ type: ScalarType, _ scanner: JSONScanner) -> Bool {
    // Fast path: a literal with few enough digits fits without being parsed (99 fits Int8,
    // 18 digits fit Int64); only long literals and negatives for unsigned types need the value.
    let digits = token.span.count - (token.isNegative ? 1 : 0)
    if digits <= Self.safeDigits(type), !token.isNegative || Self.isSigned(type) { return true }
    if token.isNegative {
      guard let value = scanner.int64(token) else { return false }
      return Self.fits(value, type)
    }
    guard let value = scanner.uint64(token), let bounds = type.integerBounds else { return false }
    return value <= bounds.max
  }

  /// The most decimal digits every value of which fits the type.
  static func safeDigits(_ type: ScalarType) -> Int {
    switch type {
    case .int8, .uint8: 2
    case .int16, .uint16: 4
    case .int32, .uint32: 9
    case .int, .int64: 18
    case .uint, .uint64: 19
    default: 0
    }
  }

  static func isSigned(_ type: ScalarType) -> Bool {
    switch type {
    case .int, .int8, .int16, .int32, .int64: true
    default: false
    }
  }

  static func fits(_ value: Int64, _ type: ScalarType) -> Bool {
    guard let bounds = type.integerBounds else { return false }
    return value >= bounds.min && (value < 0 || UInt64(value) <= bounds.max)
  }

  static func fits(negative: Bool, magnitude: UInt64, _ type: ScalarType) -> Bool {
    guard let bounds = type.integerBounds else { return false }
    guard negative, magnitude != 0 else { return magnitude <= bounds.max }
    let limit = UInt64(Int64.max) + 1
    guard magnitude <= limit else { return false }
    let value = magnitude == limit ? Int64.min : -Int64(magnitude)
    return value >= bounds.min
  }

  /// `-0`, the one integer literal an integer type does not write back as read.
  static func isNegativeZero(_ literal: UnsafeRawBufferPointer) -> Bool {
    literal.count == 2 && literal[0] == UInt8(ascii: "-") && literal[1] == UInt8(ascii: "0")
  }

  /// A literal that is finite in the type, and not rounded to zero, unparsed: one without an
  /// exponent and with few digits, or one whose first significant digit is well inside the
  /// type's range (`6.1e-275` is a `Double`; its value is never needed to know so).
  static func isSurelyFinite(_ token: JSONNumberToken, _ type: ScalarType, _ scanner: JSONScanner) -> Bool {
    // NB: the type is matched, not compared: `==` on a raw-value enum of another module is a
    // call through its Equatable conformance.
    // NB: `Float`'s largest is 3.4e38 and its least non-zero 1.4e-45 (half of which rounds to
    // zero); `Double`'s 1.8e308 and 4.9e-324. A first significant digit at 10^-45 (10^-323) is
    // above that half, so the value is not zero: subnormal literals need no conversion either.
    let (limit, powers) = if case .float = type { (30, -45..<38) } else { (300, -323..<308) }
    guard token.hasExponent else { return token.span.end - token.span.start <= limit }
    return leadingPower(scanner.bytes(token.span)).map(powers.contains) ?? false
  }

  /// The power of ten of a number literal's first significant digit (`6.1e-275`: -275, `0.05e3`:
  /// 1, `120`: 2); nil for zero, and for an exponent of more than six digits.
  static func leadingPower(_ literal: UnsafeRawBufferPointer) -> Int? {
    var index = 0
    if index < literal.count, literal[index] == JSONByte.minus { index += 1 }
    // The mantissa: digits before the point from the first significant one, or zeros after it.
    var integerDigits = 0
    var fractionZeros = 0
    var significant = false
    var pastPoint = false
    while index < literal.count {
      let byte = literal[index]
      if byte | 0x20 == JSONByte.lowerE { break }
      index += 1
      if byte == JSONByte.dot {
        pastPoint = true
      } else if significant {
        if !pastPoint { integerDigits += 1 }
      } else if byte != JSONByte.zero {
        significant = true
        if !pastPoint { integerDigits = 1 }
      } else if pastPoint {
        fractionZeros += 1
      }
    }
    guard significant else { return nil }
    let mantissa = integerDigits > 0 ? integerDigits - 1 : -(fractionZeros + 1)
    guard index < literal.count else { return mantissa }
    index += 1
    var negative = false
    if index < literal.count, literal[index] == JSONByte.minus || literal[index] == JSONByte.plus {
      negative = literal[index] == JSONByte.minus
      index += 1
    }
    while index < literal.count, literal[index] == JSONByte.zero { index += 1 }
    guard literal.count - index <= 6 else { return nil }
    var exponent = 0
    while index < literal.count {
      exponent = exponent * 10 + Int(literal[index] &- JSONByte.zero)
      index += 1
    }
    return mantissa + (negative ? -exponent : exponent)
  }

  static func fitsFloating(_ value: Double, _ type: ScalarType) -> Bool {
    type.holdsFloatingPoint(value)
  }

  /// Whether a number literal is within `Decimal`'s range (`ExactDecimal.fitsFoundationDecimal`,
  /// read in place), or with `asFoundationParses` (`Policy.decimalsAsFoundationParses`) whether
  /// Foundation reads it as one.
  // NB: at most 128 characters and no exponent, a literal is within 1e-126...1e128 in magnitude
  // (or zero), which every reading holds.
  static func fitsDecimal(_ literal: UnsafeRawBufferPointer, asFoundationParses: Bool) -> Bool {
    if literal.count <= 128, !literal.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) { return true }
    guard asFoundationParses else { return ExactDecimal.literalFitsFoundationDecimal(literal) ?? false }
    return Decimal(string: String(decoding: literal, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX")) != nil
  }

  /// A value of the right JSON type whose content cannot become the declared type.
  mutating func unconvertible(
    _ expected: String, _ found: String, at offset: Int, declaration: SourceRange?, why: String? = nil,
    code: FindingCode = .typeMismatch
  ) -> Outcome {
    report(
      code, .error, "expected \(expected), found \(found)" + (why.map { " (\($0))" } ?? ""), at: offset,
      declaration: declaration, expected: expected, found: found)
    return .unconvertible
  }
}
