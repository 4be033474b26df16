import CastSchema
import CastValidate
import Foundation
import Testing

@testable import castctl

/// `roundtrip` writes its ledger through `LedgerSpool` as records are compared; what it writes
/// must be the ledger of the whole report, rendered at once, whether the spools stay in memory or
/// move to their files.
@Suite("The round-trip ledger, spooled as records come")
struct LedgerSpoolTests {
  /// Three kinds of change in every valid record (unknown keys, defaults, a normalized date), and
  /// every fifth record invalid (an id below its minimum).
  static func records() -> String {
    (1...200).map { index in
      let id = index % 5 == 0 ? 0 : index
      return #"{"id":\#(id),"user_name":"u\#(index)","email":"u@x.org","role":"admin","created_at":1709285400,"#
        + #""address":{"street":"s","city":"c","zip":"10001","extra":[1,2]},"other":"\#(index)"}"#
    }.joined(separator: "\n") + "\n"
  }

  static func report() throws -> (RoundTripReport, DataDocument, ModelRegistry) {
    let text = try String(contentsOf: CastctlProcess.schemas.appendingPathComponent("users.cast"), encoding: .utf8)
    let (registry, _) = SchemaLoader.load([SourceFile(path: "users.cast", text: text)])
    let validator = try #require(DocumentValidator(schema: CompiledSchema(registry: registry), target: .model("User")))
    let document = DataDocument(source: DataSource(name: "users.ndjson", bytes: Array(records().utf8)), recordsPerLine: true)
    return (try RoundTripRun(validator).run(document), document, registry)
  }

  @Test("the spooled ledger is the whole report's, in text and JSON", arguments: [64, 8 << 20], [false, true])
  func spooledMatchesWhole(_ memoryLimit: Int, _ json: Bool) throws {
    let (report, document, registry) = try Self.report()
    #expect(report.entries.count > 400 && report.rejected.count >= 40, "the table exercises several kinds and rejects")
    let allowed: [LedgerKind] = [.defaultFilled]
    let ledger = LedgerSpool(
      json: json, source: document.source, registry: registry, style: TextStyle(enabled: false), allowed: allowed,
      memoryLimit: memoryLimit)
    // As `roundtrip` hands them on: record by record.
    for entry in report.entries { ledger.add([entry]) }
    ledger.reject(report.rejected)
    var written: [UInt8] = []
    ledger.write(summary: report.summary, input: "users.ndjson", target: "model User") { written.append(contentsOf: $0) }
    let expected: String
    if json {
      let document: JSONValue = .object([
        JSONMember(key: "valid", value: .bool(report.summary.isValid)),
        JSONMember(
          key: "lossless", value: .bool(report.summary.isValid && report.entries.allSatisfy { allowed.contains($0.kind) })),
        JSONMember(
          key: "entries", value: .array(report.entries.map { LedgerText.value($0, source: document.source, allowed: allowed) })),
        JSONMember(
          key: "rejected",
          value: .array(report.rejected.map { FindingJSON.value($0, data: document.source, registry: registry) })),
      ])
      expected = JSONWriter(style: .pretty(indent: 2)).write(document) + "\n"
    } else {
      expected = LedgerText.render(report.entries, source: document.source, style: TextStyle(enabled: false), allowed: allowed)
        + LedgerText.summary(
          report.summary, counts: LedgerText.counts(report.entries), input: "users.ndjson", target: "model User",
          allowed: allowed) + "\n"
    }
    #expect(String(decoding: written, as: UTF8.self) == expected)
  }
}
