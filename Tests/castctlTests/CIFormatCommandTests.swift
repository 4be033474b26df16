import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `validate --format sarif|github|junit`, end to end, each read back as its consumer reads it.
@Suite("castctl validate --format sarif, github and junit", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct CIFormatCommandTests {
  /// A value holding escape sequences, a bell, a line break and a C1 control.
  static let hostileValue = #""\u001b]0;pwned\u0007\u001b[2J\nfake.json:9:9: note[forged]: x\u0085""#

  @Test(
    "a key with control characters is escaped in the excerpt, --summary and the roundtrip ledger",
    arguments: [["validate", "--unknown", "warn"], ["validate", "--unknown", "warn", "--summary"], ["roundtrip"]])
  func controlCharactersInKeys(_ command: [String]) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("m.cast", "struct M {\n  let a: Int\n}\n")
    // The key's escapes are read by castctl as its raw characters: ESC, BEL, a line break, DEL,
    // U+0085; DEL and U+0085 may also stand raw in JSON text, which the excerpt shows.
    try scratch.write(
      "k.json", #"{"a": 1, "k\u001b[2J\u0007\nfake.json:9:9: error[forged]: x\u007f\u0085": "v\u001b]0;t\u0007", "#
        + "\"raw\u{7F}\u{85}\": 2}\n")
    let output = try CastctlProcess.run([command[0], "m.cast", "k.json"] + command.dropFirst(), in: scratch.url)
    #expect(output.status == (command[0] == "roundtrip" ? 1 : 0), "\(output.stderr)")
    let text = output.stdout + output.stderr
    let controls = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    #expect(controls.isEmpty, "\(controls.map { String($0.value, radix: 16) })\n\(text)")
    #expect(text.contains(#"k\u001B[2J\u0007\nfake.json"#), "\(text)")
    #expect(!text.split(separator: "\n").contains { $0.hasPrefix("fake.json") })
  }

  @Test("JUnit names a malformed NDJSON record by its line, as the others")
  func junitMalformedLine() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.ndjson"])
    defer { scratch.remove() }
    let lines = try scratch.text("users.ndjson").split(separator: "\n")
    try scratch.write("data.ndjson", "\(lines[0])\n\(lines[1])\n{\"id\": \n")
    let output = try CastctlProcess.run(["validate", "users.cast", "data.ndjson", "--format", "junit"], in: scratch.url)
    #expect(output.status == 3, "\(output.stderr)")
    #expect(output.stdout.contains(#"name="record 3 (line 3)">"#), "\(output.stdout)")
    #expect(output.stdout.contains(#"type="malformed-json""#), "\(output.stdout)")
  }

  @Test("control characters from the data are written escaped, never raw", arguments: ["text", "github", "junit"])
  func controlCharactersEscaped(_ format: String) throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    let text = try scratch.text("users.json").replacingOccurrences(of: #""admin""#, with: Self.hostileValue)
    try scratch.write("hostile.json", text)
    let output = try CastctlProcess.run(["validate", "users.cast", "hostile.json", "--format", format], in: scratch.url)
    #expect(output.status == 1, "\(output.stderr)")
    let controls = output.stdout.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    #expect(controls.isEmpty, "\(controls.map { String($0.value, radix: 16) })")
    #expect(output.stdout.contains(#"\u001B]0;pwned\u0007"#), "\(output.stdout)")
    // The forged finding stays inside its message's line.
    #expect(!output.stdout.split(separator: "\n").contains { $0.hasPrefix("fake.json") })
  }

  /// Data files of `schemas/` and whether `users.cast` finds them valid.
  static let inputs: [(file: String, valid: Bool)] = [("users.json", true), ("users-invalid.json", false), ("users.ndjson", true)]

  /// The structure SARIF 2.1.0 requires of a log, a run, a rule and a result (§3.13, §3.14,
  /// §3.19, §3.27, §3.49), and the 1-based lines and columns it asks for.
  @Test(arguments: inputs)
  func sarifHasTheRequiredStructure(_ input: (file: String, valid: Bool)) throws {
    let output = try CastctlProcess.run(["validate", "users.cast", input.file, "--format", "sarif"])
    #expect(output.status == (input.valid ? 0 : 1))
    let log = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    // Columns count Unicode scalars (§3.14.17), as the text output's do.
    #expect(runs[0]["columnKind"] as? String == "unicodeCodePoints")
    let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "castctl")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let ruleIDs = rules.compactMap { $0["id"] as? String }
    #expect(ruleIDs.count == rules.count && Set(ruleIDs).count == rules.count)
    #expect(rules.allSatisfy { (($0["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
    let results = try #require(runs[0]["results"] as? [[String: Any]])
    #expect(results.isEmpty == input.valid)
    for result in results {
      let ruleID = try #require(result["ruleId"] as? String)
      #expect(ruleIDs.contains(ruleID))
      if let index = result["ruleIndex"] as? Int { #expect(ruleIDs[index] == ruleID) }
      #expect(["error", "warning", "note"].contains(result["level"] as? String))
      #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
      let locations = try #require(result["locations"] as? [[String: Any]])
      let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
      #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == input.file)
      let region = try #require(physical["region"] as? [String: Any])
      #expect((region["startLine"] as? Int ?? 0) >= 1 && (region["startColumn"] as? Int ?? 0) >= 1)
      for related in result["relatedLocations"] as? [[String: Any]] ?? [] {
        let location = try #require(related["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "users.cast")
      }
    }
  }

  @Test("a SARIF result's logical location is the finding's JSON Pointer as it is: \"\" for the root, \"/\" for the key \"\"")
  func sarifLogicalLocations() throws {
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    try folder.write("root.json", "[]")
    try folder.write("key.json", #"{"": []}"#)
    for (file, expected) in [("root.json", ""), ("key.json", "/")] {
      let output = try CastctlProcess.run(["validate", "--type", "[String: Int]", file, "--format", "sarif"], in: folder.url)
      let log = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stderr)")
      let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
      let logical = ((result["locations"] as? [[String: Any]])?.first?["logicalLocations"] as? [[String: Any]])?.first
      #expect(logical?["fullyQualifiedName"] as? String == expected, "\(file): \(output.stdout)")
    }
  }

  /// The real consumer: `sarif summary` of sarif-tools (from PyPI), when it is installed (in
  /// `integrations/spark/.venv` by `integrations/spark/setup.sh`, or on the PATH). The gate
  /// (`scripts/gate.sh`) runs it once sarif-tools is there, with CASTCTL_SARIF_REQUIRED=1, so
  /// there a missing install fails rather than skips.
  @Test(.enabled(
    if: sarifTools() != nil || ProcessInfo.processInfo.environment["CASTCTL_SARIF_REQUIRED"] == "1",
    "sarif-tools is not installed (integrations/spark/setup.sh or pip install sarif-tools); skipping"))
  func sarifToolsReadsIt() throws {
    let sarif = try #require(Self.sarifTools())
    let folder = try ScratchFolder(copying: ["users.cast", "users-invalid.json"])
    let output = try CastctlProcess.run(["validate", "users.cast", "users-invalid.json", "--format", "sarif"], in: folder.url)
    try folder.write("report.sarif", output.stdout)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: sarif)
    process.arguments = ["summary", folder.path("report.sarif")]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(text.contains("error: 4"), "\(text)")
    #expect(text.contains("missing-required"), "\(text)")
  }

  /// At most 10 annotations of a level, then a line saying how many more; the Markdown summary
  /// appended to `$GITHUB_STEP_SUMMARY`.
  @Test(arguments: [3, 10, 25])
  func githubAnnotations(invalidRecords: Int) throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    let record = #"{"id":"x"}"#
    try folder.write("data.ndjson", Array(repeating: record, count: invalidRecords).joined(separator: "\n") + "\n")
    try folder.write("summary.md", "earlier step\n")
    let output = try CastctlProcess.run(
      ["validate", "users.cast", "data.ndjson", "--model", "User", "--format", "github"], in: folder.url,
      environment: ["GITHUB_STEP_SUMMARY": folder.path("summary.md")])
    #expect(output.status == 1)
    let lines = output.stdout.split(separator: "\n")
    let errors = lines.filter { $0.hasPrefix("::error file=data.ndjson,line=") }
    let notices = lines.filter { $0.hasPrefix("::notice ") }
    // Each record has five missing keys and the id's type mismatch (errors: the causes), and the
    // id's "required, but its value cannot be used" (a notice: the consequence).
    #expect(errors.count == min(10, invalidRecords * 6))
    #expect(notices.count == min(10, invalidRecords))
    #expect(errors.allSatisfy { $0.contains(",title=castctl ") && $0.contains("::/") })
    let more = invalidRecords * 6 - 10
    #expect(lines.contains { $0.contains("\(more) more errors not annotated") } == (more > 0))
    let summary = try folder.text("summary.md")
    #expect(summary.hasPrefix("earlier step\n### castctl: data.ndjson against User"))
    #expect(summary.contains("| `missing-required` | \(invalidRecords * 6) |"))
  }

  /// The runner reads a property back by its escape table (`ActionCommand.cs`: CR `%0D`, LF
  /// `%0A`, `:` `%3A`, `,` `%2C`, and `%25` last): the file it gets is the data file.
  @Test("an annotation's file property reads back, by the runner's own unescaping, as the data file's name")
  func githubFileProperty() throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    let name = "a,b:c%0Ad\ne\r.ndjson"
    try folder.write(name, #"{"id":"x"}"# + "\n")
    let output = try CastctlProcess.run(["validate", "users.cast", name, "--model", "User", "--format", "github"], in: folder.url)
    #expect(output.status == 1, "\(output.stderr)")
    let line = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix("::error ") })
    let properties = try #require(line.dropFirst("::error ".count).split(separator: "::", maxSplits: 1).first)
    let file = try #require(properties.split(separator: ",").first { $0.hasPrefix("file=") }?.dropFirst("file=".count))
    var unescaped = String(file)
    for (escaped, text) in [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")] {
      unescaped = unescaped.replacingOccurrences(of: escaped, with: text)
    }
    #expect(unescaped == name, "\(line)")
  }

  /// A FIFO nobody reads would block the open for ever: a warning, and the run goes on.
  @Test("a step summary that is a FIFO nobody reads is a warning, not a hang")
  func stepSummaryFIFO() throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    try folder.write("data.ndjson", #"{"id":"x"}"# + "\n")
    #expect(mkfifo(folder.path("summary.fifo"), 0o600) == 0)
    let output = try CastctlProcess.run(
      ["validate", "users.cast", "data.ndjson", "--model", "User", "--format", "github"], in: folder.url,
      environment: ["GITHUB_STEP_SUMMARY": folder.path("summary.fifo")], timeout: 60)
    #expect(output.status == 1, "\(output.stderr)")
    #expect(output.stderr.contains("warning: cannot write the step summary to"), "\(output.stderr)")
    #expect(output.stdout.contains("::error file=data.ndjson"))
  }

  /// JUnit XML parsed back: a suite for the file, a case per record, failures for invalid ones.
  @Test func junitParsesBack() throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    let valid = #"{"id":1,"user_name":"ada","email":"ada@example.org","role":"admin","created_at":"2024-03-01T09:30:00Z","address":{"street":"1 Main St","city":"London","zip":"10001"}}"#
    try folder.write("data.ndjson", [valid, #"{"id":"<&>"}"#, valid, valid].joined(separator: "\n") + "\n")
    let output = try CastctlProcess.run(["validate", "users.cast", "data.ndjson", "--model", "User", "--format", "junit"], in: folder.url)
    #expect(output.status == 1)
    let document = try XMLDocument(data: Data(output.stdout.utf8))
    let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
    #expect(suite.attribute(forName: "name")?.stringValue == "data.ndjson")
    #expect(suite.attribute(forName: "tests")?.stringValue == "4")
    #expect(suite.attribute(forName: "failures")?.stringValue == "1")
    let cases = try document.nodes(forXPath: "//testcase")
    #expect(cases.count == 4)
    let failures = try document.nodes(forXPath: "//testcase/failure")
    #expect(failures.count == 1)
    #expect((failures.first?.parent as? XMLElement)?.attribute(forName: "name")?.stringValue == "record 2 (line 2)")
    // Valid records are named as invalid ones are, by their line.
    let names = cases.compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
    #expect(names == ["record 1 (line 1)", "record 2 (line 2)", "record 3 (line 3)", "record 4 (line 4)"])
    #expect(failures.first?.stringValue?.contains("missing-required") == true)
  }

  /// `sarif` of sarif-tools: in the Spark integration's venv, on the PATH, or where `pip install
  /// --user` puts it (`~/.local/bin`, often not on the PATH).
  static func sarifTools() -> String? {
    let venv = CastctlProcess.packageRoot.appendingPathComponent("integrations/spark/.venv/bin/sarif").path
    if FileManager.default.isExecutableFile(atPath: venv) { return venv }
    let user = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/bin").path
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") + [Substring(user)] {
      let candidate = "\(directory)/sarif"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
