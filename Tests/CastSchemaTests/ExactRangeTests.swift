import Testing

@testable import CastSchema

/// `ExactRange.contains(literal:)` answers as the exact comparison does, for the short integers
/// it compares as `Int64`s and the literals it reads digit by digit.
struct ExactRangeTests {
  static let bounds: [(String?, String?, Bool)] = [
    ("0", "1000000", true), ("0", "10", false), ("-1.5", "2.5", true), ("-1.5", "2.5", false), ("0.1", "0.9", true),
    (nil, "-3", true), ("7", nil, true), ("-999999999999999999", "999999999999999999", true),
    ("1e30", nil, true), (nil, "-1e30", true), ("-1e-30", "1e-30", true), ("5", "5", true), ("5", "5", false),
  ]

  @Test(arguments: bounds.indices)
  func agreesWithTheExactComparison(_ row: Int) {
    let (lowerText, upperText, inclusive) = Self.bounds[row]
    let lower = lowerText.flatMap(ExactDecimal.init)
    let upper = upperText.flatMap(ExactDecimal.init)
    let range = ExactRange(lower: lower, upper: upper, upperInclusive: inclusive)
    var generator = SeededGenerator(seed: UInt64(row) + 1)
    var literals = ["0", "-0", "1", "-1", "5", "4", "6", "10", "9", "11", "-3", "-2", "-4", "2", "3", "1000000", "1000001", "999999999999999999",
      "-999999999999999999", "1000000000000000000", "-1000000000000000000", "12345678901234567890", "2.5", "-1.5", "1e3", "0.0"]
    for _ in 0..<2_000 {
      let digits = Int.random(in: 1...20, using: &generator)
      let text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
      let trimmed = String(text.drop { $0 == "0" })
      literals.append((Bool.random(using: &generator) ? "-" : "") + (trimmed.isEmpty ? "0" : trimmed))
    }
    for literal in literals {
      let fast = Array(literal.utf8).withUnsafeBytes { range.contains(literal: $0) }
      let exact = ExactDecimal(literal).map { $0.isWithin(lower: lower, upper: upper, upperInclusive: inclusive) }
      #expect(fast == exact, "\(literal) in \(lowerText ?? "")…\(upperText ?? "") \(inclusive)")
    }
  }
}

/// `ExactDecimal.literalFitsFoundationDecimal` reads a literal in place as
/// `ExactDecimal(text)?.fitsFoundationDecimal` reads its text.
struct DecimalRangeLiteralTests {
  @Test(
    "a literal is within Decimal's range exactly when its ExactDecimal is",
    arguments: [
      "0", "-0", "0e999", "0.000e-999", "1", "-1", "1e-128", "9.9e-129", "1.0e-128", "-1e-128", "0.01e-126", "0.001e-126",
      "3.40282366920938463463374607431768211455e165", "3.40282366920938463463374607431768211456e165",
      "3.402823669209384634633746074317682114550e165", "-3.40282366920938463463374607431768211455e165", "3.5e165", "1e166",
      "340282366920938463463374607431768211455e127", "93.996811e-50", "862.83533e91", "1E5", "1e+5", "1.", ".5", "1e", "1e+",
      "--1", "1.2.3", "abc", "", "1e9999999999", "1e-9999999999", "00012.5000e3",
    ])
  func agreesWithExactDecimal(_ literal: String) {
    let bytes = Array(literal.utf8)
    let inPlace = bytes.withUnsafeBytes { ExactDecimal.literalFitsFoundationDecimal($0) }
    #expect(inPlace == ExactDecimal(literal)?.fitsFoundationDecimal, "\(literal)")
  }

  @Test("random literals of every size and exponent agree with ExactDecimal")
  func randomLiterals() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let digits = String((0..<Int.random(in: 1...45, using: &generator)).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
      let point = Int.random(in: 0...digits.count, using: &generator)
      var literal = String(digits.prefix(point)) + (point < digits.count ? "." + digits.dropFirst(point) : "")
      if literal.hasPrefix(".") { literal = "0" + literal }
      if Bool.random(using: &generator) { literal = "-" + literal }
      literal += "e\(Int.random(in: -180...180, using: &generator))"
      let inPlace = Array(literal.utf8).withUnsafeBytes { ExactDecimal.literalFitsFoundationDecimal($0) }
      #expect(inPlace == ExactDecimal(literal)?.fitsFoundationDecimal, "\(literal)")
    }
  }
}
