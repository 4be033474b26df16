import CastValidate
import Foundation
import Testing

/// `castctl infer --dialect codable` against the real thing: each model it writes (and verifies)
/// is compiled by swiftc inside a namespace, and every record of its data is decoded by
/// `JSONDecoder` and encoded back by `JSONEncoder` with the strategies the file names. A model
/// castctl verifies must compile, decode every record, and write each back as it was read (but
/// for nil and the text of numbers, which the verification tolerates).
@Suite("infer --dialect codable: swiftc compiles it, JSONDecoder reads every record")
struct InferCodableOracleTests {
  /// The data: corpus files, the repository's samples, and a file with every format infer knows.
  static let inputs: [String] = [
    "../shared/data/json-corpus/github_events.json", "../shared/data/json-corpus/twitter.json",
    "../shared/data/json-corpus/citm_catalog.json", "../shared/data/json-corpus/canada.json",
    "schemas/orders.ndjson", "schemas/codable-user.json", "schemas/jsonobject-user.json",
  ]

  /// Records of every format: snake_case and keyword keys, whole-second and fractional ISO dates,
  /// calendar days, URLs Foundation writes back and one it does not, UUIDs, enums, optionals,
  /// nulls, integer-keyed maps, big integers, nested arrays.
  static let formats = (0..<12).map { index in
    """
    {"user_id": \(index), "class": "c\(index % 3)", "created_at": "2024-0\(index % 9 + 1)-1\(index % 9)T10:2\(index % 6):00Z",
    "updated": "2024-01-0\(index % 9 + 1)T10:00:00.5\(index)Z", "day": "2023-11-2\(index % 9)",
    "home_page": "https://example.com/u/\(index)?tab=\(index % 4)", "template": "https://api.example.com/r/\(index){/sha}",
    "token": "\(String(format: "%08X", index))-0000-4000-8000-00000000000\(index % 10)", "kind": "\(["red", "green", "blue"][index % 3])",
    "score": \(Double(index) * 1.25 + 0.1), "big": \(9_007_199_254_740_993 + index), "nick": \(index % 4 == 0 ? "null" : "\"n\(index)\""),
    \(index % 5 == 0 ? "" : "\"bio\": \"b\",") "by_id": {"\(index)": {"seen": true}, "\(index + 100)": {"seen": false}},
    "points": [[\(index), 1.5], [2, 3]], "tags": ["a", "b"]}
    """.replacingOccurrences(of: "\n", with: " ")
  }.joined(separator: "\n") + "\n"

  /// Keys that are Swift keywords, `_`, Codable's own names, or no identifier at all.
  static let awkwardKeys = #"""
    {"self": 1, "init": 2, "Type": 3, "class": 4, "default": "x", "Self": 5, "is": true, "CodingKeys": {"a": 1},
    "codingKeys": 2, "Protocol": 1, "_": 3, "__": 4, "1x": 5, "Any": 6, "a-b": 7, "é": 8, "Codable": {"b": 2},
    "huge": 123456789012345678901234567890, "precise": 9007199254740993.5}
    """#.replacingOccurrences(of: "\n", with: " ") + "\n"

  @Test(.enabled(if: Oracle.swiftc != nil && CastctlProcess.isAvailable, "needs swiftc and the castctl binary"))
  func inferredCodableModelsCompileAndDecodeEveryRecord() throws {
    guard let swiftc = Oracle.swiftc else { return }
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    try folder.write("formats.ndjson", Self.formats)
    try folder.write("awkward.ndjson", Self.awkwardKeys)
    var paths = Self.inputs.map { CastctlProcess.packageRoot.appendingPathComponent($0).path }
    paths += [folder.path("formats.ndjson"), folder.path("awkward.ndjson")]
    var namespaces: [String] = []
    var notCodable: [String] = []
    var cases: [(model: String, strategy: DecoderStrategy, document: String)] = []
    for (index, path) in paths.enumerated() {
      guard FileManager.default.fileExists(atPath: path) else {
        Issue.record("missing input \(path)")
        continue
      }
      let run = try CastctlProcess.run(["infer", path, "--dialect", "codable"], in: folder.url)
      #expect(run.status == 0, "\(path): \(run.stderr)")
      guard run.status == 0 else { continue }
      // A model holding `Any` (mixed values) is no Codable model, and infer says so.
      guard !run.stderr.contains("codable-not-codable") else {
        notCodable.append(URL(fileURLWithPath: path).lastPathComponent)
        continue
      }
      let body = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") }
      namespaces.append("enum S\(index) {\n" + body.joined(separator: "\n") + "\n}\n")
      let strategy: DecoderStrategy = run.stdout.contains("//! date-decoding iso8601") ? .iso8601 : .defaults
      for record in try Self.records(path) { cases.append(("S\(index).Root", strategy, record)) }
    }
    #expect(cases.count == 30 + 1 + 1 + 1 + 12 + 1 + 1 + 12 + 1, "\(cases.count) records")
    // Every one: values only ever null, empty arrays and empty objects are given Codable types.
    #expect(notCodable.isEmpty, "\(notCodable)")
    let oracle = try Oracle(source: OracleProgram.source(declarations: namespaces, roots: Array(Set(cases.map(\.model))).sorted()), swiftc: swiftc)
    let answers = try oracle.answers(cases)
    for (item, answer) in zip(cases, answers) {
      #expect(answer.ok, "\(item.model): \(answer.error ?? "") \(answer.message ?? "") at \(answer.path ?? ""): \(item.document.prefix(200))")
      guard answer.ok, let output = answer.output else { continue }
      let same = Self.same(Self.withoutNulls(try JSONValue.parse(Array(item.document.utf8))), Self.withoutNulls(try JSONValue.parse(Array(output.utf8))))
      #expect(same, "\(item.model) wrote it otherwise: \(output.prefix(300))")
      // An integer past Int64 is a `Decimal`, written back digit for digit; a fraction is a
      // `Double`, written as JSONEncoder writes the nearest Double.
      if item.document.contains("\"huge\"") {
        #expect(output.contains(#""huge":123456789012345678901234567890"#) && output.contains(#""precise":9.007199254740994e+15"#), "\(output)")
      }
    }
  }

  @Test(
    "a Codable seed without CodingKeys, widened by keys no property name spells, gains a CodingKeys swiftc compiles and JSONDecoder reads",
    .enabled(if: Oracle.swiftc != nil && CastctlProcess.isAvailable, "needs swiftc and the castctl binary"))
  func seedGainsCodingKeys() throws {
    guard let swiftc = Oracle.swiftc else { return }
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    try folder.write("seed.swift", "import Foundation\nstruct Root: Codable {\n    let id: Int\n    var `default`: String?\n}\n")
    let record = #"{"id": 1, "first-name": "a", "class": 2, "1x": 3, "default": "d", "_": 4}"#
    try folder.write("data.json", record)
    let run = try CastctlProcess.run(["infer", "data.json", "--seed", "seed.swift"], in: folder.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("enum CodingKeys: String, CodingKey {"), "\(run.stdout)")
    let body = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") }
    let oracle = try Oracle(
      source: OracleProgram.source(declarations: ["enum S {\n" + body.joined(separator: "\n") + "\n}\n"], roots: ["S.Root"]), swiftc: swiftc)
    let answers = try oracle.answers([("S.Root", DecoderStrategy.defaults, record)])
    let answer = try #require(answers.first)
    #expect(answer.ok, "\(answer.error ?? "") \(answer.message ?? ""): \(run.stdout)")
    let output = try #require(answer.output)
    #expect(Self.same(try JSONValue.parse(Array(record.utf8)), try JSONValue.parse(Array(output.utf8))), "\(output)")
  }

  /// Keys that name Swift and Foundation types (a model named after one would shadow it in the
  /// program that decodes it), and dates only inside arrays and maps (which need the strategy).
  static let swiftNames = #"""
    {"JSONDecoder": {"a": 1}, "jsonEncoder": {"b": 1}, "decoder": {"c": 1}, "encoder": {"d": 1}, "result": {"e": 1},
    "locale": {"f": 1}, "timeZone": {"g": 1}, "calendar": {"h": 1}, "never": {"i": 1}, "void": {"j": 1}, "swift": {"k": 1},
    "foundation": {"l": 1}, "URL": {"m": 1}, "UUID": {"n": 1}, "decimal": {"o": 1}, "set": {"p": 1}, "array": {"q": 1},
    "dictionary": {"r": 1}, "optional": {"s": 1}, "error": {"t": 1}, "data": {"u": 1}, "date": {"v": 1}, "decodingError": {"w": 1},
    "dates": ["2024-03-01T08:30:00Z"], "byId": {"1": "2024-03-01T08:30:00Z"}, "maybe": ["2024-03-01T08:30:00Z", null]}
    """#.replacingOccurrences(of: "\n", with: " ") + "\n"

  /// Code a program decoding the models writes beside them, naming the types a model could shadow.
  static let usesSwiftAndFoundation = """
    let usesSwiftAndFoundation: [Any] = [
      JSONDecoder(), JSONEncoder(), Result<Int, Swift.Error>.success(1), Locale(identifier: "en_US_POSIX"),
      TimeZone(secondsFromGMT: 0) as Any, Calendar(identifier: .gregorian), URL(string: "https://example.com") as Any, UUID(),
      Decimal(1), Set<Int>(), Array<Int>(), Dictionary<String, Int>(), Optional<Int>.none as Any, Foundation.Data(), Date(),
      DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "")), (() as Void) as Any,
    ]
    func neverReturns() -> Never { fatalError() }
    func coders(_ decoder: any Decoder, _ encoder: any Encoder) {}
    """

  @Test(
    "models clear of Swift and Foundation names compile beside code using those types, and read dates inside arrays and maps",
    .enabled(if: Oracle.swiftc != nil && CastctlProcess.isAvailable, "needs swiftc and the castctl binary"))
  func swiftNamesAndDatesInside() throws {
    guard let swiftc = Oracle.swiftc else { return }
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    try folder.write("names.ndjson", Self.swiftNames)
    let run = try CastctlProcess.run(["infer", "names.ndjson", "--dialect", "codable"], in: folder.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("//! date-decoding iso8601"), "\(run.stdout)")
    // NB: at the top level, not in a namespace: a model named `JSONDecoder` there hides Foundation's.
    let body = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") }
    let oracle = try Oracle(
      source: OracleProgram.source(declarations: [body.joined(separator: "\n"), Self.usesSwiftAndFoundation], roots: ["Root"]), swiftc: swiftc)
    let record = try #require(try Self.records(folder.path("names.ndjson")).first)
    let answer = try #require(try oracle.answers([("Root", .iso8601, record)]).first)
    #expect(answer.ok, "\(answer.error ?? "") \(answer.message ?? "") at \(answer.path ?? ""): \(run.stdout)")
    let output = try #require(answer.output)
    #expect(Self.same(Self.withoutNulls(try JSONValue.parse(Array(record.utf8))), Self.withoutNulls(try JSONValue.parse(Array(output.utf8)))), "\(output)")
  }

  /// A Codable seed (with each date strategy a file names) given new dates and a new integer
  /// enum value: the widened model compiles, and JSONDecoder with the seed's strategy reads it.
  static let seedStrategies: [(line: String, strategy: DecoderStrategy)] = [
    ("", .defaults), ("//! date-decoding seconds-since-1970\n", .secondsSince1970), ("//! date-decoding iso8601\n", .iso8601),
  ]

  @Test(
    "a Codable seed's new dates and integer enum cases are read by JSONDecoder with the seed's date strategy",
    .enabled(if: Oracle.swiftc != nil && CastctlProcess.isAvailable, "needs swiftc and the castctl binary"))
  func seedDatesAndIntegerEnum() throws {
    guard let swiftc = Oracle.swiftc else { return }
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    let record = #"{"a": 1, "kind": 3, "d": "2024-03-01T08:30:00Z", "ds": ["2024-03-01T08:30:00Z"]}"#
    try folder.write("data.json", record)
    var namespaces: [String] = []
    for (index, seed) in Self.seedStrategies.enumerated() {
      try folder.write(
        "seed\(index).swift",
        seed.line + "import Foundation\nenum Kind: Int, Codable {\n    case a = 1, b = 2\n}\nstruct Root: Codable {\n    let a: Int\n    let kind: Kind\n}\n")
      let run = try CastctlProcess.run(["infer", "data.json", "--seed", "seed\(index).swift"], in: folder.url)
      #expect(run.status == 0, "\(seed.strategy): \(run.stderr)\n\(run.stdout)")
      #expect(run.stdout.contains(seed.strategy == .iso8601 ? "var d: Date?" : "var d: String?"), "\(run.stdout)")
      let body = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") }
      namespaces.append("enum S\(index) {\n" + body.joined(separator: "\n") + "\n}\n")
    }
    let roots = Self.seedStrategies.indices.map { "S\($0).Root" }
    let oracle = try Oracle(source: OracleProgram.source(declarations: namespaces, roots: roots), swiftc: swiftc)
    let answers = try oracle.answers(zip(roots, Self.seedStrategies).map { ($0, $1.strategy, record) })
    for (root, answer) in zip(roots, answers) {
      #expect(answer.ok, "\(root): \(answer.error ?? "") \(answer.message ?? "") at \(answer.path ?? "")")
      guard let output = answer.output else { continue }
      #expect(Self.same(try JSONValue.parse(Array(record.utf8)), try JSONValue.parse(Array(output.utf8))), "\(root): \(output)")
    }
  }

  /// Each record of a file as one line of JSON: an array's elements, an object, NDJSON's lines.
  static func records(_ path: String) throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let values: [Any]
    if path.hasSuffix(".ndjson") {
      values = try data.split(separator: UInt8(ascii: "\n")).map { try JSONSerialization.jsonObject(with: Data($0)) }
    } else {
      let value = try JSONSerialization.jsonObject(with: data)
      values = value as? [Any] ?? [value]
    }
    return try values.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.withoutEscapingSlashes]), as: UTF8.self) }
  }

  /// Nil is written as an absent key by JSONEncoder: a null member is the same "no value".
  static func withoutNulls(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let members): .object(members.filter { $0.value != .null }.map { JSONMember(key: $0.key, value: withoutNulls($0.value)) })
    case .array(let items): .array(items.map(withoutNulls))
    default: value
    }
  }

  /// Equal as JSON: members in any order, numbers by value (JSONEncoder writes the shortest text
  /// of a `Double`).
  static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.object(let a), .object(let b)):
      let byKey = Dictionary(b.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
      return a.count == b.count && a.allSatisfy { member in byKey[member.key].map { same(member.value, $0) } ?? false }
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    case (.number(let a), .number(let b)):
      return a == b || Double(a) == Double(b)
    default:
      return a == b
    }
  }
}
