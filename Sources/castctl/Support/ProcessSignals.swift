import Foundation

/// The signal dispositions castctl relies on, set before anything is written, whatever the
/// parent left behind (a parent that ignores or blocks SIGPIPE passes that on).
enum ProcessSignals {
  /// SIGPIPE to its default, so `castctl … | head -1` ends quietly as other filters do (killed
  /// by SIGPIPE, status 141 in a shell); SIGXFSZ ignored, so exceeding a file-size limit is a
  /// write error reported with exit 74 instead of a core dump. The signals castctl acts on are
  /// unblocked: a blocked mask is inherited across exec (from a thread pool that spawned us, say),
  /// and would leave an interrupted `convert -o` running to the end instead of cleaning up.
  static func configure() {
    signal(SIGPIPE, SIG_DFL)
    signal(SIGXFSZ, SIG_IGN)
    var unblock = TerminatingSignals.set
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
  }

  /// Ends castctl as a closed pipe does: quietly, by SIGPIPE. Used when a write still sees
  /// EPIPE (the signal was somehow held back), so no error message follows a `| head`.
  static func endForBrokenPipe() -> Never {
    InterruptCleanup.removePending()
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
    exit(128 + SIGPIPE)
  }
}
