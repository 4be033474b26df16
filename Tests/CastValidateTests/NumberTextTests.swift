import Foundation
import Testing

@testable import CastValidate

/// The leading-number readers of the JsonObject and Convertible dialects (`NSString.integerValue`
/// and `doubleValue` as castctl reads them), on UTF-8 bytes, against the `String` implementations
/// they replaced, which read each scalar's Unicode properties and parsed every prefix.
@Suite("NumberText: leading numbers on UTF-8 bytes")
struct NumberTextTests {
  static func legacyLeadingInteger(_ text: String) -> (negative: Bool, magnitude: UInt64)? {
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

  static func legacyLeadingDouble(_ text: String) -> Double {
    let scalars = Array(Substring(text).unicodeScalars.drop { $0.properties.isWhitespace })
    var end = 0
    var best = 0.0
    while end < scalars.count, end < 64 {
      end += 1
      let prefix = scalars[0..<end]
      guard prefix.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }) else { break }
      if let value = Double(String(String.UnicodeScalarView(prefix))) { best = value }
    }
    return best
  }

  static func legacyExactDouble(_ text: String) -> Double? {
    guard let value = Double(text), !value.isNaN, !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" })
    else { return nil }
    return value
  }

  static let texts: [String] = [
    "", "12abc", " \u{A0}-7x", "1e400", "-1e400", "1.", ".5", "-.5", "+.e1", "1e", "1e+", "1e+5x", "0x10", "inf", "nan", "٣",
    "9223372036854775808", "18446744073709551615", "18446744073709551616", "1.5.3", "\u{2003}42", "\u{85}5", " +3", "1E5",
    "--1", "+-1", "-", "+", ".", "e5", "5e-3.2", "\t\n\r 8", String(repeating: "1", count: 80), String(repeating: "1", count: 63) + "e5",
    String(repeating: "0", count: 62) + "1e5", "1" + String(repeating: "0", count: 70) + "x", "00012", "-0", "1\u{301}",
    "0x1p3", "0X1P3", "inf", "-infinity", "nan", "NaN", "1é", "1e5", "1E-5", "2.5", " 2.5", "2.5 ", "1_000", "١",
  ]

  @Test("the byte readers agree with the String readers", arguments: texts)
  func agree(_ text: String) {
    #expect(NumberText.leadingInteger(text).map { [$0.negative ? 1 : 0, $0.magnitude] } == Self.legacyLeadingInteger(text).map { [$0.negative ? 1 : 0, $0.magnitude] })
    #expect(NumberText.leadingDouble(text).bitPattern == Self.legacyLeadingDouble(text).bitPattern)
    #expect(NumberText.exactDouble(text)?.bitPattern == Self.legacyExactDouble(text)?.bitPattern)
  }

  /// Seeded random strings over digits, signs, points, exponents, white space and other text.
  @Test("random strings", arguments: 0..<4)
  func randomTexts(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let pieces = [
      "0", "1", "5", "9", "00", "-", "+", ".", "e", "E", " ", "\t", "\u{A0}", "\u{3000}", "\u{85}", "x", "é", "٣", "123456789", "p", "inf",
      "nan", "0x",
    ]
    for _ in 0..<3_000 {
      var text = ""
      for _ in 0..<Int(random.next() % 14) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
      #expect(
        NumberText.leadingInteger(text).map { [$0.negative ? 1 : 0, $0.magnitude] }
          == Self.legacyLeadingInteger(text).map { [$0.negative ? 1 : 0, $0.magnitude] }, "\(text.debugDescription)")
      #expect(NumberText.leadingDouble(text).bitPattern == Self.legacyLeadingDouble(text).bitPattern, "\(text.debugDescription)")
      #expect(NumberText.exactDouble(text)?.bitPattern == Self.legacyExactDouble(text)?.bitPattern, "\(text.debugDescription)")
    }
  }
}
