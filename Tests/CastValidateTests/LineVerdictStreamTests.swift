import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// The pipe mode's reader in-process (so ThreadSanitizer sees its threads): one verdict per line
/// across batch boundaries, whatever the chunk size and the number of threads.
@Suite("LineVerdictStream: a verdict per line, in order")
struct LineVerdictStreamTests {
  /// Lines of `ParallelNDJSONTests.records`, with malformed and blank lines among them.
  static func input(_ count: Int) -> (bytes: [UInt8], kinds: [Character]) {
    let records = String(decoding: ParallelNDJSONTests.records(count), as: UTF8.self).split(separator: "\n")
    var lines: [String] = []
    var kinds: [Character] = []
    for (index, record) in records.enumerated() {
      if index % 13 == 5 {
        lines.append(#"{"id": 1, "user_name": "#)
        kinds.append("m")
      } else if index % 17 == 3 {
        lines.append(index % 2 == 0 ? "" : " \t")
        kinds.append("b")
      } else {
        lines.append(String(record))
        kinds.append(index % 7 == 6 || index % 11 == 10 ? "i" : "v")
      }
    }
    return (Array((lines.joined(separator: "\n") + "\n").utf8), kinds)
  }

  /// Every verdict of `bytes` read through a pipe, chunk by chunk (a cut line's kind is `c`), and
  /// the size of the largest batch.
  static func verdicts(
    _ bytes: [UInt8], jobs: Int, chunkSize: Int, sliceSize: Int = 1 << 16, largestBatch: inout Int
  ) throws -> [(line: Int, kind: Character, findings: Int)] {
    let (registry, _) = SchemaLoader.load([SourceFile(path: "p.cast", text: ParallelNDJSONTests.schema)])
    let validator = try #require(DocumentValidator(schema: CompiledSchema(registry: registry), target: .model("User")))
    var stream = LineVerdictStream(config: validator, jobs: jobs, chunkSize: chunkSize)
    stream.sliceSize = sliceSize
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("verdicts-\(UUID().uuidString)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    var found: [(line: Int, kind: Character, findings: Int)] = []
    try stream.run(descriptor: descriptor, name: "data.ndjson") { source, verdicts in
      largestBatch = max(largestBatch, source.size)
      for verdict in verdicts {
        switch verdict {
        case .blank(let line): found.append((line, "b", 0))
        case .malformed(let line, let lineStart, let error, let cut):
          // The syntax error's position is counted within its own line.
          #expect(source.position(of: error.offset, line: line, lineStart: lineStart).line == line)
          found.append((line, cut ? "c" : "m", 1))
        case .record(let result): found.append((result.line ?? 0, result.isValid ? "v" : "i", result.findings.count))
        }
      }
    }
    return found
  }

  /// `verdicts` without the batch size.
  static func verdicts(
    _ bytes: [UInt8], jobs: Int, chunkSize: Int, sliceSize: Int = 1 << 16
  ) throws -> [(line: Int, kind: Character, findings: Int)] {
    var largestBatch = 0
    return try verdicts(bytes, jobs: jobs, chunkSize: chunkSize, sliceSize: sliceSize, largestBatch: &largestBatch)
  }

  /// Lines in any chunks, any number of workers, any slices of a batch (a slice under a line's
  /// length holds that one line).
  @Test(arguments: [(1, 4096, 1 << 16), (2, 4096, 1 << 16), (2, 1 << 16, 1 << 16), (3, 1 << 20, 1 << 16), (2, 1 << 20, 1_000), (2, 1 << 20, 1)])
  func verdictPerLine(jobs: Int, chunkSize: Int, sliceSize: Int) throws {
    let (bytes, kinds) = Self.input(2_000)
    let found = try Self.verdicts(bytes, jobs: jobs, chunkSize: chunkSize, sliceSize: sliceSize)
    #expect(found.map(\.line) == Array(1...kinds.count))
    #expect(String(found.map(\.kind)) == String(kinds))
    let reference = try Self.verdicts(bytes, jobs: 1, chunkSize: 1 << 22)
    #expect(found.map(\.findings) == reference.map(\.findings))
  }

  /// A byte order mark is skipped on the input's first line only.
  @Test(arguments: [(true, "v"), (false, "m")])
  func byteOrderMark(first: Bool, expected: Character) throws {
    let record = Array(#"{"id":1,"user_name":"a","email":"a@b","role":"admin"}"#.utf8)
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    var bytes = first ? bom + record : record
    bytes += [0x0A] + (first ? record : bom + record) + [0x0A]
    let found = try Self.verdicts(bytes, jobs: 1, chunkSize: 4096)
    #expect(found.map(\.kind) == (first ? ["v", "v"] : ["v", expected]))
  }

  /// The last line may lack its newline; an empty input has no lines.
  @Test(arguments: [("", 0), ("{}", 1), ("{}\n{}", 2), ("\n", 1)])
  func lineCount(text: String, lines: Int) throws {
    #expect(try Self.verdicts(Array(text.utf8), jobs: 2, chunkSize: 4096).count == lines)
  }

  /// A line longer than a chunk is read no further than a byte JSON forbids everywhere (`/dev/zero`
  /// is one endless such line), wherever in the line it is: the batch that holds it stays near the
  /// chunk size, and the lines after it keep their numbers. A line no longer than a chunk, or one
  /// without such a byte, is read whole.
  @Test(arguments: [
    (100_000, 0, "c"), (100_000, 3_000, "c"), (100_000, 20_000, "c"), (300_000, 200_000, "c"), (100_000, 99_999, "c"),
    (300_000, 299_999, "c"), (100_000, nil, "m"), (3_000, 0, "m"), (3_000, 2_999, "m"),
  ] as [(Int, Int?, Character)])
  func longLineCut(length: Int, forbiddenAt: Int?, kind: Character) throws {
    let record = Array(#"{"id":1,"user_name":"a","email":"a@b","role":"admin"}"#.utf8)
    var long = [UInt8](repeating: UInt8(ascii: "a"), count: length)
    if let forbiddenAt { long[forbiddenAt] = 0 }
    let bytes = record + [0x0A] + long + [0x0A] + record + [0x0A] + Array("x".utf8) + [0x0A]
    var largestBatch = 0
    let found = try Self.verdicts(bytes, jobs: 2, chunkSize: 4096, largestBatch: &largestBatch)
    #expect(found.map(\.line) == [1, 2, 3, 4])
    #expect(String(found.map(\.kind)) == "v\(kind)vm")
    if kind == "c", let forbiddenAt {
      // The chunk doubles while the line holds no such byte, and no further.
      #expect(largestBatch <= max(2 * (forbiddenAt + 1), 4096) + 1)
    } else {
      #expect(largestBatch > length)
    }
  }

  /// Whether a long line is cut does not depend on the lines before it: a buffer grown for an
  /// earlier, longer line holds a later one whole, and is no reason to read all of it.
  @Test("a long line is cut after a longer one grew the buffer")
  func longLineCutAfterLongerLine() throws {
    let record = Array(#"{"id":1,"user_name":"a","email":"a@b","role":"admin"}"#.utf8)
    var longer = [UInt8](repeating: UInt8(ascii: "a"), count: 300_000)
    longer[299_990] = 0
    var long = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)
    long[10] = 0
    let bytes = record + [0x0A] + longer + [0x0A] + record + [0x0A] + long + [0x0A] + record + [0x0A]
    let found = try Self.verdicts(bytes, jobs: 1, chunkSize: 4096)
    #expect(found.map(\.line) == [1, 2, 3, 4, 5])
    #expect(String(found.map(\.kind)) == "vcvcv")
  }
}
