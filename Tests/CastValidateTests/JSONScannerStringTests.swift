import Testing

@testable import CastValidate

@Suite("JSONScanner: strings, escapes and keys")
struct JSONScannerStringTests {
  static let escapes: [(String, String, Bool)] = [
    (#""""#, "", false),
    (#""plain""#, "plain", false),
    (#""a\"b""#, "a\"b", true),
    (#""\\\/\b\f\n\r\t""#, "\\/\u{8}\u{C}\n\r\t", true),
    (#""\u00e9\u00E9""#, "éé", true),
    (#""\u0000""#, "\u{0}", true),
    (#""\u20AC""#, "€", true),
    (#""\uD834\uDD1E""#, "𝄞", true),
    (#""\ud834\udd1e""#, "𝄞", true),
    (#""\uDBFF\uDFFF""#, "\u{10FFFF}", true),
    (#""\uD800\uDC00""#, "\u{10000}", true),
    (#""x\uD83D\uDE00y\n""#, "x😀y\n", true),
    (#""é€😀""#, "é€😀", false),
    (#""\uFFFF""#, "\u{FFFF}", true),
  ]

  @Test("escapes decode to the expected text", arguments: escapes)
  func decoding(_ json: String, _ expected: String, _ hasEscapes: Bool) throws {
    try JSONProbe.withString(Array(json.utf8)) { scanner, token in
      #expect(token.hasEscapes == hasEscapes)
      #expect(scanner.string(token) == expected)
      #expect(scanner.decodedBytes(token) == Array(expected.utf8))
      #expect(scanner.equals(token, Array(expected.utf8)))
      #expect(scanner.scalarCount(token) == expected.unicodeScalars.count)
    }
  }

  static let keys: [(String, String, Bool)] = [
    (#""a\u0062""#, "ab", true),
    (#""a\u0062""#, "a", false),
    (#""a\u0062""#, "abc", false),
    (#""a\u0062""#, "ac", false),
    (#""ab""#, "ab", true),
    (#""ab""#, "aB", false),
    (#""""#, "", true),
    (#""""#, "a", false),
    (#""\u00e9""#, "é", true),
    (#""e\u0301""#, "é", false),
    (#""a-much-longer-key-of-40-bytes-0123456789""#, "a-much-longer-key-of-40-bytes-0123456789", true),
    (#""a-much-longer-key-of-40-bytes-0123456789""#, "a-much-longer-key-of-40-bytes-0123456788", false),
    (#""\/path""#, "/path", true),
  ]

  @Test("key comparison is on the decoded bytes, without normalisation", arguments: keys)
  func keyComparison(_ json: String, _ key: String, _ equal: Bool) throws {
    try JSONProbe.withString(Array(json.utf8)) { scanner, token in
      #expect(scanner.equals(token, Array(key.utf8)) == equal)
    }
  }

  /// Every length up to 40 with a special byte at every position, to cross the 16-byte SIMD chunk edges.
  static let lengths = Array(0...40)

  @Test("SIMD chunk boundaries: non-ASCII, escapes and control bytes at every position", arguments: lengths)
  func chunkBoundaries(_ length: Int) throws {
    for position in 0...length {
      let plain = [UInt8](repeating: 0x61, count: length)
      let before = Array(plain[..<position])
      let after = Array(plain[position...])
      // Non-ASCII in the middle of the chunk.
      let accented = [0x22] + before + [0xC3, 0xA9] + after + [0x22]
      try JSONProbe.withString(accented) { scanner, token in
        #expect(!token.hasEscapes)
        #expect(token.span == JSONSpan(start: 1, end: accented.count - 1))
        #expect(scanner.decodedBytes(token) == before + [0xC3, 0xA9] + after)
      }
      // An escape in the middle of the chunk.
      let escaped = [0x22] + before + [0x5C, 0x6E] + after + [0x22]
      try JSONProbe.withString(escaped) { scanner, token in
        #expect(token.hasEscapes)
        #expect(scanner.decodedBytes(token) == before + [0x0A] + after)
      }
      // A raw control byte is an error at exactly its offset.
      let control = [0x22] + before + [0x1F] + after + [0x22]
      #expect(JSONProbe.skipError(control)?.offset == position + 1)
      // A bad UTF-8 byte likewise.
      let invalid = [0x22] + before + [0xFF] + after + [0x22]
      let invalidByte = JSONSyntaxError(offset: position + 1, message: "invalid UTF-8 byte 0xFF in string")
      #expect(JSONProbe.skipError(invalid) == invalidByte)
    }
    // And with no closing quote at all.
    let unterminated = [0x22] + [UInt8](repeating: 0x61, count: length)
    #expect(JSONProbe.skipError(unterminated) == JSONSyntaxError(offset: 0, message: "unterminated string"))
  }

  @Test("every valid UTF-8 boundary scalar is accepted and decodes to itself")
  func utf8Boundaries() throws {
    let scalars: [UInt32] = [0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF]
    for value in scalars {
      let text = String(Character(try #require(Unicode.Scalar(value))))
      try JSONProbe.withString(Array("\"\(text)\"".utf8)) { scanner, token in
        #expect(scanner.string(token) == text)
      }
    }
  }

  /// Runs of non-ASCII text, read sequence after sequence without a look for ASCII between them:
  /// each bad byte is still named where it stands, and a run ends at any ASCII byte.
  static let runs: [(bytes: [UInt8], error: (offset: Int, message: String)?)] = [
    (Array("\"日本語のテキスト\"".utf8), nil),
    (Array("\"日本\\n語\"".utf8), nil),
    (Array("\"é€中😀é\"".utf8), nil),
    // A lone continuation byte in the middle of a run.
    ([0x22, 0xE6, 0x97, 0xA5, 0x80, 0xE6, 0x9C, 0xAC, 0x22], (4, "invalid UTF-8 byte 0x80 in string")),
    // A sequence cut short by the next lead byte, and by the closing quote.
    ([0x22, 0xE6, 0x97, 0xA5, 0xE6, 0x97, 0xE6, 0x9C, 0xAC, 0x22], (6, "invalid UTF-8 byte 0xE6 in string")),
    ([0x22, 0xE6, 0x97, 0xA5, 0xE6, 0x97, 0x22], (4, "truncated UTF-8 sequence starting with byte 0xE6 in string")),
    // A run that reaches the end of the input.
    ([0x22, 0xE6, 0x97, 0xA5, 0xE6, 0x97, 0xA5], (0, "unterminated string")),
  ]

  @Test("a run of non-ASCII text is checked sequence by sequence", arguments: runs.indices)
  func nonASCIIRuns(_ row: Int) {
    let (bytes, expected) = Self.runs[row]
    let error = JSONProbe.pullError(bytes)
    #expect(error?.offset == expected?.offset, "\(error?.description ?? "no error")")
    #expect(error?.message == expected?.message)
  }
}
