import CastValidate
import Foundation

/// The model files' diagnostics alone, as a CI system reads them: what `check --format sarif` and
/// `github` write, and what `validate` writes when they stop it before any data is read.
enum ModelDiagnosticReport {
  /// Why castctl could not do all its work (the data was not checked, a file could not be
  /// read), and the file that names, if any.
  struct Failure {
    var reason: String
    var file: String?
  }

  /// A SARIF log with a result per diagnostic, located in its model file; `failures` make the
  /// run's invocation unsuccessful (§3.20), each a notification.
  static func writeSARIF(_ sites: [DiagnosticSite], failures: [Failure]) {
    var log = SARIFLog(dataPath: "", version: Castctl.configuration.version)
    for site in sites { log.add(site) }
    for failure in failures { log.fail(failure.reason, file: failure.file) }
    let output = BufferedOutput()
    log.write { output.write(bytes: $0) }
    output.write("\n")
    output.flush()
  }

  /// GitHub annotations: one per diagnostic at its place (10 of each level, then a count), and
  /// an `::error` per failure; with `summary`, the step summary says that it was not checked.
  static func writeGitHub(_ sites: [DiagnosticSite], failures: [Failure], summary subject: String?) {
    var log = GitHubAnnotationLog()
    for site in sites { log.add(site) }
    var text = ""
    for failure in failures {
      let file = failure.file.map { "file=" + GitHubAnnotations.escapeProperty($0) + "," } ?? ""
      text += "::error \(file)title=castctl::\(GitHubAnnotations.escapeData(failure.reason))\n"
    }
    Terminal.write(text + GitHubAnnotations.lines(log, dataPath: ""))
    guard let subject, let file = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !file.isEmpty else { return }
    if let error = FileAppend.append(GitHubAnnotations.modelFailureSummary(log, subject: subject), to: file) {
      Terminal.writeError("castctl: warning: cannot write the step summary to \(file): \(error)\n")
    }
  }
}
