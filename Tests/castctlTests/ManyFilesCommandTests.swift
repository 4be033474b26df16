import Foundation
import Testing

/// `castctl validate SCHEMA… DATA…` and `convert … -o DIR`: many files, directories, one summary.
@Suite("castctl validate and convert over many files", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ManyFilesCommandTests {
  /// A run of `schemas/`, its exit status, and text its summary line must hold.
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    let summary: String
    var stderr: String = ""
    var stdin: String?
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(arguments: ["users.cast", "users.json", "users.ndjson"], status: 0, summary: "castctl: 2 files: 2 valid; 4 records, 0 invalid"),
    Case(arguments: ["users.cast", "users.json", "users-invalid.json"], status: 1, summary: "castctl: 2 files: 1 valid, 1 invalid; 2 records, 1 invalid; by code: missing-required 4"),
    // The highest status of any file: a missing file (66) outranks an invalid one (1).
    Case(arguments: ["users.cast", "users-invalid.json", "no-such.json"], status: 66, summary: "1 invalid, 1 unreadable", stderr: "cannot read no-such.json"),
    Case(arguments: ["users.cast", "users.json", "seeds"], status: 66, summary: "1 valid, 1 unreadable", stderr: "cannot read seeds: it is a directory with no .json"),
    // --data and -- name data whatever the name; one data file that way is a many-file run too.
    Case(arguments: ["users.cast", "--data", "users.json"], status: 0, summary: "castctl: 1 file: 1 valid; 1 record"),
    Case(arguments: ["users.cast", "users.json", "--", "users.ndjson"], status: 0, summary: "castctl: 2 files: 2 valid; 4 records"),
    // Standard input among files; malformed data there gives 3.
    Case(arguments: ["users.cast", "users.json", "-"], status: 3, summary: "castctl: 2 files: 1 valid, 1 malformed", stderr: "<stdin>:1:", stdin: "{\"id\": "),
  ]

  @Test(arguments: cases)
  func statusAndSummary(_ item: Case) throws {
    let output = try CastctlProcess.run(["validate"] + item.arguments, stdin: item.stdin)
    #expect(output.status == item.status, "\(output.stdout)\n\(output.stderr)")
    let last = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
    #expect(last.contains(item.summary), "\(last)")
    #expect(item.stderr.isEmpty || output.stderr.contains(item.stderr), "\(output.stderr)")
  }

  /// A folder of data: walked recursively, by extension, in byte order; hidden entries and other
  /// extensions left out.
  static func dataFolder() throws -> ScratchFolder {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json", "users-invalid.json", "users.ndjson"])
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder.path("d/sub"), withIntermediateDirectories: true)
    try manager.createDirectory(atPath: folder.path("d/.hidden"), withIntermediateDirectories: true)
    for (source, target) in [
      ("users.json", "d/b.json"), ("users-invalid.json", "d/a.json"), ("users.ndjson", "d/sub/c.ndjson"),
      ("users-invalid.json", "d/.hidden/x.json"), ("users-invalid.json", "d/.skipped.json"), ("users-invalid.json", "d/notes.txt"),
      ("users.json", "d/B.json"),
    ] {
      try manager.copyItem(atPath: folder.path(source), toPath: folder.path(target))
    }
    try folder.write("d/broken.json", "{\"id\": ")
    return folder
  }

  @Test("files are reported in the order given, a directory's in byte order, whichever finishes first")
  func order() throws {
    let folder = try Self.dataFolder()
    let output = try CastctlProcess.run(["validate", "users.cast", "users.ndjson", "d", "users.json", "--jobs", "2"], in: folder.url)
    #expect(output.status == 3, "\(output.stderr)")
    let names = ["users.ndjson", "d/B.json", "d/a.json", "d/b.json", "d/sub/c.ndjson", "in users.json"]
    let offsets = names.map { name in output.stdout.range(of: name)?.lowerBound }
    #expect(offsets.allSatisfy { $0 != nil }, "\(output.stdout)")
    let found = offsets.compactMap { $0 }
    #expect(found == found.sorted(), "\(output.stdout)")
    #expect(!output.stdout.contains(".hidden") && !output.stdout.contains("notes.txt") && !output.stdout.contains(".skipped"))
    #expect(output.stdout.contains("castctl: 7 files: 5 valid, 1 invalid, 1 malformed; 10 records, 1 invalid"), "\(output.stdout)")
    #expect(output.stderr.contains("d/broken.json:1:"), "\(output.stderr)")
  }

  @Test("a walked data file that cannot be read (a link to nothing, a pipe) is named and counted unreadable, exit 66")
  func walkNamesUnreadableFiles() throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { folder.remove() }
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder.path("d/sub"), withIntermediateDirectories: true)
    try manager.copyItem(atPath: folder.path("users.json"), toPath: folder.path("d/a.json"))
    try manager.createSymbolicLink(atPath: folder.path("d/gone.json"), withDestinationPath: "nowhere.json")
    try manager.createSymbolicLink(atPath: folder.path("d/notes.txt"), withDestinationPath: "nowhere.txt")
    #expect(mkfifo(folder.path("d/sub/pipe.ndjson"), 0o644) == 0)
    let output = try CastctlProcess.run(["validate", "users.cast", "d"], in: folder.url)
    #expect(output.status == 66, "\(output.stderr)")
    #expect(output.stdout.contains("castctl: 3 files: 1 valid, 2 unreadable"), "\(output.stdout)")
    #expect(output.stderr.contains("cannot read d/gone.json: it is a symbolic link to a file that does not exist"), "\(output.stderr)")
    #expect(output.stderr.contains("cannot read d/sub/pipe.ndjson: it is not a regular file"), "\(output.stderr)")
    #expect(!output.stderr.contains("notes.txt"), "\(output.stderr)")
  }

  /// A name that is not UTF-8 is listed with U+FFFD in it, which names no file: said, not skipped.
  @Test("a walked data file or folder whose name is not UTF-8 is named and counted unreadable, exit 66")
  func walkNamesNonUTF8Names() throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("d"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: folder.path("users.json"), toPath: folder.path("d/a.json"))
    let name = (Array(folder.path("d/b").utf8) + [0xFF] + Array(".json".utf8) + [0]).map { CChar(bitPattern: $0) }
    let descriptor = open(name, O_CREAT | O_WRONLY, 0o644)
    #expect(descriptor >= 0)
    close(descriptor)
    // A folder so named, with a data file in it.
    let directory = (Array(folder.path("d/e").utf8) + [0xFE, 0]).map { CChar(bitPattern: $0) }
    #expect(mkdir(directory, 0o755) == 0)
    let output = try CastctlProcess.run(["validate", "users.cast", "d"], in: folder.url)
    #expect(output.status == 66, "\(output.stderr)")
    #expect(output.stdout.contains("castctl: 3 files: 1 valid, 2 unreadable"), "\(output.stdout)")
    #expect(output.stderr.contains("no file has this name any more (or its name is not UTF-8)"), "\(output.stderr)")
  }

  /// Every CI format covers every file: one document, one SARIF run, a JUnit suite per file.
  @Test(arguments: ["json", "sarif", "junit", "github"])
  func formatsCoverEveryFile(_ format: String) throws {
    let folder = try Self.dataFolder()
    let output = try CastctlProcess.run(["validate", "users.cast", "d/a.json", "d/b.json", "users-invalid.json", "--format", format], in: folder.url)
    #expect(output.status == 1, "\(output.stderr)")
    let stdout = Data(output.stdout.utf8)
    switch format {
    case "json":
      let document = try #require(try JSONSerialization.jsonObject(with: stdout) as? [String: Any])
      let results = try #require(document["results"] as? [[String: Any]])
      #expect(results.compactMap { $0["file"] as? String } == ["d/a.json", "d/b.json", "users-invalid.json"])
      #expect(results.compactMap { $0["valid"] as? Bool } == [false, true, false])
      #expect(document["invalidFiles"] as? Int == 2 && document["records"] as? Int == 3 && document["valid"] as? Bool == false)
    case "sarif":
      let log = try #require(try JSONSerialization.jsonObject(with: stdout) as? [String: Any])
      let runs = try #require(log["runs"] as? [[String: Any]])
      #expect(runs.count == 1)
      let results = try #require(runs[0]["results"] as? [[String: Any]])
      let uris = results.compactMap { result in
        (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
      }
      #expect(uris.count == results.count && Set(uris) == ["d/a.json", "users-invalid.json"])
      #expect(results.count == 16)
      #expect(output.stderr.contains("castctl: 3 files: 1 valid, 2 invalid"))
    case "junit":
      #expect(output.stdout.components(separatedBy: "<testsuite ").count - 1 == 3)
      #expect(output.stdout.components(separatedBy: "<testsuites>").count - 1 == 1)
      #expect(output.stdout.contains("<testsuite name=\"d/b.json\" tests=\"1\" failures=\"0\""))
    default:
      // GitHub shows 10 annotations of a level per step: 8 errors here, so all shown; 6 notes.
      let lines = output.stdout.split(separator: "\n")
      #expect(lines.filter { $0.hasPrefix("::error ") }.count == 8, "\(output.stdout)")
      #expect(lines.contains { $0.hasPrefix("::error file=d/a.json,") } && lines.contains { $0.hasPrefix("::error file=users-invalid.json,") })
    }
  }

  /// A file that cannot be read gives no results; the run's invocation says it failed, and why.
  @Test("SARIF names an unreadable file in a tool execution notification")
  func sarifUnreadableFile() throws {
    let folder = try Self.dataFolder()
    let output = try CastctlProcess.run(["validate", "users.cast", "d/a.json", "missing.json", "--format", "sarif"], in: folder.url)
    #expect(output.status == 66, "\(output.stderr)")
    let log = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    #expect((run["results"] as? [Any])?.isEmpty == false)
    let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
    #expect(invocation["executionSuccessful"] as? Bool == false)
    let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
    #expect(notification["level"] as? String == "error")
    let text = (notification["message"] as? [String: Any])?["text"] as? String
    #expect(text == "cannot read missing.json: No such file or directory", "\(text ?? "")")
    let uri = ((((notification["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]) as? [String: Any])?["uri"]
    #expect(uri as? String == "missing.json")
    // With every file read, there is no invocation to report.
    let readable = try CastctlProcess.run(["validate", "users.cast", "d/a.json", "d/b.json", "--format", "sarif"], in: folder.url)
    #expect(!readable.stdout.contains("invocations"))
  }

  @Test("GitHub annotations: 10 of each level in the whole run, then how many more there were")
  func githubLimitAcrossFiles() throws {
    let output = try CastctlProcess.run(["validate", "users.cast", "users-invalid.json", "users-invalid.json", "users-invalid.json", "--format", "github"])
    let lines = output.stdout.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
    #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 9)
    #expect(lines.contains("castctl: 2 more errors not annotated (GitHub shows 10 of each level per step)"), "\(output.stdout)")
  }

  @Test("the step summary is written once, by the run, with a row per file")
  func stepSummaryOnce() throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json", "users-invalid.json"])
    let output = try CastctlProcess.run(
      ["validate", "users.cast", "users.json", "users-invalid.json", "--format", "github"], in: folder.url,
      environment: ["GITHUB_STEP_SUMMARY": folder.path("summary.md")])
    #expect(output.status == 1)
    let summary = try folder.text("summary.md")
    #expect(summary.components(separatedBy: "### castctl").count - 1 == 1, "\(summary)")
    #expect(summary.contains("| `users.json` | valid | 1 | 0 |") && summary.contains("| `users-invalid.json` | invalid | 1 | 1 |"), "\(summary)")
  }

  /// What a many-file run refuses before reading anything (exit 64).
  @Test(arguments: [
    (["validate", "users.cast", "users.json", "users.ndjson", "--format", "jsonl"], "--format jsonl reads one data file"),
    (["validate", "users.cast", "users.json", "users.ndjson", "--split", "v", "r"], "--split reads one data file"),
    (["validate", "users.cast", "users.json", "-", "-"], "can be read only once"),
    (["convert", "users.cast", "users.json", "users.ndjson"], "users.json looks like data"),
    (["convert", "users.cast", "users.json", "users.ndjson", "-o", "users.json"], "is not a directory"),
  ])
  func refusals(_ arguments: [String], _ message: String) throws {
    let output = try CastctlProcess.run(arguments)
    #expect(output.status == 64, "\(output.stderr)")
    #expect(output.stderr.contains(message), "\(output.stderr)")
  }

  /// One directory is one input the pipe mode cannot read, as the exit-code table says (66).
  @Test("the pipe mode given a directory: exit 66, the directory named", arguments: [["--format", "jsonl"], ["--split", "v", "r"]])
  func pipeModeDirectory(_ mode: [String]) throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("d"), withIntermediateDirectories: true)
    let output = try CastctlProcess.run(["validate", "users.cast", "d"] + mode, in: folder.url)
    #expect(output.status == 66, "\(output.stderr)")
    #expect(output.stderr.contains("cannot read d: it is a directory"), "\(output.stderr)")
  }

  @Test("convert -o DIR writes a file per input below the directory, with the extension of --to, and leaves no temporary file")
  func convertIntoDirectory() throws {
    let folder = try Self.dataFolder()
    try FileManager.default.removeItem(atPath: folder.path("d/broken.json"))
    let output = try CastctlProcess.run(["convert", "users.cast", "d", "users.ndjson", "--to", "yaml", "-o", "out"], in: folder.url)
    #expect(output.status == 1, "\(output.stderr)")
    let written = filesBelow(folder.path("out"))
    #expect(written == ["B.yaml", "b.yaml", "sub/c.yaml", "users.yaml"], "\(written)")
    #expect(output.stderr.contains("castctl: 5 files: 4 converted, 1 invalid"), "\(output.stderr)")
    let single = try CastctlProcess.run(["convert", "users.cast", "users.json", "--to", "yaml"], in: folder.url)
    #expect(try folder.text("out/b.yaml") == single.stdout)
    // A second run replaces nothing without --force; with it, every file is replaced.
    let again = try CastctlProcess.run(["convert", "users.cast", "d/b.json", "users.ndjson", "-o", "out", "--to", "yaml"], in: folder.url)
    #expect(again.status == 74 && again.stderr.contains("out/b.yaml exists"), "\(again.stderr)")
    let forced = try CastctlProcess.run(["convert", "users.cast", "d/b.json", "users.ndjson", "-o", "out", "--to", "yaml", "--force"], in: folder.url)
    #expect(forced.status == 0, "\(forced.stderr)")
  }

  @Test("convert DIR -o DIR/out: the output folder inside the directory is not read as input, run after run")
  func outputInsideInput() throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("d"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: folder.path("users.json"), toPath: folder.path("d/a.json"))
    for _ in 0..<2 {
      let run = try CastctlProcess.run(["convert", "users.cast", "d", "-o", "d/out", "--force"], in: folder.url)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.contains("castctl: 1 file: 1 converted"), "\(run.stderr)")
    }
    #expect(filesBelow(folder.path("d")) == ["a.json", "out/a.json"])
  }

  @Test("convert of a directory without -o DIR says so, a usage error")
  func directoryWithoutOutputFolder() throws {
    let folder = try Self.dataFolder()
    defer { folder.remove() }
    let run = try CastctlProcess.run(["convert", "users.cast", "d"], in: folder.url)
    #expect(run.status == 64)
    #expect(run.stderr.contains("d is a directory: convert writes one data file"), "\(run.stderr)")
  }

  @Test("a folder made for an output that was not written is removed; one that holds an output stays")
  func convertLeavesNoEmptyFolder() throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("d/bad/deeper"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: folder.path("users.json"), toPath: folder.path("d/good.json"))
    try folder.write("d/bad/deeper/broken.json", "{\"id\": 1,\n \"x\": tru}")
    let run = try CastctlProcess.run(["convert", "users.cast", "d", "-o", "out"], in: folder.url)
    #expect(run.status == 3, "\(run.stderr)")
    #expect(folder.exists("out/good.json"))
    #expect(!folder.exists("out/bad"), "an empty folder was left for the broken file")
  }

  @Test("two inputs that would be written to one file are refused before anything is written")
  func convertCollision() throws {
    let folder = try Self.dataFolder()
    let output = try CastctlProcess.run(["convert", "users.cast", "users.json", "d/sub/../../users.json", "-o", "out"], in: folder.url)
    #expect(output.status == 64, "\(output.stderr)")
    #expect(output.stderr.contains("would both be written to out/users.json"), "\(output.stderr)")
    // A usage error found while running names the command as typed, as the parser's do.
    #expect(output.stderr.contains("Usage: castctl convert [<options>]"), "\(output.stderr)")
    #expect(!folder.exists("out"))
  }

  /// One file given twice (or with the folder that holds it) would have two writers of one
  /// target, the later replacing the earlier without --force.
  @Test(
    "an input given twice is refused before anything is written",
    arguments: [["users.json", "users.json"], ["d/sub", "d/sub/c.ndjson"]])
  func convertSameInputTwice(_ inputs: [String]) throws {
    let folder = try Self.dataFolder()
    let output = try CastctlProcess.run(["convert", "users.cast"] + inputs + ["-o", "out"], in: folder.url)
    #expect(output.status == 64, "\(output.stderr)")
    #expect(output.stderr.contains("is given twice"), "\(output.stderr)")
    #expect(!folder.exists("out"))
  }
}

/// The files below `folder`, hidden ones included (a test looks for temporary files too).
private func filesBelow(_ folder: String) -> [String] {
  (FileManager.default.subpaths(atPath: folder) ?? []).filter { path in
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
  }.sorted()
}
