import Testing

@testable import CastValidate

/// The scanner's eight-bytes-at-a-time digit scan finds the first non-digit where a byte loop does.
struct DigitScanTests {
  /// Every byte value in every position of a word of digits.
  @Test(arguments: 0..<8)
  func everyByteValueInEveryPosition(_ position: Int) {
    for value in 0...255 {
      var bytes = Array("12345678".utf8)
      bytes[position] = UInt8(value)
      #expect(firstNonDigit(word: bytes) == naiveFirstNonDigit(bytes), "byte \(value) at \(position)")
    }
  }

  @Test func randomWords() {
    var generator = SeededGenerator(seed: 8)
    for _ in 0..<20_000 {
      // Mostly digits, so that long runs of them occur, and any byte at all now and then.
      let bytes = (0..<8).map { _ in
        Bool.random(using: &generator) ? UInt8.random(in: 0x30...0x39, using: &generator) : UInt8.random(in: 0...255, using: &generator)
      }
      #expect(firstNonDigit(word: bytes) == naiveFirstNonDigit(bytes), "\(bytes)")
    }
  }

  /// Numbers of every length up to 40 digits, and cut by the end of the buffer at every point.
  @Test(arguments: 1...40)
  func numbersReadToTheirEnd(_ digits: Int) throws {
    let text = "-" + String(repeating: "7", count: digits) + ".25e+12,"
    for cut in [text.utf8.count, text.utf8.count - 1] {
      let bytes = Array(text.utf8.prefix(cut))
      try bytes.withUnsafeBytes { buffer in
        var scanner = JSONScanner(buffer)
        let token = try scanner.readNumber()
        #expect(token.span.end == digits + 8, "\(digits) digits, \(cut) bytes")
        #expect(token.hasExponent && !token.isInteger)
      }
    }
  }

  private func firstNonDigit(word bytes: [UInt8]) -> Int {
    let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    let mask = JSONScanner.nonDigitBytes(word)
    return mask == 0 ? 8 : mask.trailingZeroBitCount / 8
  }

  private func naiveFirstNonDigit(_ bytes: [UInt8]) -> Int {
    bytes.firstIndex { !(0x30...0x39).contains($0) } ?? 8
  }
}
