import Testing

@testable import CastValidate

/// One literal and every conversion's expected answer.
struct NumberCase: Sendable, CustomTestStringConvertible {
  let literal: String
  let int64: Int64?
  let uint64: UInt64?
  let integral: Int64?
  let double: Double
  var testDescription: String { literal }

  /// A row: literal, then `int64`, `uint64`, `integralValue` and `double` of it.
  init(_ literal: String, _ int64: Int64?, _ uint64: UInt64?, _ integral: Int64?, _ double: Double) {
    (self.literal, self.int64, self.uint64, self.integral, self.double) = (literal, int64, uint64, integral, double)
  }
}

@Suite("JSONScanner: number values")
struct JSONScannerNumberTests {
  static let cases: [NumberCase] = [
    NumberCase("0", 0, 0, 0, 0),
    NumberCase("-0", 0, 0, 0, -0.0),
    NumberCase("42", 42, 42, 42, 42),
    NumberCase("-42", -42, nil, -42, -42),
    NumberCase("999999999999999999", 999_999_999_999_999_999, 999_999_999_999_999_999, 999_999_999_999_999_999, 1e18),
    NumberCase("9223372036854775807", .max, 9_223_372_036_854_775_807, .max, 9.223372036854775807e18),
    NumberCase("9223372036854775808", nil, 9_223_372_036_854_775_808, nil, 9.223372036854775808e18),
    NumberCase("-9223372036854775808", .min, nil, .min, -9.223372036854775808e18),
    NumberCase("-9223372036854775809", nil, nil, nil, -9.223372036854775809e18),
    NumberCase("18446744073709551615", nil, .max, nil, 1.8446744073709551615e19),
    NumberCase("18446744073709551616", nil, nil, nil, 1.8446744073709551616e19),
    NumberCase("99999999999999999999", nil, nil, nil, 1e20),
    NumberCase("-18446744073709551615", nil, nil, nil, -1.8446744073709551615e19),
    NumberCase("-1000000000000000000", -1_000_000_000_000_000_000, nil, -1_000_000_000_000_000_000, -1e18),
    NumberCase("0.000", nil, nil, 0, 0),
    NumberCase("3.0", nil, nil, 3, 3),
    NumberCase("3.5", nil, nil, nil, 3.5),
    NumberCase("1e2", nil, nil, 100, 100),
    NumberCase("1E+2", nil, nil, 100, 100),
    NumberCase("2.50e1", nil, nil, 25, 25),
    NumberCase("100e-2", nil, nil, 1, 1),
    NumberCase("0.000001e6", nil, nil, 1, 1),
    NumberCase("-0.0e5", nil, nil, 0, -0.0),
    NumberCase("1.000000000000000000000000000000", nil, nil, 1, 1),
    NumberCase("9.223372036854775807e18", nil, nil, .max, 9.223372036854775807e18),
    NumberCase("1e19", nil, nil, nil, 1e19),
    NumberCase("0.1", nil, nil, nil, 0.1),
    NumberCase("1.7976931348623157e308", nil, nil, nil, .greatestFiniteMagnitude),
    NumberCase("4.9e-324", nil, nil, nil, .leastNonzeroMagnitude),
    NumberCase("123456789012345678901234567890", nil, nil, nil, 1.2345678901234568e29),
    // Decision: out-of-range doubles saturate to ±infinity / ±0; callers check `isFinite` against the declared type.
    NumberCase("1e400", nil, nil, nil, .infinity),
    NumberCase("-1e400", nil, nil, nil, -.infinity),
    NumberCase("1e-400", nil, nil, nil, 0),
    NumberCase("1e1000000000000000000000", nil, nil, nil, .infinity),
    NumberCase("0e1000000000000000000000", nil, nil, 0, 0),
    NumberCase("1.5e-1000000000000000000000", nil, nil, nil, 0),
  ]

  @Test("conversions of number literals", arguments: cases)
  func conversions(_ row: NumberCase) throws {
    try JSONProbe.withNumber(row.literal) { scanner, token in
      #expect(scanner.int64(token) == row.int64)
      #expect(scanner.uint64(token) == row.uint64)
      #expect(scanner.integralValue(token) == row.integral)
      let value = scanner.double(token)
      #expect(value == row.double)
      #expect(value.sign == row.double.sign)
      #expect(scanner.literal(token) == row.literal)
    }
  }

  @Test("double agrees with the standard library on awkward literals")
  func doubleRounding() throws {
    let literals = [
      "2.2250738585072011e-308", "2.2250738585072012e-308", "9007199254740993", "9007199254740992.5",
      "0.30000000000000004", "123.456e-78", "7.0e-10", "1.23456789012345678901234567890e5",
      "8.98846567431158e307", "3.141592653589793238462643383279502884197", "5e-324", "2.4703282292062327e-324",
    ]
    for literal in literals {
      try JSONProbe.withNumber(literal) { scanner, token in
        #expect(scanner.double(token) == Double(literal), "\(literal)")
      }
    }
  }

  /// Integers of up to 18 digits take the Int64 path; past 2^53 they round, as the standard
  /// library's parser rounds them.
  @Test("double of an integer literal of every length agrees with the standard library")
  func integerDoubles() throws {
    var generator = SeededGenerator(seed: 20261127)
    var literals = ["0", "-0", "9007199254740993", "-9007199254740995", "999999999999999999", "1000000000000000001"]
    for digits in 1...19 {
      for _ in 0..<200 {
        let body = String(UInt64.random(in: 1...9, using: &generator)) + (1..<digits).map { _ in String(UInt64.random(in: 0...9, using: &generator)) }.joined()
        literals += [body, "-" + body]
      }
    }
    for literal in literals {
      try JSONProbe.withNumber(literal) { scanner, token in
        let value = scanner.double(token)
        #expect(value == Double(literal) && value.sign == Double(literal)?.sign, "\(literal)")
      }
    }
  }
}

