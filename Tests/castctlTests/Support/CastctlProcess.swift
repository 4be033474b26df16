import Foundation
import Testing

/// Runs the built `castctl` binary as a child process, with a bounded wait.
enum CastctlProcess {
  /// What one run produced.
  struct Output: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// A run that did not finish in time.
  struct Timeout: Error, CustomStringConvertible {
    let arguments: [String]
    var description: String { "castctl \(arguments.joined(separator: " ")) did not finish in time" }
  }

  /// The package root, from this file's path (`<root>/Tests/castctlTests/Support/CastctlProcess.swift`).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `<root>/schemas`, the shipped examples.
  static let schemas = packageRoot.appendingPathComponent("schemas")

  /// The binary next to the test bundle (`.build…/debug/castctl`), or `$CASTCTL_BIN`; every
  /// test that runs `castctl` finds it here.
  static let binary: URL? = {
    if let override = ProcessInfo.processInfo.environment["CASTCTL_BIN"] {
      return FileManager.default.isExecutableFile(atPath: override) ? URL(fileURLWithPath: override) : nil
    }
    // SwiftPM puts products next to the test bundle (…/<scratch>/<triple>/debug/*.xctest); on
    // Linux the bundle is the runner itself.
    var directories: [URL] = []
    if let first = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
    }
    if let executable = Bundle.main.executableURL {
      directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    directories.append(Bundle.main.bundleURL)
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    return directories.map { $0.appendingPathComponent("castctl") }.first { candidate in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory)
        && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: candidate.path)
    }
  }()

  /// True when the binary was found.
  static var isAvailable: Bool { binary != nil }
  /// The skip message shown when it is missing.
  static let missing = "castctl binary not found next to the test bundle (\(Bundle.main.bundleURL.path)); skipping"

  /// Runs `castctl arguments…` in `directory`, feeding `stdin` (a file, as with `< script`: no
  /// terminal anywhere), with `environment` over the test's own; output goes through files so a
  /// large output cannot fill a pipe and stall the child.
  static func run(
    _ arguments: [String], in directory: URL = schemas, stdin: String? = nil,
    environment extra: [String: String] = [:], timeout: TimeInterval = 60
  ) throws -> Output {
    guard let binary else { throw Timeout(arguments: arguments) }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("castctl-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    let inURL = scratch.appendingPathComponent("stdin")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: inURL.path, contents: Data((stdin ?? "").utf8))
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let input = try FileHandle(forReadingFrom: inURL)
    defer {
      try? out.close()
      try? err.close()
      try? input.close()
    }

    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment.merge(extra) { _, new in new }
    process.environment = environment
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    try process.run()
    if done.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      _ = done.wait(timeout: .now() + 5)
      throw Timeout(arguments: arguments)
    }
    let stdout = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
    let stderr = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
    return Output(status: process.terminationStatus, stdout: stdout, stderr: stderr)
  }

  /// Writes `text` to a fresh temporary file named `name` and returns its path.
  static func temporaryFile(_ name: String, _ text: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("castctl-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Removes a file of `temporaryFile` and its folder.
  static func removeTemporaryFile(_ path: String) {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
  }
}
