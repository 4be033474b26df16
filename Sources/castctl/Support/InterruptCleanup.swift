import Foundation

/// Removes half-written temporary files when a signal ends castctl (SIGINT, SIGTERM, SIGHUP, a
/// closed pipe, any of `TerminatingSignals`), so an interrupted `convert -o` or `--split` leaves
/// its targets untouched and no debris beside them.
enum InterruptCleanup {
  /// How many temporary files can be pending at once (`--split` writes two).
  static let capacity = 4

  /// Remembers the file and installs the handlers.
  static func register(_ path: String) {
    guard let slot = (0..<capacity).first(where: { pendingPaths[$0] == nil }) else { return }
    pendingPaths[slot] = strdup(path)
    TerminatingSignals.install(interruptHandler)
  }

  /// Removes the files now, for an exit that bypasses the owners' clean-up (a failed write to
  /// standard output ends castctl on the spot).
  static func removePending() {
    for slot in 0..<capacity {
      if let path = pendingPaths[slot] { unlink(path) }
    }
    for slot in 0..<capacity { forget(slot) }
  }

  /// Forgets the file (it was renamed or removed).
  static func unregister(_ path: String) {
    for slot in 0..<capacity {
      if let pending = pendingPaths[slot], String(cString: pending) == path { forget(slot) }
    }
  }

  private static func forget(_ slot: Int) {
    let path = pendingPaths[slot]
    pendingPaths[slot] = nil
    free(path)
  }

  /// Runs `body` (renames that must happen together) with the interrupting signals held back: one
  /// that arrives meanwhile ends castctl after it, with every rename done.
  static func withSignalsHeld<T>(_ body: () throws -> T) rethrows -> T {
    var held = TerminatingSignals.set
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &held, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
  }
}

// NB: a signal handler may only call async-signal-safe functions, so the paths are C strings in
// a plain global array allocated once; only the thread that writes the output changes it.
nonisolated(unsafe) private let pendingPaths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
  let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: InterruptCleanup.capacity)
  slots.initialize(repeating: nil, count: InterruptCleanup.capacity)
  return slots
}()

private func interruptHandler(_ signalNumber: Int32) {
  for slot in 0..<InterruptCleanup.capacity {
    if let path = pendingPaths[slot] { unlink(path) }
  }
  TerminatingSignals.end(by: signalNumber)
}
