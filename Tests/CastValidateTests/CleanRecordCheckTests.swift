import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// The clean-record check may only ever save work: with it and without it, every record gets
/// the same verdict and the same findings, in every dialect and under every option.
struct CleanRecordCheckTests {
  /// Every kind of node the check reads, in one model; `Geo` nested.
  static func schema(_ conformance: String) -> String {
    """
    enum Role: String { case admin, editor, viewer }
    enum Level: Int { case low = 1, mid, high = 10 }
    struct Geo\(conformance) {
        let lat: Double
        let lon: Double
    }
    struct M\(conformance) {
        let id: Int
        var small: Int8?
        var unsigned: UInt?
        var ratio: Float?
        var amount: Double?
        var exact: Decimal?
        var flag: Bool?
        var name: String?
        var letter: Character?
        var link: URL?
        var uuid: UUID?
        var blob: Data?
        var when: Date?
        var role: Role?
        var level: Level?
        var tags: [String]?
        var holes: [Int?]?
        var unique: Set<String>?
        var byName: [String: Double]?
        var byNumber: [Int: String]?
        var geo: Geo?
        var places: [Geo]?
        var anything: Any?
        var object: [String: Any]?
        var list: [Any]?
        var count: Int = 5
    }
    """
  }

  static let conformances = ["", ": DictionaryConvertible", ": JsonObject", ": Convertible", ": NosceSerializationProtocol", ": Class"]

  /// Records that are clean in the strict dialects, and one step away from clean.
  static let records: [String] = [
    #"{"id": 1}"#,
    #"{"id": 1, "small": 12, "unsigned": 7, "ratio": 1.5, "amount": -2.5e3, "exact": 0.1, "flag": true, "name": "n", "letter": "x", "link": "https://example.com/a", "uuid": "123e4567-e89b-12d3-a456-426614174000", "blob": "aGk=", "when": "2020-01-02T03:04:05Z", "role": "admin", "level": 10, "tags": ["a", "b"], "holes": [1, null, 3], "byName": {"a": 1, "b": 2}, "geo": {"lat": 1, "lon": 2}, "places": [{"lat": 1, "lon": 2}], "anything": null, "object": {"k": [1]}, "list": [1, "a", null], "count": 3, "extra": {"deep": [1, 2]}}"#,
    #"{"id": 1, "when": 1577934245}"#,
    #"{"id": 1, "unique": ["a", "b"], "byNumber": {"1": "one"}}"#,
    #"{"id": 1, "when": 1e400}"#,
    #"{"id": 1, "when": "2020-01-02"}"#,
    #"{"id": 1, "when": "2020-01-02T03:04:05\u005a"}"#,
    #"{"id": "1"}"#,
    #"{"id": 1.0}"#,
    #"{"id": 1.5}"#,
    #"{"id": 99999999999999999999}"#,
    #"{"id": null}"#,
    #"{"small": 1}"#,
    #"{"id": 1, "small": 300}"#,
    #"{"id": 1, "unsigned": -1}"#,
    #"{"id": 1, "ratio": 1e39}"#,
    #"{"id": 1, "amount": 1e999}"#,
    #"{"id": 1, "flag": 1}"#,
    #"{"id": 1, "flag": "yes"}"#,
    #"{"id": 1, "name": 5}"#,
    #"{"id": 1, "name": null}"#,
    #"{"id": 1, "name": "a\nb"}"#,
    #"{"id": 1, "letter": "xy"}"#,
    #"{"id": 1, "link": "not a url"}"#,
    #"{"id": 1, "uuid": "nope"}"#,
    #"{"id": 1, "blob": "!!"}"#,
    #"{"id": 1, "role": "root"}"#,
    #"{"id": 1, "role": "adm\u0069n"}"#,
    #"{"id": 1, "level": 2}"#,
    #"{"id": 1, "level": "10"}"#,
    #"{"id": 1, "tags": ["a", 1]}"#,
    #"{"id": 1, "tags": [null]}"#,
    #"{"id": 1, "holes": [1, "2"]}"#,
    #"{"id": 1, "unique": ["a", "a"]}"#,
    #"{"id": 1, "byName": {"a": 1, "a": 2}}"#,
    #"{"id": 1, "byName": {"a": null}}"#,
    #"{"id": 1, "byNumber": {"x": "one"}}"#,
    #"{"id": 1, "geo": {"lat": 1}}"#,
    #"{"id": 1, "geo": []}"#,
    #"{"id": 1, "places": [{"lat": 1, "lon": "2"}]}"#,
    #"{"id": 1, "object": [1]}"#,
    #"{"id": 1, "list": {}}"#,
    #"{"id": 1, "count": null}"#,
    #"{"id": 1, "id": 2}"#,
    #"{"id": 1, "i\u0064": 2}"#,
    #"{"id": 1, "extra": 1, "extra": 2}"#,
    #"[{"id": 1}, {"id": "x"}, {"id": 2}]"#,
    #"null"#,
    #"[]"#,
    #"{"id": 1, "name": "\#(String(repeating: "é", count: 40))"}"#,
  ] + largeCollections

  /// Dictionaries and sets of thousands of entries (past the check's first room for keys), clean
  /// and with a repeat at their end.
  static let largeCollections: [String] = {
    let keys = (0..<5_000).map { "\"k\($0)\"" }
    let entries = keys.map { $0 + ": 1" }.joined(separator: ", ")
    return [
      #"{"id": 1, "byName": {"# + entries + "}}",
      #"{"id": 1, "byName": {"# + entries + #", "k7": 2}}"#,
      #"{"id": 1, "unique": ["# + keys.joined(separator: ", ") + "]}",
      #"{"id": 1, "unique": ["# + keys.joined(separator: ", ") + #", "k4999"]}"#,
    ]
  }()

  static let optionSets: [ValidationOptions] = [
    ValidationOptions(),
    ValidationOptions(strict: true),
    ValidationOptions(unknownKeys: .warn),
    ValidationOptions(strict: true, unknownKeys: .error, maxErrors: 1),
  ]

  /// A run's verdicts and findings, in full.
  static func outcome(_ run: EngineProbe.Run) -> [String] {
    run.records.map { record in
      "\(record.index) valid=\(record.isValid) span=\(record.span.start)..<\(record.span.end): "
        + record.findings.map { "\($0.severity.rawValue) \($0.code) \($0.path) @\($0.offset) \($0.message)" }.joined(separator: "; ")
    }
  }

  @Test("with and without the clean-record check, the same verdicts and findings", arguments: conformances)
  func sameResults(_ conformance: String) throws {
    let registry = EngineProbe.registry(Self.schema(conformance))
    for options in Self.optionSets {
      for record in Self.records {
        let quick = try EngineProbe.run(registry, record, options: options, build: false)
        let full = try EngineProbe.run(registry, record, options: options, build: false, cleanCheck: false)
        #expect(Self.outcome(quick) == Self.outcome(full), "\(conformance) strict=\(options.strict) \(record)")
        #expect(quick.summary == full.summary)
      }
    }
  }

  /// The records the check must vouch for by itself: if it never did, it would only cost.
  @Test("clean records pass the check on its own", arguments: [0, 1, 2, records.count - 4, records.count - 2])
  func cleanRecordsPass(_ row: Int) throws {
    let registry = EngineProbe.registry(Self.schema(": DictionaryConvertible"))
    let schema = CompiledSchema(registry: registry, options: ValidationOptions(strict: true))
    let check = CleanRecordCheck(plan: schema.cleanPlan)
    let model = try #require(schema.modelIndex("M"))
    let bytes = Array(Self.records[row].utf8)
    let clean = bytes.withUnsafeBytes { raw in
      var scanner = JSONScanner(raw)
      return check.isClean(.model(model), &scanner) && (try? scanner.expectEnd()) != nil
    }
    #expect(clean)
  }

  /// Directive checks, read on raw bytes by the check as by the walk, and pattern dates.
  static func checkedSchema(_ conformance: String) -> String {
    """
    struct C\(conformance) {
        let id: Int //! range 1...1000
        var ratio: Double? //! range -1.5..<2.5
        var single: Float? //! range 0...1
        var exact: Decimal? //! range 0...10.5
        var name: String? //! length 2...5
        var code: String? //! pattern "^[a-f0-9]{4}$"
        var both: String? //! length 1...8 //! pattern "x"
        var day: Date? //! date "yyyy-MM-dd HH:mm"
        var said: Date? //! date "EEE MMM dd HH:mm:ss Z yyyy"
        var pair: [Int]? //! count 2
        var nested: [[Double?]]? //! count 1...2
        var byByte: [Int8: Int]?
        var stamp: Date? //! date epoch-ms
    }
    """
  }

  static let checkedRecords: [String] = [
    #"{"id": 5, "ratio": 2.4, "single": 0.5, "exact": 10.5, "name": "abc", "code": "beef", "both": "axb", "day": "2024-02-03 04:05", "said": "Sun Aug 31 00:29:15 +0000 2014", "pair": [1, 2], "nested": [[1, null, 2, 3]]}"#,
    #"{"id": 5, "pair": [1, 2, 3]}"#,
    #"{"id": 5, "stamp": 1700000000000}"#,
    #"{"id": 5, "stamp": -62135596800000}"#,
    #"{"id": 5, "stamp": 1e20}"#,
    #"{"id": 5, "stamp": 1e-400}"#,
    #"{"id": 5, "stamp": "1700000000000"}"#,
    #"{"id": 5, "stamp": "2024-01-01T00:00:00Z"}"#,
    #"{"id": 5, "byByte": {"0": 1, "-128": 2, "127": 3, "42": 4}}"#,
    #"{"id": 5, "byByte": {"128": 1}}"#,
    #"{"id": 5, "byByte": {"1": 1, "01": 2}}"#,
    #"{"id": 5, "byByte": {"0": 1, "-0": 2}}"#,
    #"{"id": 5, "byByte": {"+1": 1}}"#,
    #"{"id": 5, "byByte": {"-5": 1, "5": 2, "x": 3}}"#,
    #"{"id": 5, "byByte": {"99999999999999999999": 1}}"#,
    #"{"id": 5, "byByte": {"1": 1, "1": 2}}"#,
    #"{"id": 5, "pair": []}"#,
    #"{"id": 5, "pair": [1, "2"]}"#,
    #"{"id": 5, "pair": null}"#,
    #"{"id": 5, "nested": [[1], [2], [3]]}"#,
    #"{"id": 5, "nested": []}"#,
    #"{"id": 5, "nested": [[1, 2, 3, 4, 5], [6]]}"#,
    #"{"id": 5, "nested": [[1, "x"]]}"#,
    #"{"id": 0}"#,
    #"{"id": 1001}"#,
    #"{"id": -0}"#,
    #"{"id": 5.0}"#,
    #"{"id": 1e2}"#,
    #"{"id": "5"}"#,
    #"{"id": 5, "ratio": 2.5}"#,
    #"{"id": 5, "ratio": -1.5}"#,
    #"{"id": 5, "ratio": 1e400}"#,
    #"{"id": 5, "single": 1.0000001}"#,
    #"{"id": 5, "exact": 10.50000000000000000001}"#,
    #"{"id": 5, "name": "a"}"#,
    #"{"id": 5, "name": "abcdef"}"#,
    #"{"id": 5, "name": "é́é"}"#,
    #"{"id": 5, "name": "a\r\nb"}"#,
    #"{"id": 5, "name": "\u0061\u0062"}"#,
    #"{"id": 5, "name": 12}"#,
    #"{"id": 5, "name": null}"#,
    #"{"id": 5, "code": "BEEF"}"#,
    #"{"id": 5, "code": "be\u0065f"}"#,
    #"{"id": 5, "code": "beéf"}"#,
    #"{"id": 5, "both": "abcdefghi"}"#,
    #"{"id": 5, "both": "abc"}"#,
    #"{"id": 5, "day": "2024-02-03T04:05:00Z"}"#,
    #"{"id": 5, "day": "2024-02-30 04:05"}"#,
    #"{"id": 5, "day": "2024-02-03"}"#,
    #"{"id": 5, "day": 1700000000}"#,
    #"{"id": 5, "said": "Xyz Aug 31 00:29:15 +0000 2014"}"#,
    #"{"id": 5, "said": "Sun Aug 31 00:29:15 +0000 2014", "id": 6}"#,
    #"[{"id": 5, "name": "ab"}, {"id": 5, "name": "abcdefgh"}, {"id": 7}]"#,
  ]

  @Test("directive checks and pattern dates: the same verdicts and findings with and without the check", arguments: conformances)
  func sameResultsWithChecks(_ conformance: String) throws {
    let registry = EngineProbe.registry(Self.checkedSchema(conformance))
    for options in Self.optionSets {
      for record in Self.checkedRecords {
        let quick = try EngineProbe.run(registry, record, model: "C", options: options, build: false)
        let full = try EngineProbe.run(registry, record, model: "C", options: options, build: false, cleanCheck: false)
        #expect(Self.outcome(quick) == Self.outcome(full), "\(conformance) strict=\(options.strict) \(record)")
        #expect(quick.summary == full.summary)
      }
    }
  }

  /// A record with every check passing and both pattern dates is vouched for by the check alone.
  @Test func checkedCleanRecordPasses() throws {
    let registry = EngineProbe.registry(Self.checkedSchema(": DictionaryConvertible"))
    let schema = CompiledSchema(registry: registry, options: ValidationOptions(strict: true))
    let check = CleanRecordCheck(plan: schema.cleanPlan)
    let model = try #require(schema.modelIndex("C"))
    let bytes = Array(Self.checkedRecords[0].utf8)
    let clean = bytes.withUnsafeBytes { raw in
      var scanner = JSONScanner(raw)
      return check.isClean(.model(model), &scanner) && (try? scanner.expectEnd()) != nil
    }
    #expect(clean)
  }

  /// Every sample and example data file, and every JSONTestSuite document, against the
  /// schemas they belong to and against `M`: the same results with and without the check.
  @Test("the shared samples and JSONTestSuite: the same results with and without the check")
  func sameResultsOnFiles() throws {
    let suite = SampleFiles.samples.deletingLastPathComponent().appendingPathComponent("data/JSONTestSuite/test_parsing")
    guard FileManager.default.fileExists(atPath: suite.path) else {
      Issue.record(Comment(rawValue: SampleFiles.missing))
      return
    }
    var files = try FileManager.default.contentsOfDirectory(at: suite, includingPropertiesForKeys: nil)
    for folder in [SampleFiles.samples, SampleFiles.schemas] {
      guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "json" { files.append(url) }
    }
    let registry = EngineProbe.registry(Self.schema(""))
    var compared = 0
    for file in files where file.pathExtension == "json" {
      let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
      for options in Self.optionSets.prefix(2) {
        let quick = try? EngineProbe.run(registry, text, options: options, build: false)
        let full = try? EngineProbe.run(registry, text, options: options, build: false, cleanCheck: false)
        #expect(quick.map(Self.outcome) == full.map(Self.outcome), "\(file.lastPathComponent)")
        compared += 1
      }
    }
    #expect(compared > 300)
  }

  @Test("the users example, one by one and as NDJSON: the same results with and without the check")
  func sameResultsOnExamples() throws {
    let text = String(decoding: try Data(contentsOf: SampleFiles.schemas.appendingPathComponent("users.cast")), as: UTF8.self)
    let registry = EngineProbe.registry(text, path: "users.cast")
    for (data, ndjson) in [("users.json", false), ("users-invalid.json", false), ("users.ndjson", true)] {
      let json = String(decoding: try Data(contentsOf: SampleFiles.schemas.appendingPathComponent(data)), as: UTF8.self)
      for options in Self.optionSets {
        let quick = try EngineProbe.run(registry, json, model: "User", options: options, build: false, ndjson: ndjson)
        let full = try EngineProbe.run(registry, json, model: "User", options: options, build: false, ndjson: ndjson, cleanCheck: false)
        #expect(Self.outcome(quick) == Self.outcome(full), "\(data)")
      }
    }
  }
}

/// A model of many properties finds keys that come out of order through its key table.
struct CleanRecordCheckWideModelTests {
  static let schema = "struct W: DictionaryConvertible {\n" + (0..<300).map { "    var property\($0): Int?\n" }.joined() + "}\n"

  static let records: [String] = [
    "{" + (0..<300).reversed().map { "\"property\($0)\": \($0)" }.joined(separator: ", ") + "}",
    "{" + (0..<300).map { "\"property\(($0 * 7) % 300)\": 1" }.joined(separator: ", ") + "}",
    #"{"property299": 1, "property3": 2, "property30": 3, "property300": 4}"#,
    #"{"property120": 1, "property12": 2, "property120": 3}"#,
    #"{"property12": "x", "property1": 1}"#,
  ]

  @Test("with and without the check, the same verdicts and findings, keys in any order", arguments: records.indices)
  func sameResults(_ row: Int) throws {
    let registry = EngineProbe.registry(Self.schema)
    for options in CleanRecordCheckTests.optionSets {
      let quick = try EngineProbe.run(registry, Self.records[row], model: "W", options: options, build: false)
      let full = try EngineProbe.run(registry, Self.records[row], model: "W", options: options, build: false, cleanCheck: false)
      #expect(CleanRecordCheckTests.outcome(quick) == CleanRecordCheckTests.outcome(full), "strict=\(options.strict)")
    }
  }

  @Test("a record of every key, out of order, passes the check on its own", arguments: [0, 1])
  func passes(_ row: Int) throws {
    let registry = EngineProbe.registry(Self.schema)
    let schema = CompiledSchema(registry: registry, options: ValidationOptions(strict: true))
    let check = CleanRecordCheck(plan: schema.cleanPlan)
    let model = try #require(schema.modelIndex("W"))
    let clean = Array(Self.records[row].utf8).withUnsafeBytes { raw in
      var scanner = JSONScanner(raw)
      return check.isClean(.model(model), &scanner) && (try? scanner.expectEnd()) != nil
    }
    #expect(clean)
  }
}
