import Dispatch
import Foundation

/// The batches whose pieces the workers still have to take, in input order, and the workers
/// waiting for more: a worker done with one batch's pieces goes straight on to the next batch's,
/// so the workers do not wait while a batch is collected and the next one handed out.
final class PieceQueue: @unchecked Sendable {
  // NB: `batches` and `idle` are only touched under `lock`, a pthread mutex, which
  // ThreadSanitizer sees (it does not see the futex under `Synchronization.Mutex`).
  private let lock = NSLock()
  /// Batches with pieces left to take, oldest first.
  private var batches: [BatchPieces] = []
  /// The workers that found no piece left.
  private var idle: [BatchWorker]
  private let keepAll: Bool
  /// Every worker thread started, so that none outlives the buffers it reads.
  private let running = DispatchGroup()
  /// The findings done and not yet reported, which hold a worker back while there are many.
  let backlog: ReportBacklog

  init(workers: [BatchWorker], keepAll: Bool, backlog: ReportBacklog = ReportBacklog()) {
    idle = workers
    self.keepAll = keepAll
    self.backlog = backlog
  }

  /// Hands out a batch's pieces, waking the idle workers (the busy ones come to it when done).
  func submit(_ pieces: BatchPieces) {
    let woken = lock.withLock {
      batches.append(pieces)
      defer { idle.removeAll() }
      return idle
    }
    for worker in woken {
      DispatchQueue.global().async(group: running) { self.work(worker) }
    }
  }

  /// Waits until every worker has found no piece left; the backlog holds none back any more.
  func waitUntilIdle() {
    backlog.open()
    running.wait()
  }

  private func work(_ worker: BatchWorker) {
    // NB: a worker waits for room before it takes a piece, never with one taken: the pieces are
    // reported in the order they are taken, so the one the reporting thread waits for is always
    // taken or takeable (the findings ahead of it are reported, so there is room).
    while true {
      backlog.waitForRoom()
      guard let (pieces, index) = take(for: worker) else { return }
      worker.validate(pieces, piece: index, keepAll: keepAll)
      backlog.add(pieces.outcomes[index].findings)
      pieces.finish(index, backlog: backlog)
    }
  }

  /// The first piece not yet taken, or nil after `worker` has joined the idle ones.
  private func take(for worker: BatchWorker) -> (BatchPieces, Int)? {
    lock.withLock {
      while let first = batches.first {
        if let index = first.take() { return (first, index) }
        batches.removeFirst()
      }
      idle.append(worker)
      return nil
    }
  }
}
