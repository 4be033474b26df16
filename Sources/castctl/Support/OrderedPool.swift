import Foundation

/// A bounded pool of threads running jobs side by side and handing their results back in job
/// order, each as soon as it and every job before it are done (so a long run streams its report).
final class OrderedPool<Result: Sendable>: @unchecked Sendable {
  private let lock = NSCondition()
  private var results: [Result?]
  private var next = 0
  private let job: @Sendable (Int) -> Result

  /// `count` jobs, at most `workers` at a time.
  init(count: Int, job: @escaping @Sendable (Int) -> Result) {
    results = Array(repeating: nil, count: count)
    self.job = job
  }

  /// Runs every job and calls `deliver` on the calling thread, in order.
  func run(workers: Int, deliver: (Int, Result) throws -> Void) rethrows {
    let count = results.count
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
      lock.unlock()
      if let result { try deliver(index, result) }
    }
  }

  private func claim() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < results.count else { return nil }
    next += 1
    return next - 1
  }
}
