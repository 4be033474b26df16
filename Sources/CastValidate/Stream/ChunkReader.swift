import Foundation

/// Reads a file sequentially into one reusable buffer: the unconsumed tail of the last read is
/// kept at the front, so a record that straddles two reads arrives whole. Memory stays at the
/// chunk size, growing only for a single record larger than that.
final class ChunkReader {
  private let descriptor: Int32
  private var storage: UnsafeMutableRawBufferPointer
  /// Valid bytes in `storage`.
  private(set) var count = 0
  /// Bytes at the front that the caller has finished with.
  private(set) var consumed = 0
  /// File offset of `storage[0]`.
  private(set) var base = 0
  /// No more bytes will come.
  private(set) var atEnd = false
  /// A limit on the total bytes read (`--max-bytes`); reading past it is an error.
  let limit: Int?

  init(descriptor: Int32, chunkSize: Int, limit: Int?) {
    self.descriptor = descriptor
    self.limit = limit
    storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(chunkSize, 4096), alignment: 16)
  }

  deinit { storage.deallocate() }

  /// The unconsumed bytes.
  var pending: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(storage)[consumed..<count])
  }

  /// File offset of the first unconsumed byte.
  var pendingOffset: Int { base + consumed }

  /// Marks `n` pending bytes as done.
  func consume(_ n: Int) { consumed += n }

  /// Reads more: moves the pending bytes to the front and fills the rest (growing the buffer
  /// when the pending bytes already fill it). Returns false at the end of the file.
  func fill() throws(ChunkReadError) -> Bool {
    guard !atEnd else { return false }
    if consumed > 0 {
      let pendingCount = count - consumed
      if pendingCount > 0, let base = storage.baseAddress {
        memmove(base, base + consumed, pendingCount)
      }
      base += consumed
      count = pendingCount
      consumed = 0
    }
    if count == storage.count {
      let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: storage.count * 2, alignment: 16)
      if let from = storage.baseAddress, let to = grown.baseAddress { memcpy(to, from, count) }
      storage.deallocate()
      storage = grown
    }
    while true {
      let room = storage.count - count
      let got = read(descriptor, storage.baseAddress.map { $0 + count }, room)
      if got < 0 {
        if errno == EINTR { continue }
        throw ChunkReadError(reason: String(cString: strerror(errno)))
      }
      if got == 0 {
        atEnd = true
        return false
      }
      count += got
      if let limit, base + count > limit {
        throw .tooLarge(limit)
      }
      return true
    }
  }
}

/// Reading the input failed (an I/O error, or `--max-bytes` exceeded).
package struct ChunkReadError: Error, Sendable {
  /// Why.
  package var reason: String
  /// The `--max-bytes` limit the input went past; nil for an I/O error.
  package var exceededLimit: Int?

  /// An I/O error.
  package init(reason: String) { self.reason = reason }

  /// The input went past `limit` bytes.
  package static func tooLarge(_ limit: Int) -> ChunkReadError {
    var error = ChunkReadError(reason: "the input is larger than --max-bytes (\(limit) bytes)")
    error.exceededLimit = limit
    return error
  }
}
