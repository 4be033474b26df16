import CastSchema

/// Parsing of numbers written inside JSON strings, the way each dialect's original did.
enum NumberText {
  /// Swift's `Int64("…")`: optional sign, then digits only; nil beyond UInt64.
  static func exactInteger(_ text: String) -> (negative: Bool, magnitude: UInt64)? {
    FormatChecks.onUTF8(text, IntegerText.exactInteger)
  }

  /// Whether text is an optional sign and decimal digits, however many: an integer, in range or not.
  static func isIntegerText(_ text: String) -> Bool {
    let digits = text.first == "-" || text.first == "+" ? Substring(text).dropFirst() : Substring(text)
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Swift's `Double("…")` for numbers written out: `"1e3"`, `"-2.5"`, `".5"`, and infinite for one
  /// beyond Double (`"1e400"`), for the caller's range check; nil for `"inf"`, `"nan"`, `"0x1p3"`.
  static func exactDouble(_ text: String) -> Double? {
    guard let value = Double(text), !value.isNaN, !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" })
    else { return nil }
    return value
  }

  /// `NSString.integerValue`: skip leading whitespace, optional sign, leading digits; junk after
  /// them is ignored and no digits at all is 0. As sign and magnitude, for the caller's range
  /// check: nil beyond UInt64, where NSInteger saturated (a number out of range is an error in
  /// every dialect, semantics §4, never silently the largest Int).
  static func leadingInteger(_ text: String) -> (negative: Bool, magnitude: UInt64)? {
    var scalars = Substring(text).unicodeScalars.drop { $0.properties.isWhitespace }
    var negative = false
    if let sign = scalars.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      scalars = scalars.dropFirst()
    }
    var magnitude: UInt64 = 0
    for scalar in scalars {
      guard let digit = scalar.properties.numericType == .decimal ? UInt64(String(scalar)) : nil, scalar.isASCII else { break }
      let (product, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = product.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      magnitude = sum
    }
    return (negative, magnitude)
  }

  /// `NSString.doubleValue`: the longest leading decimal number (with exponent), else 0; infinite
  /// when that number is beyond Double (`"1e400"`), for the caller's range check to refuse.
  static func leadingDouble(_ text: String) -> Double {
    let scalars = Array(Substring(text).unicodeScalars.drop { $0.properties.isWhitespace })
    var end = 0
    var best = 0.0
    while end < scalars.count, end < 64 {
      end += 1
      let prefix = scalars[0..<end]
      // NB: only digits, signs, points and exponents: `Double("inf")` and `Double("nan")` parse,
      // `NSString.doubleValue` reads neither.
      guard prefix.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }) else { break }
      if let value = Double(String(String.UnicodeScalarView(prefix))) { best = value }
    }
    return best
  }

  /// Whether text is a plain decimal number in JSON syntax (for Decimal and NSNumber from strings).
  static func isDecimalLiteral(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty else { return false }
    return bytes.withUnsafeBytes { raw in
      var scanner = JSONScanner(raw)
      guard (try? scanner.peekKind()) == .number, (try? scanner.readNumber()) != nil else { return false }
      return (try? scanner.expectEnd()) != nil
    }
  }

  /// A Double as the shortest JSON number text (`3`, `2.5`, `-0`: the sign of a zero is kept).
  static func literal(_ value: Double) -> String {
    if value == value.rounded(.towardZero), abs(value) < 1e15 { return value == 0 && value.sign == .minus ? "-0" : String(Int64(value)) }
    return "\(value)"
  }
}
