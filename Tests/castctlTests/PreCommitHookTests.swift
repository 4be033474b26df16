import Foundation
import Testing

/// `.pre-commit-hooks.yaml` in a real `pre-commit run` (scripts/test-pre-commit-hooks.sh), with
/// pre-commit from PyPI installed by scripts/install-pre-commit.sh into .tools/ (about 20 s the
/// first time; the run itself takes a few seconds).
@Suite(
  "castctl's pre-commit hooks",
  .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"),
  .enabled(if: PreCommitInstall.installed, "pre-commit could not be installed (scripts/install-pre-commit.sh; no network?); skipping"))
struct PreCommitHookTests {
  @Test("a mapped valid fixture passes, an unmapped file is noted, an invalid fixture and a broken .cast fail")
  func hooks() throws {
    let script = CastctlProcess.packageRoot.appendingPathComponent("scripts/test-pre-commit-hooks.sh").path
    let binary = try #require(CastctlProcess.binary)
    let output = try Self.run(script, environment: ["CASTCTL_BIN": binary.path], timeout: 120)
    #expect(output.status == 0, "\(output.text)")
    #expect(output.text.contains("PASSED: the pre-commit hooks"), "\(output.text)")
  }

  /// Runs a script, its standard output and error together, with a deadline.
  static func run(_ path: String, environment extra: [String: String] = [:], timeout: TimeInterval) throws -> (status: Int32, text: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("castctl-hooks-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    try process.run()
    if done.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      _ = done.wait(timeout: .now() + 5)
      return (-1, "timed out after \(Int(timeout)) s")
    }
    return (process.terminationStatus, String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self))
  }
}

/// pre-commit for the suite above: installed once, when the suite is planned.
enum PreCommitInstall {
  /// Whether scripts/install-pre-commit.sh gave a pre-commit.
  static let installed: Bool = {
    let script = CastctlProcess.packageRoot.appendingPathComponent("scripts/install-pre-commit.sh").path
    guard let output = try? PreCommitHookTests.run(script, timeout: 300) else { return false }
    return output.status == 0
  }()
}
