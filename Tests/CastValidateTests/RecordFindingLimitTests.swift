import CastSchema
import Testing

@testable import CastValidate

/// A record with more findings than `maxRecordFindings`, its model and dialect.
struct LimitCase: Sendable, CustomTestStringConvertible {
  let name: String
  let schema: String
  var path = "limit.cast"
  let json: String
  var strict = false
  var unknownKeys = UnknownKeyRule.ignore

  var testDescription: String { name }

  /// `count` copies of `element`, comma-separated.
  static func repeated(_ element: String, _ count: Int) -> String {
    Array(repeating: element, count: count).joined(separator: ", ")
  }
}

/// One record reports at most `ValidationOptions.maxRecordFindings` findings and counts the rest
/// (`HiddenFindings`): its verdict, its counts and its output are those of every finding.
@Suite("Findings past a record's limit: counted, not kept")
struct RecordFindingLimitTests {
  static let limit = 5

  static let cases: [LimitCase] = [
    LimitCase(
      name: "dropped elements: errors demoted past the limit, so the record stays valid",
      schema: "struct M { let xs: [Int] }", json: #"{"xs": [\#(LimitCase.repeated(#""a""#, 40)), 1]}"#),
    LimitCase(
      name: "the same under --strict: invalid",
      schema: "struct M { let xs: [Int] }", json: #"{"xs": [\#(LimitCase.repeated(#""a""#, 40))]}"#, strict: true),
    LimitCase(
      name: "out-of-range numbers stay errors when their element is dropped",
      schema: "struct M { let xs: [Int8] }", json: #"{"xs": [\#(LimitCase.repeated("300", 20)), "a", 1]}"#),
    LimitCase(
      name: "a bad element past the limit in a model inside an array",
      schema: "struct P { let a: Int }\nstruct M { let ps: [P] }",
      json: #"{"ps": [\#(LimitCase.repeated(#"{"a": 1}"#, 3)), \#(LimitCase.repeated(#"{"a": "x"}"#, 12)), {}]}"#),
    LimitCase(
      name: "defaults substituted past the limit",
      schema: "struct P { var a: Int = 7 }\nstruct M { let ps: [P] }",
      json: #"{"ps": [\#(LimitCase.repeated(#"{"a": "x"}"#, 12))]}"#),
    LimitCase(
      name: "dictionary entries dropped",
      schema: "struct M { let d: [String: Int] }",
      json: "{\"d\": {" + (0..<15).map { "\"k\($0)\": \"v\"" }.joined(separator: ", ") + "}}"),
    LimitCase(
      name: "unknown keys under --unknown warn",
      schema: "struct M { let a: Int }", json: "{" + (0..<15).map { "\"k\($0)\": 1, " }.joined() + #""a": 1}"#,
      unknownKeys: .warn),
    LimitCase(
      name: "codable: no element is dropped, every error counts",
      schema: "struct M: Codable { let xs: [Int] }", path: "limit.swift",
      json: #"{"xs": [\#(LimitCase.repeated("1.5", 12))]}"#),
  ]

  @Test("the verdict and the summary are the unlimited run's, with one note", arguments: cases)
  func countsEveryFinding(_ row: LimitCase) throws {
    let (limited, unlimited) = try runs(row, build: false)
    // The codable dialect's decoding-error notes are made for the errors kept, after the walk.
    func derived(_ run: EngineProbe.Run) -> Int {
      run.record.findings.count { $0.code == FindingCode.decodingError.rawValue }
    }
    let walked = unlimited.record.findings.count - derived(unlimited)
    #expect(walked > Self.limit, "the row must go past the limit")
    #expect(limited.isValid == unlimited.isValid)
    var expected = unlimited.summary
    expected.notes += 1 - (derived(unlimited) - derived(limited))
    #expect(limited.summary == expected)
    let findings = limited.record.findings
    #expect(findings.count == Self.limit + derived(limited) + 1)
    #expect(findings.last?.code == FindingCode.tooManyErrors.rawValue)
    let message = findings.last?.message ?? ""
    #expect(message.hasPrefix("\(walked - Self.limit) more findings in this record"), "\(message)")
    // The ones kept are the unlimited run's, with the severity it gives them.
    #expect(Set(findings.dropLast().map(EngineProbe.describe)).isSubset(of: unlimited.findings))
  }

  @Test("what a limited run builds is what an unlimited one builds", arguments: cases)
  func buildsTheSame(_ row: LimitCase) throws {
    let (limited, unlimited) = try runs(row, build: true)
    #expect(limited.isValid == unlimited.isValid)
    guard unlimited.isValid else { return }
    #expect(limited.instance() == unlimited.instance())
  }

  @Test("no limit keeps every finding")
  func noLimit() throws {
    let registry = EngineProbe.registry("struct M { let xs: [Int] }")
    let json = #"{"xs": [\#(LimitCase.repeated(#""a""#, 1500))]}"#
    let unlimited = try EngineProbe.run(registry, json, options: ValidationOptions(maxRecordFindings: 0), build: false)
    #expect(unlimited.record.findings.count == 3000)
    let byDefault = try EngineProbe.run(registry, json, build: false)
    #expect(byDefault.record.findings.count == 1001)
    #expect(byDefault.summary.warnings == 3000)
  }

  private func runs(_ row: LimitCase, build: Bool) throws -> (limited: EngineProbe.Run, unlimited: EngineProbe.Run) {
    let registry = EngineProbe.registry(row.schema, path: row.path)
    func options(_ limit: Int) -> ValidationOptions {
      ValidationOptions(strict: row.strict, unknownKeys: row.unknownKeys, maxRecordFindings: limit)
    }
    return (
      try EngineProbe.run(registry, row.json, options: options(Self.limit), build: build),
      try EngineProbe.run(registry, row.json, options: options(0), build: build)
    )
  }
}
