import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// The NDJSON path with worker threads (`--jobs`), in-process so ThreadSanitizer sees every
/// thread (`make test-tsan` runs this suite built with `--sanitize=thread`): two workers must
/// give exactly what one gives, record by record.
@Suite("ParallelNDJSON: --jobs 2 gives what --jobs 1 gives")
struct ParallelNDJSONTests {
  static let schema = """
    enum Role: String { case admin, editor, viewer }
    struct User: DictionaryConvertible, UnderscoreToCamelCase {
        let id: Int //! min 1
        let userName: String //! length 1...40
        let email: String //! pattern "^[^@ ]+@[^@ ]+$"
        let role: Role
        var tags: [String] = [] //! count 0...3
    }
    """

  /// `count` records, every 7th invalid in a different way, as NDJSON.
  static func records(_ count: Int) -> [UInt8] {
    var text = ""
    for index in 1...count {
      let role = ["admin", "editor", "viewer", "root"][index % 7 == 0 ? 3 : index % 3]
      let email = index % 11 == 0 ? "no-at-sign" : "user\(index)@example.org"
      text += #"{"id":\#(index),"user_name":"user\#(index)","email":"\#(email)","role":"\#(role)","tags":["a","b"]}"# + "\n"
    }
    return Array(text.utf8)
  }

  /// Every record's index, line, validity and finding codes, in the order reported, plus the summary.
  static func run(_ path: String, jobs: Int, build: Bool) throws -> (summary: ValidationSummary, records: [String]) {
    let (registry, _) = SchemaLoader.load([SourceFile(path: "p.cast", text: schema)])
    let compiled = CompiledSchema(registry: registry)
    let validator = try #require(DocumentValidator(schema: compiled, target: .model("User"), build: build))
    // 256 KB chunks: many batches, each large enough to be split between the workers.
    let stream = StreamValidator(config: validator, jobs: jobs, chunkSize: 256 << 10)
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    var records: [String] = []
    let summary = try stream.ndjson(descriptor: descriptor, progress: { _, _ in }) { result in
      let codes = result.findings.map { "\($0.code)@\($0.recordLine ?? -1)" }.joined(separator: ",")
      records.append("\(result.index):\(result.line ?? -1):\(result.isValid):\(result.instance != nil):\(codes)")
    }
    return (summary, records)
  }

  @Test("two workers report the same records, findings and lines as one, in input order", arguments: [false, true])
  func sameAsOneWorker(_ build: Bool) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("users.ndjson", Self.records(30_000))
    let one = try Self.run(path, jobs: 1, build: build)
    let two = try Self.run(path, jobs: 2, build: build)
    #expect(one.summary.records == 30_000)
    #expect(one.summary.invalidRecords > 0)
    #expect(two.summary == one.summary)
    #expect(two.records == one.records)
  }
}
