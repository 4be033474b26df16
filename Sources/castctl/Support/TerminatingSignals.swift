import Foundation

/// The signals whose default action ends castctl, which it catches to clean up first (remove a
/// half-written `-o` file, pass the signal on to a many-file run's processes) and then ends by.
enum TerminatingSignals {
  /// Every signal that ends a process by default and can be caught, save SIGPROF (profilers use
  /// it) and SIGXFSZ (ignored: a file-size limit is a write error, exit 74).
  static let all: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGVTALRM]

  /// Installs `handler` for each signal the parent did not ask castctl to ignore: `nohup` and a
  /// shell's background job set SIGHUP or SIGINT to ignored, and that choice is kept.
  static func install(_ handler: @convention(c) (Int32) -> Void) {
    for signalNumber in all where !isIgnored(signalNumber) { signal(signalNumber, handler) }
  }

  /// Whether the signal's disposition is to ignore it (inherited across `exec`, unlike a handler).
  static func isIgnored(_ signalNumber: Int32) -> Bool {
    var current = sigaction()
    sigaction(signalNumber, nil, &current)
    guard let handler = current.__sigaction_handler.sa_handler else { return false }
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// The signals as a set, to block or unblock together.
  static var set: sigset_t { signals(all) }

  /// The signals castctl's own child processes start with at their defaults: all but those this
  /// process was told to ignore, which they inherit.
  static var defaultsForChildren: sigset_t { signals(all.filter { !isIgnored($0) }) }

  private static func signals(_ numbers: [Int32]) -> sigset_t {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signalNumber in numbers { sigaddset(&signals, signalNumber) }
    return signals
  }

  /// Ends castctl for `signalNumber` once a handler has cleaned up: by the signal itself for
  /// SIGPIPE (a closed pipe ends a filter quietly, status 141, as it does `cat`), else exit
  /// 128 + N, as the README documents. Async-signal-safe.
  static func end(by signalNumber: Int32) -> Never {
    if signalNumber == SIGPIPE {
      signal(SIGPIPE, SIG_DFL)
      var pipe = sigset_t()
      sigemptyset(&pipe)
      sigaddset(&pipe, SIGPIPE)
      pthread_sigmask(SIG_UNBLOCK, &pipe, nil)
      raise(SIGPIPE)
    }
    _exit(128 + signalNumber)
  }
}
