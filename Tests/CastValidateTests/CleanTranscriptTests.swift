import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// `convert` of NDJSON writes the records the clean-record check vouches for from the check's
/// own walk (`CleanTranscriptWriter`): with it and without it (the full walk's transcript), the
/// same verdicts, findings and bytes, in every dialect, option set and key style.
struct CleanTranscriptTests {
  /// Every kind of node the writer handles or refuses; keys renamed by the dialect or not, in
  /// nested models too, defaults, dates in several formats.
  static func schema(_ conformance: String) -> String {
    """
    enum Role: String { case admin, editor, viewer }
    enum Level: Int { case low = 1, mid, high = 10 }
    struct Geo\(conformance) {
        let lat: Double
        let lon: Double
        var placeName: String?
    }
    struct M\(conformance) {
        let id: Int
        var userName: String?
        var small: Int8?
        var ratio: Float?
        var amount: Double?
        var exact: Decimal?
        var flag: Bool?
        var letter: Character?
        var link: URL?
        var uuid: UUID?
        var blob: Data?
        var createdAt: Date?
        var day: Date? //! date "yyyy-MM-dd"
        var stamp: Date? //! date iso8601
        var epoch: Date? //! date epoch
        var millis: Date? //! date epoch-ms
        var role: Role?
        var level: Level?
        var tags: [String]?
        var holes: [Int?]?
        var unique: Set<String>?
        var ids: Set<Int>?
        var byName: [String: Double]?
        var sparse: [String: Int?]?
        var geo: Geo?
        var places: [Geo]?
        var anything: Any?
        var object: [String: Any]?
        var list: [Any]?
        var count: Int = 5
        var label: String = "none"
    }
    """
  }

  static let conformances = [
    "", ": DictionaryConvertible", ": DictionaryConvertible, UnderscoreToCamelCase", ": JsonObject", ": Convertible",
    ": NosceSerializationProtocol", ": Class",
  ]

  /// One NDJSON line each: clean records in many shapes, and records one step away from clean.
  static let records: [String] = [
    #"{"id":1}"#,
    #"{ "id" : 1 , "userName" : "a" }"#,
    #"{"id":1,"user_name":"a","created_at":"2020-01-02T03:04:05Z","place_name":"x"}"#,
    #"{"userName":"a","id":1}"#,
    #"{"id":1,"small":12,"ratio":1.50,"amount":-2.5E3,"exact":0.10,"flag":false,"letter":"x","link":"https://example.com/a","blob":"aGk="}"#,
    #"{"id":-0,"amount":-0.0,"exact":1e2}"#,
    #"{"id":1,"userName":"a\nb\u00e9\/","letter":"\u00e9"}"#,
    #"{"id":1,"userName":"zoë — Αθήνα 😀"}"#,
    #"{"id":1,"uuid":"123e4567-e89b-12d3-a456-426614174000"}"#,
    #"{"id":1,"createdAt":"2020-01-02T03:04:05Z","stamp":"2020-01-02T03:04:05Z"}"#,
    #"{"id":1,"createdAt":"2020-01-02T03:04:05.250Z"}"#,
    #"{"id":1,"createdAt":"2020-01-02T03:04:05+01:00"}"#,
    #"{"id":1,"createdAt":1577934245}"#,
    #"{"id":1,"day":"2020-01-02"}"#,
    #"{"id":1,"day":"2020-01-02T03:04:05Z"}"#,
    #"{"id":1,"role":"admin","level":10}"#,
    #"{"id":1,"role":"editor"}"#,
    #"{"id":1,"tags":[],"holes":[1,null,3],"byName":{},"sparse":{"a":null,"b":2}}"#,
    #"{"id":1,"tags":[ "a" , "b" ],"byName":{ "x" : 1.5 , "y" : 2 }}"#,
    #"{"id":1,"geo":{"lat":1,"lon":2}}"#,
    #"{"id":1,"geo":{"lon":2,"lat":1,"placeName":null}}"#,
    #"{"id":1,"geo":{"lat":1,"lon":2,"place_name":"p"},"places":[{"lat":1,"lon":2},{"lon":3,"lat":4}]}"#,
    #"{"id":1,"geo":null,"places":null,"tags":null}"#,
    #"{"id":1,"userName":null,"count":7,"label":"x"}"#,
    #"{"id":1,"count":null}"#,
    #"{"id":1,"anything":null}"#,
    #"{"id":1,"anything":{"b":1,"a":[1.0,"x"]},"object":{"k":[1]},"list":[1,"a",null]}"#,
    #"{"id":1,"extra":{"deep":[1,2]},"userName":"a"}"#,
    #"{"id":1,"id":2}"#,
    #"{"id":"1"}"#,
    #"{"id":1.0}"#,
    #"{"id":1,"flag":1}"#,
    #"{"id":1,"tags":["a",1]}"#,
    #"{"id":1,"geo":{"lat":1}}"#,
    #"{"id":1,"role":"root"}"#,
    #"{"id":1,"byName":{"a":1,"a":2}}"#,
    #"{"id":1,"\u0069d2":1}"#,
    #"{"id":1,"userName":"\#(String(repeating: "é", count: 40))","label":"\#(String(repeating: "x", count: 70))"}"#,
    // `Any` that is not compact JSON as read: built and encoded.
    #"{"id":1,"anything":{ "a" : [1, "x\u0041\/"] , "b":null},"list":[ ]}"#,
    #"{"id":1,"anything":["0123456789\"abcdefgh\\","abcdefgh\u0041ijklmnop\n","\\\\\"x\"",[""],{"0123456789abcdef":"é😀"}]}"#,
    // Members out of declaration order, with defaults, nils and a nested model out of order too.
    #"{"places":[{"lon":3,"lat":4,"placeName":"p"}],"label":"x","geo":{"placeName":null,"lon":2,"lat":1},"id":1,"count":7}"#,
    #"{"id":1,"day":"2020-01-02","flag":true,"createdAt":"2020-01-02T03:04:05Z","userName":null}"#,
    // Dictionaries past the keys compared as they come; one with a key repeated past them.
    #"{"id":1,"byName":{\#((0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ","))}}"#,
    #"{"id":1,"byName":{\#((0..<40).map { "\"k\($0 == 36 ? 3 : $0)\":\($0)" }.joined(separator: ","))}}"#,
    // Sets: distinct elements, repeats (past the elements compared as they come too), and
    // elements whose bytes do not tell whether they repeat.
    #"{"id":1,"unique":["a","b","c"],"ids":[3,1,-1,0]}"#,
    #"{"id":1,"unique":["a","b","a"]}"#,
    #"{"id":1,"ids":[1,2,1]}"#,
    #"{"id":1,"unique":[\#((0..<40).map { "\"s\($0)\"" }.joined(separator: ","))]}"#,
    #"{"id":1,"unique":[\#((0..<40).map { "\"s\($0 == 36 ? 3 : $0)\"" }.joined(separator: ","))]}"#,
    #"{"id":1,"unique":["é","e\u0301"]}"#,
    #"{"id":1,"unique":["\u0061","a"]}"#,
    #"{"id":1,"unique":["a",null]}"#,
    #"{"id":1,"ids":[1,1.0]}"#,
    // Epoch dates: written as read when that is the number the walk writes, else rebuilt.
    #"{"id":1,"epoch":1577934245,"millis":1577934245123}"#,
    #"{"id":1,"epoch":1.5e9,"millis":1.5e12}"#,
    #"{"id":1,"epoch":1577934245.5,"millis":1577934245123.7}"#,
    #"{"id":1,"epoch":-0,"millis":0}"#,
    #"{"id":1,"epoch":"2020-01-02T03:04:05Z","millis":"1577934245123"}"#,
    #"{"id":1,"epoch":0.1,"millis":-1}"#,
    // `-0` is the Int 0: a repeat the bytes do not show.
    #"{"id":1,"ids":[3,-0,0]}"#,
    #"{"id":1,"ids":[-0]}"#,
    // ISO-8601 dates not in the form they are written in: rewritten, as the walk writes them.
    #"{"id":1,"createdAt":"2003-01-27T16:54:36.996811+02:00","stamp":"2010-04-10T08:23:49.0928-05:30"}"#,
    #"{"id":1,"createdAt":"0001-01-01T00:00:00.000001Z","stamp":"1582-10-14T23:59:59Z"}"#,
    #"{"id":1,"createdAt":"9999-12-31T23:59:59.9999999Z","stamp":"2020-02-29T24:00:00Z"}"#,
    #"{"id":1,"createdAt":-62135596800.5,"stamp":253402300799.25}"#,
  ]

  static let optionSets: [ValidationOptions] = [
    ValidationOptions(),
    ValidationOptions(strict: true),
    ValidationOptions(unknownKeys: .warn),
    ValidationOptions(strict: true, unknownKeys: .error, maxErrors: 1),
  ]

  /// Each record's verdict, findings and output as `convert` writes it, one line per record.
  static func converted(
    _ registry: ModelRegistry, _ ndjson: String, options: ValidationOptions, keys: KeyStyle, cleanCheck: Bool
  ) throws -> [String]? {
    let schema = CompiledSchema(registry: registry, options: options)
    guard CompactTranscript(schema: schema, keys: keys) != nil,
      var validator = DocumentValidator(schema: schema, target: .model("M"), build: true)
    else { return nil }
    validator.compactKeys = keys
    validator.usesCleanCheck = cleanCheck
    let encoder = ModelEncoder(schema: schema, keys: keys)
    var lines: [String] = []
    _ = try Array(ndjson.utf8).withUnsafeBytes { raw throws(JSONSyntaxError) in
      try validator.validateNDJSON(raw) { record in
        var output = record.encoded ?? []
        if record.encoded == nil, let instance = record.instance { encoder.writeCompact(instance, into: &output) }
        lines.append(
          "\(record.index) valid=\(record.isValid) " + record.findings.map(EngineProbe.describe).joined(separator: "; ")
            + " → " + String(decoding: output, as: UTF8.self))
      }
    }
    return lines
  }

  @Test("with and without the clean-record transcript, the same output", arguments: conformances)
  func sameOutput(_ conformance: String) throws {
    let registry = EngineProbe.registry(Self.schema(conformance))
    let ndjson = Self.records.joined(separator: "\n")
    var compared = 0
    for options in Self.optionSets {
      for keys in KeyStyle.allCases {
        let quick = try Self.converted(registry, ndjson, options: options, keys: keys, cleanCheck: true)
        let full = try Self.converted(registry, ndjson, options: options, keys: keys, cleanCheck: false)
        #expect(quick == full, "\(conformance) strict=\(options.strict) keys=\(keys)")
        if quick != nil { compared += 1 }
      }
    }
    #expect(compared > 0)
  }

  /// The records the writer must write by itself: if it never did, it would only cost.
  @Test(
    "clean records are written by the clean-record check",
    arguments: [
      (": DictionaryConvertible", 0), (": DictionaryConvertible", 2), (": DictionaryConvertible, UnderscoreToCamelCase", 2),
      (": DictionaryConvertible", 4), (": Convertible", 6), (": NosceSerializationProtocol", 19), (": JsonObject", 18),
      (": Class", 1), (": DictionaryConvertible", 3), (": DictionaryConvertible", 13), (": DictionaryConvertible", 38),
      (": DictionaryConvertible", 39), (": DictionaryConvertible", 40), (": Convertible", 40),
      (": NosceSerializationProtocol", 41), (": DictionaryConvertible", 42), (": DictionaryConvertible", 44),
      (": DictionaryConvertible", 47), (": Convertible", 47),
      (": DictionaryConvertible", 8), (": Convertible", 8), (": DictionaryConvertible", 53), (": Convertible", 53),
      (": DictionaryConvertible", 61), (": Convertible", 61), (": DictionaryConvertible", 62),
      (": DictionaryConvertible", 64),
    ])
  func cleanRecordsAreWritten(_ conformance: String, _ row: Int) throws {
    try Self.expectWrittenByCheck(EngineProbe.registry(Self.schema(conformance)), [Self.records[row]])
  }

  /// A numeric enum's case is written as its raw value (`1.0` and `1e1` as the literal
  /// declared), by the clean writer as by the walk, in the dialects that write it as declared and
  /// in the codable one, which writes the raw type's number.
  @Test(
    "numeric enum cases are written by the clean writer as the walk writes them",
    arguments: [("struct M: DictionaryConvertible", RegistryOptions()), ("struct M: Codable", RegistryOptions(dialect: .codable))])
  func numericCases(_ declaration: String, _ options: RegistryOptions) throws {
    let schema = """
      enum Level: Int { case low = 1, high = 10 }
      enum Ratio: Double { case half = 0.5, one = 1 }
      \(declaration) {
        let level: Level
        let ratio: Ratio?
      }
      """
    let registry = EngineProbe.registry(schema, options: options)
    let records = [#"{"level":1}"#, #"{"level":1.0,"ratio":0.5}"#, #"{"level":10,"ratio":1.0}"#, #"{"level":1e1,"ratio":1}"#, #"{"level":2}"#]
    try Self.expectWrittenByCheck(registry, Array(records.dropLast()))
    try CheckAgreement.expectSameFindingsAndOutput(registry, records)
  }

  /// A pattern date whose pattern writes it in another text (an offset written as `Z`, a 12-hour
  /// clock, names) is written by the clean writer from its compiled pattern, as the walk writes
  /// it; before 1582-10-15 the formatter's Julian calendar is the walk's.
  @Test("pattern dates written in another text are written by the clean writer as the walk writes them")
  func patternDatesRewritten() throws {
    let schema = """
      struct M: DictionaryConvertible {
        let a: Date //! date "yyyy-MM-dd'T'HH:mm:ssXXX"
        let b: Date? //! date "EEEE, d MMMM yyyy h:mm a"
        let c: Date? //! date "yyyy-MM-dd HH:mm:ss.SSS 'at' xx"
      }
      """
    let registry = EngineProbe.registry(schema)
    let records = [
      #"{"a":"2003-01-27T16:54:36+05:30"}"#,
      #"{"a":"2003-01-27T16:54:36-08:00","b":"Monday, 3 March 2025 4:05 PM","c":"2020-02-29 23:59:59.999 at +0130"}"#,
      #"{"a":"1999-12-31T23:30:00Z","b":"Friday, 31 December 1999 11:30 PM"}"#,
      #"{"a":"1500-01-01T00:00:00+01:00"}"#,
    ]
    try Self.expectWrittenByCheck(registry, Array(records.dropLast()))
    try CheckAgreement.expectSameFindingsAndOutput(registry, records)
  }

  /// An epoch date of whole seconds is known written as read without formatting it
  /// (`CleanTranscriptWriter.isShortInteger`); a fraction, an exponent, milliseconds and the
  /// codable dialect's reference-date rounding are formatted, as the walk formats them.
  @Test("epoch dates of whole seconds are written by the clean writer as the walk writes them")
  func epochSecondsAsRead() throws {
    let schema = """
      struct M: DictionaryConvertible {
        let a: Date //! date epoch
        let b: Date? //! date epoch-ms
      }
      """
    let registry = EngineProbe.registry(schema)
    let records = [
      #"{"a":0}"#, #"{"a":1,"b":1500000000123}"#, #"{"a":-86400}"#, #"{"a":253402300799}"#, #"{"a":2000000000,"b":-1}"#,
      #"{"a":1.5}"#, #"{"a":1e3}"#, #"{"a":-0}"#, #"{"a":1.0}"#, #"{"a":100000000000000000}"#,
    ]
    try Self.expectWrittenByCheck(registry, Array(records.prefix(5)))
    try CheckAgreement.expectSameFindingsAndOutput(registry, records)
    // The codable dialect's default reads seconds since 2001 and writes them back through `Date`.
    let codable = EngineProbe.registry("struct M: Codable {\n  let a: Date\n}", options: RegistryOptions(dialect: .codable))
    try CheckAgreement.expectSameFindingsAndOutput(codable, [#"{"a":0}"#, #"{"a":700000000}"#, #"{"a":-86400}"#, #"{"a":1.5}"#])
  }

  /// Expects the clean-record check to write each record of model `M` itself, and as the full
  /// walk writes it.
  static func expectWrittenByCheck(
    _ registry: ModelRegistry, _ records: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for record in records {
      let written = try writtenByCheck(registry, record, options: ValidationOptions())
      let expected = try converted(registry, record, options: ValidationOptions(), keys: .json, cleanCheck: false)
      #expect(written != nil, "the check leaves \(record) to the walk", sourceLocation: sourceLocation)
      #expect(
        expected?.first?.hasSuffix(" → " + (written ?? "-")) == true, "\(expected ?? []) vs \(written ?? "-")",
        sourceLocation: sourceLocation)
    }
  }

  /// The compact JSON the clean-record check's writer writes for `record` of model `M`; nil when
  /// the check (or the writer) leaves the record to the full walk.
  static func writtenByCheck(_ registry: ModelRegistry, _ record: String, options: ValidationOptions) throws -> String? {
    let schema = CompiledSchema(registry: registry, options: options)
    let transcript = try #require(CompactTranscript(schema: schema, keys: .json))
    let check = CleanRecordCheck(plan: schema.cleanPlan)
    let model = try #require(schema.modelIndex("M"))
    return Array(record.utf8).withUnsafeBytes { raw in
      var scanner = JSONScanner(raw)
      transcript.reset()
      guard let writer = CleanTranscriptWriter(transcript, input: raw, recordAt: 0), check.isClean(.model(model), &scanner, writer)
      else { return nil }
      transcript.flushRun()
      return String(decoding: transcript.bytes, as: UTF8.self)
    }
  }

  /// `Any` is copied as compact JSON: every accepted JSONTestSuite document as a value, in every
  /// layout the suite has (spaces, escapes, deep nesting), written as the full walk writes it.
  @Test(
    "JSONTestSuite documents as Any: the same output with and without the clean-record transcript",
    .enabled(if: JSONTestSuite.isAvailable, "\(JSONTestSuite.missing)"))
  func sameOutputForAny() throws {
    let registry = EngineProbe.registry(Self.schema(": DictionaryConvertible"))
    var lines: [String] = []
    for name in JSONTestSuite.files("y_") {
      // NB: a line break is whitespace between tokens (a string cannot hold one), so a space keeps the document.
      let document = try JSONTestSuite.bytes(name).map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
      lines.append(#"{"id":1,"anything":"# + String(decoding: document, as: UTF8.self) + #","list":[ "x" ]}"#)
    }
    let ndjson = lines.joined(separator: "\n")
    let quick = try Self.converted(registry, ndjson, options: ValidationOptions(), keys: .json, cleanCheck: true)
    let full = try Self.converted(registry, ndjson, options: ValidationOptions(), keys: .json, cleanCheck: false)
    #expect(quick == full)
    #expect((quick?.count ?? 0) > 90)
  }

  @Test("the users example and samples: the same output with and without the clean-record transcript")
  func sameOutputOnExamples() throws {
    let text = String(decoding: try Data(contentsOf: SampleFiles.schemas.appendingPathComponent("users.cast")), as: UTF8.self)
    let users = EngineProbe.registry(text, path: "users.cast")
    let json = String(decoding: try Data(contentsOf: SampleFiles.schemas.appendingPathComponent("users.ndjson")), as: UTF8.self)
    for options in Self.optionSets {
      for keys in KeyStyle.allCases {
        let schema = CompiledSchema(registry: users, options: options)
        guard var quick = DocumentValidator(schema: schema, target: .model("User"), build: true) else { continue }
        quick.compactKeys = keys
        var full = quick
        full.usesCleanCheck = false
        #expect(try Self.outputs(quick, json) == Self.outputs(full, json), "keys=\(keys)")
      }
    }
  }

  private static func outputs(_ validator: DocumentValidator, _ ndjson: String) throws -> [String] {
    var lines: [String] = []
    _ = try Array(ndjson.utf8).withUnsafeBytes { raw throws(JSONSyntaxError) in
      try validator.validateNDJSON(raw) { record in
        lines.append("\(record.isValid) \(record.findings.count) \(record.encoded.map { String(decoding: $0, as: UTF8.self) } ?? "built")")
      }
    }
    return lines
  }
}
