import Foundation
@preconcurrency import Glibc
import Synchronization

/// Ctrl-C while a REPL command runs: the handler only records it, the engine stops between records
/// and chunks when it sees it (`DocumentValidator.isCancelled`), and the REPL prints what it got
/// to and returns to its prompt, as psql and python do, instead of ending the session.
enum CommandInterrupt {
  /// Runs `body` with SIGINT recorded instead of ending the process; the previous disposition
  /// is back afterwards.
  static func during<T>(_ body: () -> T) -> T {
    commandInterrupted.store(false, ordering: .relaxed)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = recordCommandInterrupt
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    var previous = sigaction()
    sigaction(SIGINT, &action, &previous)
    defer { sigaction(SIGINT, &previous, nil) }
    return body()
  }

  /// Whether Ctrl-C came while the current command ran (always false outside `during`).
  static var requested: Bool { commandInterrupted.load(ordering: .relaxed) }
}

// Set from the SIGINT handler, so it has to be lock-free.
private let commandInterrupted = Atomic<Bool>(false)

private func recordCommandInterrupt(_ signal: Int32) {
  commandInterrupted.store(true, ordering: .relaxed)
}
