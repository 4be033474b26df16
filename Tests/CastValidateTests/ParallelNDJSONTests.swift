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

  /// A streaming validator of `User` with `jobs` workers.
  static func stream(jobs: Int, build: Bool, chunkSize: Int, pieceSize: Int, backlog: Int) throws -> StreamValidator {
    let (registry, _) = SchemaLoader.load([SourceFile(path: "p.cast", text: schema)])
    let compiled = CompiledSchema(registry: registry)
    let validator = try #require(DocumentValidator(schema: compiled, target: .model("User"), build: build))
    var stream = StreamValidator(config: validator, jobs: jobs, chunkSize: chunkSize)
    stream.pieceSize = pieceSize
    stream.backlogLimit = backlog
    return stream
  }

  /// Every record's index, line, validity and finding codes, in the order reported, plus the
  /// summary, or the records reported before malformed JSON and the error.
  static func run(
    _ path: String, jobs: Int, build: Bool, chunkSize: Int = 256 << 10, pieceSize: Int = 128 << 10,
    backlog: Int = ReportBacklog.defaultLimit
  ) throws -> (summary: Result<ValidationSummary, StreamError>, records: [String]) {
    // 256 KB chunks by default: many batches, each large enough to be split between the workers.
    let stream = try Self.stream(jobs: jobs, build: build, chunkSize: chunkSize, pieceSize: pieceSize, backlog: backlog)
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    var records: [String] = []
    let summary = Result { () throws(StreamError) in
      try stream.ndjson(descriptor: descriptor, progress: { _, _ in }) { result in
        let codes = result.findings.map { "\($0.code)@\($0.recordLine ?? -1)" }.joined(separator: ",")
        records.append("\(result.index):\(result.line ?? -1):\(result.isValid):\(result.instance != nil):\(codes)")
      }
    }
    return (summary, records)
  }

  @Test(
    "two workers report the same records, findings and lines as one, in input order, whatever the pieces",
    arguments: [false, true], [128 << 10, 3_000])
  func sameAsOneWorker(_ build: Bool, pieceSize: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("users.ndjson", Self.records(30_000))
    let one = try Self.run(path, jobs: 1, build: build)
    let two = try Self.run(path, jobs: 2, build: build, pieceSize: pieceSize)
    let summary = try one.summary.get()
    #expect(summary.records == 30_000)
    #expect(summary.invalidRecords > 0)
    #expect(try two.summary.get() == summary)
    #expect(two.records == one.records)
  }

  /// A backlog of a few findings holds the workers back after nearly every piece, so the pieces
  /// are reported as they come rather than batch by batch; nothing changes but the memory.
  @Test(
    "workers held back by unreported findings report the same records as one worker", .timeLimit(.minutes(1)),
    arguments: [1, 40])
  func heldBackByBacklog(_ backlog: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("users.ndjson", Self.records(20_000))
    let one = try Self.run(path, jobs: 1, build: false)
    let two = try Self.run(path, jobs: 2, build: false, pieceSize: 3_000, backlog: backlog)
    #expect(try two.summary.get() == one.summary.get())
    #expect(two.records == one.records)
  }

  @Test("lines longer than a read, and reads that end mid-line, give the same records with any number of workers")
  func linesAcrossReads() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var bytes = Self.records(3_000)
    // A 300 KB record, longer than the 64 KB chunks below and than the first batch read with 4 MB
    // chunks, at the start, in the middle and at the end (no newline).
    let long = Array(#"{"id":1,"user_name":"long","email":"l@x.org","role":"admin","tags":["\#(String(repeating: "x", count: 300_000))"]}"#.utf8)
    #expect(long.count > LineBatchReader.firstBatchSize)
    let middle = try #require(bytes[(bytes.count / 2)...].firstIndex(of: 0x0A)) + 1
    bytes.insert(contentsOf: long + [0x0A], at: middle)
    bytes = long + [0x0A] + bytes + long
    let path = try folder.write("users.ndjson", bytes)
    let reference = try Self.run(path, jobs: 1, build: false, chunkSize: 4 << 20)
    #expect(try reference.summary.get().records == 3_003)
    for jobs in [1, 2] {
      let chunked = try Self.run(path, jobs: jobs, build: false, chunkSize: 64 << 10)
      #expect(try chunked.summary.get() == reference.summary.get(), "jobs \(jobs)")
      #expect(chunked.records == reference.records, "jobs \(jobs)")
    }
  }

  @Test("malformed JSON in a middle piece stops the run there, after the records before it, counted, as with one worker")
  func malformedInMiddlePiece() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var bytes = Self.records(20_000)
    let cut = try #require(bytes[(bytes.count / 3)...].firstIndex(of: 0x0A)) + 1
    bytes.insert(contentsOf: Array(#"{"id": 5, "user_name": }"#.utf8) + [0x0A], at: cut)
    let path = try folder.write("users.ndjson", bytes)
    let one = try Self.run(path, jobs: 1, build: false)
    guard case .failure(.syntax(let error, let readBefore)) = one.summary else {
      Issue.record("one worker: expected malformed JSON, got \(one.summary)")
      return
    }
    #expect(error.offset == cut + 23)  // the `}` where a value belongs
    #expect(!one.records.isEmpty)
    // Every record before the malformed line is counted, those without findings too.
    let before = bytes[..<cut].count { $0 == 0x0A }
    #expect(readBefore.records == before)
    #expect(readBefore.invalidRecords == one.records.count { $0.contains(":false:") })
    // The smallest pieces and backlog: the workers are held back when the run stops.
    for (pieceSize, backlog) in [(128 << 10, ReportBacklog.defaultLimit), (3_000, ReportBacklog.defaultLimit), (3_000, 1)] {
      let two = try Self.run(path, jobs: 2, build: false, pieceSize: pieceSize, backlog: backlog)
      guard case .failure(.syntax(let twoError, let twoBefore)) = two.summary else {
        Issue.record("two workers, pieces of \(pieceSize): expected malformed JSON, got \(two.summary)")
        continue
      }
      #expect(twoError.offset == error.offset, "piece size \(pieceSize)")
      #expect(twoBefore == readBefore, "piece size \(pieceSize)")
      #expect(two.records == one.records, "piece size \(pieceSize)")
    }
  }
}
