import Foundation

/// A bounded pool of threads running jobs side by side and handing their results back in job
/// order, each as soon as it and every job before it are done (so a long run streams its report).
/// The workers run at most `aheadLimit` jobs past the first not delivered, so that results
/// waiting behind a slow job (each a file's whole report) do not pile up without end.
final class OrderedPool<Result: Sendable>: @unchecked Sendable {
  private let lock = NSCondition()
  private var results: [Result?]
  private var next = 0
  /// The first job not yet handed to `deliver`.
  private var delivered = 0
  private var aheadLimit = 1
  private let job: @Sendable (Int) -> Result

  /// `count` jobs, at most `workers` at a time.
  init(count: Int, job: @escaping @Sendable (Int) -> Result) {
    results = Array(repeating: nil, count: count)
    self.job = job
  }

  /// Runs every job and calls `deliver` on the calling thread, in order.
  func run(workers: Int, deliver: (Int, Result) throws -> Void) rethrows {
    let count = results.count
    aheadLimit = 4 * max(1, workers)
    for _ in 0..<min(max(1, workers), count) {
      let thread = Thread { [self] in
        while let index = self.claim() {
          let result = self.job(index)
          self.lock.lock()
          self.results[index] = result
          self.lock.broadcast()
          self.lock.unlock()
        }
      }
      thread.start()
    }
    for index in 0..<count {
      lock.lock()
      while results[index] == nil { lock.wait() }
      let result = results[index]
      // The delivered result is not needed again: its captured output can go.
      results[index] = nil
      delivered = index + 1
      lock.broadcast()
      lock.unlock()
      do {
        if let result { try deliver(index, result) }
      } catch {
        // No job is started past a failed delivery.
        lock.lock()
        next = count
        lock.broadcast()
        lock.unlock()
        throw error
      }
    }
  }

  private func claim() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    // NB: cannot wait forever: the job at `delivered` was claimed already, and its worker
    // finishes it without claiming.
    while next < results.count, next >= delivered + aheadLimit { lock.wait() }
    guard next < results.count else { return nil }
    next += 1
    return next - 1
  }
}
