import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// A floating-point literal is known finite (and not rounded to zero) from its bytes where its
/// first significant digit is well inside the type's range: what it says must hold of the value.
@Suite("Floating-point literals known finite from their bytes")
struct SurelyFiniteTests {
  /// The power of ten of the first significant digit, as `log10` has it.
  @Test(arguments: [
    ("6.11541438766307e-275", -275), ("1e5", 5), ("0.05e3", 1), ("120", 2), ("-0.0012", -3), ("9.99E+299", 299),
    ("1e-0000005", -5), ("0.0e5", nil), ("0", nil), ("-0.000", nil), ("1e1234567", nil), ("12.5e+1", 2),
  ] as [(String, Int?)])
  func leadingPower(_ literal: String, _ expected: Int?) {
    let power = Array(literal.utf8).withUnsafeBytes { RecordValidator.leadingPower($0) }
    #expect(power == expected)
  }

  /// At the edges of each type's range, subnormal values included: known where the first
  /// significant digit's power is inside, and left to the value one power beyond.
  @Test(arguments: [
    ("9.99e307", ScalarType.double, true), ("1e308", .double, false), ("1e-323", .double, true), ("9e-324", .double, false),
    ("1.234e-310", .double, true), ("9.99e37", .float, true), ("1e38", .float, false), ("1e-45", .float, true),
    ("9e-46", .float, false), ("1.5e-40", .float, true),
  ])
  func edges(_ literal: String, _ type: ScalarType, _ known: Bool) throws {
    let surely = try Array(literal.utf8).withUnsafeBytes { raw in
      var scanner = JSONScanner(raw)
      let token = try scanner.readNumber()
      return RecordValidator.isSurelyFinite(token, type, scanner)
    }
    #expect(surely == known)
  }

  /// Whatever the literal, "surely finite" is never wrong: the value is finite and not zero in
  /// the type (a `Float` through the nearest `Double`, as castctl checks one).
  @Test(arguments: [ScalarType.double, .float])
  func neverWrong(_ type: ScalarType) throws {
    var generator = SystemRandomNumberGenerator()
    var surely = 0
    for _ in 0..<20_000 {
      let mantissa = ["0", "1", "9", "0.5", "12.25", "0.000031", "7.999999999999999999", "123456789012345678901234567890"]
        .randomElement(using: &generator) ?? "1"
      // Most near the ends of the types' ranges, where a wrong bound would show.
      let exponent = [Int.random(in: -400...400, using: &generator), Int.random(in: -330...(-300), using: &generator),
        Int.random(in: -50...(-30), using: &generator), Int.random(in: 300...312, using: &generator),
        Int.random(in: 30...42, using: &generator)].randomElement(using: &generator) ?? 0
      let literal = "\(Bool.random(using: &generator) ? "-" : "")\(mantissa)e\(exponent)"
      let known = try Array(literal.utf8).withUnsafeBytes { raw in
        var scanner = JSONScanner(raw)
        let token = try scanner.readNumber()
        return RecordValidator.isSurelyFinite(token, type, scanner)
      }
      guard known else { continue }
      surely += 1
      let value = try #require(Double(literal))
      if type == .float {
        #expect(Float(value).isFinite && Float(value) != 0, "\(literal)")
      } else {
        #expect(value.isFinite && value != 0, "\(literal)")
      }
    }
    #expect(surely > 1_000)
  }
}
