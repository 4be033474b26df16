import Dispatch
import Foundation

/// Writes a file's bytes on a thread of its own, in order, so that copying them into the page
/// cache runs beside the conversion that produces them rather than after each piece: for a large
/// NDJSON file those `write` calls were a quarter of `convert -o`.
///
/// At most `maxPending` pieces wait at once, so memory stays bounded when the disk is slower than
/// the conversion. The first failure is kept and every later piece dropped; the caller learns of
/// it at its next `write` or at `finish`.
final class BackgroundWriter: @unchecked Sendable {
  /// Pieces handed over but not yet written.
  static let maxPending = 4

  /// How much is written between flushes: the writer has the disk take each such stretch while
  /// the conversion goes on, so the `fsync` before the rename waits for the last one only (it
  /// took 47 ms for 116 MB at the end, flushing every 16 MB). 4 MB keeps less unwritten at the end
  /// and lets the tests cross a flush with a 5 MB file.
  static let flushBytes = 4 << 20

  private let descriptor: Int32
  /// Bytes written since the last flush; touched on the writer's queue only.
  private var unflushed = 0
  private let queue = DispatchQueue(label: "castctl.output")
  private let slots = DispatchSemaphore(value: maxPending)
  // NB: an NSLock (a pthread mutex) rather than `Synchronization.Mutex`, so that
  // ThreadSanitizer sees it.
  private let lock = NSLock()
  /// The `errno` of the first failed write, 0 while none failed; under `lock`.
  private var failure: Int32 = 0

  /// Writes to `descriptor`, which must stay open until `finish` returns.
  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Hands `bytes` over to be written after everything handed over before; returns the `errno`
  /// of an earlier failure instead, if there was one.
  func write(_ bytes: [UInt8]) -> Int32? {
    if let failed = self.failed { return failed }
    slots.wait()
    queue.async { [self] in
      defer { slots.signal() }
      guard self.failed == nil else { return }
      if let error = Self.writeAll(bytes, to: descriptor) {
        lock.withLock { failure = error }
        return
      }
      unflushed += bytes.count
      guard unflushed >= Self.flushBytes else { return }
      unflushed = 0
      // NB: a failed flush is reported here: the final `fsync` would not report it again.
      if fdatasync(descriptor) != 0, errno != EINTR, errno != EINVAL {
        let error = errno
        lock.withLock { failure = error }
      }
    }
    return nil
  }

  /// Waits until every piece is written; the `errno` of the first failure, if any.
  func finish() -> Int32? {
    queue.sync {}
    return failed
  }

  private var failed: Int32? {
    let error = lock.withLock { failure }
    return error == 0 ? nil : error
  }

  /// Writes all of `bytes`, resuming after partial writes and interruptions; the `errno` on failure.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { raw -> Int32? in
      guard let base = raw.baseAddress else { return nil }
      var offset = 0
      while offset < raw.count {
        let written = Glibc.write(descriptor, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }
}
