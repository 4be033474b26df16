/// Why Foundation's `Decimal(string:)` (which `JSONDecoder` reads a `Decimal` with) refuses a
/// JSON number literal, as swift-foundation's parser runs: it keeps the digits as written, as many
/// as its 128-bit mantissa holds, and an exponent that must stay within -128...127 while it reads.
/// Each digit after the point takes one from the exponent, each integer digit past the mantissa's
/// capacity adds one, and the written exponent is added last. Nothing moves between mantissa and
/// exponent, so `1e165` (mantissa 1, exponent 165) is refused though its value, 10^38 × 10^127,
/// is a `Decimal`, and `0e200` is refused too. The verdict is `Decimal(string:)`'s own; this names
/// the reason for the message (`FoundationDecimalTextTests` checks the two agree).
enum FoundationDecimalText {
  /// What makes `Decimal(string:)` refuse a literal.
  enum Refusal: Equatable {
    /// The exponent it keeps leaves -128...127, reaching this value.
    case exponent(Int)
    /// The exponent written is beyond the ±254 the parser reads at all.
    case writtenExponent(String)
  }

  /// The mantissa's capacity, 2^128 − 1.
  private static let largestMantissa = Array("340282366920938463463374607431768211455".utf8)

  /// Why `Decimal(string:)` refuses a JSON number literal, or nil when it reads it.
  static func refusal(_ literal: String) -> Refusal? {
    var bytes = Substring(literal).utf8.drop { $0 == UInt8(ascii: "-") }
    var mantissa: [UInt8] = []
    var exponent = 0
    var full = false
    /// Appends a digit to the mantissa unless the result would exceed its capacity.
    func append(_ digit: UInt8) -> Bool {
      if mantissa.isEmpty, digit == UInt8(ascii: "0") { return true }
      let longer = mantissa + [digit]
      // At most the capacity: fewer digits, or as many and not above it digit by digit.
      guard longer.count < largestMantissa.count
        || longer.count == largestMantissa.count && !largestMantissa.lexicographicallyPrecedes(longer)
      else { return false }
      mantissa = longer
      return true
    }
    while let byte = bytes.first, isDigit(byte) {
      bytes = bytes.dropFirst()
      if !full, append(byte) { continue }
      full = true
      // NB: checked digit by digit, as the parser does: a later negative exponent does not help.
      if exponent == 127 { return .exponent(128) }
      exponent += 1
    }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      while let byte = bytes.first, isDigit(byte) {
        bytes = bytes.dropFirst()
        guard !full else { continue }
        guard append(byte) else {
          full = true
          continue
        }
        if exponent == -128 { return .exponent(-129) }
        exponent -= 1
      }
    }
    guard let marker = bytes.first, marker | 0x20 == UInt8(ascii: "e") else { return nil }
    bytes = bytes.dropFirst()
    let writtenText = String(Substring(bytes))
    var negative = false
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      bytes = bytes.dropFirst()
    }
    var written = 0
    for byte in bytes where isDigit(byte) {
      written = written * 10 + Int(byte - UInt8(ascii: "0"))
      if written > 254 { return .writtenExponent(writtenText) }
    }
    exponent += negative ? -written : written
    return (-128...127).contains(exponent) ? nil : .exponent(exponent)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
