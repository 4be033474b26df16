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
    FormatChecks.onUTF8(text) { exactDouble($0) }
  }

  /// `exactDouble` on UTF-8 bytes: what `Double("…")` reads holds no letter but an exponent's
  /// unless it is hexadecimal, `inf` or `nan`, which are refused.
  static func exactDouble(_ bytes: UnsafeRawBufferPointer) -> Double? {
    for byte in bytes where byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") && byte | 0x20 != UInt8(ascii: "e") {
      return nil
    }
    guard let value = Double(String(decoding: bytes, as: UTF8.self)), !value.isNaN else { return nil }
    return value
  }

  /// `NSString.integerValue`: skip leading whitespace, optional sign, leading digits; junk after
  /// them is ignored and no digits at all is 0. As sign and magnitude, for the caller's range
  /// check: nil beyond UInt64, where NSInteger saturated (a number out of range is an error in
  /// every dialect, semantics §4, never silently the largest Int).
  static func leadingInteger(_ text: String) -> (negative: Bool, magnitude: UInt64)? {
    FormatChecks.onUTF8(text) { leadingInteger($0) }
  }

  /// `leadingInteger` on UTF-8 bytes.
  static func leadingInteger(_ bytes: UnsafeRawBufferPointer) -> (negative: Bool, magnitude: UInt64)? {
    var index = afterWhiteSpace(bytes)
    var negative = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    var magnitude: UInt64 = 0
    while index < bytes.count, let digit = digitValue(bytes[index]) {
      let (product, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = product.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      magnitude = sum
      index += 1
    }
    return (negative, magnitude)
  }

  /// `NSString.doubleValue`: the longest leading decimal number (with exponent) among the first
  /// 64 characters after white space, else 0; infinite when that number is beyond Double
  /// (`"1e400"`), for the caller's range check to refuse.
  static func leadingDouble(_ text: String) -> Double {
    FormatChecks.onUTF8(text) { leadingDouble($0) }
  }

  /// `leadingDouble` on UTF-8 bytes: the longest prefix `Double("…")` reads, `[sign] digits [.
  /// digits] [e [sign] digits]` with a digit before or after the point, found in one pass.
  // NB: only digits, signs, points and exponents: `Double("inf")` and `Double("nan")` parse,
  // `NSString.doubleValue` reads neither.
  static func leadingDouble(_ bytes: UnsafeRawBufferPointer) -> Double {
    let start = afterWhiteSpace(bytes)
    let limit = min(bytes.count, start + 64)
    var index = start
    if index < limit, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
    var digits = 0
    while index < limit, digitValue(bytes[index]) != nil {
      index += 1
      digits += 1
    }
    if index < limit, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < limit, digitValue(bytes[index]) != nil {
        index += 1
        digits += 1
      }
    }
    guard digits > 0 else { return 0 }
    var end = index
    if index < limit, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < limit, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
      let exponentStart = index
      while index < limit, digitValue(bytes[index]) != nil { index += 1 }
      if index > exponentStart { end = index }
    }
    return Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)) ?? 0
  }

  /// Where the text begins past leading Unicode white space.
  private static func afterWhiteSpace(_ bytes: UnsafeRawBufferPointer) -> Int {
    var index = 0
    while index < bytes.count {
      let length = UTF8WhiteSpace.length(bytes, at: index)
      guard length > 0 else { break }
      index += length
    }
    return index
  }

  private static func digitValue(_ byte: UInt8) -> UInt64? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? UInt64(byte - UInt8(ascii: "0")) : nil
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
