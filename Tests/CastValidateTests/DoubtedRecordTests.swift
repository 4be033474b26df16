import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// A record the clean-record check doubts is walked in full; its findings and the summary must be
/// those of a run without the check, whatever the check read before its point of doubt.
@Suite("Records the clean-record check doubts")
struct DoubtedRecordTests {
  static let schema = """
    enum Role: String { case admin, viewer }
    struct Geo: DictionaryConvertible { let lat: Double; let lon: Double }
    struct Friend: DictionaryConvertible { let id: Int; var name: String? }
    struct M: DictionaryConvertible {
      let id: Int
      let role: Role
      let geo: Geo
      let friends: [Friend]
      let meta: [String: [Int]]
      var any: Any?
      var note: String?
    }
    """

  static let clean = #"{"id":1,"role":"admin","geo":{"lat":1.5,"lon":2},"friends":[{"id":1},{"id":2,"name":null}],"meta":{"a":[1],"b":[]},"any":null,"note":"x"}"#

  /// One problem (or several) at the start, in the middle, deep inside, and at the end.
  static let records: [String] = [
    clean,
    clean.replacingOccurrences(of: #""id":1,"role""#, with: #""id":"1","role""#),
    clean.replacingOccurrences(of: #""lat":1.5"#, with: #""lat":"north""#),
    clean.replacingOccurrences(of: #"{"id":2,"name":null}"#, with: #"{"id":null,"name":7}"#),
    clean.replacingOccurrences(of: #""b":[]"#, with: #""b":["x",2,null]"#),
    clean.replacingOccurrences(of: #","note":"x""#, with: ""),
    clean.replacingOccurrences(of: #""note":"x""#, with: #""note":5"#),
    clean.replacingOccurrences(of: #""id":1,"role":"admin""#, with: #""id":1,"role":"root","id":2"#),
    clean.replacingOccurrences(of: #""geo":{"lat":1.5,"lon":2}"#, with: #""geo":{"lat":1.5}"#)
      .replacingOccurrences(of: #""a":[1]"#, with: #""a":[1.5],"a":[2]"#),
    clean.replacingOccurrences(of: #""any":null"#, with: #""any":null,"extra":{"deep":[[[1]]]}"#)
      .replacingOccurrences(of: #""role":"admin""#, with: #""role":null"#),
  ]

  /// `--strict`, the default dialect, and unknown keys reported.
  static let options = [
    ValidationOptions(strict: true), ValidationOptions(), ValidationOptions(strict: true, unknownKeys: .warn),
  ]

  @Test("the same findings with and without the clean-record check", arguments: records.indices, options.indices)
  func sameFindings(_ index: Int, _ option: Int) throws {
    let registry = EngineProbe.registry(Self.schema)
    // Each record alone, and all of them as NDJSON after one another.
    for (json, ndjson) in [(Self.records[index], false), (Self.records.joined(separator: "\n"), true)] {
      let checked = try EngineProbe.run(registry, json, options: Self.options[option], build: false, ndjson: ndjson)
      let walked = try EngineProbe.run(
        registry, json, options: Self.options[option], build: false, ndjson: ndjson, cleanCheck: false)
      let describe = { (run: EngineProbe.Run) in
        run.records.map { record in
          record.findings.map { "\($0.severity) \($0.code) \($0.path) @\($0.offset) \($0.message)" }
        }
      }
      #expect(describe(checked) == describe(walked))
      #expect(checked.summary == walked.summary)
    }
  }
}
