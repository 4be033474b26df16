import Testing

@testable import CastValidate

/// The approximation a floating-point range check decides with away from its bounds: it is
/// within its stated error of the correctly rounded value, so "surely within" never says yes to
/// a value outside.
struct ApproximateDoubleTests {
  static func approximate(_ literal: String) -> ApproximateDouble {
    Array(literal.utf8).withUnsafeBytes { ApproximateDouble($0) }
  }

  @Test(
    "a literal's approximation is within the stated error of its value",
    arguments: [
      "1", "-1", "0.5", "1.5e3", "-670.101040333604", "269.99988080944127", "0.001", "100", "1E+2", "2e-5",
      "12345678901234567890123", "0.000000000000000000000000001234", "1.7976931348623157e280", "9007199254740993",
      "-0.30000000000000004", "123456789012345678901234567890e-10", "4.9e-279",
    ])
  func closeToTheValue(_ literal: String) throws {
    let exact = try #require(Double(literal))
    let value = try #require(Self.approximate(literal).value)
    #expect((value - exact).magnitude <= exact.magnitude * ApproximateDouble.relativeError, "\(literal): \(value) vs \(exact)")
  }

  @Test("zero and scales past ±280 are out of reach, left to the exact parse", arguments: ["0", "-0.0", "0e5", "1e300", "1e-300", "5e-324"])
  func outOfReach(_ literal: String) {
    #expect(Self.approximate(literal).value == nil)
    #expect(!Self.approximate(literal).isSurelyWithin(-.infinity, .infinity))
  }

  @Test(
    "surely within: far inside, not at or past a bound, nor within the error of one",
    arguments: [
      ("5", 0.0, 10.0, true), ("-999.99", -1000.0, 1000.0, true), ("1000", -1000.0, 1000.0, false),
      ("1000.0000000000001", -1000.0, 1000.0, false), ("999.99999999999999", -1000.0, 1000.0, false),
      ("-1000", -1000.0, 1000.0, false), ("1e-3", 0.0, 1.0, true), ("-1e-3", 0.0, 1.0, false), ("2.5", 2.5, 3.0, false),
    ])
  func surelyWithin(_ literal: String, _ lower: Double, _ upper: Double, _ expected: Bool) {
    #expect(Self.approximate(literal).isSurelyWithin(lower, upper) == expected)
  }

  /// Random literals of every length and scale around random bounds: whenever the approximation
  /// says "surely within", the correctly rounded value is.
  @Test("surely within implies within, over 200,000 random literals")
  func neverWrong() {
    var rng = SeededGenerator(seed: 2026_11_27)
    var decided = 0
    for _ in 0..<200_000 {
      let digits = (0..<Int(rng.next() % 22 + 1)).map { _ in String(rng.next() % 10) }.joined()
      let point = Int(rng.next() % UInt64(digits.count + 1))
      var literal = (rng.next() % 2 == 0 ? "-" : "") + String(digits.prefix(point).isEmpty ? "0" : digits.prefix(point))
      if point < digits.count { literal += "." + digits.dropFirst(point) }
      if rng.next() % 3 == 0 { literal += "e" + String(Int(rng.next() % 80) - 40) }
      guard let exact = Double(literal) else { continue }
      // A bound the value's own neighbourhood: at it, a hair either side, or further.
      let nudge = [0.0, 1e-17, 1e-15, 1e-12, 1e-3][Int(rng.next() % 5)] * (rng.next() % 2 == 0 ? 1 : -1)
      let bound = exact + exact.magnitude * nudge
      let (lower, upper) = rng.next() % 2 == 0 ? (bound, Double?.none) : (Double?.none, bound)
      if Self.approximate(literal).isSurelyWithin(lower, upper) {
        decided += 1
        #expect(CompiledCheck.within(exact, lower, upper, inclusive: false), "\(literal) against \(bound)")
      }
    }
    #expect(decided > 10_000, "the approximation decides most values away from a bound")
  }
}
