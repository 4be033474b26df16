import Foundation
import Testing

@testable import CastValidate

/// `FoundationDecimalText` names a refusal exactly where `Decimal(string:)` on this machine
/// refuses: over literals built around its limits (38 and 39 digits, exponents near ±127 and
/// ±254, long fractions, zeros).
@Suite("FoundationDecimalText: the reason agrees with Decimal(string:)")
struct FoundationDecimalTextTests {
  @Test("a refusal is named exactly where Decimal(string:) refuses", arguments: [1, 2, 3] as [UInt64])
  func agreesWithFoundation(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }
    var disagreements: [String] = []
    for _ in 0..<20_000 {
      var integer = digits([1, 1, 2, 5, 38, 39, 40, 60, 130, 170][Int.random(in: 0..<10, using: &generator)])
      if Int.random(in: 0..<4, using: &generator) == 0 {
        integer = "0"
      } else if Int.random(in: 0..<6, using: &generator) == 0 {
        integer = "34028236692093846346337460743176821145" + digits(Int.random(in: 1...3, using: &generator))
      } else if integer.count > 1, integer.first == "0" {
        integer = "1" + integer.dropFirst()
      }
      var literal = (Bool.random(using: &generator) ? "-" : "") + integer
      if Bool.random(using: &generator) {
        let zeros = [0, 0, 3, 100, 127, 128, 130][Int.random(in: 0..<7, using: &generator)]
        literal += "." + String(repeating: "0", count: zeros) + digits([1, 3, 20, 39, 45, 130][Int.random(in: 0..<6, using: &generator)])
      }
      if Int.random(in: 0..<4, using: &generator) > 0 {
        let exponent = [0, 1, 38, 90, 126, 127, 128, 129, 164, 165, 166, 200, 254, 255, 300][Int.random(in: 0..<15, using: &generator)]
          + Int.random(in: 0...2, using: &generator)
        literal += ["e", "E", "e+", "e-"][Int.random(in: 0..<4, using: &generator)] + String(exponent)
      }
      let refused = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")) == nil
      if refused != (FoundationDecimalText.refusal(literal) != nil) { disagreements.append(literal) }
    }
    #expect(disagreements.isEmpty, "seed \(seed): \(disagreements.prefix(10))")
  }
}
