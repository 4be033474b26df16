#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes written in order and read back in order, for a report whose header can only be written
/// once every finding is known (`--format json`'s counts, JUnit's): held in memory up to
/// `memoryLimit`, the rest in an unlinked temporary file in `$TMPDIR`, so that a report of
/// millions of findings takes disk, not memory. Where no temporary file can be made or written,
/// the bytes stay in memory, as they always did.
package final class ByteSpool {
  /// Bytes not yet in the file: all of them, until there are `memoryLimit`.
  private var buffer: [UInt8] = []
  /// The unlinked temporary file (-1: none yet, or none to be had).
  private var file: Int32 = -1
  /// Bytes in the file, which come before `buffer`'s.
  private var fileCount = 0
  /// Whether making or writing the file failed: from then on everything stays in memory.
  private var fileFailed = false
  package let memoryLimit: Int
  /// Where the temporary file is made.
  private let directory: String

  /// An empty spool that holds up to `memoryLimit` bytes in memory, the rest in a temporary file
  /// in `directory` (`$TMPDIR`, else `/tmp`).
  package init(memoryLimit: Int = 8 << 20, directory: String? = nil) {
    self.memoryLimit = max(1, memoryLimit)
    self.directory = directory ?? TemporaryFile.directory
  }

  deinit {
    if file >= 0 { close(file) }
  }

  /// Every byte appended so far.
  package var count: Int { fileCount + buffer.count }

  /// Bytes held in the temporary file.
  var bytesInFile: Int { fileCount }

  /// Whether nothing was appended.
  package var isEmpty: Bool { count == 0 }

  /// Appends `bytes`.
  package func append(contentsOf bytes: [UInt8]) {
    bytes.withUnsafeBytes { append(contentsOf: $0) }
  }

  /// Appends `bytes` (a mapped file's, say: a piece as large as the limit is never copied).
  package func append(contentsOf bytes: UnsafeRawBufferPointer) {
    // NB: a piece as large as the limit goes to the file as it is, not copied into `buffer`
    // first; smaller ones gather there and go in pieces of the limit.
    if bytes.count >= memoryLimit, !fileFailed {
      spill()
      if buffer.isEmpty, !fileFailed {
        let written = writeToFile(bytes)
        if written < bytes.count { buffer.append(contentsOf: bytes[written...]) }
        return
      }
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= memoryLimit, !fileFailed { spill() }
  }

  /// Hands every byte to `body`, in order, a piece at a time.
  package func forEachPiece(_ body: (UnsafeRawBufferPointer) -> Void) {
    if fileCount > 0 {
      var piece = [UInt8](repeating: 0, count: min(fileCount, 1 << 20))
      var offset = 0
      while offset < fileCount {
        let wanted = min(piece.count, fileCount - offset)
        let read = piece.withUnsafeMutableBytes { pread(file, $0.baseAddress, wanted, off_t(offset)) }
        if read < 0, errno == EINTR { continue }
        // NB: a file this process wrote and holds open only fails to read back on a failing
        // disk; what it holds is then lost to the report, which ends where the file does.
        guard read > 0 else { break }
        piece.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<read])) }
        offset += read
      }
    }
    buffer.withUnsafeBytes(body)
  }

  /// Moves `buffer` to the end of the file, making the file first; on failure, what was not
  /// written stays in `buffer`.
  private func spill() {
    let written = buffer.withUnsafeBytes(writeToFile)
    if written == buffer.count {
      // A buffer grown far past the limit (a piece that could not go to the file) is let go.
      buffer.removeAll(keepingCapacity: buffer.capacity <= 2 * memoryLimit)
    } else {
      buffer.removeFirst(written)
    }
  }

  /// Appends `bytes` to the file, making it first; how many were written (all of them unless
  /// the file failed, which is then remembered).
  private func writeToFile(_ bytes: UnsafeRawBufferPointer) -> Int {
    if file < 0 {
      file = TemporaryFile.make(in: directory, prefix: "castctl-report")
      guard file >= 0 else {
        fileFailed = true
        return 0
      }
    }
    let written = TemporaryFile.writeAll(bytes, to: file)
    if written < bytes.count { fileFailed = true }
    fileCount += written
    return written
  }
}
