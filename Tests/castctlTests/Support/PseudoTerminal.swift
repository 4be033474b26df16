import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A failure while driving a child process; the message carries what the terminal showed.
struct PseudoTerminalError: Error, CustomStringConvertible {
  /// Human-readable explanation, including the output seen so far where useful.
  let description: String
}

/// Runs an executable with a pseudo-terminal as its controlling terminal and stdin/stdout/stderr,
/// so it behaves as if a person were typing at it.
///
/// Every wait is bounded; on timeout the call throws and the child is killed when the object goes
/// away. Waits suspend instead of blocking, so parallel tests don't starve Swift Testing's small
/// thread pool. Not Sendable: create and use one inside a single test.
final class PseudoTerminal {
  /// Process id of the child.
  let pid: pid_t
  private let master: Int32
  private var rawOutput: [UInt8] = []
  // Where the next `waitFor` starts looking, in `visibleBytes()`; moves past each match so that
  // waiting for the same prompt twice waits for a second prompt.
  private var searchStart = 0
  private var waitStatus: Int32?
  private var masterAtEOF = false

  /// Starts `executable` under a new pseudo-terminal of `columns` × `rows`.
  ///
  /// The child gets its own session (so terminal signals reach only it), default signal
  /// dispositions, and an environment of `TERM=dumb`, `LANG=C.UTF-8` and `PATH`, overlaid
  /// with `environment`. On a dumb terminal libedit redraws a changed line as `\r`, prompt and
  /// text instead of jumping the cursor, so what a test looks for appears contiguously; the wide
  /// default keeps long lines (temporary paths) from wrapping, which splits them on screen.
  init(
    executable: String, arguments: [String] = [], environment: [String: String] = [:],
    columns: UInt16 = 250, rows: UInt16 = 24
  ) throws {
    master = try PTY.openMaster()
    do {
      var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
      _ = ioctl(master, UInt(TIOCSWINSZ), &size)
      let slavePath = try PTY.slavePath(of: master)
      var base = ["TERM": "dumb", "LANG": "C.UTF-8"]
      base["PATH"] = ProcessInfo.processInfo.environment["PATH"]
      let env = base.merging(environment) { _, new in new }
      pid = try Self.spawn(executable, arguments: arguments, environment: env, terminal: slavePath)
    } catch {
      close(master)
      throw error
    }
  }

  deinit {
    terminate()
    close(master)
  }

  /// Everything the child has written so far, with terminal escape sequences removed.
  var output: String {
    String(decoding: visibleBytes(), as: UTF8.self)
  }

  /// Whether the child has exited (and been reaped).
  var hasExited: Bool {
    reapIfExited()
    return waitStatus != nil
  }

  /// Types `text` into the terminal: "\t" is TAB, "\r" Enter, "\u{1B}[A" Up, "\u{03}" Ctrl-C,
  /// "\u{04}" Ctrl-D.
  func send(_ text: String) throws {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw PseudoTerminalError(description: "write to pty failed: errno \(errno)")
      }
      bytes = bytes.dropFirst(written)
    }
  }

  /// Reads output until `text` appears after the previous match, or throws after `timeout`.
  ///
  /// Matching ignores escape sequences, so redraws don't split the text.
  func waitFor(_ text: String, timeout: Duration = .seconds(10)) async throws {
    let needle = Array(text.utf8)
    let deadline = ContinuousClock.now + timeout
    while true {
      let visible = visibleBytes()
      if let end = Self.endOfMatch(of: needle, in: visible, from: searchStart) {
        searchStart = end
        return
      }
      if ContinuousClock.now >= deadline || masterAtEOF {
        let why = masterAtEOF ? "the child closed the terminal" : "timed out after \(timeout)"
        throw PseudoTerminalError(
          description: "\(why) waiting for \(text.debugDescription); output was:\n\(output)")
      }
      try await readAvailable()
    }
  }

  /// Waits for `prompt`, then until the line editor has taken the terminal out of canonical mode.
  ///
  /// libedit prints the prompt before switching to raw mode; a key sent in between is handled by
  /// the kernel's line discipline instead (Ctrl-D becomes a NUL, Ctrl-C arrives before anyone
  /// is reading), which makes tests flaky under load.
  func waitForEditor(prompt: String, timeout: Duration = .seconds(10)) async throws {
    try await waitFor(prompt, timeout: timeout)
    let deadline = ContinuousClock.now + timeout
    var settings = termios()
    // The master shares the slave's settings, so this sees what the child set.
    while tcgetattr(master, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) != 0 {
      guard ContinuousClock.now < deadline, !hasExited else {
        throw PseudoTerminalError(
          description: "terminal still in canonical mode after \(prompt.debugDescription); "
            + "output was:\n\(output)")
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Waits for the child to exit and returns its exit status; throws if it hasn't exited
  /// within `timeout` or was killed by a signal. Keeps draining output meanwhile.
  func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    while !hasExited {
      guard ContinuousClock.now < deadline else {
        throw PseudoTerminalError(
          description: "child did not exit within \(timeout); output was:\n\(output)")
      }
      try await readAvailable()
    }
    guard let status = waitStatus, status & 0x7f == 0 else {
      throw PseudoTerminalError(
        description: "child was killed by signal \((waitStatus ?? 0) & 0x7f); output:\n\(output)")
    }
    return (status >> 8) & 0xff
  }

  /// Kills the child if it is still running and reaps it. Safe to call more than once.
  func terminate() {
    guard !hasExited else { return }
    kill(pid, SIGKILL)
    // SIGKILL cannot be caught, so this loop ends almost at once; the bound is only a safeguard.
    for _ in 0..<500 where !hasExited {
      usleep(10_000)
    }
  }

  private func reapIfExited() {
    guard waitStatus == nil else { return }
    var status: Int32 = 0
    if waitpid(pid, &status, WNOHANG) == pid {
      waitStatus = status
    }
  }

  /// Appends whatever the child has written; if there is nothing yet, sleeps briefly instead.
  private func readAvailable() async throws {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard !masterAtEOF, poll(&descriptor, 1, 0) > 0 else {
      try await Task.sleep(for: .milliseconds(10))
      return
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    if count > 0 {
      rawOutput.append(contentsOf: buffer[..<count])
    } else if count == 0 || errno != EINTR {
      // Linux reports EIO once every slave descriptor is closed, i.e. the child is gone.
      masterAtEOF = true
    }
  }

  private func visibleBytes() -> [UInt8] {
    TerminalText.strippingEscapes(rawOutput)
  }

  private static func endOfMatch(
    of needle: [UInt8], in haystack: [UInt8], from start: Int
  ) -> Int? {
    guard !needle.isEmpty else { return start }
    guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
    for index in start...(haystack.count - needle.count)
    where haystack[index..<(index + needle.count)].elementsEqual(needle) {
      return index + needle.count
    }
    return nil
  }

  private static func spawn(
    _ executable: String, arguments: [String], environment: [String: String], terminal: String
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid() in the child and without O_NOCTTY, so it becomes the controlling tty.
    posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    // Parallel tests open pipes without O_CLOEXEC; a child holding another test's pipe end keeps
    // that test from ever seeing EOF.
    try PTY.closeInheritedDescriptors(&actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The test runner may ignore or block signals; the child must see Ctrl-C like a real program.
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    let flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | PTY.spawnSetSID
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var child: pid_t = 0
    let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw PseudoTerminalError(description: "posix_spawn \(executable) failed: errno \(result)")
    }
    return child
  }
}

/// Pseudo-terminal calls that Swift's Glibc module hides behind feature macros.
private enum PTY {
  /// glibc's POSIX_SPAWN_SETSID; the macro needs _GNU_SOURCE, which Swift's Glibc import lacks.
  static let spawnSetSID: Int32 = 0x80

  private typealias OpenPT = @convention(c) (Int32) -> Int32
  private typealias FDCall = @convention(c) (Int32) -> Int32
  private typealias PTSNameR = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
  private typealias AddCloseFrom = @convention(c) (
    UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32
  ) -> Int32

  /// Opens a new master side, ready for the slave to be opened by path.
  static func openMaster() throws -> Int32 {
    // posix_openpt & co. are plain libc functions, just not visible without _XOPEN_SOURCE.
    let openpt: OpenPT = try function("posix_openpt")
    let grant: FDCall = try function("grantpt")
    let unlock: FDCall = try function("unlockpt")
    // O_CLOEXEC keeps this fd out of children spawned by concurrently running tests.
    let fd = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else {
      throw PseudoTerminalError(description: "posix_openpt failed: errno \(errno)")
    }
    guard grant(fd) == 0, unlock(fd) == 0 else {
      close(fd)
      throw PseudoTerminalError(description: "grantpt/unlockpt failed: errno \(errno)")
    }
    return fd
  }

  /// The /dev/pts path of the slave side of `master`.
  static func slavePath(of master: Int32) throws -> String {
    let ptsname: PTSNameR = try function("ptsname_r")
    var name = [CChar](repeating: 0, count: 128)
    guard ptsname(master, &name, name.count) == 0 else {
      throw PseudoTerminalError(description: "ptsname_r failed: errno \(errno)")
    }
    return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Makes the spawned child close every descriptor above stderr (glibc 2.34+).
  static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) throws {
    let addCloseFrom: AddCloseFrom = try function("posix_spawn_file_actions_addclosefrom_np")
    guard addCloseFrom(&actions, 3) == 0 else {
      throw PseudoTerminalError(description: "posix_spawn_file_actions_addclosefrom_np failed")
    }
  }

  private static func function<T>(_ name: String) throws -> T {
    guard let symbol = dlsym(nil, name) else {
      throw PseudoTerminalError(description: "libc has no \(name)")
    }
    return unsafeBitCast(symbol, to: T.self)
  }
}

/// Turns raw terminal output into the text a reader would see, minus cursor movement.
enum TerminalText {
  /// Removes CSI (`ESC [ … final`), OSC (`ESC ] … BEL`/`ESC \`) and two-byte escape sequences,
  /// plus BEL, which libedit sends when completion has nothing to offer.
  static func strippingEscapes(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x07 {
        index += 1
      } else if byte != 0x1B {
        result.append(byte)
        index += 1
      } else if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
        index += 2
        while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        index += 1
      } else if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "]") {
        index += 2
        while index < bytes.count, bytes[index] != 0x07, bytes[index] != 0x1B { index += 1 }
        index += bytes.indices.contains(index) && bytes[index] == 0x1B ? 2 : 1
      } else {
        index += 2
      }
    }
    return result
  }
}
