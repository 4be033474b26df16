import Foundation

/// Removes a half-written temporary file when castctl is interrupted (SIGINT, SIGTERM, SIGHUP), so an
/// interrupted `convert -o` leaves the target untouched and no debris beside it.
enum InterruptCleanup {
  /// Remembers the file and installs the handlers.
  static func register(_ path: String) {
    unregister()
    pendingPath = strdup(path)
    signal(SIGINT, interruptHandler)
    signal(SIGTERM, interruptHandler)
    signal(SIGHUP, interruptHandler)
  }

  /// Removes the file now, for an exit that bypasses the owner's clean-up (a failed write to
  /// standard output ends castctl on the spot).
  static func removePending() {
    if let path = pendingPath { unlink(path) }
    unregister()
  }

  /// Forgets the file (it was renamed or removed).
  static func unregister() {
    let path = pendingPath
    pendingPath = nil
    free(path)
  }
}

// NB: a signal handler may only call async-signal-safe functions, so the path is a C string in
// a plain global; only the thread that writes the output changes it.
nonisolated(unsafe) private var pendingPath: UnsafeMutablePointer<CChar>?

private func interruptHandler(_ signalNumber: Int32) {
  if let path = pendingPath { unlink(path) }
  _exit(128 + signalNumber)
}
