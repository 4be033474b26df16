import Testing

@testable import CastValidate

/// `DecimalLiteral` reduces a literal to `±significand × 10^scale` without trailing zeros, eight
/// digits at a time up to 19 digits and one at a time beyond: checked against the same reduction
/// done on the text.
struct DecimalLiteralTests {
  static let literals = [
    "0", "-0", "0.0", "0e5", "1", "-1", "10", "100", "1.0", "1.50", "0.001", "0.00100", "12345678", "123456789",
    "1234567890123456789", "12345678901234567890", "18446744073709551615", "18446744073709551616", "0.1234567890123456789",
    "100000000000000000000", "1000000000000000000001", "1.5e-7", "2.50E+3", "-0.000000000000000000000012300e-5",
    "99999999.99999999", "1e1000000000000", "7e-999999999999",
  ]

  @Test("literals reduce as their text does", arguments: literals)
  func reduced(_ literal: String) {
    Self.expectReduced(literal)
  }

  @Test("random literals of up to 25 digits, with leading and trailing zeros, reduce as their text does")
  func randomLiterals() {
    var generator = SeededGenerator(seed: 1130)
    for _ in 0..<20_000 {
      func digits(_ count: Int) -> String {
        String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
      }
      let zeros = { (count: Int) in String(repeating: "0", count: count) }
      let integer = Bool.random(using: &generator) ? "0" : String(Int.random(in: 1...9, using: &generator)) + digits(Int.random(in: 0...12, using: &generator)) + zeros(Int.random(in: 0...4, using: &generator))
      let fraction = Bool.random(using: &generator) ? "" : "." + zeros(Int.random(in: 0...5, using: &generator)) + digits(Int.random(in: 1...10, using: &generator)) + zeros(Int.random(in: 0...5, using: &generator))
      let exponent = Bool.random(using: &generator) ? "" : "e" + String(Int.random(in: -400...400, using: &generator))
      Self.expectReduced((Bool.random(using: &generator) ? "-" : "") + integer + fraction + exponent)
    }
  }

  /// The reduction worked out on the text: the digits without the point, less leading zeros,
  /// less trailing zeros (each a power of ten of scale).
  static func expectReduced(_ literal: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let negative = literal.hasPrefix("-")
    let body = negative ? literal.dropFirst() : Substring(literal)
    let mantissa = body.split(whereSeparator: { $0 == "e" || $0 == "E" }).first ?? ""
    let exponentText = body.count > mantissa.count ? body.dropFirst(mantissa.count + 1) : ""
    let exponent = exponentText.isEmpty ? 0 : max(min(Int(exponentText) ?? (exponentText.hasPrefix("-") ? Int.min : Int.max), 1_000_000_000), -1_000_000_000)
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let fractionDigits = parts.count > 1 ? parts[1].count : 0
    let significant = parts.joined().drop { $0 == "0" }
    let trimmed = significant.reversed().drop { $0 == "0" }
    let trailingZeros = significant.count - trimmed.count
    let expected = UInt64(String(trimmed.reversed())) ?? 0
    let decimal = Array(literal.utf8).withUnsafeBytes { DecimalLiteral($0) }
    #expect(decimal.isNegative == negative, "\(literal)", sourceLocation: sourceLocation)
    #expect(decimal.overflowed == (UInt64(String(trimmed.reversed())) == nil && !trimmed.isEmpty), "\(literal)", sourceLocation: sourceLocation)
    if !decimal.overflowed { #expect(decimal.significand == expected, "\(literal)", sourceLocation: sourceLocation) }
    #expect(decimal.scale == exponent - fractionDigits + trailingZeros, "\(literal)", sourceLocation: sourceLocation)
  }
}
