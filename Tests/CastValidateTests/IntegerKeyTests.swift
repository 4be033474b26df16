import CastSchema
import Testing

@testable import CastValidate

/// Integer keys and strings read from their bytes (`IntegerText.exactInteger`) give what Swift's
/// own reading of the text gives.
struct IntegerKeyTests {
  static let table = [
    "0", "-0", "+0", "1", "01", "+1", "-1", "007", "18446744073709551615", "18446744073709551616",
    "-18446744073709551615", "99999999999999999999", "", "-", "+", "+-1", "1.0", "1e3", " 1", "1 ", "0x10",
    "١٢", "1\u{301}", "²", "--1", "12a",
  ]

  @Test(arguments: table)
  func bytesAgreeWithText(_ text: String) {
    expectAgreement(text)
  }

  @Test func randomKeysAgree() {
    var generator = SeededGenerator(seed: 2026_11_27)
    let alphabet = Array("0123456789+-. e١")
    for _ in 0..<5_000 {
      let length = Int.random(in: 0...22, using: &generator)
      expectAgreement(String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "0" }))
    }
  }

  /// The byte reader against Swift's own reading of the text: Characters that are ASCII digits
  /// after an optional sign, as `UInt64` parses them.
  private func expectAgreement(_ text: String) {
    let digits = text.first == "-" || text.first == "+" ? Substring(text).dropFirst() : Substring(text)
    let isInteger = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    let expected = isInteger ? UInt64(digits).map { (negative: text.first == "-", magnitude: $0) } : nil
    let fromText = NumberText.exactInteger(text)
    let fromBytes = Array(text.utf8).withUnsafeBytes(IntegerText.exactInteger)
    #expect(fromBytes?.negative == expected?.negative && fromBytes?.magnitude == expected?.magnitude, "\(text)")
    #expect(fromText?.negative == expected?.negative && fromText?.magnitude == expected?.magnitude, "\(text)")
  }
}
