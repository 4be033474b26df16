import CastSchema
import Testing

@testable import CastValidate

/// `ValidationOptions.maxWarnings`: once the records before have handed out that many warnings,
/// a record's warnings are counted, not built; the verdicts, the summary and what is built are
/// those of a run without the limit, and the first records' findings are the same.
@Suite("Warnings past maxWarnings: counted, not built")
struct WarningLimitTests {
  /// A model whose values are coerced (a warning each), dropped or defaulted, and NDJSON with
  /// a few of each per record, some records invalid.
  static let rows: [(name: String, schema: String, record: String)] = [
    ("coerced integers and doubles (JsonObject)", "class M: JsonObject {\n  var a: Int = 0\n  var b: Double = 0\n  var c: String?\n}",
     #"{"a": "12x", "b": " 2.5e1", "c": 3}"#),
    ("dropped elements and an unknown key", "struct M {\n  let xs: [Int]\n  var d: Int = 4\n}", #"{"xs": [1, "a", 2, "b"], "d": "x", "u": 1}"#),
    ("a record that is invalid beside its warnings", "class M: JsonObject {\n  var a: Int = 0\n  var n: Int\n}", #"{"a": "7"}"#),
  ]

  @Test("the summary and verdicts are the unlimited run's; the first records keep every warning", arguments: [1, 3, 10])
  func countsEveryWarning(limit: Int) throws {
    for row in Self.rows {
      let registry = EngineProbe.registry(row.schema)
      let ndjson = Array(repeating: row.record, count: 20).joined(separator: "\n") + "\n"
      func run(_ maxWarnings: Int, build: Bool) throws -> EngineProbe.Run {
        try EngineProbe.run(
          registry, ndjson, options: ValidationOptions(unknownKeys: .warn, maxWarnings: maxWarnings), build: build, ndjson: true)
      }
      for build in [false, true] {
        let limited = try run(limit, build: build)
        let unlimited = try run(0, build: build)
        #expect(limited.summary == unlimited.summary, "\(row.name)")
        #expect(limited.records.map(\.isValid) == unlimited.records.map(\.isValid), "\(row.name)")
        if build {
          #expect((0..<20).map(limited.instance) == (0..<20).map(unlimited.instance), "\(row.name)")
        }
        let perRecord = unlimited.record.findings.count { $0.severity == .warning }
        try #require(perRecord > 0, "the row must have warnings: \(row.name)")
        // Records are kept whole until `limit` warnings were handed out; after that a record
        // keeps only the errors it demoted to warnings (which were built as errors).
        let whole = (limit + perRecord - 1) / perRecord
        for index in 0..<20 {
          let warnings = limited.records[index].findings.filter { $0.severity == .warning }.map(EngineProbe.describe)
          let all = unlimited.records[index].findings.filter { $0.severity == .warning }.map(EngineProbe.describe)
          let unshown = limited.records[index].unshownWarnings
          if index < whole {
            #expect(warnings == all && unshown == 0, "\(row.name), record \(index)")
          } else {
            #expect(unshown > 0 && warnings.count + unshown == perRecord, "\(row.name), record \(index)")
            #expect(Set(warnings).isSubset(of: all), "\(row.name), record \(index)")
          }
        }
      }
    }
  }
}
