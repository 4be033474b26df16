import ArgumentParser
import CastSchema
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
  // NB: the documents are merged as the files come, each file's report laid out into a spool
  // and never read into a tree, so the parent's memory does not grow with the findings.
  /// `--format json`: a member per file.
  private var jsonFiles = FindingJSONArray()
  /// `--format sarif`: the first file's log (its tool and rules) without its results, and every
  /// file's results.
  private var sarifLog: JSONValue?
  private var sarifResults = FindingJSONArray(level: 3)
  /// `--format sarif`: the files that gave no log (unreadable), as the run's tool notifications.
  private var sarifFailures: [JSONValue] = []
  /// `--format junit`: every file's test suite.
  private let junitSuites = ByteSpool()
  /// `--format json`: the schemas' warnings (and errors, when they stop the run).
  private var modelSites: [DiagnosticSite] = []
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
    // NB: every report is read from its bytes, in place (`ChildOutput`); a copy as text would
    // hold the largest file's report in memory.
    let stderr = String(decoding: output.stderr, as: UTF8.self)
    let name = job.file.path == "-" ? "<stdin>" : job.file.path
    switch format {
    case .text, .jsonl:
      output.stdout.forEachPiece { Terminal.write(bytes: $0) }
    case .json:
      addJSONMember(name, status: output.status, stdout: output.stdout, stderr: stderr)
    case .sarif:
      addSARIF(output.stdout)
      if output.status > 1, output.stdout.isEmpty {
        sarifFailures.append(Self.sarifNotification(job.checkLine?.file ?? name, line: job.checkLine?.line, firstLine(stderr)))
      }
    case .junit:
      output.stdout.withUnsafeBytes { addJUnitSuite(name, status: output.status, stdout: $0, stderr: stderr) }
    case .github:
      output.stdout.withUnsafeBytes { addAnnotations($0) }
      if output.status > 1, output.stdout.isEmpty {
        let file = GitHubAnnotations.escapeProperty(job.checkLine?.file ?? name)
        let line = job.checkLine.map { ",line=\($0.line)" } ?? ""
        annotate("error", "::error file=\(file)\(line),title=castctl::\(GitHubAnnotations.escapeData(firstLine(stderr)))")
      }
      githubSummary += "| \(Self.tableCode(name)) | \(Self.verdict(output.status)) | \(counts.records) | \(counts.invalidRecords) |\n"
    }
    Terminal.writeError(stderr)
  }

  /// The schemas' warnings, before any file's report: SARIF results and GitHub annotations in
  /// the model files, and the JSON document's `diagnostics` (JUnit's cases are the records).
  func add(model sites: [DiagnosticSite]) {
    switch format {
    case .sarif: for site in sites { sarifResults.append(SARIFReport.result(site)) }
    case .github: for site in sites { annotate(site.severity, GitHubAnnotations.line(site)) }
    case .json: modelSites = sites
    case .text, .jsonl, .junit: break
    }
  }

  /// Writes the document of a run the schemas' errors stopped before any file was read:
  /// `sites`, their warnings and errors, and no file checked (text has them on standard error).
  func finish(modelFailure sites: [DiagnosticSite]) {
    worst = max(worst, ExitCode.schemaErrors.rawValue)
    switch format {
    case .text, .jsonl:
      return
    case .json:
      modelSites = sites
      jsonFiles.writeDocument(jsonSummary, key: "results") { Terminal.write(bytes: $0) }
      Terminal.write("\n")
    case .sarif:
      ModelDiagnosticReport.writeSARIF(sites, failures: [.init(reason: Validate.notChecked(sites, "the data files were not checked"))])
    case .junit:
      Terminal.write(JUnitReport.modelFailureDocument(sites))
    case .github:
      ModelDiagnosticReport.writeGitHub(sites, failures: [], summary: "the data files")
    }
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
      jsonFiles.writeDocument(jsonSummary, key: "results") { Terminal.write(bytes: $0) }
      Terminal.write("\n")
    case .sarif:
      writeSARIF { Terminal.write(bytes: $0) }
      Terminal.write("\n")
      Terminal.writeError(line + "\n")
    case .junit:
      Terminal.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n")
      junitSuites.forEachPiece { Terminal.write(bytes: $0) }
      Terminal.write("</testsuites>\n")
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

  /// The file's report, its `file` and `status` first; a file with none (unreadable) says why.
  private func addJSONMember(_ name: String, status: Int32, stdout: ChildOutput, stderr: String) {
    let head = #"{"file":"# + JSONWriter(style: .compact).write(.string(name)) + #","status":\#(status),"#
    let spliced = stdout.withUnsafeBytes { report in
      var released = 0
      let members = JSONScanner.membersStart(ofObject: report) { read in
        guard read - released > ChildOutput.pieceBytes else { return }
        ChildOutput.release(report, before: read)
        released = read
      }
      guard let members else { return false }
      let rest = UnsafeRawBufferPointer(rebasing: report[members...])
      // NB: a mapped report's pages are let go behind what is laid out.
      Array(head.utf8).withUnsafeBytes {
        jsonFiles.append(json: $0, long: rest, pieceBytes: ChildOutput.pieceBytes) { ChildOutput.release(report, before: members + $0) }
      }
      return true
    }
    if !spliced {
      jsonFiles.append(
        .object([
          JSONMember(key: "file", value: .string(name)), JSONMember(key: "status", value: .number(String(status))),
          JSONMember(key: "valid", value: .bool(false)), JSONMember(key: "error", value: .string(firstLine(stderr))),
        ]))
    }
  }

  /// The members before `results`.
  private var jsonSummary: [JSONMember] {
    let codes = byCode.sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, value: .number(String($0.value))) }
    let invalidFiles = byStatus.filter { $0.key != 0 }.values.reduce(0, +)
    return [
      JSONMember(key: "valid", value: .bool(worst == 0)),
      JSONMember(key: "files", value: .number(String(files))),
      JSONMember(key: "invalidFiles", value: .number(String(invalidFiles))),
      JSONMember(key: "skippedFiles", value: .number(String(skipped))),
      JSONMember(key: "records", value: .number(String(records))),
      JSONMember(key: "invalidRecords", value: .number(String(invalidRecords))),
      JSONMember(key: "byCode", value: .object(codes)),
    ] + (modelSites.isEmpty ? [] : [JSONMember(key: "diagnostics", value: .array(modelSites.map(DiagnosticJSON.value)))])
  }

  // MARK: SARIF

  /// Keeps the first log (the tool and its rules, the same for every file: a rule per code)
  /// without its results, and every file's results.
  private func addSARIF(_ stdout: ChildOutput) {
    stdout.withUnsafeBytes { log in
      var handled = 0
      let results = JSONScanner.forEachSARIFResult(inLog: log) { result in
        sarifResults.append(json: result)
        // NB: a mapped report's pages are let go behind the results, a few megabytes at a time.
        if let start = result.baseAddress, let base = log.baseAddress, start - base - handled > ChildOutput.pieceBytes {
          handled = start - base
          ChildOutput.release(log, before: handled)
        }
      }
      guard let results else { return }
      guard sarifLog == nil else { return }
      sarifLog = try? JSONValue.parse(Array(log[..<results.lowerBound]) + Array("[]".utf8) + Array(log[results.upperBound...]))
    }
  }

  /// The merged log: the first log with every file's results, and the files that gave no log
  /// in its invocation (§3.20), handed to `body` a piece at a time.
  private func writeSARIF(_ body: (UnsafeRawBufferPointer) -> Void) {
    let writer = JSONWriter(style: .pretty(indent: 2))
    let log = sarifLog ?? SARIFReport.value([], dataPath: "", version: Castctl.configuration.version)
    guard case .object(let logMembers) = log, case .array(let runs)? = log.member("runs"), case .object(var run)? = runs.first
    else { return Array(writer.write(log).utf8).withUnsafeBytes(body) }
    // A file that could not be read is no result: SARIF says so in the run's invocation (§3.20).
    if !sarifFailures.isEmpty {
      run.append(JSONMember(key: "invocations", value: SARIFReport.failedInvocations(sarifFailures)))
    }
    var text: [UInt8] = [UInt8(ascii: "{")]
    for (index, member) in logMembers.enumerated() {
      if index > 0 { text.append(UInt8(ascii: ",")) }
      writer.lineBreak(level: 1, into: &text)
      writer.key(member.key, into: &text)
      guard member.key == "runs" else {
        writer.write(member.value, level: 1, into: &text)
        continue
      }
      text.append(UInt8(ascii: "["))
      writer.lineBreak(level: 2, into: &text)
      text.append(UInt8(ascii: "{"))
      for (position, runMember) in run.enumerated() {
        if position > 0 { text.append(UInt8(ascii: ",")) }
        writer.lineBreak(level: 3, into: &text)
        writer.key(runMember.key, into: &text)
        if runMember.key == "results" {
          text.withUnsafeBytes(body)
          text = []
          sarifResults.write(body)
        } else {
          writer.write(runMember.value, level: 3, into: &text)
        }
      }
      writer.lineBreak(level: 2, into: &text)
      text.append(UInt8(ascii: "}"))
      writer.lineBreak(level: 1, into: &text)
      text.append(UInt8(ascii: "]"))
    }
    writer.lineBreak(level: 0, into: &text)
    text.append(UInt8(ascii: "}"))
    text.withUnsafeBytes(body)
  }

  /// A tool execution notification (§3.58) for a file that gave no log, and why.
  private static func sarifNotification(_ name: String, line: Int? = nil, _ reason: String) -> JSONValue {
    SARIFReport.notification(reason, file: name, line: line)
  }

  // MARK: JUnit

  /// The file's `<testsuite>`; for a file with none (unreadable), a suite with the error.
  private func addJUnitSuite(_ name: String, status: Int32, stdout: UnsafeRawBufferPointer, stderr: String) {
    let open = Array("<testsuites>\n".utf8)
    let close = Array("</testsuites>".utf8)
    if let start = stdout.firstRange(of: open), let end = Self.lastRange(of: close, in: stdout), start.upperBound <= end.lowerBound {
      ChildOutput.forEachPiece(of: stdout, in: start.upperBound..<end.lowerBound) { junitSuites.append(contentsOf: $0) }
      return
    }
    let message = JUnitReport.escape(firstLine(stderr))
    let suite = "  <testsuite name=\"\(JUnitReport.escape(ControlCharacters.escaped(name)))\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
      + "    <testcase classname=\"castctl\" name=\"\(JUnitReport.escape(ControlCharacters.escaped(name)))\">\n"
      + "      <error type=\"\(Self.verdict(status))\" message=\"\(message)\">\(message)</error>\n"
      + "    </testcase>\n  </testsuite>\n"
    junitSuites.append(contentsOf: Array(suite.utf8))
  }

  /// Where `needle` last occurs in `bytes` (a report's last line holds it: found at once, where a
  /// search from the front would read, and bring into memory, a mapped report whole).
  private static func lastRange(of needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
    guard needle.count <= bytes.count else { return nil }
    for start in stride(from: bytes.count - needle.count, through: 0, by: -1) where bytes[start] == needle[0] {
      if needle.indices.allSatisfy({ bytes[start + $0] == needle[$0] }) { return start..<(start + needle.count) }
    }
    return nil
  }

  // MARK: GitHub

  /// A file's annotation lines, counted by level across the run: GitHub shows 10 of each level
  /// per step, so the first 10 of the run are written and the rest counted.
  private func addAnnotations(_ stdout: UnsafeRawBufferPointer) {
    for bytes in stdout.split(separator: UInt8(ascii: "\n")) {
      let line = String(decoding: bytes, as: UTF8.self)
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

  private func annotate(_ severity: Severity, _ line: String) {
    annotate(GitHubAnnotations.command(severity), line)
  }

  private func annotate(_ level: String, _ line: String) {
    annotations[level, default: 0] += 1
    if annotations[level, default: 0] <= GitHubAnnotations.shownPerLevel { Terminal.write(line + "\n") }
  }

  /// `text` as code in a cell of a GitHub Markdown table: fenced by more backticks than it
  /// holds in a row, its `|` escaped (the table's cell ends at one, code or not), control
  /// characters written as escapes.
  static func tableCode(_ text: String) -> String {
    let shown = ControlCharacters.escaped(text)
    var longest = 0
    var run = 0
    for character in shown {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padding = shown.hasPrefix("`") || shown.hasSuffix("`") ? " " : ""
    return fence + padding + shown.replacingOccurrences(of: "|", with: "\\|") + padding + fence
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
