import Foundation
import Testing

@testable import CastValidate

/// `NearestBinary` reads a literal's bytes into the `Double` and `Float` the standard library's
/// parsers read from its text, bit for bit, on the literals where rounding is hardest and on
/// random ones from every part of the range.
struct NearestBinaryTests {
  /// Ties, the edges of the subnormals and of the largest finite values, more digits than a
  /// `UInt64` holds, and literals Clinger's fast path, Eisel–Lemire and the fallback each read.
  static let awkward = [
    "0", "-0", "0e999", "1", "-1", "0.1", "0.3", "0.30000000000000004", "1e22", "1e23", "-1e23", "9007199254740992",
    "9007199254740993", "9007199254740995", "9007199254740993.0000000001", "18446744073709551615", "18446744073709551616",
    "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308", "4.9406564584124654e-324",
    "2.4703282292062327e-324", "2.4703282292062328e-324", "5e-324", "1e-400", "1.7976931348623157e308",
    "1.7976931348623158e308", "1.7976931348623159e308", "1e309", "-1e400", "8.98846567431158e307",
    "3.141592653589793238462643383279502884197", "1.23456789012345678901234567890e5", "123.456e-78", "7.0e-10",
    "1e-45", "1.4e-45", "7e-46", "1.17549435e-38", "1.1754942e-38", "3.4028234e38", "3.4028235e38", "3.40282356e38",
    "3.40282357e38", "3.4028236e38", "16777216", "16777217", "16777219", "16777217.000000001", "0.000000059604644775390625",
    "8193.203", "-8193.203", "1.00000005960464477539062", "1.000000059604644775390625", "1.0000000596046448",
    "4.5e15", "1e-4", "12345678901234567890e-10", "0.000123456789012345678", "100000000000000000000000",
  ]

  @Test("awkward literals read as the standard library reads them", arguments: awkward)
  func awkwardLiterals(_ literal: String) {
    Self.expectSame(literal)
  }

  @Test("random literals of up to 20 digits and every exponent read as the standard library reads them")
  func randomLiterals() {
    var generator = SeededGenerator(seed: 2026_11_30)
    for _ in 0..<40_000 {
      let count = Int.random(in: 1...20, using: &generator)
      var digits = String(Int.random(in: 1...9, using: &generator))
      for _ in 1..<count { digits += String(Int.random(in: 0...9, using: &generator)) }
      let point = Int.random(in: 1...digits.count, using: &generator)
      let mantissa = point == digits.count ? digits : String(digits.prefix(point)) + "." + digits.dropFirst(point)
      let exponent = Int.random(in: -345...310, using: &generator)
      Self.expectSame((Bool.random(using: &generator) ? "-" : "") + mantissa + "e" + String(exponent))
    }
  }

  @Test("every double written shortest, to 17 digits and halfway to the next reads back as the standard library reads it")
  func randomDoubles() {
    var generator = SeededGenerator(seed: 30)
    for _ in 0..<20_000 {
      let value = Double(bitPattern: generator.next() & ~(0x7FF << 52) | UInt64.random(in: 0..<0x7FF, using: &generator) << 52)
      // The exact midpoint of two doubles, cut short: the ties Eisel–Lemire must refuse or round.
      let next = value.nextUp
      let half = String(format: "%.30e", value / 2 + next / 2)
      for literal in [value.description, String(format: "%.17e", value), String(format: "%.16e", value), half] {
        Self.expectSame(literal.replacing("inf", with: "1e999"))
      }
    }
  }

  @Test("floats and the decimals halfway between two floats read as Float(String) reads them")
  func randomFloats() {
    var generator = SeededGenerator(seed: 31)
    for _ in 0..<20_000 {
      let value = Float(bitPattern: UInt32.random(in: 0..<0x7F80_0000, using: &generator))
      let halfway = Double(value) / 2 + Double(value.nextUp) / 2
      let literals = [
        value.description, String(format: "%.9e", Double(value)), String(format: "%.17e", halfway),
        String(format: "%.25e", halfway), String(format: "%.17e", halfway.nextUp), String(format: "%.17e", halfway.nextDown),
      ]
      for literal in literals { Self.expectSame(literal.replacing("inf", with: "1e999")) }
    }
  }

  /// Both readings of `literal` agree with the standard library's, sign and payload included.
  static func expectSame(_ literal: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let (double, float) = Array(literal.utf8).withUnsafeBytes { (NearestBinary.double($0), NearestBinary.float($0)) }
    #expect(double.bitPattern == Double(literal)?.bitPattern, "Double \(literal)", sourceLocation: sourceLocation)
    #expect(float.bitPattern == Float(literal)?.bitPattern, "Float \(literal)", sourceLocation: sourceLocation)
  }
}
