import Testing

@testable import CastValidate

/// `JSONScanner.hexUnit` reads a `\u` escape's four digits at once; the reference reads them
/// one by one with `JSONByte.hexValue`.
struct HexEscapeTests {
  static func reference(_ bytes: [UInt8]) -> UInt16? {
    var unit: UInt16 = 0
    for byte in bytes {
      guard let digit = JSONByte.hexValue(byte) else { return nil }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }

  static func loaded(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
  }

  @Test("every byte value in every one of the four places", arguments: 0..<4)
  func everyByte(_ place: Int) {
    for value in 0...255 {
      var bytes: [UInt8] = Array("0aF9".utf8)
      bytes[place] = UInt8(value)
      #expect(JSONScanner.hexUnit(Self.loaded(bytes)) == Self.reference(bytes), "\(bytes)")
    }
  }

  @Test("random words, half of them made of hex digits")
  func randomWords() {
    var generator = SeededGenerator(seed: 2026)
    let digits = Array("0123456789abcdefABCDEF".utf8)
    for round in 0..<50_000 {
      let bytes: [UInt8] = (0..<4).map { _ in
        round % 2 == 0 ? digits[Int(generator.next() % UInt64(digits.count))] : UInt8(truncatingIfNeeded: generator.next())
      }
      #expect(JSONScanner.hexUnit(Self.loaded(bytes)) == Self.reference(bytes), "\(bytes)")
    }
  }

  @Test("escapes read through the scanner", arguments: [
    (#""\u0041\u00e9\u20AC\uFFFF\uD83D\uDE00""#, "Aé€\u{FFFF}😀"),
    (#""\u004a\u004A""#, "JJ"),
  ])
  func throughScanner(_ literal: String, _ text: String) throws {
    #expect(try JSONValue.parse(literal) == .string(text))
  }
}
