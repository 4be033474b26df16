import Testing

@testable import CastValidate

/// `YAMLImplicitType` against the rules it replaces: Yams's default `Resolver` (seven
/// NSRegularExpressions), on texts chosen to sit at each rule's edges and on seeded random texts
/// of the characters the rules look at.
@Suite("Strings quoted exactly when Yams's default resolver reads them as another type")
struct YAMLImplicitTypeTests {
  @Test("each special text: the byte-level rules agree with Yams's resolver", arguments: TrickyJSON.specials + TrickyJSON.pieces)
  func special(_ text: String) {
    #expect(YAMLImplicitType.isString(text.utf8.span) == YamsOracle.resolvesAsString(text), "\(text.debugDescription)")
  }

  /// The characters of the rules' patterns, the line terminators NSRegularExpression's `$`
  /// passes over, and a few the rules never take.
  static let alphabet = Array("yesnoYESNOtrufalsTRUFALSxXbBoO0123456789+-._:eE<=~ \t\n\r\u{0B}\u{0C}\u{85}\u{2028}\u{2029}ZTtiInfaNé\u{0}")

  @Test("seeded random texts: the byte-level rules agree with Yams's resolver", arguments: [1, 2, 3] as [UInt64])
  func random(_ seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var disagreements: [String] = []
    for _ in 0..<8_000 {
      // Mostly the shape of a number or a date, so that the rules' later parts are reached.
      let shape = ["1", "-0", "2024-1-2", "2024-01-02T3:04:05", "0x", "1:2", ".", ""].randomElement(using: &random) ?? ""
      let tail = String((0..<Int.random(in: 0...10, using: &random)).map { _ in Self.alphabet.randomElement(using: &random) ?? "x" })
      let text = Bool.random(using: &random) ? shape + tail : tail
      if YAMLImplicitType.isString(text.utf8.span) != YamsOracle.resolvesAsString(text) { disagreements.append(text) }
    }
    #expect(disagreements == [], "seed \(seed)")
  }
}
