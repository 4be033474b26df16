import CastValidate
import Testing

/// `Finding` and `ValidationReport` made by hand, as a program's own tests make them, through a
/// plain import: the verdict, the counts and the printed form follow from what they hold.
@Suite("Reports made by hand, through a plain import")
struct HandMadeReportTests {
  /// A report's records and what it must say.
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let report: ValidationReport
    let isValid: Bool
    /// errors, warnings, notes, invalid records, changed records.
    let counts: [Int]
    let description: String
    var testDescription: String { name }
  }

  static let mismatch = Finding(
    code: .typeMismatch, message: #"expected Int, found the string "42""#, path: "/id", offset: 8, expected: "Int",
    found: #"the string "42""#)
  static let coerced = Finding(code: .coerced, severity: .warning, message: #"the string "1" read as the number 1"#, path: "/lat", offset: 8)
  static let dropped = Finding(code: .elementDropped, severity: .warning, message: "null dropped", path: "/tags/1", offset: 20)

  static let cases: [Case] = [
    Case(name: "no records", report: ValidationReport(), isValid: true, counts: [0, 0, 0, 0, 0], description: "valid"),
    Case(
      name: "a warning keeps a record valid", report: ValidationReport(records: [.init(findings: [coerced])]),
      isValid: true, counts: [0, 1, 0, 0, 0], description: #"0:0: warning[coerced] /lat: the string "1" read as the number 1"#),
    Case(
      name: "an error makes it invalid, at the position given",
      report: ValidationReport(records: [.init(findings: [mismatch])], positions: [8: TextPosition(line: 1, column: 9)]),
      isValid: false, counts: [1, 0, 0, 1, 0], description: #"1:9: error[type-mismatch] /id: expected Int, found the string "42""#),
    Case(
      name: "a dropped element counts the record as changed",
      report: ValidationReport(records: [.init(findings: [dropped]), .init(index: 1)]), isValid: true, counts: [0, 1, 0, 0, 1],
      description: "0:0: warning[element-dropped] /tags/1: null dropped"),
    Case(
      name: "NDJSON records, one invalid",
      report: ValidationReport(records: [.init(index: 0, line: 1), .init(index: 1, line: 3, findings: [mismatch])]), isValid: false,
      counts: [1, 0, 0, 1, 0], description: #"0:0: error[type-mismatch] /id: expected Int, found the string "42""#),
    Case(
      name: "a syntax error makes the input invalid",
      report: ValidationReport(
        syntaxError: JSONSyntaxError(offset: 3, message: "unexpected end of input"), positions: [3: TextPosition(line: 1, column: 4)]),
      isValid: false, counts: [0, 0, 0, 0, 0], description: "1:4: error[malformed-json] unexpected end of input"),
  ]

  @Test("A report's verdict, counts and text", arguments: cases)
  func report(_ example: Case) {
    let summary = example.report.summary
    #expect(example.report.isValid == example.isValid)
    #expect([summary.errors, summary.warnings, summary.notes, summary.invalidRecords, summary.changedRecords] == example.counts)
    #expect(example.report.description == example.description)
    #expect(example.report.findings.allSatisfy { example.report.declaration(of: $0) == nil })
  }

  /// The defaults: an error at the record, offset 0, no line, nothing expected or found.
  @Test("A finding's defaults")
  func findingDefaults() {
    let finding = Finding(code: .missingRequired, message: "'id' is required")
    #expect(finding.code == "missing-required" && finding.kind == .missingRequired)
    #expect(finding.severity == .error && finding.path.isEmpty && finding.offset == 0)
    #expect(finding.recordLine == nil && finding.expected == nil && finding.found == nil)
  }

  /// (NDJSON input, the malformed line's finding as made by hand.)
  static let malformedLines: [(String, Finding)] = [
    ("{\"id\": 1}\n{oops\n", Finding(malformedJSON: "unexpected character 'o'; expected a string key or '}'", offset: 11, recordLine: 2)),
    ("[1,\n{\"id\": 2}\n", Finding(malformedJSON: "unexpected end of input; expected a value", offset: 3, recordLine: 1)),
  ]

  /// The `malformed-json` of an NDJSON line `decodeEach` goes on past is made by hand through a
  /// public init, equal to the engine's; it is no code of the catalogue.
  @Test("A malformed-json finding made by hand is the one decodeEach gives", arguments: malformedLines)
  func malformedJSON(_ input: String, _ expected: Finding) throws {
    let records = try Schema(source: "struct P { let id: Int }").validator(for: "P").decodeEach(input, format: .ndjson)
    let found = try #require(records.report.findings.first { $0.code == "malformed-json" })
    #expect(found == expected)
    #expect(expected.kind == nil && expected.severity == .error && expected.path.isEmpty)
  }

  /// A summary given is kept as it is, not counted again from the records.
  @Test("A report keeps a summary it is given")
  func givenSummary() throws {
    let validated = try Schema(source: "struct P { let id: Int }").validator(for: "P").validate(#"{"id": "x"}"#)
    let copy = ValidationReport(records: validated.records, summary: validated.summary, syntaxError: validated.syntaxError)
    #expect(copy.summary == validated.summary && copy.findings == validated.findings && !copy.isValid)
  }
}
