import Foundation

/// A child process a test steers: started with its output in files, polled, signalled, and
/// waited for with a deadline. `CastctlProcess.run` covers the run-to-the-end case; this one is
/// for interrupting a run part-way and for shell pipelines.
final class ChildProcess {
  /// How a child ended.
  struct Ending: Sendable, CustomStringConvertible {
    /// The exit status, or the signal number when `signalled`.
    let status: Int32
    /// True when a signal ended the child (no exit status).
    let signalled: Bool
    let stdout: String
    let stderr: String

    var description: String { (signalled ? "signal \(status)" : "exit \(status)") + "; stderr: \(stderr.prefix(600))" }
  }

  /// A child that did not end in time (it was killed).
  struct Timeout: Error, CustomStringConvertible {
    let description: String
  }

  private let process = Process()
  private let scratch: URL
  private let done = DispatchSemaphore(value: 0)

  /// Starts `executable arguments…` in `directory`, standard input read from `stdin` (a path)
  /// or empty, with `environment` over the test's own (and NO_COLOR set).
  init(
    _ executable: URL, _ arguments: [String], in directory: URL, stdin: String? = nil,
    environment extra: [String: String] = [:]
  ) throws {
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("castctl-child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    for name in ["stdout", "stderr"] {
      _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent(name).path, contents: nil)
    }
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment.merge(extra) { _, new in new }
    process.environment = environment
    process.standardOutput = try FileHandle(forWritingTo: scratch.appendingPathComponent("stdout"))
    process.standardError = try FileHandle(forWritingTo: scratch.appendingPathComponent("stderr"))
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: stdin ?? "/dev/null"))
    process.terminationHandler = { [done] _ in done.signal() }
    try process.run()
  }

  /// Runs `script` with bash in `directory`; `$CASTCTL` names the binary under test.
  static func shell(_ script: String, in directory: URL, castctl: URL) throws -> ChildProcess {
    try ChildProcess(
      URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: directory, environment: ["CASTCTL": castctl.path])
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    try? FileManager.default.removeItem(at: scratch)
  }

  /// The child's process id.
  var pid: pid_t { process.processIdentifier }

  /// Sends `signal` to the child.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Polls `condition` every 10 ms until it holds (true) or the child ends or time runs out (false).
  func wait(until condition: () -> Bool, timeout: TimeInterval = 30) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline, process.isRunning {
      if condition() { return true }
      usleep(10_000)
    }
    return condition()
  }

  /// Waits for the end (killing the child after `timeout`) and returns how it ended.
  func finish(timeout: TimeInterval = 60) throws -> Ending {
    if done.wait(timeout: .now() + timeout) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      _ = done.wait(timeout: .now() + 5)
      throw Timeout(description: "\(process.arguments ?? []) did not end within \(timeout) s")
    }
    let read = { (name: String) in
      String(decoding: (try? Data(contentsOf: self.scratch.appendingPathComponent(name))) ?? Data(), as: UTF8.self)
    }
    return Ending(
      status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
      stdout: read("stdout"), stderr: read("stderr"))
  }
}
