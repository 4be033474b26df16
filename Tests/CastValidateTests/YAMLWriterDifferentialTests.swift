import Testing

@testable import CastValidate

/// castctl's YAML writer (`YAMLBlockEmitter`) against what it replaces: Yams's nodes through
/// libyaml's emitter (`YamsOracle`), byte for byte, on every special text as a value and as a
/// key, on seeded random documents (`TrickyJSON`) and on long texts nested deep enough that
/// their folds begin near the line width.
@Suite("YAML written byte for byte as Yams wrote it")
struct YAMLWriterDifferentialTests {
  /// Each special text as an item, a value and a key.
  @Test("a special text as an item, a value and a key", arguments: TrickyJSON.specials)
  func special(_ text: String) throws {
    for value in [
      JSONValue.string(text), .array([.string(text), .array([])]), .object([JSONMember(key: text, value: .string(text))]),
      .object([JSONMember(key: "k", value: .array([.object([JSONMember(key: text, value: .array([.string(text)]))])]))]),
    ] {
      #expect(YAMLOutput.bytes(value) == Array(try YamsOracle.yaml(value).utf8), "\(value)")
    }
  }

  @Test("seeded random documents", arguments: [11, 12, 13, 14] as [UInt64])
  func random(_ seed: UInt64) throws {
    var generator = TrickyJSON(seed: seed)
    var differing: [String] = []
    for _ in 0..<400 {
      let value = generator.value(depth: 5)
      if YAMLOutput.bytes(value) != Array(try YamsOracle.yaml(value).utf8) { differing.append("\(value)") }
    }
    #expect(differing == [], "seed \(seed)")
  }

  /// NDJSON records are written from their compact JSON (`YAMLOutput.append(compactJSON:to:)`),
  /// and a record that repeats a key, or may, from its tree.
  @Test("seeded random documents, written from their compact JSON", arguments: [15, 16] as [UInt64])
  func compactJSON(_ seed: UInt64) throws {
    var generator = TrickyJSON(seed: seed)
    var differing: [String] = []
    for _ in 0..<400 {
      let value = generator.value(depth: 5)
      var written = Array("---\n".utf8)
      try YAMLOutput.append(compactJSON: Array("\(value)".utf8), to: &written)
      if written != Array(try ("---\n" + YamsOracle.yaml(value)).utf8) { differing.append("\(value)") }
    }
    #expect(differing == [], "seed \(seed)")
  }

  @Test("long texts nested up to 40 levels deep")
  func deep() throws {
    var generator = TrickyJSON(seed: 21)
    for levels in 0..<40 {
      let value = generator.deep(levels: levels)
      #expect(YAMLOutput.bytes(value) == Array(try YamsOracle.yaml(value).utf8), "\(value)")
    }
  }

  /// What the writer does, spelled out: the cases the differential finds in bulk, one each.
  @Test("examples", arguments: [
    (JSONValue.object([JSONMember(key: "a", value: .array([.number("1e3"), .array([]), .object([])]))]), "a:\n- 1.0e+3\n- []\n- {}\n"),
    (.array([.array([.string("x")]), .object([JSONMember(key: "k", value: .null)])]), "- - x\n- k: null\n"),
    (.string(String(repeating: "word ", count: 20) + "end"), String(repeating: "word ", count: 16) + "word\n  word word word end\n"),
    (.object([JSONMember(key: String(repeating: "k", count: 129), value: .bool(true))]), "? " + String(repeating: "k", count: 129) + "\n: true\n"),
    (.object([JSONMember(key: "a\nb", value: .string("a\nb"))]), "? 'a\n\n  b'\n: 'a\n\n  b'\n"),
    (.array([.string("true"), .string("1:20"), .string(" x"), .string("\t"), .string("😀"), .string("it's #")]),
     "- \"true\"\n- \"1:20\"\n- ' x'\n- \"\\t\"\n- \"\\U0001F600\"\n- 'it''s #'\n"),
  ] as [(JSONValue, String)])
  func example(_ value: JSONValue, _ yaml: String) throws {
    #expect(String(decoding: YAMLOutput.bytes(value), as: UTF8.self) == yaml)
    #expect(try YamsOracle.yaml(value) == yaml)
  }
}
