import Foundation
import Testing

/// The example commands of every `--help` and of README.md's console blocks, run as written from
/// a folder laid out as the repository root: each names only files the repository has.
@Suite(
  "Examples in --help and the README, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ExampleCommandTests {
  /// The commands whose help has examples; "" is `castctl --help`.
  static let commands = ["", "check", "schema", "validate", "convert", "roundtrip", "infer", "explain", "repl"]

  /// The `$ castctl …` lines of README.md's console blocks.
  static let readmeExamples: [String] = {
    let url = CastctlProcess.packageRoot.appendingPathComponent("README.md")
    let readme = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return readme.split(separator: "\n").filter { $0.hasPrefix("$ castctl ") }.map { String($0.dropFirst(2)) }
  }()

  @Test("every example of every command's --help runs from the repository root", arguments: commands)
  func helpExamplesRun(_ command: String) throws {
    // A wide terminal, so that no example is wrapped onto two lines.
    let help = try CastctlProcess.run((command.isEmpty ? [] : [command]) + ["--help"], environment: ["COLUMNS": "1000"])
    let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    let start = try #require(lines.firstIndex(of: "Examples:"), "\(help.stdout)")
    let examples = lines[(start + 1)...].prefix { !$0.isEmpty }
    #expect(!examples.isEmpty)
    for example in examples { try expectRuns(example) }
  }

  @Test("every command of README.md's console examples runs from the repository root", arguments: readmeExamples)
  func readmeExampleRuns(_ example: String) throws {
    try expectRuns(example)
  }

  /// Runs `example` with bash in a scratch folder whose `schemas` is the repository's (files an
  /// example writes land in the scratch folder). It must find every file it names, and end with
  /// 0, or 1 where the example's data is invalid or lossy.
  private func expectRuns(_ example: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let binary = try #require(CastctlProcess.binary)
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    try FileManager.default.createSymbolicLink(
      at: folder.url.appendingPathComponent("schemas"), withDestinationURL: CastctlProcess.schemas)
    let path = binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    let ending = try ChildProcess(
      URL(fileURLWithPath: "/bin/bash"), ["-c", example], in: folder.url, environment: ["PATH": path]
    ).finish()
    #expect(!ending.signalled && [0, 1].contains(ending.status), "\(example): \(ending)", sourceLocation: sourceLocation)
    #expect(
      !ending.stderr.contains("No such file") && !ending.stderr.contains("cannot read"), "\(example): \(ending)",
      sourceLocation: sourceLocation)
  }
}
