import CastSchema
import Testing

@testable import CastValidate

/// `//! count` of sets and dictionaries, sets of enum cases, of floating-point numbers, of UUIDs and of dates,
/// dictionaries keyed by enum cases and arrays of arrays, read by the clean-record check: with the check and without it, the same verdicts and findings;
/// clean records pass the check on its own.
struct CollectionCheckTests {
  static let schema = """
    enum Color: String { case red, green, blue }
    enum Level: Int { case low = 1, high = 9 }
    struct M: DictionaryConvertible {
      var colors: Set<Color>?
      var byColor: [Color: Int]?
      var byLevel: [Level: Int]?
      var few: Set<String>? //! count 1...2
      var map: [String: Int]? //! count 1...2
      var byNumber: [Int: String]? //! count 2
      var sets: [String: Set<Color>]? //! count 1
      var grid: [[Int]]? //! count 2
      var holes: [[Int?]?]?
      var cube: [[[Double]]]?
      var weights: Set<Double>? //! count 1...40
      var ratios: Set<Float>?
      var ids: Set<UUID>? //! count 1...3
      var names: Set<String>?
      var dates: Set<Date>?
    }
    """

  /// Records the walk finds nothing in, which the check reads on its own.
  static let cleanRecords: [String] = [
    #"{"colors":["red","blue"],"byColor":{"green":1,"red":2}}"#,
    #"{"colors":[],"byColor":{}}"#,
    #"{"few":["a"],"map":{"a":1,"b":2},"byNumber":{"1":"x","-2":"y"}}"#,
    #"{"few":["a","b"],"map":{"a":3}}"#,
    #"{"sets":{"k":["red","green","blue"]}}"#,
    #"{"grid":[[1,2],[]],"holes":[null,[null,1],[]],"cube":[[[1.5,2]],[],[[3],[4,5e1]]]}"#,
    #"{"grid":[ [ 1 ] , [ 2 , 3 ] ],"holes":[],"cube":[]}"#,
    #"{"weights":[1,1.5,-2,0,1e-3,0.1,0.30000000000000004],"ratios":[0.5,-0.25,3]}"#,
    #"{"weights":[\#((0..<40).map { "\($0).5" }.joined(separator: ","))]}"#,
    #"{"ids":["E621E1F8-C36C-495A-93FC-0C247A3E6E5F","e621e1f8-c36c-495a-93fc-0c247a3e6e5e"]}"#,
    #"{"ids":["00000000-0000-0000-0000-000000000000","FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF","aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee"]}"#,
    #"{"names":[\#((0..<300).map { "\"n\($0)\"" }.joined(separator: ","))],"map":{"a":1}}"#,
    #"{"dates":["2024-01-01T00:00:00Z","2024-01-01T00:00:01Z",86400,"2024-01-01T00:00:00.5Z"]}"#,
    #"{"dates":[\#((0..<100).map { "\($0 * 3600)" }.joined(separator: ","))]}"#,
  ]

  /// Records the walk has something to say about.
  static let otherRecords: [String] = [
    #"{"colors":["red","red"]}"#,
    #"{"colors":["red","pink"]}"#,
    #"{"colors":["red",null]}"#,
    #"{"byColor":{"pink":1}}"#,
    #"{"byColor":{"red":1,"red":2}}"#,
    #"{"few":[]}"#,
    #"{"few":["a","b","c"]}"#,
    #"{"few":["a","a"]}"#,
    #"{"map":{}}"#,
    #"{"map":{"a":1,"b":2,"c":3}}"#,
    #"{"map":{"a":1,"a":2}}"#,
    #"{"map":{"a":1,"b":2,"a":3}}"#,
    #"{"byNumber":{"1":"x"}}"#,
    #"{"byNumber":{"1":"x","01":"y"}}"#,
    #"{"sets":{"k":["red"],"l":["blue"]}}"#,
    #"{"sets":{}}"#,
    #"{"grid":[[1],null]}"#,
    #"{"grid":[[1],[2],[3]]}"#,
    #"{"grid":[[1,"x"],[2]]}"#,
    #"{"grid":[1,[2]]}"#,
    #"{"grid":[[null],[2]]}"#,
    #"{"holes":[[1],{"a":1}]}"#,
    #"{"cube":[[[1]],[[true]]]}"#,
    #"{"cube":[[[1]],[null]]}"#,
    #"{"weights":[1,1.0]}"#,
    #"{"weights":[0,-0.0]}"#,
    #"{"weights":[-0,0.0]}"#,
    #"{"weights":[1.5,2,15e-1]}"#,
    #"{"weights":[0.1,0.10000000000000001]}"#,
    #"{"weights":[\#((0..<39).map { "\($0).5" }.joined(separator: ",")),7.50]}"#,
    #"{"weights":[]}"#,
    #"{"weights":[1,null]}"#,
    #"{"weights":[1,"2"]}"#,
    #"{"weights":[1e400]}"#,
    #"{"ratios":[0.1,0.10000000001]}"#,
    #"{"ratios":[1e39]}"#,
    #"{"ids":["E621E1F8-C36C-495A-93FC-0C247A3E6E5F","e621e1f8-c36c-495a-93fc-0c247a3e6e5f"]}"#,
    #"{"ids":["E621E1F8-C36C-495A-93FC-0C247A3E6E5F","E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]}"#,
    #"{"ids":["E621E1F8-C36C-495A-93FC-0C247A3E6E5"]}"#,
    #"{"ids":["E621E1F8C36C495A93FC0C247A3E6E5F"]}"#,
    #"{"ids":["G621E1F8-C36C-495A-93FC-0C247A3E6E5F"]}"#,
    #"{"ids":[]}"#,
    #"{"ids":["00000000-0000-0000-0000-000000000001","00000000-0000-0000-0000-000000000002","00000000-0000-0000-0000-000000000003","00000000-0000-0000-0000-000000000004"]}"#,
    #"{"ids":[null]}"#,
    #"{"names":[\#((0..<300).map { "\"n\($0 % 299)\"" }.joined(separator: ","))]}"#,
    #"{"dates":["2024-01-01T00:00:00Z","2024-01-01T01:00:00+01:00"]}"#,
    #"{"dates":["1970-01-01T00:00:00Z",0]}"#,
    #"{"dates":[0,-0.0]}"#,
    #"{"dates":["2024-01-01T00:00:00.5Z","2024-01-01T00:00:00.500Z"]}"#,
    #"{"dates":[\#((0..<100).map { "\($0 * 3600)" }.joined(separator: ",")),"1970-01-01T01:00:00Z"]}"#,
    #"{"dates":[1000,1000.0,"1970-01-01T00:16:40Z"]}"#,
    #"{"dates":["yesterday"]}"#,
  ]

  /// Records the walk reads as clean, which the check leaves to it.
  static let leftToTheWalk: [String] = [
    #"{"byLevel":{"1":5}}"#,
    #"{"colors":["r\u0065d"]}"#,
    #"{"byColor":{"r\u0065d":1}}"#,
    #"{"ids":["\u0045621E1F8-C36C-495A-93FC-0C247A3E6E5F"]}"#,
  ]

  static let optionSets: [ValidationOptions] = [
    ValidationOptions(), ValidationOptions(strict: true), ValidationOptions(unknownKeys: .error),
  ]

  @Test("the same verdicts and findings with and without the clean-record check", arguments: optionSets.indices)
  func sameFindings(_ option: Int) throws {
    try CheckAgreement.expectSameFindings(
      EngineProbe.registry(Self.schema), Self.cleanRecords + Self.otherRecords + Self.leftToTheWalk, options: Self.optionSets[option])
  }

  @Test("clean counted sets and dictionaries, enum sets and enum keys pass the check on its own", arguments: cleanRecords)
  func cleanRecordsPass(_ record: String) throws {
    try CheckAgreement.expectVerdicts(Self.schema, record, walkFindsNothing: true, checkPasses: true)
  }

  @Test("records the walk reports on are doubted by the check", arguments: otherRecords)
  func otherRecordsDoubted(_ record: String) throws {
    try CheckAgreement.expectVerdicts(Self.schema, record, walkFindsNothing: false, checkPasses: false)
  }

  @Test("numeric enum keys and escaped cases are left to the walk", arguments: leftToTheWalk)
  func doubted(_ record: String) throws {
    #expect(try !CheckAgreement.passesCheck(Self.schema, record))
  }

  @Test("the same output with and without the clean-record transcript")
  func sameOutput() throws {
    let registry = EngineProbe.registry(Self.schema)
    let ndjson = (Self.cleanRecords + Self.otherRecords + Self.leftToTheWalk).joined(separator: "\n")
    for options in Self.optionSets {
      for keys in KeyStyle.allCases {
        let quick = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: keys, cleanCheck: true)
        let full = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: keys, cleanCheck: false)
        #expect(quick == full, "keys=\(keys) strict=\(options.strict)")
      }
    }
  }

  /// Two UUIDs are one word exactly when their digits are the same, in either case: what the
  /// check's `Set<UUID>` counts on to leave a repeat to the walk.
  @Test(
    "a UUID's word is its digits' in either case",
    arguments: [
      ("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", true),
      ("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5E", false),
      ("00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001", false),
      ("00000000-0000-0000-0000-000000000001", "00000000-0000-0000-0000-000000000010", false),
      ("10000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000000", false),
      ("abcdef00-0000-0000-0000-000000000000", "ABCDEF00-0000-0000-0000-000000000000", true),
    ])
  func uuidWords(_ a: String, _ b: String, _ same: Bool) {
    let words = [a, b].map { text in Array(text.utf8).withUnsafeBytes { CleanRecordCheck.uuidWord($0) } }
    #expect((words[0] == words[1]) == same)
  }

  /// A type target's values outside any model are read by the dialect's rules, the check's
  /// included: it vouched for two keys `String` holds as one, where the walk reports a duplicate.
  @Test(
    "a type target under the codable dialect: keys equal as Strings are one key, with or without the check",
    arguments: [#"{"caf\#u{E9}": 1, "cafe\#u{301}": 2}"#, #"{"k": 1, "k": 2}"#])
  func typeTargetCanonicalKeys(_ record: String) throws {
    let schema = try Schema(source: "", options: RegistryOptions(dialect: .codable))
    let report = try schema.validator(forType: "[String: Int]").validate(record)
    #expect(report.findings.map(\.code) == ["duplicate-key"], "\(report.findings)")
  }

  /// What a `null` element of an optional type is: DSON takes no `null`, an optional element's
  /// none either (DS-01, DS-02); JsonObject and Nosce drop it, as every element their mappers and
  /// casts return nil for (JO-12–14, NO-06); the others read it as the element's nil. The check
  /// doubts such a record as the walk reports it, in a model (the type named as declared) and
  /// in a `--type` target; under `--strict` the null is the optional's nil in every dialect but DSON.
  @Test(
    "a null element of [Int?], Set<Int?>, [[Int?]] or value of [String: Int?], with the check and without",
    arguments: [
      (Dialect.dson, ["error null-not-allowed /a/1"], ["error null-not-allowed /a/1"]),
      (.jsonobject, ["warning null-not-allowed /a/1", "warning element-dropped /a/1"], []),
      (.nosce, ["warning null-not-allowed /a/1", "warning element-dropped /a/1"], []),
      (.jsoncast, [], []),
      (.convertible, [], []),
    ])
  func nullOptionalElements(_ dialect: Dialect, _ findings: [String], _ strictFindings: [String]) throws {
    let schema = "struct M {\n  var a: [Int?] = []\n  var m: [String: Int?] = [:]\n  var s: Set<Int?> = []\n  var n: [[Int?]] = []\n}\n"
    let registry = EngineProbe.registry(schema, options: RegistryOptions(dialect: dialect))
    let records = [
      #"{"a": [1, null]}"#, #"{"m": {"k": null}}"#, #"{"s": [null, 1]}"#, #"{"n": [[null], []]}"#,
      #"{"a": [1, 2], "m": {"k": 3}, "s": [1], "n": [[1]]}"#,
    ]
    try CheckAgreement.expectSameFindingsAndOutput(registry, records)
    #expect(try EngineProbe.run(registry, records[0]).findings == Set(findings))
    #expect(try EngineProbe.run(registry, records[0], options: CheckAgreement.strict).findings == Set(strictFindings))
    let typed = try Schema(source: "", options: RegistryOptions(dialect: dialect)).validator(forType: "[Int?]").validate("[1, null]")
    #expect(typed.findings.map(\.code) == findings.map { String($0.split(separator: " ")[1]) }, "\(typed.findings)")
  }

  /// The walk's verdict and the check's on their own: a null element of an optional type is
  /// clean under `--strict` (the optional's nil) but in DSON; without `--strict` the check
  /// vouches for it only where the dialect reads it as that nil.
  @Test(
    "a null optional element: the check vouches for it only where it is the element's nil",
    arguments: [
      (Dialect.jsoncast, true, true), (.convertible, true, true), (.jsonobject, true, false), (.nosce, true, false),
      (.dson, false, false),
    ])
  func nullOptionalElementVerdicts(_ dialect: Dialect, _ strictClean: Bool, _ lenientClean: Bool) throws {
    let schema = "struct M {\n  var a: [Int?] = []\n  var m: [String: Int?] = [:]\n}\n"
    let options = RegistryOptions(dialect: dialect)
    for record in [#"{"a": [1, null]}"#, #"{"m": {"k": null}}"#] {
      let registry = EngineProbe.registry(schema, options: options)
      let strict = try EngineProbe.run(registry, record, options: CheckAgreement.strict, build: false, cleanCheck: false)
      #expect(strict.records.allSatisfy { $0.findings.isEmpty } == strictClean, "the walk on \(record)")
      #expect(try CheckAgreement.passesCheck(schema, record, options: options) == strictClean, "the check on \(record)")
      #expect(
        try CheckAgreement.passesCheck(schema, record, options: options, validation: ValidationOptions()) == lenientClean,
        "the lenient check on \(record)")
    }
    try CheckAgreement.expectVerdicts(
      "class M: JsonObject {\n  var a: [Int?] = []\n}\n", #"{"a": [1, null]}"#, walkFindsNothing: true, checkPasses: true)
    try CheckAgreement.expectVerdicts(
      "class M: Class {\n  var a: [Int?] = []\n}\n", #"{"a": [1, null]}"#, walkFindsNothing: false, checkPasses: false)
  }

  /// The message names the collection as declared, though DSON's node takes no `null` element.
  @Test(
    "a DSON type-mismatch or null-not-allowed names an optional element's type as declared",
    arguments: [
      (#"{"a": 5}"#, "expected [Int?], found the number 5"),
      (#"{"m": 3}"#, "expected [String: Int?], found the number 3"),
      (#"{"s": "x"}"#, #"expected Set<Int?>, found a string "x""#),
      (#"{"n": [5]}"#, "expected [Int?], found the number 5"),
      (#"{"a": [null]}"#, "null element, which this dialect does not accept for Int?"),
      (#"{"m": {"k": null}}"#, "null, which this dialect does not accept for Int?"),
    ])
  func dsonDeclaredElementTypes(_ record: String, _ message: String) throws {
    let registry = EngineProbe.registry(
      "class M: Class {\n  var a: [Int?] = []\n  var m: [String: Int?] = [:]\n  var s: Set<Int?> = []\n  var n: [[Int?]] = []\n}\n")
    #expect(try EngineProbe.run(registry, record).record.findings.map(\.message) == [message])
  }
}
