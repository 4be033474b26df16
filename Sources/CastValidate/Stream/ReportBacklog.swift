import Foundation

/// The findings of the NDJSON pieces the workers have finished and the reporting thread has not
/// yet handed on. A worker waits before taking another piece while they number `limit` or more,
/// so a file whose every record has findings holds about `limit` of them at a time, not two
/// whole batches' worth; the workers of a clean file never wait.
final class ReportBacklog: @unchecked Sendable {
  // NB: `pending` and `isOpen` are only touched under `condition`'s lock, a pthread mutex, which
  // ThreadSanitizer sees.
  private let condition = NSCondition()
  private var pending = 0
  private var isOpen = false
  let limit: Int

  /// About 60 MB of findings, each a few hundred bytes.
  static let defaultLimit = 1 << 16

  init(limit: Int = ReportBacklog.defaultLimit) {
    self.limit = max(1, limit)
  }

  /// Returns once there is room for another piece's findings (or the backlog is open).
  func waitForRoom() {
    condition.lock()
    defer { condition.unlock() }
    while pending >= limit, !isOpen { condition.wait() }
  }

  /// Counts a finished piece's findings.
  func add(_ count: Int) {
    condition.lock()
    defer { condition.unlock() }
    pending += count
  }

  /// Whether workers wait for room.
  var isFull: Bool {
    condition.lock()
    defer { condition.unlock() }
    return pending >= limit && !isOpen
  }

  /// Forgets a reported piece's findings, waking the workers when there is room again.
  func remove(_ count: Int) {
    guard count > 0 else { return }
    condition.lock()
    pending -= count
    if pending < limit { condition.broadcast() }
    condition.unlock()
  }

  /// Lets every worker through from now on: the run stops reporting (it ended, or failed), and
  /// the workers must finish the pieces left before the batches' buffers go.
  func open() {
    condition.lock()
    isOpen = true
    condition.broadcast()
    condition.unlock()
  }
}
