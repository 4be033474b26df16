import Foundation
import Testing

/// A command whose whole output is kept in `Goldens/NAME.golden`: the command line, the exit
/// status, standard output and standard error. Commands run in `schemas/` with relative paths, so
/// the files hold no machine-specific paths; `CASTCTL_RECORD=1` re-records them (and fails the
/// tests whose output changed, so the change gets reviewed).
struct GoldenCase: Sendable, CustomTestStringConvertible {
  let name: String
  let arguments: [String]
  var stdin: String?

  var testDescription: String { name + ": castctl " + Golden.commandLine(arguments) }
}

/// Reads, compares and records golden files.
enum Golden {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Goldens")

  /// The names of the golden files on disk, without `.golden`.
  static var recorded: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".golden") }.map { String($0.dropLast(".golden".count)) }.sorted()
  }

  /// Arguments as a shell would need them (single quotes where needed).
  static func commandLine(_ arguments: [String]) -> String {
    arguments.map { argument in
      argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./,=".contains($0) } && !argument.isEmpty
        ? argument : "'" + argument.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }.joined(separator: " ")
  }

  /// The golden text of one run.
  static func render(_ arguments: [String], stdin: String?, _ output: CastctlProcess.Output) -> String {
    func section(_ title: String, _ text: String) -> String {
      "--- \(title)\n" + text + (text.isEmpty || text.hasSuffix("\n") ? "" : "\n(no newline at end)\n")
    }
    return "$ castctl " + commandLine(arguments) + (stdin == nil ? "" : " < stdin") + "\n"
      + (stdin.map { section("stdin", $0) } ?? "") + "exit \(output.status)\n"
      + section("stdout", output.stdout) + section("stderr", output.stderr)
  }

  /// Runs the case in `schemas/` and compares with (or records) its golden file.
  static func check(_ item: GoldenCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let output = try CastctlProcess.run(item.arguments, stdin: item.stdin)
    let actual = render(item.arguments, stdin: item.stdin, output)
    let file = folder.appendingPathComponent(item.name + ".golden")
    let expected = try? String(contentsOf: file, encoding: .utf8)
    if ProcessInfo.processInfo.environment["CASTCTL_RECORD"] == "1" {
      guard actual != expected else { return }
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try actual.write(to: file, atomically: true, encoding: .utf8)
      Issue.record(
        "recorded \(file.lastPathComponent); review the change, then run without CASTCTL_RECORD",
        sourceLocation: sourceLocation)
      return
    }
    guard let expected else {
      Issue.record("no \(file.lastPathComponent); run with CASTCTL_RECORD=1 to record it", sourceLocation: sourceLocation)
      return
    }
    if let difference = ReplTranscriptTests.firstDifference(expected, actual) {
      Issue.record(
        """
        \(file.lastPathComponent) differs from the output (CASTCTL_RECORD=1 re-records it):
        \(difference)
        whole output:
        \(actual)
        """, sourceLocation: sourceLocation)
    }
  }
}
