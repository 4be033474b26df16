import Foundation
import Testing

@testable import castctl

/// `OrderedPool` hands results back in order, and its workers run only so far ahead of a slow job.
@Suite("OrderedPool: results in order, run-ahead bounded")
struct OrderedPoolTests {
  /// What the jobs saw, shared with them.
  final class Log: @unchecked Sendable {
    let lock = NSLock()
    var started: [Int] = []
    func start(_ index: Int) {
      lock.lock()
      started.append(index)
      lock.unlock()
    }
    var highest: Int {
      lock.lock()
      defer { lock.unlock() }
      return started.max() ?? -1
    }
  }

  @Test("behind a slow first job, the workers start at most four jobs per worker", arguments: [1, 2, 3])
  func boundedRunAhead(_ workers: Int) {
    let log = Log()
    let pool = OrderedPool<Int>(count: 100) { index in
      log.start(index)
      if index == 0 { Thread.sleep(forTimeInterval: 0.3) }
      return index * 2
    }
    var delivered: [Int] = []
    var highestAtFirst = -1
    pool.run(workers: workers) { index, result in
      if index == 0 { highestAtFirst = log.highest }
      #expect(result == index * 2)
      delivered.append(index)
    }
    #expect(delivered == Array(0..<100))
    // NB: the first is marked delivered just before `deliver` sees it, so one more may have begun.
    #expect(highestAtFirst <= 4 * workers, "started \(highestAtFirst) while the first was running")
    #expect(highestAtFirst >= 1 || workers == 1, "the other workers ran ahead at all")
  }

  struct Stop: Error {}

  @Test("no job starts after a delivery fails")
  func stopsOnFailure() {
    let log = Log()
    let pool = OrderedPool<Int>(count: 1_000) { index in
      log.start(index)
      return index
    }
    #expect(throws: Stop.self) {
      try pool.run(workers: 2) { index, _ in if index == 5 { throw Stop() } }
    }
    Thread.sleep(forTimeInterval: 0.1)
    #expect(log.highest < 5 + 4 * 2 + 2, "started up to \(log.highest)")
  }
}
