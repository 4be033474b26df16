/// Parsing of numbers written inside JSON strings, the way each dialect's original did.
enum NumberText {
  /// Swift's `Int64("…")`: optional sign, then digits only.
  static func exactInteger(_ text: String) -> (negative: Bool, magnitude: UInt64)? {
    var digits = Substring(text)
    var negative = false
    if digits.first == "-" || digits.first == "+" {
      negative = digits.first == "-"
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let magnitude = UInt64(digits) else {
      return nil
    }
    return (negative, magnitude)
  }

  /// Swift's `Double("…")` limited to finite values: `"1e3"`, `"-2.5"`, `".5"`.
  static func exactDouble(_ text: String) -> Double? {
    guard let value = Double(text), value.isFinite, !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" })
    else { return nil }
    return value
  }

  /// `NSString.integerValue`: skip leading whitespace, optional sign, leading digits; junk after
  /// them is ignored and no digits at all is 0. Saturates like NSInteger.
  static func leadingInteger(_ text: String) -> Int64 {
    var scalars = Substring(text).unicodeScalars.drop { $0.properties.isWhitespace }
    var negative = false
    if let sign = scalars.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      scalars = scalars.dropFirst()
    }
    var value: Int64 = 0
    for scalar in scalars {
      guard let digit = scalar.properties.numericType == .decimal ? Int64(String(scalar)) : nil, scalar.isASCII else { break }
      let (product, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = product.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return negative ? Int64.min : Int64.max }
      value = sum
    }
    return negative ? -value : value
  }

  /// `NSString.doubleValue`: the longest leading decimal number (with exponent), else 0.
  static func leadingDouble(_ text: String) -> Double {
    let scalars = Array(Substring(text).unicodeScalars.drop { $0.properties.isWhitespace })
    var end = 0
    var best = 0.0
    while end < scalars.count, end < 64 {
      end += 1
      if let value = Double(String(String.UnicodeScalarView(scalars[0..<end]))), value.isFinite {
        best = value
      }
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

  /// A Double as the shortest JSON number text (`3`, `2.5`).
  static func literal(_ value: Double) -> String {
    if value == value.rounded(.towardZero), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }
}
