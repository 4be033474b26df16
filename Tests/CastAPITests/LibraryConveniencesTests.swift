import CastValidate
import Foundation
import Testing

/// What a program reaches for beside validating: why a decode failed, a warning limit, hand-made
/// counts, and the value types' comparisons. Through a plain `import`.
@Suite("Library conveniences: failure causes, warning limit, comparisons")
struct LibraryConveniencesTests {
  static let model = """
    struct User: DictionaryConvertible {
        let id: Int
        var name: String?
    }
    """

  static func validator(_ options: ValidationOptions = ValidationOptions()) throws -> Validator {
    try Schema(source: model, path: "user.cast").validator(for: "User", options: options)
  }

  @Test(
    "a decoding failure says what kind it is",
    arguments: [
      (#"[{"id": 1}, {"id": 2}]"#, DecodingFailure.Cause.recordCount(2)),
      (#"{"id": 1"#, .malformedJSON),
      (#"{"name": "a"}"#, .invalidRecord),
    ])
  func failureCause(_ json: String, _ cause: DecodingFailure.Cause) throws {
    let validator = try Self.validator()
    #expect(throws: DecodingFailure.self) { try validator.decode(json) }
    do {
      _ = try validator.decode(json)
    } catch {
      #expect(error.cause == cause)
    }
  }

  @Test("maxWarnings keeps the first warnings of the input; the summary counts every one", arguments: [1, 3, 7])
  func warningLimit(_ limit: Int) throws {
    // Two coerced values a record, five records.
    let ndjson = String(repeating: #"{"id": "4", "name": 5}"# + "\n", count: 5)
    let all = try Self.validator().validate(ndjson, format: .ndjson)
    let limited = try Self.validator(ValidationOptions(maxWarnings: limit)).validate(ndjson, format: .ndjson)
    let kept = limited.records.flatMap(\.findings).filter { $0.severity == .warning }
    #expect(kept == Array(all.records.flatMap(\.findings).filter { $0.severity == .warning }.prefix(limit)))
    #expect(limited.summary == all.summary)
    #expect(limited.summary.warnings == 10)
  }

  @Test("a summary made by hand gives a hand-made report its counts, and reads as them")
  func handMadeSummary() {
    let summary = ValidationSummary(records: 3, invalidRecords: 1, errors: 2, warnings: 1)
    let report = ValidationReport(records: [], summary: summary)
    #expect(!report.isValid && report.summary.errors == 2 && report.summary.records == 3)
    #expect(summary.description == "records: 3, invalid: 1, errors: 2, warnings: 1, notes: 0, dropped elements: 0, defaulted values: 0, changed records: 0")
  }

  @Test("positions sort in reading order; input formats are listed; decoded values compare")
  func comparisons() throws {
    let positions = [TextPosition(line: 2, column: 1), TextPosition(line: 1, column: 9), TextPosition(line: 1, column: 2)]
    #expect(positions.sorted().map(\.description) == ["1:2", "1:9", "2:1"])
    #expect(Validator.InputFormat.allCases.map(\.rawValue) == ["json", "ndjson"])
    let validator = try Self.validator()
    #expect(try validator.decode(#"{"id": 1, "name": "a"}"#) == validator.decode(#"{"name": "a", "id": 1}"#))
    #expect(try validator.decode(#"{"id": 1}"#) != validator.decode(#"{"id": 2}"#))
    #expect(ValidationOptions(strict: true) != ValidationOptions())
  }

  /// The same document read by JSONDecoder into a struct of the model's shape: the oracle.
  struct Event: Decodable {
    let at: Date
    let link: URL
    let id: UUID
    let blob: Data
  }

  @Test("a Date, URL, UUID or Data property reads as the Foundation value JSONDecoder makes of it", arguments: ["iso8601", "deferred"])
  func foundationValues(_ strategy: String) throws {
    let at = strategy == "iso8601" ? #""2024-03-01T08:30:00Z""# : "730000000.5"
    let json = #"{"at": \#(at), "link": "https://example.com/a?b=1", "id": "123e4567-e89b-12d3-a456-426614174000", "blob": "aGVsbG8="}"#
    let source = (strategy == "iso8601" ? "//! date-decoding iso8601\n" : "") + """
      import Foundation

      struct Event: Codable {
          let at: Date
          let link: URL
          let id: UUID
          let blob: Data
      }
      """
    let value = try Schema(source: source, path: "event.swift").validator(for: "Event").decode(json)
    let decoder = JSONDecoder()
    if strategy == "iso8601" { decoder.dateDecodingStrategy = .iso8601 }
    let expected = try decoder.decode(Event.self, from: Data(json.utf8))
    #expect(value["at"]?.date == expected.at)
    #expect(value["link"]?.url == expected.link)
    #expect(value["id"]?.uuid == expected.id)
    #expect(value["blob"]?.data == expected.blob)
    // Each accessor reads only its own type.
    #expect(value["link"]?.date == nil && value["at"]?.url == nil && value["blob"]?.uuid == nil && value["id"]?.data == nil)
  }

  @Test("a Float or Double read from a non-conforming float string is the value JSONDecoder makes of it")
  func nonConformingFloats() throws {
    struct F: Codable {
      let x: Double
      let y: [Float]
      let z: Double
    }
    let json = #"{"x": "nan", "y": ["inf", "-inf", 1.5], "z": 2.5}"#
    var options = RegistryOptions()
    options.nonConformingFloatStrings = ("inf", "-inf", "nan")
    let source = "struct F: Codable { let x: Double; let y: [Float]; let z: Double }"
    let value = try Schema(source: source, path: "f.swift", options: options).validator(for: "F").decode(json)
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let expected = try decoder.decode(F.self, from: Data(json.utf8))
    #expect(value["x"]?.double?.isNaN == expected.x.isNaN && expected.x.isNaN)
    #expect(value["y"]?.elements?.map { $0.double.map(Float.init) } == expected.y.map { $0 })
    #expect(value["z"]?.double == expected.z)
    // A string property holding the same text is no number.
    let text = try Schema(source: "struct S: Codable { let s: String }", path: "s.swift", options: options).validator(for: "S")
    #expect(try text.decode(#"{"s": "inf"}"#)["s"]?.double == nil)
  }

  @Test("failures read as what went wrong through localizedDescription; a decoded value prints as its JSON")
  func descriptions() throws {
    let schemaError = try #require(throws: SchemaError.self) { try Schema(source: "struct A { let x: Nope }", path: "a.cast") }
    #expect(schemaError.localizedDescription == schemaError.description && schemaError.description.contains("Nope"))
    let failure = try #require(throws: DecodingFailure.self) { try Self.validator().decode(#"{"name": "a"}"#) }
    #expect(failure.localizedDescription == failure.description && failure.description.contains("missing-required"))
    let value = try Self.validator().decode(#"{"id": 1, "name": "a", "extra": true}"#)
    #expect("\(value)" == #"{"id":1,"name":"a"}"#)
  }

  @Test("a .cast model's dates read in their //! date format", arguments: [("iso8601", #""2024-03-01T08:30:00Z""#, 1_709_281_800.0), ("epoch", "1700000000", 1_700_000_000), ("epoch-ms", "1700000000500", 1_700_000_000.5)])
  func castDates(_ format: String, _ written: String, _ since1970: Double) throws {
    let schema = try Schema(source: "struct E {\n    let d: Date //! date \(format)\n}\n", path: "e.cast")
    let value = try schema.validator(for: "E").decode(#"{"d": \#(written)}"#)
    #expect(value["d"]?.date == Date(timeIntervalSince1970: since1970))
  }
}
