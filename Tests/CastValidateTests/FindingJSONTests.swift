import CastSchema
import Testing

@testable import CastValidate

/// `--format json` written straight to bytes must match the `JSONValue` tree written by `JSONWriter`.
@Suite("FindingJSON bytes")
struct FindingJSONTests {
  static let schema = """
    enum Role: String { case admin, viewer }
    struct Inner: DictionaryConvertible { let n: Int }
    struct M: DictionaryConvertible {
      let id: Int
      let name: String
      let role: Role
      let inner: Inner
      var tags: [String]?
    }
    """

  /// Records whose findings cover every member: escapes, related positions, missing keys, nesting.
  static let inputs: [(json: String, ndjson: Bool)] = [
    (#"{"id":"x","name":"a\"b\\c\n","role":"root","inner":{"n":1.5}}"#, false),
    (#"{"id":1,"id":2,"name":7,"role":"admin","inner":{}}"#, false),
    (#"[{"id":1},{"name":"é\u0001","role":"viewer","inner":[],"tags":[1,"ok"]}]"#, false),
    ("{\"id\":1,\"name\":\"x\",\"role\":\"admin\",\"inner\":{\"n\":1}}\n{\"id\":true,\"name\":null}\n", true),
    (#"{"id":1,"name":"ok","role":"admin","inner":{"n":2}}"#, false),
  ]

  static let options = ValidationOptions(strict: true, unknownKeys: .warn)

  @Test("each finding's bytes equal its JSONValue's", arguments: inputs.indices)
  func findingBytes(_ index: Int) throws {
    let (json, ndjson) = Self.inputs[index]
    let registry = EngineProbe.registry(Self.schema)
    let run = try EngineProbe.run(registry, json, options: Self.options, build: false, ndjson: ndjson)
    let data = DataSource(name: "t.json", bytes: Array(json.utf8))
    for finding in run.records.flatMap(\.findings) {
      for level in [0, 2] {
        var direct: [UInt8] = []
        FindingJSON.write(finding, data: data, registry: registry, level: level, into: &direct)
        var tree: [UInt8] = []
        JSONWriter().write(FindingJSON.value(finding, data: data, registry: registry), level: level, into: &tree)
        #expect(String(decoding: direct, as: UTF8.self) == String(decoding: tree, as: UTF8.self))
      }
    }
  }

  /// With a spool of 64 bytes the elements go to a temporary file; with the default, they stay
  /// in memory: the same document either way.
  @Test("the findings array and its document equal the JSONValue document", arguments: inputs.indices, [64, 8 << 20])
  func documentBytes(_ index: Int, memoryLimit: Int) throws {
    let (json, ndjson) = Self.inputs[index]
    let registry = EngineProbe.registry(Self.schema)
    let run = try EngineProbe.run(registry, json, options: Self.options, build: false, ndjson: ndjson)
    let data = DataSource(name: "t.json", bytes: Array(json.utf8))
    var array = FindingJSONArray(memoryLimit: memoryLimit)
    var values: [JSONValue] = []
    for finding in run.records.flatMap(\.findings) {
      array.append(finding, data: data, registry: registry)
      values.append(FindingJSON.value(finding, data: data, registry: registry))
    }
    let header = [
      JSONMember(key: "valid", value: .bool(run.summary.isValid)),
      JSONMember(key: "records", value: .number(String(run.summary.records))),
    ]
    let expected = JSONWriter().write(.object(header + [JSONMember(key: "findings", value: .array(values))]))
    #expect(String(decoding: array.document(header, key: "findings"), as: UTF8.self) == expected)
    #expect(array.isEmpty == values.isEmpty)
  }

  /// A many-file run's `--format json` splices each file's report into its own, laid out a
  /// piece at a time, cut after a comma's line break: the same bytes as laid out whole.
  @Test("a report spliced a piece at a time equals it spliced whole", arguments: inputs.indices, [1, 7, 64, 1 << 20])
  func splicedInPieces(_ index: Int, pieceBytes: Int) throws {
    let (json, ndjson) = Self.inputs[index]
    let registry = EngineProbe.registry(Self.schema)
    let run = try EngineProbe.run(registry, json, options: Self.options, build: false, ndjson: ndjson)
    let data = DataSource(name: "t.json", bytes: Array(json.utf8))
    var findings = FindingJSONArray()
    for finding in run.records.flatMap(\.findings) { findings.append(finding, data: data, registry: registry) }
    let report = findings.document([JSONMember(key: "valid", value: .bool(run.summary.isValid))], key: "findings")
    let head = Array(#"{"file":"t.json","#.utf8)
    var whole = FindingJSONArray()
    var pieces = FindingJSONArray()
    var reads: [Int] = []
    report.withUnsafeBytes { text in
      guard let members = JSONScanner.membersStart(ofObject: text, read: { reads.append($0) }) else {
        Issue.record("no members in \(String(decoding: report, as: UTF8.self))")
        return
      }
      let rest = UnsafeRawBufferPointer(rebasing: text[members...])
      head.withUnsafeBytes { whole.append(json: $0, rest) }
      var handled: [Int] = []
      head.withUnsafeBytes { pieces.append(json: $0, long: rest, pieceBytes: pieceBytes) { handled.append($0) } }
      #expect(handled == handled.sorted() && handled.last == rest.count, "\(handled)")
    }
    #expect(reads == reads.sorted() && !reads.isEmpty)
    var expected: [UInt8] = []
    whole.write { expected.append(contentsOf: $0) }
    var written: [UInt8] = []
    pieces.write { written.append(contentsOf: $0) }
    #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    // A report cut short is no object to splice.
    report.dropLast(2).withUnsafeBytes { #expect(JSONScanner.membersStart(ofObject: $0) == nil) }
  }

  @Test("the SARIF log written result by result equals the tree of every result", arguments: inputs.indices, [64, 8 << 20])
  func sarifBytes(_ index: Int, memoryLimit: Int) throws {
    let (json, ndjson) = Self.inputs[index]
    let registry = EngineProbe.registry(Self.schema)
    let run = try EngineProbe.run(registry, json, options: Self.options, build: false, ndjson: ndjson)
    let data = DataSource(name: "t.json", bytes: Array(json.utf8))
    var log = SARIFLog(dataPath: "dir/t.json", version: "9.9", memoryLimit: memoryLimit)
    var sites: [FindingSite] = []
    for record in run.records {
      for finding in record.findings {
        let site = FindingSite(finding, record: record.index, data: data, registry: registry)
        log.add(site)
        sites.append(site)
      }
    }
    var written: [UInt8] = []
    log.write { written.append(contentsOf: $0) }
    let tree = JSONWriter(style: .pretty(indent: 2)).write(SARIFReport.value(sites, dataPath: "dir/t.json", version: "9.9"))
    #expect(String(decoding: written, as: UTF8.self) == tree)
  }

  @Test("strings are quoted as before, with and without escapes", arguments: ["", "plain", "a\"b", "back\\slash", "tab\tnew\nline", "\u{1}\u{1F}", "é ☃ 𝄞", "/"])
  func quoting(_ text: String) {
    var fast: [UInt8] = []
    JSONWriter.appendQuoted(text, to: &fast)
    var slow: [UInt8] = [JSONByte.quote]
    for byte in text.utf8 {
      switch byte {
      case JSONByte.quote, JSONByte.backslash: slow += [JSONByte.backslash, byte]
      case 0x0A: slow += Array("\\n".utf8)
      case 0x09: slow += Array("\\t".utf8)
      case 0..<0x20: slow += Array("\\u00".utf8) + [JSONWriter.hexDigit(byte >> 4), JSONWriter.hexDigit(byte & 0xF)]
      default: slow.append(byte)
      }
    }
    slow.append(JSONByte.quote)
    #expect(fast == slow)
  }
}
