import Foundation
import Testing

/// One `castctl` run on hostile data (in a scratch folder) and what it must end with.
struct HostileDataCase: Sendable, CustomTestStringConvertible {
  let name: String
  /// The data files to write first: name and bytes.
  var files: [String: [UInt8]] = [:]
  let arguments: [String]
  let status: Int32
  /// Texts standard output and standard error together must contain.
  var output: [String] = []

  var testDescription: String { "\(name) → \(status)" }
}

/// Hostile data through the command line: each run ends with the documented exit code and a
/// positioned message, without a crash. The big and deep inputs are generated here.
@Suite("Hostile data through the command line", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct HostileDataTests {
  static let recursiveModel = "class Node {\n    var children: [Node] = []\n}\n"

  /// `{"children":[` … `]}` nested `levels` JSON levels deep.
  static func nested(_ levels: Int) -> [UInt8] {
    Array((String(repeating: #"{"children":["#, count: levels / 2) + String(repeating: "]}", count: levels / 2)).utf8)
  }

  static let cases: [HostileDataCase] = [
    HostileDataCase(
      name: "an empty file", files: ["empty.json": []], arguments: ["validate", "--type", "Any", "empty.json"], status: 3,
      output: ["empty.json:1:1: error[malformed-json]: unexpected end of input; expected a value"]),
    HostileDataCase(
      name: "a directory", arguments: ["validate", "--type", "Any", "."], status: 66,
      output: ["castctl: error: cannot read .: it is a directory"]),
    HostileDataCase(
      name: "nesting 1,000,000 deep",
      files: ["deep.json": Array((String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)).utf8)],
      arguments: ["convert", "--type", "Any", "deep.json"], status: 3,
      output: ["deep.json:1:513: error[malformed-json]: nesting deeper than 512 levels (raise it with --max-depth)"]),
    HostileDataCase(
      name: "nesting past --max-depth at its maximum, which the message does not suggest raising",
      files: ["deep.json": Array((String(repeating: "[", count: 10_001) + String(repeating: "]", count: 10_001)).utf8)],
      arguments: ["validate", "--type", "Any", "deep.json", "--max-depth", "10000"], status: 3,
      output: ["deep.json:1:10001: error[malformed-json]: nesting deeper than 10000 levels (the most --max-depth allows)"]),
    HostileDataCase(
      name: "an element of a top-level array nested past --max-depth: the message names the limit",
      files: [
        "u.cast": Array("struct U {\n    let id: Int\n}\n".utf8),
        "deep.json": Array(
          (#"[{"id": 1, "x": "# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}]").utf8),
      ],
      arguments: ["validate", "u.cast", "deep.json"], status: 3,
      output: ["deep.json:1:527: error[malformed-json]: nesting deeper than 512 levels (raise it with --max-depth)"]),
    HostileDataCase(
      name: "--max-depth above its limit", arguments: ["validate", "--type", "Any", "-", "--max-depth", "1000000"],
      status: 64, output: ["--max-depth must be at most 10000"]),
    HostileDataCase(
      name: "/dev/zero with --max-bytes", arguments: ["validate", "--type", "Any", "/dev/zero", "--max-bytes", "65536"],
      status: 3, output: ["/dev/zero:1:1: error[malformed-json]: unexpected byte 0x00"]),
    HostileDataCase(
      name: "a file larger than --max-bytes", files: ["big.json": Array(repeating: 0x20, count: 100_000) + [0x31]],
      arguments: ["roundtrip", "--type", "Any", "big.json", "--max-bytes", "1000"], status: 3,
      output: ["cannot read big.json: the input is larger than --max-bytes (1000 bytes)"]),
    HostileDataCase(
      name: "a UTF-8 byte-order mark", files: ["bom.json": [0xEF, 0xBB, 0xBF] + Array(#"{"a": [1]}"#.utf8)],
      arguments: ["convert", "--type", "[String: [Int]]", "bom.json", "--compact"], status: 0, output: [#"{"a":[1]}"#]),
    HostileDataCase(
      name: "a NUL byte in a string", files: ["nul.json": Array(#"{"a": "x"#.utf8) + [0] + Array(#"y"}"#.utf8)],
      arguments: ["validate", "--type", "Any", "nul.json"], status: 3,
      output: ["nul.json:1:9: error[malformed-json]: unescaped control character U+0000 in string"]),
    HostileDataCase(
      name: "an overlong UTF-8 sequence", files: ["overlong.json": Array(#"["a"#.utf8) + [0xC0, 0xAF] + Array(#""]"#.utf8)],
      arguments: ["validate", "--type", "[String]", "overlong.json"], status: 3,
      output: ["overlong.json:1:4: error[malformed-json]: invalid UTF-8 byte 0xC0 in string"]),
    HostileDataCase(
      name: "a UTF-8-encoded surrogate", files: ["surrogate.json": Array(#"[""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8)],
      arguments: ["validate", "--type", "[String]", "surrogate.json"], status: 3,
      output: ["surrogate.json:1:4: error[malformed-json]: invalid UTF-8 byte 0xA0 in string"]),
    HostileDataCase(
      name: "a truncated UTF-8 sequence", files: ["truncated.json": Array(#"[""#.utf8) + [0xE2, 0x82] + Array(#""]"#.utf8)],
      arguments: ["validate", "--type", "[String]", "truncated.json"], status: 3,
      output: ["truncated.json:1:3: error[malformed-json]: truncated UTF-8 sequence starting with byte 0xE2 in string"]),
    HostileDataCase(
      name: "CRLF NDJSON", files: ["crlf.ndjson": Array("{\"a\":1}\r\n{\"a\":2}\r\n{\"a\":3}\r\n".utf8)],
      arguments: ["validate", "--type", "[String: Int]", "crlf.ndjson"], status: 0, output: ["0 of 3 records invalid"]),
    HostileDataCase(
      name: "CRLF NDJSON converted", files: ["crlf.ndjson": Array("{\"a\":1}\r\n{\"a\":2}\r\n".utf8)],
      arguments: ["convert", "--type", "[String: Int]", "crlf.ndjson"], status: 0, output: ["{\"a\":1}\n{\"a\":2}\n"]),
    HostileDataCase(
      name: "NDJSON whose last line has no newline", files: ["last.ndjson": Array("{\"a\":1}\n{\"a\":2}\n{\"a\":\"x\"}".utf8)],
      arguments: ["validate", "--type", "[String: Int]", "last.ndjson", "--strict", "--jobs", "2"], status: 1,
      output: ["last.ndjson:3:6: error[", "1 of 3 records invalid"]),
    HostileDataCase(
      name: "a recursive model 8,000 levels deep (past the main thread's stack)",
      files: ["node.cast": Array(recursiveModel.utf8), "deep.json": nested(8_000)],
      arguments: ["convert", "node.cast", "deep.json", "--max-depth", "8000", "--compact"], status: 0,
      output: [#"{"children":[{"children":[{"#]),
    HostileDataCase(
      name: "a recursive model 8,001 levels deep with --max-depth 8000",
      files: ["node.cast": Array(recursiveModel.utf8), "deep.json": nested(8_002)],
      arguments: ["validate", "node.cast", "deep.json", "--max-depth", "8000"], status: 3,
      output: ["deep.json:1:", "nesting deeper than 8000 levels"]),
  ]

  @Test("hostile data ends with the documented exit code and a positioned message", arguments: cases)
  func hostileData(_ row: HostileDataCase) throws {
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    for (name, bytes) in row.files { try Data(bytes).write(to: folder.url.appendingPathComponent(name)) }
    let run = try CastctlProcess.run(row.arguments, in: folder.url)
    #expect(run.status == row.status, "\(run.stderr.prefix(2000))")
    let output = run.stdout + run.stderr
    for text in row.output { #expect(output.contains(text), "\(output.prefix(2000))") }
    #expect(!output.contains("Backtrac") && !output.contains("Fatal error"), "\(output.prefix(2000))")
  }

  @Test("endless standard input stops at --max-bytes")
  func endlessStandardInput() throws {
    let script = "yes '[1, 2]' | \"$CASTCTL\" validate --type Any - --max-bytes 1000000"
    let ending = try ChildProcess.shell(script, in: CastctlProcess.schemas, castctl: CastctlProcess.binary ?? URL(fileURLWithPath: "/"))
      .finish(timeout: 30)
    #expect(ending.status == 3, "\(ending)")
    #expect(ending.stderr.contains("cannot read <stdin>: the input is larger than --max-bytes (1000000 bytes)"))
  }

  /// Bytes no JSON or YAML may hold end the read: the device is not copied to `$TMPDIR` for ever.
  @Test("an endless device of bytes no JSON may hold ends at the first one, exit 3", arguments: [
    (["validate", "--type", "Any", "/dev/zero"], "/dev/zero:1:1: error[malformed-json]"),
    (["validate", "--type", "Any", "-"], "<stdin>:1:1: error[malformed-json]"),
    (["convert", "--type", "Any", "/dev/urandom"], "/dev/urandom:1:"),
    (["validate", "--type", "Any", "/dev/zero", "--from", "yaml"], "/dev/zero:1:1: error[malformed-yaml]"),
  ])
  func endlessDevice(_ arguments: [String], _ message: String) throws {
    let child = try ChildProcess(
      CastctlProcess.binary ?? URL(fileURLWithPath: "/"), arguments, in: CastctlProcess.schemas, stdin: "/dev/zero")
    let ending = try child.finish(timeout: 30)
    #expect(ending.status == 3, "\(ending)")
    #expect(ending.stderr.contains(message), "\(ending)")
  }

  @Test("a FIFO (as from <(…)) is read as a stream, not as an empty file")
  func fifo() throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { folder.remove() }
    let script = #"mkfifo pipe; cat users.json > pipe & "$CASTCTL" validate users.cast pipe; status=$?; wait; exit $status"#
    let ending = try ChildProcess.shell(script, in: folder.url, castctl: CastctlProcess.binary ?? URL(fileURLWithPath: "/"))
      .finish()
    #expect(ending.status == 0, "\(ending)")
    #expect(ending.stdout.contains("no errors, no warnings in pipe (model User)"), "\(ending.stdout)")
  }

  // MARK: - JSONTestSuite

  static let suite = CastctlProcess.packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/data/JSONTestSuite/test_parsing")
  static let suiteMissing = "JSONTestSuite not found at \(suite.path) (../shared beside the package); skipping"

  /// Every 8th `prefix` file of the corpus, so the command line sees a spread of each kind.
  static func sample(_ prefix: String) -> [String] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: suite.path)) ?? [])
      .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    return names.enumerated().filter { $0.offset % 8 == 0 }.map(\.element)
  }

  @Test(
    "JSONTestSuite y_ files pass through the command line with exit 0",
    .enabled(if: FileManager.default.fileExists(atPath: suite.path), "\(suiteMissing)"), arguments: sample("y_"))
  func acceptedThroughCommandLine(_ file: String) throws {
    let run = try CastctlProcess.run(["validate", "--type", "Any", file], in: Self.suite)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
  }

  @Test(
    "JSONTestSuite n_ files end with exit 3 and a line:column message",
    .enabled(if: FileManager.default.fileExists(atPath: suite.path), "\(suiteMissing)"), arguments: sample("n_"))
  func rejectedThroughCommandLine(_ file: String) throws {
    let run = try CastctlProcess.run(["validate", "--type", "Any", file], in: Self.suite)
    #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
    #expect(run.stderr.hasPrefix("\(file):") && run.stderr.contains(": error[malformed-json]: "), "\(run.stderr)")
  }
}
