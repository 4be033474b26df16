import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// Models whose keys are folded before they are compared: `-i`, JsonObject's snake_case rule,
/// and Codable models under `--key-decoding convert-from-snake-case`. A key that is a property's
/// as it stands is matched without folding, by the clean-record check and by the walk; any other
/// is folded or converted as before. With the check and without it, the same verdicts, findings
/// and output.
struct FoldedKeyTests {
  /// One way of folding keys: a schema and the options that make it fold them.
  struct Folding: CustomTestStringConvertible, Sendable {
    let name: String
    let schema: String
    let path: String
    let caseInsensitive: Bool
    let fromSnakeCase: Bool
    var testDescription: String { name }

    func registry(encodeSnakeCase: Bool = false) -> ModelRegistry {
      var options = RegistryOptions(caseInsensitiveKeys: caseInsensitive)
      if fromSnakeCase { options.keyDecoding = .convertFromSnakeCase }
      if encodeSnakeCase { options.keyEncoding = .convertToSnakeCase }
      return EngineProbe.registry(schema, options: options, path: path)
    }
  }

  static let codable = Folding(
    name: "convert-from-snake-case",
    schema: """
      import Foundation
      struct Geo: Codable {
          let lat: Double
          let lon: Double
          var placeName: String?
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
      """,
    path: "models.swift", caseInsensitive: false, fromSnakeCase: true)

  static func castSchema(_ conformance: String) -> String {
    """
    struct Geo: \(conformance) {
        let lat: Double
        let lon: Double
        var placeName: String?
    }
    struct M: \(conformance) {
        let id: Int
        let userName: String
        var isActive: Bool?
        var homeGeo: Geo?
        var tags: [String]?
        var myURL: String?
    }
    """
  }

  static let foldings: [Folding] = [
    codable,
    Folding(
      name: "JsonObject's snake_case", schema: castSchema("JsonObject, UnderscoreToCamelCase"), path: "models.cast",
      caseInsensitive: false, fromSnakeCase: false),
    Folding(
      name: "-i", schema: castSchema("DictionaryConvertible, UnderscoreToCamelCase"), path: "models.cast",
      caseInsensitive: true, fromSnakeCase: false),
    Folding(
      name: "-i with JsonObject's snake_case", schema: castSchema("JsonObject, UnderscoreToCamelCase"), path: "models.cast",
      caseInsensitive: true, fromSnakeCase: false),
  ]

  /// Clean records first (rows 0 and 1), then every other spelling a key can take.
  static let records: [String] = [
    #"{"id":1,"user_name":"a","is_active":true,"home_geo":{"lat":1,"lon":2,"place_name":"p"},"tags":["x"]}"#,
    #"{"tags":[],"home_geo":{"lon":2,"lat":1},"user_name":"a","id":1}"#,
    #"{"id":1,"userName":"a"}"#,
    #"{"id":1,"USER_NAME":"a"}"#,
    #"{"id":1,"User_Name":"a","Is_Active":false}"#,
    #"{"ID":1,"user_name":"a"}"#,
    // Underscores around a key stay under `.convertFromSnakeCase` (`_userName_`).
    #"{"id":1,"_user_name_":"a"}"#,
    #"{"id":1,"user__name":"a"}"#,
    #"{"id":1,"user_name":"a","my_u_r_l":"https://example.com"}"#,
    #"{"id":1,"user_name":"a","my_url":"https://example.com"}"#,
    // An acronym's written key (`my_url`) and its name are one key under JsonObject's rule.
    #"{"id":1,"user_name":"a","my_url":"https://a.org","myURL":"https://b.org"}"#,
    #"{"id":1,"user_name":"a","myURL":"https://b.org","my_url":"https://a.org"}"#,
    // Two keys for one property, either way round; the same key twice.
    #"{"id":1,"user_name":"a","userName":"b"}"#,
    #"{"id":1,"userName":"b","user_name":"a"}"#,
    #"{"id":1,"user_name":"a","USER_NAME":"b"}"#,
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

  @Test("the same verdicts and findings with and without the clean-record check", arguments: foldings)
  func sameFindings(_ folding: Folding) throws {
    let registry = folding.registry()
    for options in Self.optionSets {
      try CheckAgreement.expectSameFindings(registry, Self.records, options: options)
    }
  }

  @Test("the same output with and without the clean-record transcript", arguments: foldings, [false, true])
  func sameOutput(_ folding: Folding, _ encodeSnakeCase: Bool) throws {
    let registry = folding.registry(encodeSnakeCase: encodeSnakeCase)
    let ndjson = Self.records.joined(separator: "\n")
    for options in Self.optionSets {
      for keys in KeyStyle.allCases {
        let quick = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: keys, cleanCheck: true)
        let full = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: keys, cleanCheck: false)
        #expect(quick == full, "keys=\(keys) strict=\(options.strict) unknown=\(options.unknownKeys)")
      }
    }
  }

  /// The records the check must vouch for by itself: reading only folded keys, it would doubt every one.
  @Test("clean records pass the check on its own, and are written by it", arguments: foldings, [0, 1])
  func cleanRecordsPass(_ folding: Folding, _ row: Int) throws {
    let registry = folding.registry()
    let schema = CompiledSchema(registry: registry, options: ValidationOptions(strict: true))
    let model = try #require(schema.modelIndex("M"))
    let validated = Array(Self.records[row].utf8).withUnsafeBytes { raw in
      var scanner = JSONScanner(raw)
      return CleanRecordCheck(plan: schema.cleanPlan).isClean(.model(model), &scanner)
    }
    #expect(validated)
    let written = try CleanTranscriptTests.writtenByCheck(registry, Self.records[row], options: ValidationOptions(strict: true))
    let expected = try CleanTranscriptTests.converted(
      registry, Self.records[row], options: ValidationOptions(strict: true), keys: .json, cleanCheck: false)
    #expect(written != nil)
    #expect(expected?.first?.hasSuffix(" → " + (written ?? "-")) == true, "\(expected ?? []) vs \(written ?? "-")")
  }

  /// Under `-i` alone a key in another case is the property's once folded, which the check
  /// does as the walk does; models of many properties find it through a table of folded keys.
  static let wideSchema: String = "struct M {\n" + (0..<40).map { "  let property\($0): Int\n" }.joined() + "}\n"
  static let wideRecord: String = "{" + (0..<40).reversed().map { "\"PROPERTY\($0)\":\($0)" }.joined(separator: ",") + "}"
  static let otherCaseRows: [(String, String)] = [
    (castSchema("DictionaryConvertible, UnderscoreToCamelCase"), #"{"id":1,"USER_NAME":"a"}"#),
    (castSchema("DictionaryConvertible, UnderscoreToCamelCase"), #"{"Id":1,"User_Name":"a","Is_Active":false,"HOME_GEO":{"LAT":1,"Lon":2}}"#),
    (wideSchema, wideRecord),
  ]

  /// Under `-i` alone a key in another case is the property's once folded, which the check
  /// does as the walk does; models of many properties find it through a table of folded keys.
  @Test("-i: keys in another case pass the check on its own, as the walk reads them", arguments: otherCaseRows)
  func otherCasePasses(_ schema: String, _ record: String) throws {
    let options = RegistryOptions(caseInsensitiveKeys: true)
    let registry = EngineProbe.registry(schema, options: options)
    let full = try EngineProbe.run(registry, record, options: CheckAgreement.strict, build: false, cleanCheck: false)
    #expect(full.records.allSatisfy { $0.findings.isEmpty }, "\(full.findings)")
    #expect(try CheckAgreement.passesCheck(schema, record, options: options))
    let unknownKey = String(record.dropLast()) + #","Other_Key":1}"#
    try CheckAgreement.expectSameFindings(registry, [record, unknownKey], options: ValidationOptions(unknownKeys: .error))
  }

  /// The key is written as declared, in the output's key style, from the writer's table.
  @Test("-i: keys in another case are written by the clean writer as the walk writes them", arguments: otherCaseRows)
  func otherCaseWrittenByTheCheck(_ schema: String, _ record: String) throws {
    let registry = EngineProbe.registry(schema, options: RegistryOptions(caseInsensitiveKeys: true))
    try CleanTranscriptTests.expectWrittenByCheck(registry, [record])
    for keys in KeyStyle.allCases {
      let quick = try CleanTranscriptTests.converted(registry, record, options: ValidationOptions(), keys: keys, cleanCheck: true)
      let full = try CleanTranscriptTests.converted(registry, record, options: ValidationOptions(), keys: keys, cleanCheck: false)
      #expect(quick != nil && quick == full, "\(keys)")
    }
  }

  @Test("JSONDecoder reads every key that converts to a CodingKey, and no other")
  func convertedKeys() throws {
    let registry = Self.codable.registry()
    for (row, valid) in [(2, true), (3, true), (6, false), (7, true), (8, true)] {
      let run = try EngineProbe.run(registry, Self.records[row], options: ValidationOptions(strict: true), build: false)
      let isValid = run.isValid
      #expect(isValid == valid, "\(Self.records[row]): \(run.findings)")
    }
  }

  /// `flag_key` is read as `flagKey`: no key reaches the CodingKey `flag_key`, so `flag` is missing.
  @Test("a CodingKey no key converts to is missing, with the check and without it", arguments: optionSets.indices)
  func unreachableCodingKey(_ option: Int) throws {
    let registry = Self.codable.registry()
    for record in [#"{"id":1,"flag_key":true}"#, #"{"id":1,"flagKey":true}"#] {
      let quick = try EngineProbe.run(registry, record, model: "K", options: Self.optionSets[option], build: false)
      let full = try EngineProbe.run(registry, record, model: "K", options: Self.optionSets[option], build: false, cleanCheck: false)
      let valid = quick.isValid
      #expect(!valid, "\(record)")
      #expect(quick.findings == full.findings)
      #expect(quick.findings.contains { $0.contains("missing-required") }, "\(quick.findings)")
    }
  }

  @Test("-i reads a key in any case; JsonObject reads the snake_case key and the property name", arguments: foldings.dropFirst())
  func foldedKeysAreRead(_ folding: Folding) throws {
    let registry = folding.registry()
    // `userName` folds to `username` under -i alone, not to `user_name`.
    let snakeCase = folding.schema.contains("JsonObject")
    var rows = [(0, true), (1, true), (2, snakeCase)]
    if folding.caseInsensitive { rows += [(3, true), (4, true), (5, true)] }
    for (row, valid) in rows {
      let run = try EngineProbe.run(registry, Self.records[row], options: ValidationOptions(strict: true), build: false)
      let isValid = run.isValid
      #expect(isValid == valid, "\(Self.records[row]): \(run.findings)")
    }
  }
}

/// Findings about a value the data holds point at it as the data spells its keys, however the
/// model folds them: through plain keys, key paths and index keys alike.
struct FoldedKeyPointerTests {
  static let schema = """
    struct M: DictionaryConvertible {
        let id: Int
        let userName: String
        var score: Int = 3
        let city: String //! "address/city"
        var zip: Int? //! "address/codes[1]"
    }
    """

  // NB: strict for a null's finding; not strict for the note that a required property is left
  // without its unusable value.
  static let rows: [(record: String, strict: Bool, findings: Set<String>)] = [
    (
      #"{"ID":1,"USERNAME":5,"ADDRESS":{"CITY":"c"}}"#, false,
      ["error type-mismatch /USERNAME", "note missing-required /USERNAME"]
    ),
    (#"{"ID":1,"UserName":null,"Address":{"City":"c"}}"#, true, ["error null-not-allowed /UserName"]),
    (
      #"{"ID":1,"username":"a","ADDRESS":{"CITY":5}}"#, false,
      ["error type-mismatch /ADDRESS/CITY", "note missing-required /ADDRESS/CITY"]
    ),
    (#"{"ID":1,"username":"a","ADDRESS":{"CITY":null}}"#, true, ["error null-not-allowed /ADDRESS/CITY"]),
    (
      #"{"ID":1,"username":"a","ADDRESS":7}"#, false,
      // `city` is required, so its finding stays an error; `zip`'s is a warning.
      ["error type-mismatch /ADDRESS", "note missing-required /ADDRESS", "warning type-mismatch /ADDRESS"]
    ),
    (#"{"ID":1,"username":"a","SCORE":null,"ADDRESS":{"CITY":"c","CODES":[1,null]}}"#, true, ["error null-not-allowed /SCORE"]),
    (
      #"{"ID":1,"username":"a","ADDRESS":{"CITY":"c","Codes":[1,"x"]}}"#, true,
      ["error type-mismatch /ADDRESS/Codes/1"]
    ),
    // Absent: nothing in the data to spell, so the declared key.
    (#"{"ID":1,"ADDRESS":{"CITY":"c"}}"#, true, ["error missing-required /userName"]),
    // A key path that stops on the way: the data's spelling up to where it stops.
    (#"{"ID":1,"username":"a","ADDRESS":{"ZIP":1}}"#, true, ["error missing-required /ADDRESS/city"]),
    (#"{"ID":1,"username":"a"}"#, true, ["error missing-required /address/city"]),
  ]

  /// A key path's missing key is reported at the object it is missing from, as a nested model's
  /// is, with and without folding.
  @Test("a key path that stops on the way is reported at the object its next key is missing from", arguments: [false, true])
  func missingStepPosition(_ caseInsensitive: Bool) throws {
    let registry = EngineProbe.registry(Self.schema, options: RegistryOptions(caseInsensitiveKeys: caseInsensitive))
    let record = #"{"id": 1, "userName": "a", "address": {"zip": 1}}"#
    let run = try EngineProbe.run(registry, record, build: false)
    let missing = try #require(run.record.findings.first { $0.code == FindingCode.missingRequired.rawValue })
    #expect(missing.path == "/address/city")
    // The last `{` opens the address object.
    #expect(missing.offset == Array(record.utf8).lastIndex(of: UInt8(ascii: "{")))
  }

  @Test("-i findings point at the data's spelling of a key", arguments: rows.indices)
  func pointsAtDataSpelling(_ row: Int) throws {
    let registry = EngineProbe.registry(Self.schema, options: RegistryOptions(caseInsensitiveKeys: true))
    let (record, strict, expected) = Self.rows[row]
    for cleanCheck in [true, false] {
      let run = try EngineProbe.run(registry, record, options: ValidationOptions(strict: strict), build: false, cleanCheck: cleanCheck)
      #expect(run.findings == expected, "\(record)")
    }
  }
}
