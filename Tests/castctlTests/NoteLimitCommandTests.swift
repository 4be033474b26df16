import Foundation
import Testing

/// `--max-notes`: a note a model's declaration makes on every record is shown at most that many
/// times (10 unless given), the rest counted in the summary and said in one line.
@Suite("castctl validate / convert --max-notes", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct NoteLimitCommandTests {
  /// An `//! ignore`d key that is in every record: one `ignored-key` note each.
  private static let schema = "struct S {\n  let skip: Int //! ignore\n  let n: Int\n}\n"

  private func run(_ arguments: [String], records: Int) throws -> CastctlProcess.Output {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("s.cast", Self.schema)
    try scratch.write("s.ndjson", String(repeating: #"{"skip": 1, "n": 2}"# + "\n", count: records))
    return try CastctlProcess.run([arguments[0], "s.cast", "s.ndjson"] + arguments.dropFirst(), in: scratch.url)
  }

  private func noteCount(_ text: String) -> Int { text.components(separatedBy: ": note[ignored-key]").count - 1 }

  @Test(
    "each note is shown at most --max-notes times (10 unless given), and the rest are counted",
    arguments: [(nil, 10), ("3", 3), ("0", 25), ("30", 25)] as [(String?, Int)])
  func validateShows(_ limit: String?, _ shown: Int) throws {
    let output = try run(["validate"] + (limit.map { ["--max-notes", $0] } ?? []), records: 25)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(noteCount(output.stdout) == shown, "\(output.stdout)")
    let left = "\(25 - shown) more notes not shown (each note at most \(limit ?? "10") times: --max-notes 0 shows every one)"
    #expect(output.stdout.contains(left) == (shown < 25), "\(output.stdout)")
    #expect(output.stdout.contains("25 notes"), "\(output.stdout)")
  }

  @Test("convert shows each note at most --max-notes times on standard error, and writes every record")
  func convertShows() throws {
    let output = try run(["convert", "--max-notes", "4"], records: 12)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(noteCount(output.stderr) == 4, "\(output.stderr)")
    #expect(output.stderr.contains("8 more notes not shown (each note at most 4 times: --max-notes 0 shows every one)"), "\(output.stderr)")
    #expect(output.stdout.split(separator: "\n").count == 12, "\(output.stdout)")
  }

  @Test("the line counts only the notes the note limit left out, not those --max-errors did")
  func lineCountsOnlyFoldedNotes() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("s.cast", Self.schema)
    try scratch.write("s.ndjson", String(repeating: #"{"skip": 1, "n": "x"}"# + "\n", count: 15))
    let output = try CastctlProcess.run(["validate", "s.cast", "s.ndjson", "--max-errors", "1"], in: scratch.url)
    #expect(output.status == 1, "\(output.stderr)")
    #expect(!output.stdout.contains("more notes not shown"), "\(output.stdout)")
  }

  @Test("malformed input after notes left out still says how many", arguments: ["validate", "convert"])
  func leftOutBeforeMalformedInput(_ command: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("s.cast", Self.schema)
    try scratch.write("s.ndjson", String(repeating: #"{"skip": 1, "n": 2}"# + "\n", count: 12) + #"{"skip": 1, "n": "# + "\n")
    let output = try CastctlProcess.run([command, "s.cast", "s.ndjson"], in: scratch.url)
    #expect(output.status == 3, "\(output.stderr)")
    #expect((output.stdout + output.stderr).contains("2 more notes not shown (each note at most 10 times"), "\(output.stdout)\(output.stderr)")
  }

  @Test("--summary counts every note unless --max-notes is given")
  func summaryCountsEveryNote() throws {
    let output = try run(["validate", "--summary"], records: 25)
    #expect(output.stdout.contains("note[ignored-key] ×25"), "\(output.stdout)")
    #expect(!output.stdout.contains("not shown"), "\(output.stdout)")
  }

  @Test("--quiet shows no note and says nothing of the notes left out")
  func quietSaysNothing() throws {
    let output = try run(["validate", "--quiet"], records: 25)
    #expect(noteCount(output.stdout) == 0 && !output.stdout.contains("not shown"), "\(output.stdout)")
    #expect(output.stdout.contains("25 notes"), "\(output.stdout)")
  }

  @Test("the pipe modes report every finding: --max-notes is refused there", arguments: ["validate", "convert"])
  func refusedInPipeMode(_ command: String) throws {
    let output = try run([command, "--format", "jsonl", "--max-notes", "2"], records: 3)
    #expect(output.status == 64, "\(output.stdout)\(output.stderr)")
    #expect(output.stderr.contains("--max-notes"), "\(output.stderr)")
  }

  @Test("a negative --max-notes is refused", arguments: ["validate", "convert"])
  func negativeRefused(_ command: String) throws {
    let output = try run([command, "--max-notes", "-1"], records: 1)
    #expect(output.status == 64 && output.stderr.contains("--max-notes must be 0 or more"), "\(output.stderr)")
  }

  /// Each job's engine counts its own notes; the report keeps the first ones in record order.
  @Test("the notes shown are the same with one job and two, over many batches", arguments: [[], ["--max-record-findings", "1"]])
  func sameWithJobs(_ options: [String]) throws {
    // 200,000 records (4 MB) go to the two jobs in many batches.
    let one = try run(["validate", "--jobs", "1"] + options, records: 200_000)
    let two = try run(["validate", "--jobs", "2"] + options, records: 200_000)
    #expect(one.status == 0 && noteCount(one.stdout) == 10, "\(one.stdout.prefix(2000))")
    #expect(one.stdout.contains("199,990 more notes not shown") || one.stdout.contains("199990 more notes not shown"), "\(one.stdout.suffix(300))")
    #expect(one.stdout == two.stdout)
  }
}
