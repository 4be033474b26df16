import ArgumentParser
import Foundation

/// One castctl run of a many-file run: this same binary started on one data file, its standard
/// output and standard error captured (a long output left in its file, `ChildOutput`), so that
/// files checked side by side are still reported one after another in the order given.
///
/// NB: a process per file, not a thread: the per-file engine writes its report straight to the
/// process's standard output and ends a file's run by exit status (3 malformed, 66 unreadable),
/// and a process keeps each file's report, failure and memory apart at no cost to the engine.
struct ChildRun: Sendable {
  /// The arguments after the program name.
  let arguments: [String]
  /// Whether this run reads castctl's standard input (the data argument `-`).
  let readsStandardInput: Bool

  /// What the run produced.
  struct Output: Sendable {
    var status: Int32
    var stdout: ChildOutput
    var stderr: [UInt8]
    /// What the child wrote to its descriptor 3 (`countsPath`): its counts for the summary.
    var counts: [UInt8] = []
  }

  /// Where the child finds the descriptor whose contents come back as `Output.counts`.
  static let countsPath = "/dev/fd/3"

  /// Variables a child must not see: the step summary is written once, by the parent.
  static let withheldEnvironment: Set<String> = ["GITHUB_STEP_SUMMARY"]

  /// Starts the run and waits for it. Output goes to unlinked temporary files (not pipes, which
  /// would need a reader per child while it runs), so nothing is left behind on an interrupt.
  /// NB: a failure to create them leaves the descriptors that were made open until exit.
  func run() -> Output {
    guard let out = Self.anonymousFile(), let err = Self.anonymousFile(), let counts = Self.anonymousFile() else {
      return Output(status: ExitCode.outputError.rawValue, stdout: .empty, stderr: Array("castctl: error: cannot create a temporary file: \(String(cString: strerror(errno)))\n".utf8))
    }
    defer {
      close(out)
      close(err)
      close(counts)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if !readsStandardInput { posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0) }
    posix_spawn_file_actions_adddup2(&actions, out, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, err, STDERR_FILENO)
    posix_spawn_file_actions_adddup2(&actions, counts, 3)
    let program = Self.executable
    let argv = ([program] + arguments).map { strdup($0) }
    let environment = Self.environment.map { strdup($0) }
    defer {
      argv.forEach { free($0) }
      environment.forEach { free($0) }
    }
    // NB: the child starts with no signal blocked and the ending signals at their defaults (save
    // those castctl was told to ignore), whatever this thread holds (a pool thread may block
    // some), so an interrupt reaches it.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = TerminatingSignals.defaultsForChildren
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    guard !ChildSignals.isStopping else {
      return Output(status: 130, stdout: .empty, stderr: [])
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, program, &actions, &attributes, argv + [nil], environment + [nil])
    guard spawned == 0 else {
      return Output(status: ExitCode.internalError.rawValue, stdout: .empty, stderr: Array("castctl: error: cannot start \(program): \(String(cString: strerror(spawned)))\n".utf8))
    }
    ChildSignals.add(pid)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    ChildSignals.remove(pid)
    return Output(
      status: Self.exitStatus(status), stdout: ChildOutput(file: out, read: Self.readAll), stderr: Self.readAll(err),
      counts: Self.readAll(counts))
  }

  /// The children's environment, `KEY=value` each, with this process named as their parent.
  static let environment: [String] = ProcessInfo.processInfo.environment
    .filter { !withheldEnvironment.contains($0.key) && $0.key != ParentWatch.variable }
    .map { "\($0.key)=\($0.value)" } + [ParentWatch.entry]

  /// This binary. NB: `/proc/self/exe`, not `argv[0]`, which may be a name looked up on `PATH`.
  static let executable: String = {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments.first ?? "castctl" }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()

  /// The shell's convention: the exit code, or 128 plus the signal that ended the run.
  private static func exitStatus(_ status: Int32) -> Int32 {
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  /// A temporary file, unlinked at once, closed on exec (the child gets its own copy through dup2).
  private static func anonymousFile() -> Int32? {
    var template = Array((NSTemporaryDirectory() + "/castctl-child-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else { return nil }
    // NB: another thread's child may inherit it before this line; it is unlinked, so that only
    // holds an empty file open until that child ends.
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { _ = unlink(base) }
    }
    return fd
  }

  /// The whole file, from its start.
  private static func readAll(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    // NB: sized once: a report of hundreds of megabytes grown by doubling held twice that.
    var status = stat()
    if fstat(fd, &status) == 0, status.st_size > 0 { bytes.reserveCapacity(Int(status.st_size)) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var offset: off_t = 0
    while true {
      let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return bytes }
      bytes.append(contentsOf: chunk[..<count])
      offset += off_t(count)
    }
  }
}
