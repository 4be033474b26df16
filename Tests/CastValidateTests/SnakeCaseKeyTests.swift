import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// Codable models read under `--key-decoding convert-from-snake-case`: a key known to convert to
/// a CodingKey is matched as it stands, by the clean-record check and by the walk, and any other
/// key is converted as JSONDecoder converts it. With the check and without it, the same verdicts,
/// findings and output.
struct SnakeCaseKeyTests {
  static let schema = """
    import Foundation
    struct Geo: Codable {
        let lat: Double
        let lon: Double
    }
    struct M: Codable {
        let id: Int
        let userName: String
        var isActive: Bool?
        var homeGeo: Geo?
        var myURL: URL?
        var tags: [String]?
    }
    struct K: Codable {
        let id: Int
        let flag: Bool
        enum CodingKeys: String, CodingKey { case id, flag = "flag_key" }
    }
    """

  /// Clean records first (rows 0 and 1), then every other spelling a key can take.
  static let records: [String] = [
    #"{"id":1,"user_name":"a","is_active":true,"home_geo":{"lat":1,"lon":2},"tags":["x"]}"#,
    #"{"tags":[],"home_geo":{"lon":2,"lat":1},"user_name":"a","id":1}"#,
    // Keys that convert to a CodingKey without being the key convertToSnakeCase writes.
    #"{"id":1,"userName":"a"}"#,
    #"{"id":1,"USER_NAME":"a"}"#,
    // Underscores around a key stay (`_userName_`): no CodingKey.
    #"{"id":1,"_user_name_":"a"}"#,
    #"{"id":1,"user__name":"a"}"#,
    #"{"id":1,"user_name":"a","my_u_r_l":"https://example.com"}"#,
    // `my_url` is read as `myUrl`, which is no CodingKey.
    #"{"id":1,"user_name":"a","my_url":"https://example.com"}"#,
    // Two keys for one property, either way round; the same key twice.
    #"{"id":1,"user_name":"a","userName":"b"}"#,
    #"{"id":1,"userName":"b","user_name":"a"}"#,
    #"{"id":1,"user_name":"a","user_name":"b"}"#,
    #"{"id":1,"user_name":"a","home_geo":{"lat":1,"LON":2}}"#,
    #"{"id":1,"user_name":"a","extra":{"user_name":1}}"#,
    #"{"id":1}"#,
    #"{"id":1,"user_name":null}"#,
    #"{"id":1,"user_name":"a","is_active":"yes"}"#,
    #"{"id":1,"user\u005fname":"a"}"#,
  ]

  static let optionSets: [ValidationOptions] = [
    ValidationOptions(),
    ValidationOptions(strict: true),
    ValidationOptions(unknownKeys: .ignore),
    ValidationOptions(unknownKeys: .warn),
  ]

  static func registry(encodeSnakeCase: Bool = false) -> ModelRegistry {
    var options = RegistryOptions()
    options.keyDecoding = .convertFromSnakeCase
    if encodeSnakeCase { options.keyEncoding = .convertToSnakeCase }
    return EngineProbe.registry(schema, options: options, path: "models.swift")
  }

  @Test("the same verdicts and findings with and without the clean-record check", arguments: optionSets.indices)
  func sameFindings(_ option: Int) throws {
    let registry = Self.registry()
    for record in Self.records {
      let quick = try EngineProbe.run(registry, record, options: Self.optionSets[option], build: false)
      let full = try EngineProbe.run(registry, record, options: Self.optionSets[option], build: false, cleanCheck: false)
      #expect(quick.records.map { $0.findings.map(EngineProbe.describe) } == full.records.map { $0.findings.map(EngineProbe.describe) }, "\(record)")
      #expect(quick.summary == full.summary, "\(record)")
    }
  }

  @Test("the same output with and without the clean-record transcript", arguments: [false, true])
  func sameOutput(_ encodeSnakeCase: Bool) throws {
    let registry = Self.registry(encodeSnakeCase: encodeSnakeCase)
    let ndjson = Self.records.joined(separator: "\n")
    for options in Self.optionSets {
      for keys in KeyStyle.allCases {
        let quick = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: keys, cleanCheck: true)
        let full = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: keys, cleanCheck: false)
        #expect(quick == full, "keys=\(keys) strict=\(options.strict) unknown=\(options.unknownKeys)")
      }
    }
  }

  /// `flag_key` is read as `flagKey`: no key reaches the CodingKey `flag_key`, so `flag` is missing.
  @Test("a CodingKey no key converts to is missing, with the check and without it", arguments: optionSets.indices)
  func unreachableCodingKey(_ option: Int) throws {
    let registry = Self.registry()
    for record in [#"{"id":1,"flag_key":true}"#, #"{"id":1,"flagKey":true}"#] {
      let quick = try EngineProbe.run(registry, record, model: "K", options: Self.optionSets[option], build: false)
      let full = try EngineProbe.run(registry, record, model: "K", options: Self.optionSets[option], build: false, cleanCheck: false)
      let valid = quick.isValid
      #expect(!valid, "\(record)")
      #expect(quick.findings == full.findings)
      #expect(quick.findings.contains { $0.contains("missing-required") }, "\(quick.findings)")
    }
  }

  @Test("the walk reads every key that converts to a CodingKey as JSONDecoder does")
  func walkReadsConvertedKeys() throws {
    let registry = Self.registry()
    for row in [2, 3, 5, 6] {
      let run = try EngineProbe.run(registry, Self.records[row], options: ValidationOptions(strict: true), build: false)
      let valid = run.isValid
      #expect(valid, "\(Self.records[row]): \(run.findings)")
    }
  }

  /// The records the check must vouch for by itself: without the snake keys it would doubt every one.
  @Test("clean records pass the check on its own, and are written by it", arguments: [0, 1])
  func cleanRecordsPass(_ row: Int) throws {
    let registry = Self.registry(encodeSnakeCase: true)
    let schema = CompiledSchema(registry: registry, options: ValidationOptions(strict: true))
    let check = CleanRecordCheck(plan: schema.cleanPlan)
    let transcript = try #require(CompactTranscript(schema: schema, keys: .json))
    let model = try #require(schema.modelIndex("M"))
    let bytes = Array(Self.records[row].utf8)
    let written: String? = bytes.withUnsafeBytes { raw in
      var scanner = JSONScanner(raw)
      guard check.isClean(.model(model), &scanner) else { return nil }
      scanner = JSONScanner(raw)
      transcript.reset()
      guard let writer = CleanTranscriptWriter(transcript, input: raw, recordAt: 0), check.isClean(.model(model), &scanner, writer)
      else { return nil }
      transcript.flushRun()
      return String(decoding: transcript.bytes, as: UTF8.self)
    }
    let expected = try CleanTranscriptTests.converted(
      registry, Self.records[row], options: ValidationOptions(strict: true), keys: .json, cleanCheck: false)
    #expect(written != nil)
    #expect(expected?.first?.hasSuffix(" → " + (written ?? "-")) == true, "\(expected ?? []) vs \(written ?? "-")")
  }
}
