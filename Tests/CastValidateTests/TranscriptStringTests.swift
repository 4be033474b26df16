import Testing

@testable import CastValidate

/// A string with escapes is written by the transcript straight from its input bytes
/// (`CompactTranscript.writeString`); it must be what `JSONWriter` writes for the decoded string.
struct TranscriptStringTests {
  static let strings: [String] = [
    #""a\nb""#, #""\"quoted\" \\ back""#, #""\/slash""#, #""\u0041\u00e9\u20AC""#, #""\uD83D\uDE00 pair""#,
    #""\uD83D\uDE00\u00e9\n\uDBFF\uDFFF""#, #""\u0000\u001f\u007f""#,
    #""\b\f\r\t""#, #""tail\u0022""#, #""é \n 中""#,
  ]

  @Test("a string with escapes is written as JSONWriter quotes it", arguments: strings)
  func writtenAsQuoted(_ literal: String) throws {
    #expect(try Self.transcribed(Array(literal.utf8)) == Self.quoted(Array(literal.utf8)))
  }

  @Test(
    "every string of the accepted JSONTestSuite documents is written as JSONWriter quotes it",
    .enabled(if: JSONTestSuite.isAvailable, "\(JSONTestSuite.missing)"))
  func suiteStrings() throws {
    var compared = 0
    for name in JSONTestSuite.files("y_string") {
      let bytes = try JSONTestSuite.bytes(name)
      guard let start = bytes.firstIndex(of: JSONByte.quote), let end = bytes.lastIndex(of: JSONByte.quote), start < end
      else { continue }
      let literal = Array(bytes[start...end])
      #expect(try Self.transcribed(literal) == Self.quoted(literal), "\(name)")
      compared += 1
    }
    #expect(compared > 30)
  }

  /// The transcript's bytes for one string literal, quotes included.
  static func transcribed(_ literal: [UInt8]) throws -> [UInt8] {
    let schema = CompiledSchema(registry: EngineProbe.registry("struct M { let a: String }"), options: ValidationOptions())
    let transcript = try #require(CompactTranscript(schema: schema, keys: .json))
    return literal.withUnsafeBytes { raw in
      transcript.reset()
      transcript.writeString(raw, escaped: raw.contains(JSONByte.backslash))
      return Array(transcript.bytes)
    }
  }

  /// `JSONWriter`'s quoting of the string the literal decodes to.
  static func quoted(_ literal: [UInt8]) throws -> [UInt8] {
    let value = try JSONValue.parse(literal)
    guard case .string(let text) = value else { return [] }
    var output: [UInt8] = []
    JSONWriter.appendQuoted(text, to: &output)
    return output
  }
}
