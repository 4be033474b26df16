import CProcessControl
import Foundation

/// Ends a castctl run that a many-file run started (`ChildRun`) when the run that started it
/// ends, however it ends: a parent killed by SIGKILL cannot pass the signal on (`ChildSignals`),
/// and its children would go on writing the files of a run nobody waits for.
enum ParentWatch {
  /// The variable through which a parent names itself to the runs it starts.
  static let variable = "CASTCTL_INTERNAL_PARENT_PID"

  /// The environment entry a child gets.
  static var entry: String { "\(variable)=\(getpid())" }

  /// In a child: asks for SIGTERM (which removes a half-written output, as an interrupt does)
  /// when the parent ends, or SIGKILL if SIGTERM is ignored here. Nothing in any other run.
  static func follow() {
    guard let value = getenv(variable) else { return }
    let parent = pid_t(String(cString: value))
    // NB: not passed on to whatever this run starts.
    unsetenv(variable)
    guard let parent, parent > 1 else { return }
    _ = castctl_set_parent_death_signal(TerminatingSignals.isIgnored(SIGTERM) ? SIGKILL : SIGTERM)
    // The parent may have ended before the request was made; the child is then someone else's.
    if getppid() != parent { exit(128 + SIGTERM) }
  }
}
