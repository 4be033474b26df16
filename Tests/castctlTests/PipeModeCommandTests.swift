import Foundation
import Testing

/// `--format jsonl` (the pipe mode) and `--split`, end to end: one verdict per input line.
@Suite("castctl --format jsonl and --split, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct PipeModeCommandTests {
  /// A valid record of `users.cast`'s `User`.
  static let valid = #"{"id":1,"user_name":"ada","email":"ada@example.org","role":"admin","created_at":"2024-03-01T09:30:00Z","address":{"street":"1 Main St","city":"London","zip":"10001"}}"#
  static let invalid = #"{"id":"x"}"#
  static let malformed = #"{"id": 5, broken"#

  /// Input lines, and what each line's verdict says: v valid, i invalid, m malformed, b blank.
  static let cases: [(lines: [String], expected: String)] = [
    ([valid, invalid, valid], "viv"),
    ([valid, "", malformed, valid], "vbmv"),
    ([malformed, malformed], "mm"),
    (["   ", valid, "\t"], "bvb"),
    ([valid + "\r", invalid], "vi"),
  ]

  @Test(arguments: cases, ["1", "2"])
  func oneVerdictPerLine(_ item: (lines: [String], expected: String), jobs: String) throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    try folder.write("data.ndjson", item.lines.joined(separator: "\n") + "\n")
    let output = try CastctlProcess.run(
      ["validate", "users.cast", "data.ndjson", "--model", "User", "--format", "jsonl", "--jobs", jobs], in: folder.url)
    #expect(output.status == 0, "findings never change the exit status: \(output.stderr)")
    let verdicts = try output.stdout.split(separator: "\n").map { try Self.object(String($0)) }
    #expect(verdicts.count == item.lines.count)
    #expect(verdicts.map { $0["line"] as? Int } == Array(1...item.lines.count))
    let kinds = verdicts.map { verdict -> Character in
      if verdict["blank"] as? Bool == true { return "b" }
      let findings = verdict["findings"] as? [[String: Any]] ?? []
      if findings.first?["code"] as? String == "malformed-json" { return "m" }
      return verdict["valid"] as? Bool == true ? "v" : "i"
    }
    #expect(String(kinds) == item.expected)
  }

  /// The findings of each line are those `--format json` reports for its record.
  @Test func findingsMatchFormatJSON() throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.ndjson"])
    let pipe = try CastctlProcess.run(["validate", "users.cast", "users.ndjson", "--format", "jsonl"], in: folder.url)
    let json = try CastctlProcess.run(["validate", "users.cast", "users.ndjson", "--format", "json"], in: folder.url)
    let document = try Self.object(json.stdout)
    let all = document["findings"] as? [[String: Any]] ?? []
    for line in pipe.stdout.split(separator: "\n") {
      let verdict = try Self.object(String(line))
      let number = verdict["line"] as? Int
      let expected = all.filter { $0["record"] as? Int == number }
      let findings = verdict["findings"] as? [[String: Any]] ?? []
      #expect(findings.map(Self.canonical) == expected.map(Self.canonical), "line \(number ?? 0)")
    }
  }

  /// Lines across the reader's batches (more than its 4 MB chunk), on one thread and on two,
  /// from a file and from standard input: the same lines in the same order.
  @Test func largeInputInOrder() throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    var lines: [String] = []
    for index in 0..<24_000 {
      lines.append(index % 97 == 0 ? Self.malformed : index % 41 == 0 ? Self.invalid : index % 89 == 0 ? "" : Self.valid)
    }
    let text = lines.joined(separator: "\n") + "\n"
    try folder.write("big.ndjson", text)
    let arguments = ["validate", "users.cast", "--model", "User", "--format", "jsonl"]
    let one = try CastctlProcess.run(arguments + ["big.ndjson", "--jobs", "1"], in: folder.url, timeout: 300)
    let two = try CastctlProcess.run(arguments + ["big.ndjson", "--jobs", "2"], in: folder.url, timeout: 300)
    let piped = try CastctlProcess.run(arguments + ["-", "--jobs", "2"], in: folder.url, stdin: text, timeout: 300)
    let verdicts = one.stdout.split(separator: "\n")
    #expect(verdicts.count == lines.count)
    #expect(two.stdout == one.stdout)
    #expect(piped.stdout == one.stdout)
    for (index, verdict) in verdicts.enumerated() where index % 1000 == 0 || index % 97 == 0 {
      #expect(try Self.object(String(verdict))["line"] as? Int == index + 1)
    }
  }

  /// `--split`: valid records as read to one file, rejects with their findings to the other.
  @Test(arguments: ["validate", "convert"])
  func splitWritesBothFiles(command: String) throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    try folder.write("data.ndjson", [Self.valid, Self.invalid, "", Self.malformed, Self.valid].joined(separator: "\n") + "\n")
    let output = try CastctlProcess.run(
      [command, "users.cast", "data.ndjson", "--model", "User", "--split", "good.ndjson", "bad.ndjson"], in: folder.url)
    #expect(output.status == 0, "\(output.stderr)")
    let good = try folder.text("good.ndjson").split(separator: "\n")
    #expect(good.count == 2)
    if command == "validate" { #expect(good.allSatisfy { $0 == Self.valid }) }
    let bad = try folder.text("bad.ndjson").split(separator: "\n").map { try Self.object(String($0)) }
    #expect(bad.map { $0["line"] as? Int } == [2, 4])
    #expect((bad[0]["record"] as? [String: Any])?["id"] as? String == "x")
    #expect(bad[1]["text"] as? String == Self.malformed)
    #expect(bad.allSatisfy { ($0["findings"] as? [Any])?.isEmpty == false })
    // A second run refuses to replace them without --force, and leaves them as they were.
    let again = try CastctlProcess.run(
      [command, "users.cast", "data.ndjson", "--model", "User", "--split", "good.ndjson", "bad.ndjson"], in: folder.url)
    #expect(again.status == 74)
    #expect(try folder.text("good.ndjson").split(separator: "\n").count == 2)
  }

  /// A JSON string cannot hold bytes that are not UTF-8: the rejects line gives them in base64
  /// beside the text, so the line can be recovered exactly.
  @Test("--split keeps a line that is not UTF-8 byte for byte in base64", arguments: ["validate", "convert"])
  func splitKeepsInvalidUTF8(command: String) throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    let line: [UInt8] = Array(#"{"id": "a"#.utf8) + [0xFF, 0xC0] + Array(#""}"#.utf8)
    try Data(Array((Self.valid + "\n").utf8) + line + [0x0A]).write(to: folder.url.appendingPathComponent("data.ndjson"))
    let output = try CastctlProcess.run(
      [command, "users.cast", "data.ndjson", "--model", "User", "--split", "good.ndjson", "bad.ndjson"], in: folder.url)
    #expect(output.status == 0, "\(output.stderr)")
    let bad = try folder.text("bad.ndjson").split(separator: "\n").map { try Self.object(String($0)) }
    #expect(bad.count == 1)
    #expect((bad.first?["base64"] as? String).flatMap { Data(base64Encoded: $0) } == Data(line))
    #expect(bad.first?["text"] as? String == String(decoding: line, as: UTF8.self))
    // A malformed line that is UTF-8 needs no copy.
    try folder.write("data2.ndjson", Self.malformed + "\n")
    _ = try CastctlProcess.run(
      [command, "users.cast", "data2.ndjson", "--model", "User", "--split", "good2.ndjson", "bad2.ndjson"], in: folder.url)
    #expect(try Self.object(try folder.text("bad2.ndjson"))["base64"] == nil)
  }

  /// A line longer than a read (4 MiB) is kept only up to a byte no JSON text may hold, so that
  /// `/dev/zero` cannot fill the memory; the rejects line says it is `truncated`.
  @Test("--split cuts an overlong line at a byte JSON never holds, and says so")
  func splitCutsOverlongLine() throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    let start = Array(#"{"id": ""#.utf8) + [0x00]
    let line = start + [UInt8](repeating: UInt8(ascii: "a"), count: 5 << 20)
    try Data(Array((Self.valid + "\n").utf8) + line + [0x0A] + Array((Self.valid + "\n").utf8))
      .write(to: folder.url.appendingPathComponent("data.ndjson"))
    let output = try CastctlProcess.run(
      ["validate", "users.cast", "data.ndjson", "--model", "User", "--split", "good.ndjson", "bad.ndjson"], in: folder.url)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(try folder.text("good.ndjson").split(separator: "\n").count == 2)
    let bad = try folder.text("bad.ndjson").split(separator: "\n").map { try Self.object(String($0)) }
    #expect(bad.map { $0["line"] as? Int } == [2])
    #expect(bad.first?["text"] as? String == String(decoding: start, as: UTF8.self))
    #expect(bad.first?["truncated"] as? Bool == true)
  }

  /// A file over `--max-bytes` is refused before a verdict is written, as the other formats
  /// refuse it; a stream only once it goes past the limit.
  @Test("--max-bytes: a file too large gets no verdict, exit 3", arguments: ["validate", "convert"])
  func maxBytesFile(_ command: String) throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    try folder.write("data.ndjson", String(repeating: Self.valid + "\n", count: 200))
    let output = try CastctlProcess.run(
      [command, "users.cast", "data.ndjson", "--model", "User", "--format", "jsonl", "--max-bytes", "1000"], in: folder.url)
    #expect(output.status == 3, "\(output.stderr)")
    #expect(output.stdout.isEmpty && output.stderr.contains("larger than --max-bytes (1000 bytes)"), "\(output.stdout)")
  }

  /// `convert --format jsonl`: the converted record, or the verdict of one that does not convert.
  @Test func convertWritesRecordOrVerdict() throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    try folder.write("data.ndjson", [Self.valid, Self.invalid, Self.malformed].joined(separator: "\n") + "\n")
    let output = try CastctlProcess.run(
      ["convert", "users.cast", "data.ndjson", "--model", "User", "--format", "jsonl", "--keys", "property"], in: folder.url)
    #expect(output.status == 0)
    let lines = try output.stdout.split(separator: "\n").map { try Self.object(String($0)) }
    #expect(lines.count == 3)
    #expect(lines[0]["userName"] as? String == "ada")
    #expect(lines[1]["line"] as? Int == 2 && lines[1]["valid"] as? Bool == false)
    #expect(lines[2]["line"] as? Int == 3 && lines[2]["valid"] as? Bool == false)
  }

  @Test(arguments: [
    ["--format", "jsonl", "--summary"],
    ["--format", "jsonl", "--split", "a", "b"],
    ["--split", "a"],
  ])
  func refusedCombinations(_ extra: [String]) throws {
    let output = try CastctlProcess.run(["validate", "users.cast", "users.ndjson"] + extra)
    #expect(output.status == 64)
  }

  /// One file for VALID and REJECTS would keep only the rejects: refused before anything is read.
  @Test(arguments: [["same.ndjson", "same.ndjson"], ["same.ndjson", "./same.ndjson"], ["same.ndjson", "sub/../same.ndjson"], ["-", "-"]])
  func splitToOneFileIsRefused(_ files: [String]) throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    try folder.write("data.ndjson", [Self.valid, Self.invalid].joined(separator: "\n") + "\n")
    try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
    for command in ["validate", "convert"] {
      let output = try CastctlProcess.run([command, "users.cast", "data.ndjson", "--model", "User", "--split"] + files, in: folder.url)
      #expect(output.status == 64, "\(output.stderr)")
      #expect(output.stderr.contains("are one file"), "\(output.stderr)")
      #expect(!folder.exists("same.ndjson"))
    }
  }

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  static func canonical(_ object: [String: Any]) -> String {
    let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data ?? Data(), as: UTF8.self)
  }
}
