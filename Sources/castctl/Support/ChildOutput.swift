import Foundation

/// A child's standard output as its many-file run hands it on: up to `heldBytes` read into
/// memory, a longer one left in the unlinked file the child wrote and mapped while it is read,
/// so that a report of hundreds of megabytes is never copied into this process's heap.
final class ChildOutput: @unchecked Sendable {
  // NB: never changed after `init`; the descriptor is closed when the output is let go.
  private let held: [UInt8]
  /// The file, when the output is longer than `heldBytes` (-1: held in memory).
  private let descriptor: Int32
  let count: Int

  /// Outputs up to this long are read whole: the pool holds a few per worker while earlier
  /// files finish, so this bounds their memory without a descriptor each.
  static let heldBytes = 1 << 20

  /// No output.
  static let empty = ChildOutput(bytes: [])

  init(bytes: [UInt8]) {
    held = bytes
    descriptor = -1
    count = bytes.count
  }

  /// The output written to `file` (from its start): read, or kept through a descriptor of its own.
  init(file: Int32, read: (Int32) -> [UInt8]) {
    var status = stat()
    let size = fstat(file, &status) == 0 ? Int(status.st_size) : 0
    let copy = size > Self.heldBytes ? dup(file) : -1
    if copy >= 0 {
      _ = fcntl(copy, F_SETFD, FD_CLOEXEC)
      held = []
      descriptor = copy
      count = size
    } else {
      held = read(file)
      descriptor = -1
      count = held.count
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  var isEmpty: Bool { count == 0 }

  /// Hands the output to `body` a piece of at most `pieceBytes` at a time, each piece's pages
  /// let go once it is handled: writing out a report of any size takes a piece's memory.
  func forEachPiece(_ body: (UnsafeRawBufferPointer) -> Void) {
    withUnsafeBytes { Self.forEachPiece(of: $0, in: 0..<$0.count, body) }
  }

  /// `forEachPiece` over `range` of bytes `withUnsafeBytes` gave.
  static func forEachPiece(of bytes: UnsafeRawBufferPointer, in range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Void) {
    var start = range.lowerBound
    while start < range.upperBound {
      let end = min(range.upperBound, start + pieceBytes)
      body(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
      release(bytes, before: end)
      start = end
    }
  }

  /// Pieces of `forEachPiece`.
  static let pieceBytes = 8 << 20

  /// Lets go of the pages of a mapped output before `offset`, whose bytes were handled (read
  /// again, they would come back from the file); nothing for an output held in memory.
  static func release(_ bytes: UnsafeRawBufferPointer, before offset: Int) {
    guard bytes.count > heldBytes, let base = bytes.baseAddress else { return }
    let page = Int(getpagesize())
    let length = min(offset, bytes.count) / page * page
    if length > 0 { _ = madvise(UnsafeMutableRawPointer(mutating: base), length, MADV_DONTNEED) }
  }

  /// Calls `body` with the output's bytes: in place when held, else mapped for the call (and
  /// read whole should the mapping fail).
  func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    guard descriptor >= 0 else { return try held.withUnsafeBytes(body) }
    guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
      var bytes = [UInt8](repeating: 0, count: count)
      let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
      return try bytes.prefix(max(0, got)).withUnsafeBytes(body)
    }
    defer { munmap(base, count) }
    _ = madvise(base, count, MADV_SEQUENTIAL)
    return try body(UnsafeRawBufferPointer(start: base, count: count))
  }
}
