import Foundation
import Synchronization

/// A batch of NDJSON cut into pieces of whole lines, which the workers take one at a time, and
/// what each piece gave.
final class BatchPieces: @unchecked Sendable {
  // NB: the bytes are not written while the workers read them; each outcome is written by the
  // one worker that took its piece, then read and cleared by the reporting thread after
  // `waitForReport` saw it done: `done` and the lock order the two.
  let buffer: UnsafeRawBufferPointer
  /// File offset of `buffer`'s first byte.
  let base: Int
  let ranges: [Range<Int>]
  let outcomes: UnsafeMutableBufferPointer<PieceOutcome>
  private let taken = Atomic<Int>(0)
  /// Which pieces are done, and how many are not, under `condition`'s lock.
  private var done: [Bool]
  private var unfinished: Int
  private let condition = NSCondition()

  init(_ buffer: UnsafeRawBufferPointer, base: Int, ranges: [Range<Int>]) {
    self.buffer = buffer
    self.base = base
    self.ranges = ranges
    outcomes = .allocate(capacity: ranges.count)
    outcomes.initialize(repeating: PieceOutcome())
    done = Array(repeating: false, count: ranges.count)
    unfinished = ranges.count
  }

  deinit {
    outcomes.deinitialize()
    outcomes.deallocate()
  }

  /// The index of a piece no worker has taken yet, or nil when all are taken.
  func take() -> Int? {
    let index = taken.add(1, ordering: .relaxed).oldValue
    return index < ranges.count ? index : nil
  }

  /// Counts piece `index` done, its outcome written (and its findings added to `backlog`), and
  /// wakes the reporting thread when every piece is done or the findings waiting to be reported
  /// hold the workers back, so that it reports what it can.
  func finish(_ index: Int, backlog: ReportBacklog) {
    condition.lock()
    done[index] = true
    unfinished -= 1
    // NB: only then: waking the reporting thread for every piece costs the workers a share of
    // their two cores. Whether the backlog is full is asked here, under this lock, where the
    // reporting thread asks it too: another worker may have filled it since this one added its
    // findings, and then went to wait for room; had this piece been the one the reporting thread
    // waits for, and it not woken, every thread would wait.
    if unfinished == 0 || backlog.isFull { condition.broadcast() }
    condition.unlock()
  }

  /// Waits until piece `index` is done and either every piece is or `backlog` is full; returns
  /// how many pieces from `index` on are done, whose outcomes may then be read.
  func waitForReport(from index: Int, backlog: ReportBacklog?) -> Int {
    condition.lock()
    defer { condition.unlock() }
    while !done[index] || (unfinished > 0 && backlog?.isFull != true) { condition.wait() }
    var end = index
    while end < done.count, done[end] { end += 1 }
    return end - index
  }
}

/// What one piece of a batch gave: counts relative to the piece's start, the records to report,
/// or the malformed JSON that stopped it.
struct PieceOutcome {
  var summary = ValidationSummary()
  var results: [RecordResult] = []
  /// The findings of `results`, which `ReportBacklog` counts.
  var findings = 0
  var lines = 0
  var error: JSONSyntaxError?
}
