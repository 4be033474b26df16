import Foundation

/// A value behind a lock, for the caches one schema's readers share across threads.
///
/// The lock is an `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`, whose futex
/// ThreadSanitizer does not see: a program that shares a `Validator` between tasks and runs its
/// own tests under TSan would get reports of races that are none.
package final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  // NB: touched only inside `withLock`.
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the value, with no other thread inside this lock meanwhile.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
