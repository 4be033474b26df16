import CastValidate
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
}
