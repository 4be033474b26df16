import CastValidate
import Foundation

/// The report of a many-file run: each file's own report in the order given (text and GitHub
/// annotations as they come), then one summary; SARIF, JSON and JUnit become one document.
final class BatchReport {
  /// The command whose files these are: what a file's exit status 0 is called, and where the
  /// summary goes (`convert` writes its data to files and reports on standard error).
  enum Command {
    case validate, convert
  }

  let format: ReportFormat
  let command: Command
  private var files = 0
  private var skipped = 0
  private var records = 0
  private var invalidRecords = 0
  private var byStatus: [Int32: Int] = [:]
  private var byCode: [String: Int] = [:]
  private var worst: Int32 = 0
  /// `--format json`: a member per file.
  private var jsonFiles: [JSONValue] = []
  /// `--format sarif`: the first file's log (its tool and rules), and every file's results.
  private var sarifLog: JSONValue?
  private var sarifResults: [JSONValue] = []
  /// `--format sarif`: the files that gave no log (unreadable), as the run's tool notifications.
  private var sarifFailures: [JSONValue] = []
  /// `--format junit`: every file's test suite.
  private var junitSuites = ""
  /// `--format github`: annotations shown and held back, by level.
  private var annotations: [String: Int] = [:]
  private var githubSummary = ""

  init(format: ReportFormat, command: Command = .validate) {
    self.format = format
    self.command = command
  }

  /// A file's report, in order.
  func add(_ job: BatchJob, _ output: ChildRun.Output, counts: WorkerCounts) {
    files += 1
    records += counts.records
    invalidRecords += counts.invalidRecords
    for (code, count) in counts.byCode { byCode[code, default: 0] += count }
    byStatus[output.status, default: 0] += 1
    worst = max(worst, output.status)
    let stdout = String(decoding: output.stdout, as: UTF8.self)
    let stderr = String(decoding: output.stderr, as: UTF8.self)
    let name = job.file.path == "-" ? "<stdin>" : job.file.path
    switch format {
    case .text, .jsonl:
      Terminal.write(stdout)
    case .json:
      jsonFiles.append(jsonMember(name, status: output.status, stdout: output.stdout, stderr: stderr))
    case .sarif:
      addSARIF(output.stdout)
      if output.status > 1, output.stdout.isEmpty { sarifFailures.append(Self.sarifNotification(name, firstLine(stderr))) }
    case .junit:
      junitSuites += junitSuite(name, status: output.status, stdout: stdout, stderr: stderr)
    case .github:
      addAnnotations(stdout)
      if output.status > 1, output.stdout.isEmpty { annotate("error", "::error file=\(GitHubAnnotations.escapeProperty(name)),title=castctl::\(GitHubAnnotations.escapeData(firstLine(stderr)))") }
      githubSummary += "| `\(name)` | \(Self.verdict(output.status)) | \(counts.records) | \(counts.invalidRecords) |\n"
    }
    Terminal.writeError(stderr)
  }

  /// A file no check of `castctl.yaml` maps: said, and left out of the verdict.
  func addUnmapped(_ job: BatchJob) {
    skipped += 1
    Terminal.writeError("castctl: note: \(job.file.path): no check in \(ProjectFile.fileName) maps this file; skipped\n")
  }

  /// Writes the documents and the summary; the run's exit status: the highest of any file.
  func finish() -> Int32 {
    let line = summaryLine
    switch format {
    case .text, .jsonl:
      if command == .convert { Terminal.writeError(line + "\n") } else { Terminal.write(line + "\n") }
    case .json:
      Terminal.write(JSONWriter(style: .pretty(indent: 2)).write(jsonDocument) + "\n")
    case .sarif:
      Terminal.write(JSONWriter(style: .pretty(indent: 2)).write(sarifDocument) + "\n")
      Terminal.writeError(line + "\n")
    case .junit:
      Terminal.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n" + junitSuites + "</testsuites>\n")
      Terminal.writeError(line + "\n")
    case .github:
      for level in ["error", "warning", "notice"] {
        let more = annotations[level, default: 0] - GitHubAnnotations.shownPerLevel
        guard more > 0 else { continue }
        let noun = (level == "notice" ? "note" : level) + (more == 1 ? "" : "s")
        Terminal.write("castctl: \(more) more \(noun) not annotated (GitHub shows \(GitHubAnnotations.shownPerLevel) of each level per step)\n")
      }
      Terminal.write(line + "\n")
      writeStepSummary(line)
    }
    return worst
  }

  /// `castctl: 4 files: 2 valid, 1 invalid, 1 unreadable; 120 records, 7 invalid; by code: …`.
  var summaryLine: String {
    var parts: [String] = []
    for status in byStatus.keys.sorted() {
      parts.append("\(byStatus[status, default: 0]) \(status == 0 && command == .convert ? "converted" : Self.verdict(status))")
    }
    if skipped > 0 { parts.append("\(skipped) not mapped") }
    var line = "castctl: \(files + skipped) file\(files + skipped == 1 ? "" : "s")"
    if !parts.isEmpty { line += ": " + parts.joined(separator: ", ") }
    if command == .validate { line += "; \(records) record\(records == 1 ? "" : "s"), \(invalidRecords) invalid" }
    if !byCode.isEmpty {
      line += "; by code: " + byCode.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
    return line
  }

  /// What an exit status says about a file.
  static func verdict(_ status: Int32) -> String {
    switch status {
    case 0: "valid"
    case 1: "invalid"
    case 2: "schema errors"
    case 3: "malformed"
    case 64: "refused (usage)"
    case 66: "unreadable"
    case 74: "not written"
    default: "failed (exit \(status))"
    }
  }

  // MARK: JSON

  private func jsonMember(_ name: String, status: Int32, stdout: [UInt8], stderr: String) -> JSONValue {
    var members = [JSONMember(key: "file", value: .string(name)), JSONMember(key: "status", value: .number(String(status)))]
    if case .object(let report)? = try? JSONValue.parse(stdout) {
      members += report
    } else {
      members.append(JSONMember(key: "valid", value: .bool(false)))
      members.append(JSONMember(key: "error", value: .string(firstLine(stderr))))
    }
    return .object(members)
  }

  private var jsonDocument: JSONValue {
    let codes = byCode.sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, value: .number(String($0.value))) }
    let invalidFiles = byStatus.filter { $0.key != 0 }.values.reduce(0, +)
    return .object([
      JSONMember(key: "valid", value: .bool(worst == 0)),
      JSONMember(key: "files", value: .number(String(files))),
      JSONMember(key: "invalidFiles", value: .number(String(invalidFiles))),
      JSONMember(key: "skippedFiles", value: .number(String(skipped))),
      JSONMember(key: "records", value: .number(String(records))),
      JSONMember(key: "invalidRecords", value: .number(String(invalidRecords))),
      JSONMember(key: "byCode", value: .object(codes)),
      JSONMember(key: "results", value: .array(jsonFiles)),
    ])
  }

  // MARK: SARIF

  /// Keeps the first log (the tool and its rules, the same for every file: a rule per code) and
  /// every file's results.
  private func addSARIF(_ stdout: [UInt8]) {
    guard let log = try? JSONValue.parse(stdout), case .array(let runs)? = log.member("runs"),
      case .array(let results)? = runs.first?.member("results")
    else { return }
    if sarifLog == nil { sarifLog = log }
    sarifResults += results
  }

  private var sarifDocument: JSONValue {
    let log = sarifLog ?? SARIFReport.value([], dataPath: "", version: Castctl.configuration.version)
    guard case .array(let runs)? = log.member("runs"), case .object(var members) = runs.first?.replacing("results", with: .array(sarifResults))
    else { return log }
    // A file that could not be read is no result: SARIF says so in the run's invocation (§3.20).
    if !sarifFailures.isEmpty {
      members.append(
        JSONMember(
          key: "invocations",
          value: .array([
            .object([
              JSONMember(key: "executionSuccessful", value: .bool(false)),
              JSONMember(key: "toolExecutionNotifications", value: .array(sarifFailures)),
            ])
          ])))
    }
    return log.replacing("runs", with: .array([.object(members)]))
  }

  /// A tool execution notification (§3.58) for a file that gave no log, and why.
  private static func sarifNotification(_ name: String, _ reason: String) -> JSONValue {
    .object([
      JSONMember(key: "level", value: .string("error")),
      JSONMember(key: "message", value: .object([JSONMember(key: "text", value: .string(reason))])),
      JSONMember(
        key: "locations",
        value: .array([
          .object([
            JSONMember(
              key: "physicalLocation",
              value: .object([JSONMember(key: "artifactLocation", value: .object([JSONMember(key: "uri", value: .string(SARIFReport.uri(name)))]))]))
          ])
        ])),
    ])
  }

  // MARK: JUnit

  /// The file's `<testsuite>`; for a file with none (unreadable), a suite with the error.
  private func junitSuite(_ name: String, status: Int32, stdout: String, stderr: String) -> String {
    if let start = stdout.range(of: "<testsuites>\n"), let end = stdout.range(of: "</testsuites>", options: .backwards), start.upperBound <= end.lowerBound {
      return String(stdout[start.upperBound..<end.lowerBound])
    }
    let message = JUnitReport.escape(firstLine(stderr))
    return "  <testsuite name=\"\(JUnitReport.escape(name))\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
      + "    <testcase classname=\"castctl\" name=\"\(JUnitReport.escape(name))\">\n"
      + "      <error type=\"\(Self.verdict(status))\" message=\"\(message)\">\(message)</error>\n"
      + "    </testcase>\n  </testsuite>\n"
  }

  // MARK: GitHub

  /// A file's annotation lines, counted by level across the run: GitHub shows 10 of each level
  /// per step, so the first 10 of the run are written and the rest counted.
  private func addAnnotations(_ stdout: String) {
    for line in stdout.split(separator: "\n") {
      if let level = ["error", "warning", "notice"].first(where: { line.hasPrefix("::\($0) ") }) {
        annotate(level, String(line))
      } else if line.hasPrefix("castctl: "), line.contains(" more "), line.contains(" not annotated") {
        // The file's own count of what it held back.
        let words = line.split(separator: " ")
        guard words.count > 3, let count = Int(words[1]) else { continue }
        let level = words[3].hasPrefix("error") ? "error" : words[3].hasPrefix("warning") ? "warning" : "notice"
        annotations[level, default: 0] += count
      } else {
        Terminal.write(String(line) + "\n")
      }
    }
  }

  private func annotate(_ level: String, _ line: String) {
    annotations[level, default: 0] += 1
    if annotations[level, default: 0] <= GitHubAnnotations.shownPerLevel { Terminal.write(line + "\n") }
  }

  private func writeStepSummary(_ line: String) {
    guard let file = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !file.isEmpty else { return }
    var markdown = "### castctl: \(files) files\n\n\(line.dropFirst("castctl: ".count))\n\n"
    markdown += "| file | verdict | records | invalid |\n|---|---|---:|---:|\n" + githubSummary + "\n"
    if let error = FileAppend.append(markdown, to: file) {
      Terminal.writeError("castctl: warning: cannot write the step summary to \(file): \(error)\n")
    }
  }

  private func firstLine(_ text: String) -> String {
    String(text.split(separator: "\n").first ?? "").replacingOccurrences(of: "castctl: error: ", with: "")
  }
}

extension JSONValue {
  /// An object's member.
  func member(_ key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// An object with one member's value replaced.
  func replacing(_ key: String, with value: JSONValue) -> JSONValue {
    guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key == key }) else { return self }
    members[index].value = value
    return .object(members)
  }
}
