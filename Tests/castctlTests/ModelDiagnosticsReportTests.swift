import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The model files' own diagnostics in the formats CI systems read: a model file with errors
/// (exit 2) still gives each format's document, about the model file, and its warnings are
/// reported beside the data's findings. Each document is read back as its consumer reads it.
@Suite("the model files' diagnostics in --format sarif, github, junit and json", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ModelDiagnosticsReportTests {
  /// An unknown type (an error, with a "did you mean" note) on line 2, a misspelt directive (a
  /// warning) on line 3.
  static let broken = "struct B: DictionaryConvertible {\n  let x: Strng\n  let y: Int //! rnage 1...2\n}\n"
  /// The same model with the warning alone.
  static let warned = "struct B: DictionaryConvertible {\n  let x: String\n  let y: Int //! rnage 1...2\n}\n"

  /// One data file, and two (a many-file run, whose schemas are checked before any file is read).
  static let dataFiles: [[String]] = [["d.json"], ["d.json", "e.json"]]

  /// A folder with `model.cast` holding `model` and two valid data files.
  private static func folder(_ model: String) throws -> ScratchFolder {
    let folder = try ScratchFolder(copying: [])
    try folder.write("model.cast", model)
    try folder.write("d.json", #"{"x": "a", "y": 1}"# + "\n")
    try folder.write("e.json", #"{"x": "b", "y": 2}"# + "\n")
    return folder
  }

  private static func validate(_ model: String, _ data: [String], format: String) throws -> (CastctlProcess.Output, ScratchFolder) {
    let folder = try folder(model)
    let output = try CastctlProcess.run(["validate", "model.cast"] + data + ["--format", format], in: folder.url)
    return (output, folder)
  }

  /// The run's results as (ruleId, level, uri, line, column), and its invocations.
  private static func sarifRun(_ text: String) throws -> (results: [[String: Any]], rules: [String], invocations: [[String: Any]]?) {
    let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let rules = ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]] ?? []
    return (run["results"] as? [[String: Any]] ?? [], rules.compactMap { $0["id"] as? String }, run["invocations"] as? [[String: Any]])
  }

  private static func place(_ result: [String: Any]) -> String {
    let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
    let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String ?? "?"
    let region = physical["region"] as? [String: Any] ?? [:]
    return "\(result["level"] as? String ?? "?") \(result["ruleId"] as? String ?? "?") \(uri):\(region["startLine"] as? Int ?? 0):\(region["startColumn"] as? Int ?? 0)"
  }

  @Test("SARIF of a model file with errors: a result per diagnostic in the model file, and an unsuccessful invocation", arguments: dataFiles)
  func sarifOfModelErrors(_ data: [String]) throws {
    let (output, folder) = try Self.validate(Self.broken, data, format: "sarif")
    defer { folder.remove() }
    #expect(output.status == 2, "\(output.stderr)")
    let run = try Self.sarifRun(output.stdout)
    #expect(run.results.map(Self.place) == ["error unknown-type model.cast:2:10", "warning unknown-directive model.cast:3:18"])
    #expect(run.results.allSatisfy { run.rules.contains($0["ruleId"] as? String ?? "") })
    #expect((run.results.first?["message"] as? [String: Any])?["text"] as? String == "unknown type 'Strng'; did you mean 'String'?")
    let invocation = try #require(run.invocations?.first)
    #expect(invocation["executionSuccessful"] as? Bool == false)
    let notification = (invocation["toolExecutionNotifications"] as? [[String: Any]])?.first
    #expect(((notification?["message"] as? [String: Any])?["text"] as? String)?.contains("not checked") == true)
  }

  @Test("GitHub annotations of a model file with errors: an ::error or ::warning at each diagnostic's place", arguments: dataFiles)
  func githubOfModelErrors(_ data: [String]) throws {
    let (output, folder) = try Self.validate(Self.broken, data, format: "github")
    defer { folder.remove() }
    #expect(output.status == 2, "\(output.stderr)")
    #expect(
      output.stdout.split(separator: "\n") == [
        "::error file=model.cast,line=2,col=10,title=castctl unknown-type::unknown type 'Strng'; did you mean 'String'?",
        "::warning file=model.cast,line=3,col=18,title=castctl unknown-directive::unknown directive 'rnage'; ignored; did you mean 'range'?",
      ], "\(output.stdout)")
  }

  @Test("JUnit of a model file with errors: a suite for the model file, a failing case per error", arguments: dataFiles)
  func junitOfModelErrors(_ data: [String]) throws {
    let (output, folder) = try Self.validate(Self.broken, data, format: "junit")
    defer { folder.remove() }
    #expect(output.status == 2, "\(output.stderr)")
    // NB: FoundationXML crashes on empty data rather than throwing.
    try #require(!output.stdout.isEmpty, "no document")
    let document = try XMLDocument(data: Data(output.stdout.utf8))
    let suites = try document.nodes(forXPath: "/testsuites/testsuite").compactMap { $0 as? XMLElement }
    #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["model.cast"])
    #expect(suites.first?.attribute(forName: "failures")?.stringValue == "1")
    let failures = try document.nodes(forXPath: "//testcase/failure").compactMap { $0 as? XMLElement }
    #expect(failures.map { $0.attribute(forName: "type")?.stringValue } == ["unknown-type"])
    #expect(try document.nodes(forXPath: "//testsuite/system-out").first?.stringValue?.contains("unknown-directive") == true)
  }

  @Test("JSON of a model file with errors: the one document, not valid, the diagnostics in it", arguments: dataFiles)
  func jsonOfModelErrors(_ data: [String]) throws {
    let (output, folder) = try Self.validate(Self.broken, data, format: "json")
    defer { folder.remove() }
    #expect(output.status == 2, "\(output.stderr)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
    #expect(document["valid"] as? Bool == false)
    #expect(document["records"] as? Int == 0)
    let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { "\($0["code"] ?? "") \($0["file"] ?? ""):\($0["line"] ?? 0)" } == ["unknown-type model.cast:2", "unknown-directive model.cast:3"])
  }

  /// The formats and runs that report a model file's warnings when it loads.
  static let warningRuns: [(format: String, data: [String])] = ["sarif", "github", "json"].flatMap { format in dataFiles.map { (format, $0) } }

  @Test("a model file's warnings are in SARIF, GitHub and JSON beside the findings when it loads", arguments: warningRuns)
  func modelWarnings(_ run: (format: String, data: [String])) throws {
    let (output, folder) = try Self.validate(Self.warned, run.data, format: run.format)
    defer { folder.remove() }
    #expect(output.status == 0, "\(output.stderr)")
    switch run.format {
    case "sarif":
      let sarif = try Self.sarifRun(output.stdout)
      #expect(sarif.results.map(Self.place) == ["warning unknown-directive model.cast:3:18"])
      #expect(sarif.invocations == nil)
    case "github":
      let warnings = output.stdout.split(separator: "\n").filter { $0.hasPrefix("::warning ") }
      #expect(warnings == ["::warning file=model.cast,line=3,col=18,title=castctl unknown-directive::unknown directive 'rnage'; ignored; did you mean 'range'?"])
    default:
      let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
      #expect(document["valid"] as? Bool == true)
      #expect((document["diagnostics"] as? [[String: Any]])?.map { $0["code"] as? String } == ["unknown-directive"])
    }
  }

  @Test("check --format sarif and github report every diagnostic at its place", arguments: ["sarif", "github"])
  func checkFormats(_ format: String) throws {
    let folder = try Self.folder(Self.broken)
    defer { folder.remove() }
    let output = try CastctlProcess.run(["check", "model.cast", "--format", format], in: folder.url)
    #expect(output.status == 2, "\(output.stderr)")
    if format == "sarif" {
      let run = try Self.sarifRun(output.stdout)
      #expect(run.results.map(Self.place) == ["error unknown-type model.cast:2:10", "warning unknown-directive model.cast:3:18"])
      // NB: errors in a model file are what check finds, not a failure to check it.
      #expect(run.invocations == nil)
    } else {
      #expect(output.stdout.hasPrefix("::error file=model.cast,line=2,col=10,title=castctl unknown-type::"), "\(output.stdout)")
    }
  }

  /// The real consumer, sarif-tools' `sarif summary` (where `CIFormatCommandTests.sarifTools`
  /// finds it), reads the log of a run the model file stopped.
  @Test(
    .enabled(if: CIFormatCommandTests.sarifTools() != nil, "sarif-tools is not installed (pip install --user sarif-tools); skipping"),
    arguments: dataFiles)
  func sarifToolsReadsModelErrors(_ data: [String]) throws {
    let sarif = try #require(CIFormatCommandTests.sarifTools())
    let (output, folder) = try Self.validate(Self.broken, data, format: "sarif")
    defer { folder.remove() }
    try folder.write("report.sarif", output.stdout)
    let summary = try ChildProcess(URL(fileURLWithPath: sarif), ["summary", "report.sarif"], in: folder.url).finish(timeout: 60)
    #expect(summary.status == 0, "\(summary.stderr)")
    #expect(summary.stdout.contains("error: 1") && summary.stdout.contains("unknown-type"), "\(summary.stdout)")
    #expect(summary.stdout.contains("warning: 1") && summary.stdout.contains("unknown-directive"), "\(summary.stdout)")
  }

  /// The official SARIF 2.1.0 schema, checked by Python's `jsonschema`, when
  /// `CASTCTL_SARIF_SCHEMA` names the schema file (castctl does not ship it).
  static let sarifSchema = ProcessInfo.processInfo.environment["CASTCTL_SARIF_SCHEMA"].flatMap { path in
    FileManager.default.fileExists(atPath: path) ? path : nil
  }

  /// Every log this suite writes: stopped by errors, with warnings, one file and many, `check`.
  static let sarifCommands: [[String]] = dataFiles.flatMap { data in
    [["validate", "broken.cast"] + data, ["validate", "warned.cast"] + data]
  } + [["check", "broken.cast", "missing.cast"]]

  @Test(
    "every log passes the SARIF 2.1.0 schema", .enabled(if: sarifSchema != nil, "CASTCTL_SARIF_SCHEMA names no SARIF 2.1.0 schema file; skipping"),
    arguments: sarifCommands)
  func sarifSchemaAccepts(_ command: [String]) throws {
    let schema = try #require(Self.sarifSchema)
    let folder = try Self.folder(Self.broken)
    defer { folder.remove() }
    try folder.write("broken.cast", Self.broken)
    try folder.write("warned.cast", Self.warned)
    let output = try CastctlProcess.run(command + ["--format", "sarif"], in: folder.url)
    #expect([0, 2, 66].contains(output.status), "\(output.stderr)")
    try folder.write("report.sarif", output.stdout)
    let script = "import json, jsonschema\njsonschema.validate(json.load(open('report.sarif')), json.load(open(\(String(reflecting: schema)))))\nprint('valid')"
    let python = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], in: folder.url).finish(timeout: 60)
    #expect(python.stdout == "valid\n", "\(python.stderr)")
  }
}
