import CastValidate
import Foundation
import Testing
import Yams

/// The public API as a program uses it: a plain `import`, nothing `@testable`.
@Suite("The library API, through a plain import")
struct LibraryAPITests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let usersCast = repository.appendingPathComponent("schemas/users.cast").path

  static let model = """
    enum Role: String {
        case admin, viewer
    }

    struct Tag {
        let label: String
    }

    struct Account {
        let id: Int //! min 1
        var name: String = "anonymous"
        let role: Role
        var tags: [Tag] = []
        var extra: Any?
        var score: Double?
    }
    """

  static func validator(strict: Bool = false, type: String? = nil) throws -> Validator {
    let schema = try Schema(source: model, path: "account.cast")
    let options = ValidationOptions(strict: strict)
    return try type.map { try schema.validator(forType: $0, options: options) } ?? schema.validator(for: "Account", options: options)
  }

  // MARK: - Loading

  @Test("a schema loads from files and from text, and lists its models in declaration order")
  func loads() throws {
    #expect(try Schema(files: [Self.usersCast]).modelNames == ["Geo", "Address", "User"])
    #expect(try Schema(source: Self.model).modelNames == ["Tag", "Account"])
  }

  @Test("import CastValidate alone names the types the API speaks in: RegistryOptions, Dialect, Severity, TextPosition")
  func oneImport() throws {
    let options = RegistryOptions(caseInsensitiveKeys: true, dialect: Dialect.jsoncast)
    let schema = try Schema(source: "struct A {\n  let id: Int\n}\n", path: "a.cast", options: options)
    let report = try schema.validator(for: "A").validate(#"{"ID": "x"}"#)
    let finding = try #require(report.findings.first)
    let severity: Severity = finding.severity
    let position: TextPosition = report.position(of: finding)
    #expect(severity == .error)
    #expect(position.line == 1 && position.column == 8, "\(position)")
  }

  @Test("a schema with errors throws them as values, positioned in its file")
  func schemaErrors() throws {
    let error = try #require(throws: SchemaError.self) { try Schema(source: "struct A {\n  let x: Intt\n}\n", path: "bad.cast") }
    let first = try #require(error.diagnostics.first { $0.severity == .error })
    #expect(first.code == "unknown-type")
    #expect(first.file == "bad.cast")
    #expect(first.position == TextPosition(line: 2, column: 10))
    #expect(error.description.contains("bad.cast:2:10:"))
  }

  @Test("an unreadable file, an unknown model and a bad type expression are errors with their reason")
  func lookupErrors() throws {
    let unreadable = try #require(throws: SchemaError.self) { try Schema(files: ["/nonexistent/x.cast"]) }
    #expect(unreadable.description == "cannot read schema /nonexistent/x.cast: no such file")
    let schema = try Schema(source: Self.model)
    let unknown = try #require(throws: SchemaError.self) { try schema.validator(for: "Acount") }
    #expect(unknown.description == "no model named 'Acount'; did you mean 'Account'?")
    let enumeration = try #require(throws: SchemaError.self) { try schema.validator(for: "Role") }
    guard case .enumNamed("Role") = enumeration.reason else {
      Issue.record("\(enumeration.reason)")
      return
    }
    #expect(enumeration.description == #"'Role' is an enum, not a model; to read values of it, use validator(forType: "Role")"#)
    let type = try #require(throws: SchemaError.self) { try schema.validator(forType: "[Acount") }
    #expect(!type.diagnostics.isEmpty)
    // A diagnostic's notes are the lines castctl prints under it.
    let misspelt = try #require(throws: SchemaError.self) { try schema.validator(forType: "[Acount]") }
    #expect(misspelt.diagnostics.first?.notes == ["did you mean 'Account'?"], "\(misspelt)")
    // A note about another declaration says where it is, as castctl's note line does.
    let twice = try #require(throws: SchemaError.self) { try Schema(source: "struct A {}\nstruct A {}\n", path: "twice.cast") }
    #expect(twice.diagnostics.first { $0.code == "duplicate-model" }?.notes == ["twice.cast:1:8: first declared here"], "\(twice)")
  }

  @Test("a nested type is named as Swift names it, or by its own name; a misspelt one is suggested")
  func nestedNames() throws {
    let schema = try Schema(
      source: "struct User {\n  enum Role: String { case admin }\n  struct Address { let city: String }\n  let address: Address\n  let role: Role\n}\n")
    for name in ["User.Address", "Address"] {
      let validator = try schema.validator(for: name)
      #expect(validator.validate(#"{"city": "Oslo"}"#).findings.isEmpty, "\(name)")
      #expect(validator.validate("{}").findings.map(\.code) == ["missing-required"], "\(name)")
    }
    let misspelt = try #require(throws: SchemaError.self) { try schema.validator(for: "User.Adress") }
    #expect(misspelt.description == "no model named 'User.Adress'; did you mean 'Address'?")
    let enumeration = try #require(throws: SchemaError.self) { try schema.validator(for: "User.Role") }
    guard case .enumNamed("User.Role") = enumeration.reason else {
      Issue.record("\(enumeration.reason)")
      return
    }
  }

  @Test("a typealias of a model names the model, a generic one with its arguments; one of an enum says it is an enum")
  func aliasNames() throws {
    let schema = try Schema(
      source: "struct U: Codable {\n  let a: Int\n}\nenum Kind: String, Codable { case a }\ntypealias Account = U\ntypealias Sort = Kind\n"
        + "struct Page<T: Codable>: Codable {\n  let items: [T]\n}\ntypealias PageOf<T> = Page<T>\n",
      path: "m.swift")
    let validator = try schema.validator(for: "Account")
    #expect(validator.validate(#"{"a": 1}"#).findings.isEmpty)
    #expect(validator.validate("{}").findings.map(\.code) == ["missing-required", "decoding-error"])
    let page = try schema.validator(for: "PageOf<Account>")
    #expect(page.validate(#"{"items": [{"a": 1}]}"#).findings.isEmpty)
    #expect(page.validate(#"{"items": [{"a": "x"}]}"#).findings.map(\.code) == ["type-mismatch", "decoding-error"])
    let alone = try #require(throws: SchemaError.self) { try schema.validator(for: "PageOf") }
    guard case .genericModel("PageOf", ["T"]) = alone.reason else {
      Issue.record("\(alone.reason)")
      return
    }
    let enumeration = try #require(throws: SchemaError.self) { try schema.validator(for: "Sort") }
    guard case .enumNamed("Sort") = enumeration.reason else {
      Issue.record("\(enumeration.reason)")
      return
    }
  }

  @Test("the default model is the one castctl picks: the one no other model uses", arguments: [("codable-user.swift", "User"), ("users.cast", "User"), ("codable-page.swift", "User")])
  func defaultModel(_ file: String, _ model: String?) throws {
    let schema = try Schema(files: [Self.repository.appendingPathComponent("schemas/\(file)").path])
    #expect(schema.defaultModel == model, "\(schema.modelNames)")
  }

  @Test("a generic model is named with its arguments, spaced as one likes; alone or with unknown arguments, an error, as castctl says")
  func genericModels() throws {
    let schema = try Schema(files: [Self.repository.appendingPathComponent("schemas/codable-page.swift").path])
    let alone = try #require(throws: SchemaError.self) { try schema.validator(for: "Page") }
    guard case .genericModel("Page", let parameters) = alone.reason else {
      Issue.record("\(alone.reason)")
      return
    }
    #expect(parameters == ["T"])
    #expect(alone.description.hasPrefix("'Page' is generic (Page<T>)"), "\(alone)")
    #expect(alone.description.contains("'Page<User>'"), "the schema's own model as the example, as castctl says: \(alone)")
    let unknown = try #require(throws: SchemaError.self) { try schema.validator(for: "Page<Nope>") }
    guard case .invalidType = unknown.reason else {
      Issue.record("\(unknown.reason)")
      return
    }
    #expect(unknown.diagnostics.contains { $0.code == "unknown-type" }, "\(unknown)")
    let page = #"{"items": [{"id": 1, "name": "Ada"}], "next": null}"#
    let spaced = try schema.validator(for: "Page< User >").validate(page)
    let plain = try schema.validator(for: "Page<User>").validate(page)
    #expect(spaced.isValid && plain.isValid, "\(spaced.findings) \(plain.findings)")
  }

  @Test("options below their least meaningful value are read as it, as castctl refuses them")
  func optionsClamped() throws {
    let options = ValidationOptions(maxDepth: -1, maxErrors: -3, maxRecordFindings: -5)
    #expect(options.maxDepth == 1 && options.maxErrors == 0 && options.maxRecordFindings == 0)
    var changed = ValidationOptions()
    changed.maxDepth = 0
    #expect(changed.maxDepth == 1)
    // A flat record still reads at depth 1, and no finding is hidden.
    let report = try Schema(source: Self.model).validator(for: "Account", options: options).validate(#"{"id": 0, "role": "admin"}"#)
    #expect(report.syntaxError == nil)
    #expect(report.findings.map(\.code) == ["check-failed"], "\(report.findings)")
    #expect(report.findings.first?.kind == .checkFailed)
  }

  // MARK: - Validating

  @Test(
    "validate gives the verdict, the codes and positions of the findings",
    arguments: [
      (#"{"id": 1, "role": "admin"}"#, false, true, [String](), [String]()),
      (#"{"id": 0, "role": "admin"}"#, false, false, ["check-failed"], ["1:8"]),
      (#"{"id": 1, "role": "boss"}"#, false, false, ["unknown-enum-value", "missing-required"], ["1:19", "1:19"]),
      (#"{"id": 1, "role": "admin", "score": "2"}"#, false, true, ["coerced"], ["1:37"]),
      (#"{"id": 1, "role": "admin", "score": "2"}"#, true, false, ["type-mismatch"], ["1:37"]),
      ("{\n  \"role\": \"admin\"\n}", false, false, ["missing-required"], ["1:1"]),
    ])
  func validates(json: String, strict: Bool, valid: Bool, codes: [String], positions: [String]) throws {
    let report = try Self.validator(strict: strict).validate(json)
    #expect(report.isValid == valid)
    #expect(report.findings.map(\.code) == codes)
    #expect(report.findings.map { report.position(of: $0).description } == positions)
    #expect(report.records.count == 1)
  }

  @Test("a finding names the declaration it is about, positioned in the model file as data positions are")
  func declarations() throws {
    let report = try Self.validator().validate(#"{"id": 0, "role": "admin"}"#)
    let finding = try #require(report.findings.first)
    let declaration = try #require(report.declaration(of: finding))
    #expect(declaration.file == "account.cast")
    #expect(declaration.position == TextPosition(line: 10, column: 9))
  }

  @Test("NDJSON and top-level arrays are reported per record, with lines for NDJSON")
  func perRecord() throws {
    let validator = try Self.validator()
    let lines = validator.validate("{\"id\": 1, \"role\": \"admin\"}\n\n{\"id\": 0, \"role\": \"admin\"}\n", format: .ndjson)
    #expect(lines.records.map(\.isValid) == [true, false])
    #expect(lines.records.map(\.line) == [1, 3])
    #expect(lines.summary.invalidRecords == 1)
    let array = validator.validate(#"[{"id": 1, "role": "admin"}, {"id": 2}]"#)
    #expect(array.records.map(\.index) == [0, 1])
    #expect(array.records.map(\.isValid) == [true, false])
    #expect(array.summary.isArray)
  }

  @Test("a type target reads a top-level array as one value")
  func typeTarget() throws {
    let report = try Self.validator(type: "[Account]").validate(#"[{"id": 1, "role": "admin"}, {"id": 2, "role": "viewer"}]"#)
    #expect(report.isValid)
    #expect(report.records.count == 1)
  }

  @Test("malformed input is the report's syntax error, positioned; records before it are kept")
  func malformed() throws {
    let report = try Self.validator().validate("{\"id\": 1, \"role\": \"admin\"}\n{\"id\": 2,\n", format: .ndjson)
    #expect(!report.isValid)
    let error = try #require(report.syntaxError)
    #expect(report.position(ofOffset: error.offset).line == 2)
    #expect(report.records.count == 1)
    #expect(report.summary.records == 1)
    // Printed, the report places it as castctl does.
    #expect("\(report)".hasPrefix("2:\(report.position(ofOffset: error.offset).column): error[malformed-json] "), "\(report)")
    #expect("\(try Self.validator().validate(#"{"id": "x", "role": "admin"}"#))".contains("1:8: error[type-mismatch] /id: "))
    #expect("\(try Self.validator().validate(#"{"id": 1, "role": "admin"}"#))" == "valid")
  }

  @Test("any collection of bytes validates: a slice, Data, a lazy view")
  func collections() throws {
    let validator = try Self.validator()
    let bytes = Array(#"xx{"id": 1, "role": "admin"}"#.utf8)
    #expect(validator.validate(bytes[2...]).isValid)
    #expect(validator.validate(Data(bytes.dropFirst(2))).isValid)
    // Not contiguous: copied once.
    #expect(validator.validate(bytes.dropFirst(2).lazy.map { $0 }).isValid)
  }

  // MARK: - Decoding

  @Test("decode reads fields by property name, with defaults marked and nested values reachable")
  func decodes() throws {
    let value = try Self.validator().decode(Array(#"{"id": 7, "role": "viewer", "tags": [{"label": "a"}], "extra": {"k": [1, true]}}"#.utf8))
    #expect(value.modelName == "Account")
    #expect(value.propertyNames == ["id", "name", "role", "tags", "extra", "score"])
    #expect(value["id"]?.int == 7)
    #expect(value["name"]?.string == "anonymous")
    #expect(value["name"]?.isDefaulted == true)
    #expect(value["id"]?.isDefaulted == false)
    #expect(value["role"]?.string == "viewer")
    #expect(value["tags"]?[0]?["label"]?.string == "a")
    #expect(value["tags"]?.elements?.count == 1)
    #expect(value["extra"]?["k"]?[1]?.bool == true)
    #expect(value["score"]?.isNull == true)
    #expect(value["nope"] == nil)
    #expect(value["tags"]?[5] == nil)
  }

  @Test(
    "numbers keep their text; int is an integral literal's exact value within Int, nil for any other",
    arguments: [
      ("1", 1), ("1.0", 1), ("1e2", 100), ("1.5", nil), ("12.50e1", 125), ("-0.0", 0), ("9007199254740993.0", 9_007_199_254_740_993),
      ("1.0000000000000001", nil), ("-9223372036854775809", nil), ("9223372036854775807", Int.max), ("1e-400", nil), ("2e-400", nil),
    ] as [(String, Int?)])
  func integers(literal: String, int: Int?) throws {
    let value = try Self.validator(type: "Any").decode(Array(literal.utf8))
    #expect(value.numberText == literal)
    #expect(value.int == int)
    #expect(value.double == Double(literal))
  }

  @Test("text decodes, decodes as records and round-trips as its UTF-8 bytes do")
  func textInput() throws {
    let validator = try Self.validator()
    let json = #"{"id": 7, "role": "viewer", "name": "Zoë", "unknown": 1}"#
    #expect(try validator.decode(json).json == validator.decode(Array(json.utf8)).json)
    #expect(try validator.decodeRecords(json + "\n" + json, format: .ndjson).map(\.json) == validator.decodeRecords(Array((json + "\n" + json).utf8), format: .ndjson).map(\.json))
    #expect(try validator.roundtrip(json) == validator.roundtrip(Array(json.utf8)))
    #expect(try validator.roundtrip(json).count == 2)
  }

  @Test("decode of an invalid record throws the report; of several records says so")
  func decodeFailures() throws {
    let validator = try Self.validator()
    let invalid = try #require(throws: DecodingFailure.self) { try validator.decode(Array(#"{"id": 0, "role": "admin"}"#.utf8)) }
    #expect(invalid.report.findings.map(\.code) == ["check-failed"])
    #expect(invalid.description.hasPrefix("1:8 /id: "))
    let several = try #require(throws: DecodingFailure.self) {
      try validator.decode(Array(#"[{"id": 1, "role": "admin"}, {"id": 2, "role": "admin"}]"#.utf8))
    }
    #expect(several.description == "the input holds 2 records, not one")
    #expect(try validator.decodeRecords(Array(#"[{"id": 1, "role": "admin"}, {"id": 2, "role": "admin"}]"#.utf8)).count == 2)
  }

  /// An ETL step decodes what it can and quarantines the rest with its findings.
  @Test("decodeEach gives every valid record with its place, and the report of the invalid ones", arguments: [
    (Validator.InputFormat.ndjson, "{\"id\": 1, \"role\": \"admin\"}\n{\"id\": 0, \"role\": \"admin\"}\n\n{\"id\": 3, \"role\": \"viewer\"}\n", [0, 2], [1, 4]),
    (.json, #"[{"id": 1, "role": "admin"}, {"id": 0, "role": "admin"}, {"id": 3, "role": "viewer"}]"#, [0, 2], [nil, nil]),
  ] as [(Validator.InputFormat, String, [Int], [Int?])])
  func decodeEach(_ format: Validator.InputFormat, _ text: String, _ indices: [Int], _ lines: [Int?]) throws {
    let validator = try Self.validator()
    let decoded = validator.decodeEach(text, format: format)
    #expect(decoded.values.map(\.index) == indices)
    #expect(decoded.values.map(\.line) == lines)
    #expect(decoded.values.map { $0.value["id"]?.int } == [1, 3])
    #expect(!decoded.report.isValid)
    #expect(decoded.report.records.filter { !$0.isValid }.map(\.index) == [1])
    #expect(decoded.report.findings.map(\.code) == ["check-failed"])
  }

  /// As `--split`: a line that is not JSON is one rejected record, and the lines after it are read.
  @Test("decodeEach of NDJSON with a malformed line reads the lines after it")
  func decodeEachMalformedLine() throws {
    let validator = try Self.validator()
    let text = "{\"id\": 1, \"role\": \"admin\"}\n{\"id\": \n\n{\"id\": 3, \"role\": \"viewer\"}\n"
    let decoded = validator.decodeEach(text, format: .ndjson)
    #expect(decoded.values.map { $0.value["id"]?.int } == [1, 3])
    #expect(decoded.values.map(\.index) == [0, 2] && decoded.values.map(\.line) == [1, 4])
    #expect(decoded.report.syntaxError == nil)
    let rejected = decoded.report.records.filter { !$0.isValid }
    #expect(rejected.map(\.index) == [1] && rejected.map(\.line) == [2])
    #expect(decoded.report.findings.map(\.code) == ["malformed-json"])
    #expect(decoded.report.position(of: try #require(decoded.report.findings.first)) == TextPosition(line: 2, column: 8))
    #expect(decoded.report.summary.records == 3 && decoded.report.summary.invalidRecords == 1)
  }

  @Test("decodeEach of a JSON document malformed part-way keeps the records before it")
  func decodeEachMalformed() throws {
    let validator = try Self.validator()
    let decoded = validator.decodeEach(#"[{"id": 1, "role": "admin"}, {"id": ]"#, format: .json)
    #expect(decoded.values.map { $0.value["id"]?.int } == [1])
    #expect(decoded.report.syntaxError != nil)
  }

  // MARK: - Encoding and round trips

  @Test("a decoded value encodes to JSON, YAML and property lists that read back as the same data")
  func encodes() throws {
    let value = try Self.validator().decode(Array(#"{"id": 7, "role": "viewer", "score": 2.5}"#.utf8))
    let json = String(decoding: try value.encoded(as: .json(pretty: false)), as: UTF8.self)
    #expect(json == #"{"id":7,"name":"anonymous","role":"viewer","tags":[],"score":2.5}"#)
    let yaml = try Yams.load(yaml: String(decoding: try value.encoded(as: .yaml), as: UTF8.self)) as? [String: Any]
    #expect(yaml?["name"] as? String == "anonymous")
    #expect(yaml?["score"] as? Double == 2.5)
    for format in [OutputFormat.propertyList, .binaryPropertyList] {
      let plist = try PropertyListSerialization.propertyList(from: Data(try value.encoded(as: format)), format: nil) as? [String: Any]
      #expect(plist?["id"] as? Int == 7)
      #expect(plist?["role"] as? String == "viewer")
    }
  }

  struct Links: Codable {
    var hrefs: [URL]
  }

  /// JSONEncoder escapes `/` by default, and `convert` of a Codable model does; so does the library.
  @Test("a Codable value's JSON is JSONEncoder's, slashes escaped")
  func codableJSON() throws {
    let schema = try Schema(source: "struct Links: Codable {\n  var hrefs: [URL]\n}\n", path: "links.swift")
    let json = #"{"hrefs": ["https://a.org/b?c=d/e", "x/y"]}"#
    let value = try schema.validator(for: "Links").decode(Array(json.utf8))
    let expected = try JSONEncoder().encode(JSONDecoder().decode(Links.self, from: Data(json.utf8)))
    #expect(try value.encoded(as: .json(pretty: false)) == Array(expected))
  }

  /// `JSONDecoder` reads a dictionary keyed by an enum that is no `CodingKeyRepresentable` from
  /// an array of key-value pairs; the value is still a dictionary, read by key, not by index.
  @Test("a Codable dictionary read from key-value pairs has entries, by key")
  func codablePairs() throws {
    let source = "enum Color: String, Codable {\n  case red, green\n}\nstruct Paint: Codable {\n  var stock: [Color: Int]\n  var codes: [Color: [Int]]?\n}\n"
    let schema = try Schema(source: source, path: "paint.swift")
    let value = try schema.validator(for: "Paint").decode(#"{"stock": ["red", 3, "green", 5], "codes": ["green", [1, 2]]}"#)
    let stock = try #require(value["stock"])
    #expect(stock.entries?.map(\.key) == ["red", "green"])
    #expect(stock.entries?.map { $0.value.int } == [3, 5])
    #expect(stock["green"]?.int == 5)
    #expect(stock.elements == nil)
    #expect(value["codes"]?["green"]?[1]?.int == 2)
    let type = try schema.validator(forType: "[Color: Int]").decode(#"["green", 1]"#)
    #expect(type["green"]?.int == 1)
    // The pairs are still what JSONEncoder writes for such a dictionary.
    #expect(try stock.encoded(as: .json(pretty: false)) == Array(#"["red",3,"green",5]"#.utf8))
  }

  struct Event: Codable {
    let eventName: String
    let at: Date
    let ratio: Double
  }

  /// A program sets the strategies it sets on its own coders; each verdict is JSONDecoder's, run
  /// here with the same strategies.
  @Test(
    "Codable strategies from code: dates, keys and non-conforming floats as JSONDecoder reads them",
    arguments: [
      #"{"event_name": "a", "at": "2024-05-06T07:08:09Z", "ratio": 0.5}"#, #"{"event_name": "a", "at": "2024-05-06T07:08:09Z", "ratio": "inf"}"#,
      #"{"eventName": "a", "at": "2024-05-06T07:08:09Z", "ratio": 1}"#, #"{"event_name": "a", "at": 7, "ratio": 1}"#,
      #"{"event_name": "a", "at": "2024-05-06", "ratio": "nan"}"#,
    ])
  func codableStrategies(_ json: String) throws {
    var options = RegistryOptions()
    options.dateDecodingStrategy = .iso8601
    options.keyDecodingStrategy = .convertFromSnakeCase
    options.nonConformingFloatStrings = ("inf", "-inf", "nan")
    #expect(options.dateDecodingStrategy == .iso8601 && options.keyDecodingStrategy == .convertFromSnakeCase)
    let schema = try Schema(source: "struct Event: Codable {\n  let eventName: String\n  let at: Date\n  let ratio: Double\n}\n", path: "event.swift", options: options)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let real = (try? decoder.decode(Event.self, from: Data(json.utf8))) != nil
    #expect(try schema.validator(for: "Event").validate(json).isValid == real, "JSONDecoder: \(real)")
  }

  struct Stamp: Codable, Equatable {
    var at: Date
    var blob: Data
    var ratio: Double
  }

  /// A Codable model's property list is `PropertyListEncoder`'s: `PropertyListDecoder` reads it
  /// back into the value it reads from the encoder's own (an XML date keeps whole seconds).
  @Test("a Codable value's property list reads back with PropertyListDecoder")
  func codablePropertyList() throws {
    let schema = try Schema(source: "struct Stamp: Codable {\n  var at: Date\n  var blob: Data\n  var ratio: Double\n}\n", path: "stamp.swift")
    let json = #"{"at": 12.5, "blob": "aGk=", "ratio": 2}"#
    let value = try schema.validator(for: "Stamp").decode(Array(json.utf8))
    let decoded = try JSONDecoder().decode(Stamp.self, from: Data(json.utf8))
    for (format, foundation) in [(OutputFormat.propertyList, PropertyListSerialization.PropertyListFormat.xml), (.binaryPropertyList, .binary)] {
      let encoder = PropertyListEncoder()
      encoder.outputFormat = foundation
      let expected = try PropertyListDecoder().decode(Stamp.self, from: encoder.encode(decoded))
      #expect(try PropertyListDecoder().decode(Stamp.self, from: Data(try value.encoded(as: format))) == expected, "\(format)")
    }
  }

  @Test("a value a property list cannot hold is an encoding failure with its reason")
  func encodingFailure() throws {
    let value = try Self.validator(type: "Int?").decode(Array("null".utf8))
    let failure = try #require(throws: EncodingFailure.self) { try value.encoded(as: .propertyList) }
    #expect(failure.description.contains("null"))
  }

  @Test("roundtrip gives the ledger of what decoding and encoding back changed")
  func roundtrip() throws {
    let entries = try Self.validator().roundtrip(Array(#"{"id": 7, "role": "viewer", "unknown": 1}"#.utf8))
    #expect(entries.map(\.kind.rawValue).sorted() == ["default-filled", "default-filled", "unknown-key-dropped"])
    #expect(entries.first { $0.kind == .unknownKeyDropped }?.path == "/unknown")
    let lines = try Self.validator().roundtrip(Array("{\"id\": 1, \"role\": \"admin\", \"name\": \"x\", \"tags\": []}\n{\"id\": 2, \"role\": \"admin\", \"u\": 0, \"name\": \"y\", \"tags\": []}\n".utf8), format: .ndjson)
    #expect(lines.map(\.recordLine) == [2])
    // Positioned as castctl roundtrip shows them, values as JSON text.
    let dropped = try #require(lines.first)
    #expect(dropped.position.description == "2:33", "\(dropped.position)")  // as castctl roundtrip prints it
    #expect(dropped.before?.description == "0")
    #expect(JSONValue.object([JSONMember(key: "a", value: .array([.number("1"), .string("x\n")]))]).description == #"{"a":[1,"x\n"]}"#)
  }

  // MARK: - The README

  @Test("the README's library example is this target's compiled example, and it runs")
  func readmeShowsTheExample() throws {
    let source = try String(contentsOf: Self.repository.appendingPathComponent("Tests/CastAPITests/ReadmeExample.swift"), encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.contains("// readme-example-start") })
    let end = try #require(lines.firstIndex { $0.contains("// readme-example-end") })
    let example = lines[(start + 1)..<end].map { $0.dropFirst(4) }.joined(separator: "\n")
    let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("```swift\nimport CastValidate\n\n" + example + "\n```"), "README's example differs from ReadmeExample.swift")
    // NB: the example names its file as a program run from the repository would.
    try #require(FileManager.default.fileExists(atPath: "schemas/users.cast"), "run the tests from the package's root")
    #expect(try ReadmeExample.run() == "grace")
  }
}
