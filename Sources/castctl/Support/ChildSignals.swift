import Foundation

/// Passes a signal that ends castctl (SIGINT, SIGTERM, SIGHUP, a closed pipe: any of
/// `TerminatingSignals`) on to the castctl processes of a many-file run and waits for them, so
/// that each removes its own half-written output before this one ends: a Ctrl-C reaches the whole
/// process group, but a `kill` or a CI timeout names this process only.
enum ChildSignals {
  /// How many children can be told at once (the pool's workers, bounded by `--jobs`).
  static let capacity = 1024
  private static let lock = NSLock()

  /// Installs the handler; called before the first child starts.
  static func install() {
    _ = stopping.pointee
    TerminatingSignals.install(forwardingHandler)
  }

  /// True once an interrupt has arrived: no further child is started.
  static var isStopping: Bool { stopping.pointee != 0 }

  /// Remembers a running child (one beyond `capacity` is not told).
  static func add(_ pid: pid_t) {
    lock.withLock {
      if let slot = (0..<capacity).first(where: { childPids[$0] == 0 }) { childPids[slot] = pid }
    }
  }

  /// Forgets a child that has ended.
  static func remove(_ pid: pid_t) {
    lock.withLock {
      if let slot = (0..<capacity).first(where: { childPids[$0] == pid }) { childPids[slot] = 0 }
    }
  }
}

// NB: a signal handler may only call async-signal-safe functions (kill, waitpid, _exit), so the
// pids live in one plain array allocated before any handler is installed; a pid is one aligned
// 32-bit store, which the handler reads whole.
nonisolated(unsafe) private let childPids: UnsafeMutablePointer<pid_t> = {
  let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: ChildSignals.capacity)
  slots.initialize(repeating: 0, count: ChildSignals.capacity)
  return slots
}()

nonisolated(unsafe) private let stopping: UnsafeMutablePointer<sig_atomic_t> = {
  let flag = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
  flag.initialize(to: 0)
  return flag
}()

// NB: a child another thread starts between the kills and the exit is not told; it runs to its
// end, and its output is still written atomically.
private func forwardingHandler(_ signalNumber: Int32) {
  stopping.pointee = 1
  for slot in 0..<ChildSignals.capacity where childPids[slot] > 0 { kill(childPids[slot], signalNumber) }
  // The children end on the signal after removing their temporary files (InterruptCleanup).
  for slot in 0..<ChildSignals.capacity where childPids[slot] > 0 {
    var status: Int32 = 0
    _ = waitpid(childPids[slot], &status, 0)
  }
  TerminatingSignals.end(by: signalNumber)
}
