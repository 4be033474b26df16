#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unlinked temporary files in `$TMPDIR` (else `/tmp`), where castctl keeps what would otherwise
/// grow its memory with the input: nothing is left behind however the process ends.
enum TemporaryFile {
  /// `$TMPDIR`, else `/tmp`.
  static var directory: String {
    getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
  }

  /// A new file in `directory` named from `prefix`, already unlinked, open to read and write;
  /// -1 (with `errno` set) when none can be made.
  static func make(in directory: String, prefix: String) -> Int32 {
    var template = Array((directory + "/" + prefix + "-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else { return -1 }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
    return descriptor
  }

  /// Writes `bytes` to `descriptor` at its position; the number written, short only on failure
  /// (with `errno` set).
  static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int {
    var written = 0
    while written < bytes.count {
      let step = write(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
      if step < 0, errno == EINTR { continue }
      guard step > 0 else { break }
      written += step
    }
    return written
  }
}
