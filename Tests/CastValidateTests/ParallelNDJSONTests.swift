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
  static func run(
    _ path: String, jobs: Int, build: Bool, chunkSize: Int = 256 << 10
  ) throws -> (summary: ValidationSummary, records: [String]) {
    let (registry, _) = SchemaLoader.load([SourceFile(path: "p.cast", text: schema)])
    let compiled = CompiledSchema(registry: registry)
    let validator = try #require(DocumentValidator(schema: compiled, target: .model("User"), build: build))
    // 256 KB chunks: many batches, each large enough to be split between the workers.
    let stream = StreamValidator(config: validator, jobs: jobs, chunkSize: chunkSize)
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

  @Test("lines longer than a read, and reads that end mid-line, give the same records with any number of workers")
  func linesAcrossReads() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var bytes = Self.records(3_000)
    // A 200 KB record, longer than the 64 KB chunks below, in the middle and at the end (no newline).
    let long = Array(#"{"id":1,"user_name":"long","email":"l@x.org","role":"admin","tags":["\#(String(repeating: "x", count: 200_000))"]}"#.utf8)
    let middle = try #require(bytes[(bytes.count / 2)...].firstIndex(of: 0x0A)) + 1
    bytes.insert(contentsOf: long + [0x0A], at: middle)
    bytes += long
    let path = try folder.write("users.ndjson", bytes)
    let reference = try Self.run(path, jobs: 1, build: false, chunkSize: 4 << 20)
    #expect(reference.summary.records == 3_002)
    for jobs in [1, 2] {
      let chunked = try Self.run(path, jobs: jobs, build: false, chunkSize: 64 << 10)
      #expect(chunked.summary == reference.summary, "jobs \(jobs)")
      #expect(chunked.records == reference.records, "jobs \(jobs)")
    }
  }
}
