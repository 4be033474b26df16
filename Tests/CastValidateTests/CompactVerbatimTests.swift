import Testing

@testable import CastValidate

/// `JSONWriter.compactWritesVerbatim`: when it says a value's text is what the compact writer
/// writes for it, the clean-record writer copies the text instead of building the value, so it
/// must never say so of a text the writer writes otherwise.
struct CompactVerbatimTests {
  @Test(
    "which texts the compact writer writes as they are",
    arguments: [
      (#"{"a":[1,2.50,-0,1e3],"b":null,"c":true}"#, true),
      (#"["a b","é😀",{}]"#, true),
      (#""x y""#, true),
      ("1E+2", true),
      (#"{"a": 1}"#, false),
      (#"[1 ,2]"#, false),
      ("[\n1]", false),
      (#"["\u0041"]"#, false),
      (#"["a\/b"]"#, false),
      (#"["a\"b"]"#, false),
      (#"{"k\n":1}"#, false),
    ])
  func verdict(_ text: String, _ verbatim: Bool) throws {
    let bytes = Array(text.utf8)
    let says = bytes.withUnsafeBytes { JSONWriter.compactWritesVerbatim($0) }
    #expect(says == verbatim)
    if verbatim { #expect(JSONWriter(style: .compact).write(try JSONValue.parse(bytes)) == text) }
  }

  @Test(
    "every accepted JSONTestSuite document it calls verbatim is written as it is",
    .enabled(if: JSONTestSuite.isAvailable, "\(JSONTestSuite.missing)"))
  func suiteDocuments() throws {
    var verbatim = 0
    for name in JSONTestSuite.files("y_") {
      var bytes = try JSONTestSuite.bytes(name)
      // NB: the writer is asked about one value as the scanner read it, so no surrounding space.
      while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
      while let first = bytes.first, first <= 0x20 { bytes.removeFirst() }
      guard bytes.withUnsafeBytes({ JSONWriter.compactWritesVerbatim($0) }) else { continue }
      verbatim += 1
      let written = JSONWriter(style: .compact).write(try JSONValue.parse(bytes))
      #expect(Array(written.utf8) == bytes, "\(name)")
    }
    #expect(verbatim > 50)
  }
}
