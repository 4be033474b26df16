import ArgumentParser
import CastSchema
import CastValidate
import Foundation

/// `validate`'s pipeline outputs: the pipe mode, `--split`, and the CI formats.
extension Validate {
  /// The pipe mode: a verdict line per input line on standard output, or `--split`'s two files.
  /// Findings never change the exit status here; only castctl's own failures do.
  func runPipe(_ validator: DocumentValidator, path: String, registry: ModelRegistry) throws {
    let hidesNotes = quiet
    let keep: (Finding) -> Bool = { !hidesNotes || $0.severity > .note }
    let pipe = PipeRun(validator: validator, path: path, options: data)
    guard split.count == 2 else {
      let sink = try OutputSink(path: nil, force: false)
      var lines: [UInt8] = []
      try pipe.run { source, verdicts in
        for verdict in verdicts { VerdictJSON.write(verdict, data: source, registry: registry, keep: keep, into: &lines) }
        try sink.write(lines)
        lines.removeAll(keepingCapacity: true)
      }
      return
    }
    let output = try SplitOutput(valid: split[0], rejects: split[1], force: force)
    do {
      try pipe.run { source, verdicts in
        for verdict in verdicts {
          if case .record(let result) = verdict, result.isValid {
            try output.addValid(source.read(result.span.start..<result.span.end))
          } else if let reject = VerdictJSON.reject(verdict, data: source, registry: registry, keep: keep) {
            try output.addReject(reject)
          }
        }
      }
      try output.commit()
    } catch {
      output.discard()
      throw error
    }
    Terminal.writeError("castctl: \(output.validCount) valid to \(split[0]), \(output.rejectCount) rejected to \(split[1])\n")
  }

  /// SARIF, GitHub annotations (and the step summary, where `$GITHUB_STEP_SUMMARY` names its
  /// file) or JUnit XML, on standard output.
  static func writeCI(_ log: CILog, _ summary: ValidationSummary, dataPath: String, target: String) {
    let output = BufferedOutput()
    defer { output.flush() }
    switch log {
    case .sarif(let sarif):
      sarif.write { output.write(bytes: $0) }
      output.write("\n")
    case .github(let github):
      output.write(GitHubAnnotations.lines(github, dataPath: dataPath))
      if let file = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !file.isEmpty {
        let markdown = GitHubAnnotations.summary(github, counts: summary, dataPath: dataPath, target: target)
        if let error = FileAppend.append(markdown, to: file) {
          Terminal.writeError("castctl: warning: cannot write the step summary to \(file): \(error)\n")
        }
      }
    case .junit(let junit):
      junit.write(counts: summary, dataPath: dataPath) { output.write(bytes: $0) }
    }
  }
}

/// What a CI format gathers while the records are reported: each keeps only what its document
/// needs (SARIF's results and JUnit's test cases in a spool, GitHub's few annotations and counts).
enum CILog {
  case sarif(SARIFLog)
  case github(GitHubAnnotationLog)
  case junit(JUnitLog)

  /// The log of `format` (nil for the formats that are not CI's).
  init?(_ format: ReportFormat, dataPath: String, target: String) {
    switch format {
    case .sarif: self = .sarif(SARIFLog(dataPath: dataPath, version: Castctl.configuration.version))
    case .github: self = .github(GitHubAnnotationLog())
    case .junit: self = .junit(JUnitLog(target: target))
    case .text, .json, .jsonl: return nil
    }
  }

  /// Adds the model files' warnings, before any finding: SARIF results and GitHub annotations
  /// in the model files (JUnit's test cases are the records; its report leaves them out).
  mutating func add(model sites: [DiagnosticSite]) {
    switch self {
    case .sarif(var sarif):
      for site in sites { sarif.add(site) }
      self = .sarif(sarif)
    case .github(var github):
      for site in sites { github.add(site) }
      self = .github(github)
    case .junit:
      break
    }
  }

  /// Adds record `index`'s findings (a JUnit test case even with none), an NDJSON record on `line`.
  mutating func add(record index: Int, line: Int?, _ sites: [FindingSite]) {
    switch self {
    case .sarif(var sarif):
      for site in sites { sarif.add(site) }
      self = .sarif(sarif)
    case .github(var github):
      for site in sites { github.add(site) }
      self = .github(github)
    case .junit(var junit):
      junit.add(record: index, line: line, sites)
      self = .junit(junit)
    }
  }
}
