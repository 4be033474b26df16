import Dispatch
import Synchronization

/// A batch of NDJSON cut into pieces of whole lines, which the workers take one at a time, and
/// what each piece gave.
final class BatchPieces: @unchecked Sendable {
  // NB: the bytes are not written while the workers read them; each outcome is written by the
  // one worker that took its piece and read by the merging thread after `wait`, which the
  // releasing and acquiring count of finished pieces orders.
  let buffer: UnsafeRawBufferPointer
  /// File offset of `buffer`'s first byte.
  let base: Int
  let ranges: [Range<Int>]
  let outcomes: UnsafeMutableBufferPointer<PieceOutcome>
  private let taken = Atomic<Int>(0)
  private let unfinished: Atomic<Int>
  private let finished = DispatchSemaphore(value: 0)

  init(_ buffer: UnsafeRawBufferPointer, base: Int, ranges: [Range<Int>]) {
    self.buffer = buffer
    self.base = base
    self.ranges = ranges
    outcomes = .allocate(capacity: ranges.count)
    outcomes.initialize(repeating: PieceOutcome())
    unfinished = Atomic(ranges.count)
    if ranges.isEmpty { finished.signal() }
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

  /// Counts a taken piece done, its outcome written.
  func finish() {
    if unfinished.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { finished.signal() }
  }

  /// Waits until every piece is done; the outcomes may then be read.
  func wait() {
    finished.wait()
    _ = unfinished.load(ordering: .acquiring)
  }
}

/// What one piece of a batch gave: counts relative to the piece's start, the records to report,
/// or the malformed JSON that stopped it.
struct PieceOutcome {
  var summary = ValidationSummary()
  var results: [RecordResult] = []
  var lines = 0
  var error: JSONSyntaxError?
}
