import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// The reporting thread waits for a piece and for a full backlog (or the batch's end); a worker
/// finishing the piece wakes it when the backlog is full then, even if another worker filled it
/// after this one counted its findings. Played step by step on this thread, with the reporting
/// thread waiting, as `PieceQueue` would interleave them.
struct BatchPiecesWakeupTests {
  @Test("a piece finished after another worker filled the backlog wakes the reporting thread", .timeLimit(.minutes(1)))
  func finishedAfterTheBacklogFilled() throws {
    let bytes = [UInt8](repeating: 0x0A, count: 3)
    try bytes.withUnsafeBytes { buffer in
      let pieces = BatchPieces(buffer, base: 0, ranges: [0..<1, 1..<2, 2..<3])
      let backlog = ReportBacklog(limit: 1)
      let reported = DispatchSemaphore(value: 0)
      let ready = Locked(0)
      let reporter = Thread {
        ready.withLock { $0 = pieces.waitForReport(from: 0, backlog: backlog) }
        reported.signal()
      }
      reporter.start()
      // Worker A has counted piece 0's findings (none) and not yet said it is done; worker B
      // then fills the backlog with piece 1's, says so, and would wait for room; piece 2 is
      // taken by no one, since both wait.
      Thread.sleep(forTimeInterval: 0.2)
      backlog.add(5)
      pieces.finish(1, backlog: backlog)
      Thread.sleep(forTimeInterval: 0.2)
      pieces.finish(0, backlog: backlog)
      let woken = reported.wait(timeout: .now() + 5) == .success
      #expect(woken, "the reporting thread still waits for piece 0")
      if !woken {
        // NB: let the thread go, so that the run does not hang on it.
        pieces.finish(2, backlog: backlog)
        reported.wait()
      }
      #expect(ready.withLock { $0 } == (woken ? 2 : 3))
    }
  }
}
