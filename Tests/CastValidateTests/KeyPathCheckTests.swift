import CastSchema
import Testing

@testable import CastValidate

/// Key paths, index keys and `??` alternatives read by the clean-record check: with the check and
/// without it, the same verdicts and findings on records clean and not; clean ones pass the check
/// on its own; models whose paths it does not read as they stand are left to the walk.
struct KeyPathCheckTests {
  static let schema = """
    enum Kind: String { case a, b }
    struct Inner: DictionaryConvertible {
      let x: Int
      var y: String? //! "deep/y"
    }
    struct M: DictionaryConvertible {
      let id: Int
      let city: String //! "address/city"
      var zip: String? //! "address/zip"
      var second: Int? //! "list[1]"
      var deep: Int? //! "a/b[0]/c"
      let name: String //! "name ?? title"
      var alias: Kind? //! "alias ?? other/alias"
      var tags: [String]? //! "meta/tags" //! count 1...3
      var score: Double? //! "meta/score" //! range 0...10
      var inner: Inner? //! "wrap/inner"
      var count: Int = 7 //! "stats/count"
    }
    """

  static let clean = #"{"id":1,"address":{"city":"Oslo","zip":"0150"},"list":[5,6,7],"a":{"b":[{"c":3}]},"name":"n","alias":"a","meta":{"tags":["t"],"score":2.5},"wrap":{"inner":{"x":1,"deep":{"y":"z"}}},"stats":{"count":3}}"#

  /// The clean record with `transform` applied to its text.
  static func record(_ replacing: String, with replacement: String) -> String {
    clean.replacingOccurrences(of: replacing, with: replacement)
  }

  /// Records that are clean: the check reads each on its own.
  static let cleanRecords: [String] = [
    clean,
    // Optional paths absent, an alternative's second key, reordered and extra-spaced members.
    #"{"id":1,"address":{"city":"Oslo"},"title":"t"}"#,
    #"{"title":"t","address": { "zip" : null , "city":"x" },"id":2,"list":[1],"other":{"alias":"b"}}"#,
    record(#""list":[5,6,7]"#, with: #""list":[5,null,7]"#),
    record(#""a":{"b":[{"c":3}]}"#, with: #""a":{"b":[]}"#),
    record(#""a":{"b":[{"c":3}]}"#, with: #""a":{}"#),
    record(#""meta":{"tags":["t"],"score":2.5}"#, with: #""meta":{"tags":null}"#),
    record(#""stats":{"count":3}"#, with: #""stats":{}"#),
    record(#""wrap":{"inner":{"x":1,"deep":{"y":"z"}}}"#, with: #""wrap":{"inner":{"x":1}}"#),
    // Both alternatives: the first that leads to a value is read.
    record(#""name":"n""#, with: #""name":"n","title":"t""#),
    // Read as absent only under `-n`.
    record(#""name":"n""#, with: #""name":"""#),
  ]

  /// Records the walk has something to say about (or that the check doubts for its own reasons).
  static let otherRecords: [String] = [
    record(#""city":"Oslo","#, with: ""),
    record(#""address":{"city":"Oslo","zip":"0150"}"#, with: #""address":"Oslo""#),
    record(#""address":{"city":"Oslo","zip":"0150"}"#, with: #""address":null"#),
    record(#""zip":"0150""#, with: #""zip":"0150","junk":1"#),
    record(#""zip":"0150""#, with: #""zip":"0150","zip":"1""#),
    record(#""zip":"0150""#, with: #""zip":"0150","junk":1,"junk":2"#),
    record(#""zip":"0150""#, with: #""zip":5"#),
    record(#""list":[5,6,7]"#, with: #""list":[5,"6",7]"#),
    record(#""list":[5,6,7]"#, with: #""list":{"1":6}"#),
    record(#""a":{"b":[{"c":3}]}"#, with: #""a":{"b":[{"c":3,"d":4}]}"#),
    record(#""a":{"b":[{"c":3}]}"#, with: #""a":{"b":[7]}"#),
    record(#""name":"n""#, with: #""name":null,"title":"t""#),
    record(#""name":"n""#, with: #""name":null"#),
    record(#""name":"n""#, with: #""name":1,"title":"t""#),
    record(#""name":"n","#, with: ""),
    record(#""alias":"a""#, with: #""alias":"c""#),
    record(#""meta":{"tags":["t"],"score":2.5}"#, with: #""meta":{"tags":[],"score":2.5}"#),
    record(#""meta":{"tags":["t"],"score":2.5}"#, with: #""meta":{"tags":["a","b","c","d"]}"#),
    record(#""meta":{"tags":["t"],"score":2.5}"#, with: #""meta":{"score":11}"#),
    record(#""wrap":{"inner":{"x":1,"deep":{"y":"z"}}}"#, with: #""wrap":{"inner":{"deep":{"y":"z"}}}"#),
    record(#""wrap":{"inner":{"x":1,"deep":{"y":"z"}}}"#, with: #""wrap":{"inner":{"x":1,"deep":{"y":1}}}"#),
    record(#""stats":{"count":3}"#, with: #""stats":{"count":null}"#),
    record(#""id":1,"#, with: #""id":1,"address":{"city":"again"},"#),
    record(#""id":1,"#, with: #""id":1,"extra":true,"#),
  ]

  /// Records the walk reads as it reads the clean ones, which the check leaves to it.
  static let escapedRecords: [String] = [
    record(#""zip":"0150""#, with: #""z\u0069p":"0150""#),
    record(#""name":"n""#, with: #""n\u0061me":"n""#),
  ]

  static let optionSets: [ValidationOptions] = [
    ValidationOptions(), ValidationOptions(strict: true), ValidationOptions(unknownKeys: .ignore),
    ValidationOptions(unknownKeys: .error),
  ]

  @Test("the same verdicts and findings with and without the clean-record check", arguments: optionSets.indices)
  func sameFindings(_ option: Int) throws {
    for emptyIsAbsent in [false, true] {
      try sameFindings(Self.optionSets[option], registry: EngineProbe.registry(Self.schema, options: RegistryOptions(emptyStringIsAbsent: emptyIsAbsent)))
    }
  }

  private func sameFindings(_ options: ValidationOptions, registry: ModelRegistry) throws {
    try CheckAgreement.expectSameFindings(registry, Self.cleanRecords + Self.otherRecords + Self.escapedRecords, options: options)
  }

  @Test("clean records with key paths, indices and alternatives pass the check on its own", arguments: cleanRecords)
  func cleanRecordsPass(_ record: String) throws {
    try CheckAgreement.expectVerdicts(Self.schema, record, walkFindsNothing: true, checkPasses: true)
  }

  @Test("records the walk reports on are doubted by the check", arguments: otherRecords)
  func otherRecordsDoubted(_ record: String) throws {
    try CheckAgreement.expectVerdicts(Self.schema, record, walkFindsNothing: false, checkPasses: false)
  }

  @Test("keys with escapes are left to the walk", arguments: escapedRecords)
  func escapedKeysDoubted(_ record: String) throws {
    #expect(try !CheckAgreement.passesCheck(Self.schema, record))
  }

  /// Models whose paths the check does not read as they stand: a value gone through as an object
  /// and as an array (by a later `??` alternative: two output paths that do so are a schema error,
  /// `overlapping-json-key`, as is a value both read whole and gone through), a first key that is
  /// also a property's own key, `-i`.
  @Test(
    "models whose paths are not read as they stand are left to the walk",
    arguments: [
      ("var a: Int? //! \"p/b\"\n  var b: Int? //! \"q ?? p[0]\"", #"{}"#, RegistryOptions()),
      ("var a: Int? //! \"a\"\n  var b: Int? //! \"b ?? a\"", #"{"a":1}"#, RegistryOptions()),
      ("var b: Int? //! \"p/b\"", #"{"p":{"b":1}}"#, RegistryOptions(caseInsensitiveKeys: true)),
    ] as [(String, String, RegistryOptions)])
  func leftToTheWalk(_ properties: String, _ record: String, _ options: RegistryOptions) throws {
    let schema = "struct M: DictionaryConvertible {\n  \(properties)\n}\n"
    let registry = EngineProbe.registry(schema, options: options)
    let full = try EngineProbe.run(registry, record, build: false, cleanCheck: false)
    #expect(full.records.allSatisfy { $0.findings.isEmpty })
    #expect(try !CheckAgreement.passesCheck(schema, record, options: options))
    try CheckAgreement.expectSameFindings(registry, [record], options: ValidationOptions())
  }

  @Test("the same output with and without the clean-record transcript")
  func sameOutput() throws {
    let registry = EngineProbe.registry(Self.schema)
    let ndjson = (Self.cleanRecords + Self.otherRecords).joined(separator: "\n")
    for options in Self.optionSets {
      let quick = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: .json, cleanCheck: true)
      let full = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: .json, cleanCheck: false)
      #expect(quick == full, "strict=\(options.strict) unknown=\(options.unknownKeys)")
    }
  }

  /// A model whose paths are only `??` alternatives and paths read into a plain output key, which
  /// the clean writer writes itself (`CleanSink.memberUnderOutputKey`).
  static let alternatives = """
    enum Kind: String { case a, b }
    struct M: DictionaryConvertible {
      let id: Int
      let name: String //! "name ?? title"
      var alias: Kind? //! "alias ?? other/alias"
      var city: String? //! "town ?? address/city"
      var count: Int = 7 //! "count ?? n"
      var rest: Any? //! "rest ?? more"
      var last: Int?
    }
    """

  static let alternativeRecords = [
    #"{"id":1,"name":"n","alias":"a","town":"Oslo","count":3,"rest":[1,{"x":null}],"last":9}"#,
    #"{"last":9,"title":"t","id":2}"#,
    #"{"id":3,"title":"t","name":"n"}"#,
    #"{"id":4,"name":"n","other":{"alias":"b"},"address":{"city":"Bergen"},"n":5,"more":[2]}"#,
    #"{ "id" : 7 , "name" : "n" , "address" : { "city" : "x" } }"#,
    // A null where another alternative follows, which the walk reads (as a default, with a
    // warning, or as the next alternative's value); an unknown case; an unread key.
    #"{"id":4,"name":"n","other":{"alias":"b"},"address":{"city":"Bergen"},"n":5,"more":null}"#,
    #"{"id":5,"name":"n","alias":null,"town":null,"rest":null}"#,
    #"{"id":6,"name":"n","count":null}"#,
    #"{"id":8,"name":"n","other":{"alias":"c"}}"#,
    #"{"id":9,"name":"n","other":{"alias":"a","junk":1}}"#,
    #"{"id":10,"name":null,"title":"t"}"#,
    #"{"id":11}"#,
  ]

  /// More first keys than are searched one by one (`CleanPlan.widestScanned`) are found through
  /// a table: every alternative, and a key that is none of them.
  @Test("a model of many alternatives finds each first key through a table, as the walk does")
  func manyAlternatives() throws {
    let fields = (0..<12).map { "  var a\($0): Int? //! \"x\($0) ?? y\($0)/v ?? a\($0)\"" }.joined(separator: "\n")
    let registry = EngineProbe.registry("struct M: DictionaryConvertible {\n\(fields)\n}")
    let records = [
      "{" + (0..<12).map { #""a\#($0)":\#($0)"# }.joined(separator: ",") + "}",
      "{" + (0..<12).map { $0 % 3 == 0 ? #""x\#($0)":\#($0)"# : $0 % 3 == 1 ? #""y\#($0)":{"v":\#($0)}"# : #""a\#($0)":\#($0)"# }.joined(separator: ",") + "}",
      #"{"a11":1,"x0":2,"y5":{"v":3}}"#,
    ]
    try CleanTranscriptTests.expectWrittenByCheck(registry, records)
    let doubtful = [#"{"a1":1,"z":2}"#, #"{"a1":1,"a1":2}"#, #"{"y3":{"w":1}}"#, #"{"x3":1,"y3":{"v":2}}"#]
    try CheckAgreement.expectSameFindingsAndOutput(registry, records + doubtful)
  }

  @Test("records of `??` alternatives are written by the clean writer as the walk writes them")
  func alternativesWrittenByTheCheck() throws {
    let registry = EngineProbe.registry(Self.alternatives)
    try CleanTranscriptTests.expectWrittenByCheck(registry, Array(Self.alternativeRecords.prefix(5)))
    for options in Self.optionSets {
      for keys in KeyStyle.allCases {
        let ndjson = Self.alternativeRecords.joined(separator: "\n")
        let quick = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: keys, cleanCheck: true)
        let full = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: keys, cleanCheck: false)
        #expect(quick != nil)
        #expect(quick == full, "strict=\(options.strict) unknown=\(options.unknownKeys) \(keys)")
      }
    }
  }
}
