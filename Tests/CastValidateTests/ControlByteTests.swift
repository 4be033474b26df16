import Testing

@testable import CastValidate

/// The byte a stream is read no further than: a C0 control other than tab, line feed and carriage
/// return, found eight bytes at a time and one by one at the end.
@Suite("ControlByte: the first byte no JSON or YAML may hold")
struct ControlByteTests {
  @Test(
    "found at its offset, in a word, across words and in the tail; whitespace, DEL and high bytes pass",
    arguments: [
      ([], nil), (Array("{\"a\": [1, 2]}\n".utf8), nil), ([0x09, 0x0A, 0x0D, 0x20], nil),
      ([0x7F, 0x80, 0x9F, 0xA0, 0xFF, 0xC2, 0x85, 0xE2, 0x80, 0xA8], nil),
      ([0x00], 0), ([0x41, 0x1F], 1), (Array("1234567".utf8) + [0x01], 7), (Array("12345678".utf8) + [0x0C], 8),
      (Array("1234\n678".utf8) + Array("abcdefgh".utf8) + [0x41, 0x1B], 17),
      (Array(repeating: 0x80, count: 16) + [0x0B] + Array(repeating: 0x00, count: 8), 16),
      (Array("\n\n\n\n\n\n\n\u{8}".utf8), 7),
    ] as [([UInt8], Int?)])
  func firstControlByte(_ bytes: [UInt8], _ expected: Int?) {
    #expect(bytes.withUnsafeBytes { ControlByte.first(in: $0) } == expected)
  }

  @Test("the one-by-one rule agrees with the word-at-a-time search at every offset")
  func everyOffset() {
    for forbidden: UInt8 in [0x00, 0x08, 0x0B, 0x0C, 0x0E, 0x1F] {
      for length in 1...24 {
        for position in 0..<length {
          var bytes = [UInt8](repeating: 0x61, count: length)
          bytes[position] = forbidden
          if position > 0 { bytes[position - 1] = 0x0A }
          #expect(bytes.withUnsafeBytes { ControlByte.first(in: $0) } == position, "\(forbidden) at \(position) of \(length)")
        }
      }
    }
  }
}
