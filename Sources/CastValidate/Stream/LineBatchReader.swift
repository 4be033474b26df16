import Foundation

/// Reads NDJSON in batches of whole lines into two buffers in turn, so that the next batch can be
/// read while worker threads still read the last one. A line cut by the end of a read is carried
/// to the front of the next batch. Memory stays at two chunks, growing only for a single line
/// longer than a chunk.
///
/// The first batches are small and each twice the one before, up to a chunk: until the first
/// batch is read nothing else runs, and a whole chunk (its copy and the faults of its fresh
/// pages) took 3 ms of a 150 ms `--jobs 2` run that the workers could not share.
///
/// A line longer than a chunk that holds a byte no JSON text may hold (`ControlByte`), wherever
/// in the line, is cut after that byte and ends its batch (`cut`), and the rest of it is skipped:
/// it is malformed whatever follows, and `/dev/zero` is one endless such line.
final class LineBatchReader {
  private let descriptor: Int32
  private var buffers: [UnsafeMutableRawBufferPointer]
  private var slot = 0
  /// Bytes the next batch reads before it looks for its last newline.
  private var batchSize: Int
  private let chunkSize: Int
  /// The unfinished line after the last batch, in the other buffer.
  private var tail = UnsafeRawBufferPointer(start: nil, count: 0)
  /// File offset of `tail`'s first byte.
  private var tailOffset = 0
  private(set) var atEnd = false
  /// The rest of a cut line is still to be skipped, up to its newline.
  private var skipping = false
  /// `tail` holds whole lines (read after a cut line's newline), not only an unfinished one.
  private var tailHasLines = false
  /// A limit on the total bytes read (`--max-bytes`); reading past it is an error.
  let limit: Int?
  /// The size of a regular file: one known to be over `limit` is refused before its first batch
  /// (a stream only once it has gone past it).
  private let fileSize: Int?

  /// Bytes of the first batch.
  static let firstBatchSize = 1 << 18

  init(descriptor: Int32, chunkSize: Int, limit: Int?) {
    self.descriptor = descriptor
    self.limit = limit
    var info = stat()
    fileSize = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
    self.chunkSize = max(chunkSize, 4096)
    batchSize = min(Self.firstBatchSize, self.chunkSize)
    buffers = (0..<2).map { [chunkSize = self.chunkSize] _ in .allocate(byteCount: chunkSize, alignment: 16) }
  }

  deinit { buffers.forEach { $0.deallocate() } }

  /// The next batch of whole lines (the last line of the input may lack its newline) and its file
  /// offset, and whether its last line was cut; nil at the end. A batch stays valid until the call
  /// after next.
  func next() throws(ChunkReadError) -> (bytes: UnsafeRawBufferPointer, base: Int, cut: Bool)? {
    if let limit, let fileSize, fileSize > limit { throw .tooLarge(limit) }
    if skipping { try skipCutLine() }
    if atEnd && tail.isEmpty { return nil }
    var buffer = buffers[slot]
    var count = tail.count
    if count > buffer.count { buffer = grow(slot, to: count * 2) }
    if count > 0, let from = tail.baseAddress, let to = buffer.baseAddress { memmove(to, from, count) }
    let base = tailOffset
    if tailHasLines {
      // The lines read after a cut line's newline go on their own, so that a long line after
      // them starts a batch, as every line longer than a chunk does.
      tailHasLines = false
      if let last = Self.lastNewline(UnsafeRawBufferPointer(rebasing: buffer[..<count]), after: 0) {
        tail = UnsafeRawBufferPointer(rebasing: buffer[(last + 1)..<count])
        tailOffset = base + last + 1
        slot ^= 1
        return (UnsafeRawBufferPointer(rebasing: buffer[...last]), base, false)
      }
    }
    var searched = 0
    // Once the batch's first line is longer than a chunk, how far its bytes were looked at for a
    // byte no JSON text may hold.
    var scanned: Int?
    while true {
      if count == buffer.count { buffer = grow(slot, to: buffer.count * 2) }
      // NB: a read is a chunk at most, also into a buffer grown for a long line: a line longer
      // than a chunk then always starts a batch, where it is looked at.
      let end = count < batchSize ? min(batchSize, buffer.count) : min(buffer.count, count + chunkSize)
      let got = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count..<end]))
      if got == 0 { atEnd = true }
      count += got
      if let limit, base + count > limit {
        throw .tooLarge(limit)
      }
      let filled = UnsafeRawBufferPointer(rebasing: buffer[..<count])
      if scanned == nil, count >= chunkSize {
        // The batch's first line (it starts the batch: there is no newline before `searched`),
        // once it is longer than a chunk, is looked at whole; after that, each read's bytes as
        // they come. A chunk, not the buffer: a buffer grown for an earlier line holds a later one
        // whole.
        let newline = Self.firstNewline(filled, from: searched)
        let lineEnd = newline ?? count
        if lineEnd >= chunkSize {
          if let forbidden = ControlByte.first(in: UnsafeRawBufferPointer(rebasing: filled[..<lineEnd])) {
            return cut(filled, after: forbidden, base: base, newline: newline)
          }
          if newline == nil { scanned = count }
        }
      } else if let from = scanned {
        // The long line is cut wherever its first such byte is, up to its newline or the end.
        let newline = Self.firstNewline(filled, from: from)
        if let forbidden = ControlByte.first(in: UnsafeRawBufferPointer(rebasing: filled[from..<(newline ?? count)])) {
          return cut(filled, after: from + forbidden, base: base, newline: newline)
        }
        scanned = newline ?? count
      }
      if atEnd {
        tail = UnsafeRawBufferPointer(start: nil, count: 0)
        return count == 0 ? nil : (filled, base, false)
      }
      if let last = Self.lastNewline(filled, after: searched) {
        tail = UnsafeRawBufferPointer(rebasing: filled[(last + 1)...])
        tailOffset = base + last + 1
        slot ^= 1
        batchSize = min(batchSize * 2, chunkSize)
        return (UnsafeRawBufferPointer(rebasing: filled[...last]), base, false)
      }
      searched = count
    }
  }

  /// The batch of a long line cut after its byte at `forbidden`: what follows the line's newline,
  /// if it was read, is the next batch's; else the rest of the line is skipped first.
  private func cut(
    _ filled: UnsafeRawBufferPointer, after forbidden: Int, base: Int, newline: Int?
  ) -> (bytes: UnsafeRawBufferPointer, base: Int, cut: Bool) {
    if let newline {
      tail = UnsafeRawBufferPointer(rebasing: filled[(newline + 1)...])
      tailOffset = base + newline + 1
      tailHasLines = true
    } else {
      skipping = true
      tail = UnsafeRawBufferPointer(start: nil, count: 0)
      tailOffset = base + filled.count
    }
    slot ^= 1
    return (UnsafeRawBufferPointer(rebasing: filled[...forbidden]), base, true)
  }

  /// Reads past the rest of a cut line: what follows its newline becomes the tail.
  private func skipCutLine() throws(ChunkReadError) {
    let buffer = UnsafeMutableRawBufferPointer(rebasing: buffers[slot][..<min(buffers[slot].count, chunkSize)])
    while !atEnd {
      let got = try read(into: buffer)
      if got == 0 { atEnd = true }
      if let limit, tailOffset + got > limit { throw .tooLarge(limit) }
      let filled = UnsafeRawBufferPointer(rebasing: buffer[..<got])
      if let newline = filled.firstIndex(of: 0x0A) {
        // NB: the other buffer still holds the cut line's batch, so the tail stays in this one.
        tail = UnsafeRawBufferPointer(rebasing: filled[(newline + 1)...])
        tailOffset += newline + 1
        skipping = false
        tailHasLines = true
        return
      }
      tailOffset += got
    }
    skipping = false
  }

  private func read(into room: UnsafeMutableRawBufferPointer) throws(ChunkReadError) -> Int {
    while true {
      let got = Foundation.read(descriptor, room.baseAddress, room.count)
      if got >= 0 { return got }
      if errno != EINTR { throw ChunkReadError(reason: String(cString: strerror(errno))) }
    }
  }

  /// A bigger buffer for `slot`, keeping its first bytes (a line longer than a chunk).
  private func grow(_ slot: Int, to size: Int) -> UnsafeMutableRawBufferPointer {
    let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
    if let from = buffers[slot].baseAddress, let to = bigger.baseAddress { memcpy(to, from, buffers[slot].count) }
    buffers[slot].deallocate()
    buffers[slot] = bigger
    return bigger
  }

  /// The index of the first `\n` at or after `start`.
  private static func firstNewline(_ buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
    guard start < buffer.count, let base = buffer.baseAddress, let found = memchr(base + start, 0x0A, buffer.count - start) else {
      return nil
    }
    return base.distance(to: UnsafeRawPointer(found))
  }

  /// The index of the last `\n` at or after `start`.
  private static func lastNewline(_ buffer: UnsafeRawBufferPointer, after start: Int) -> Int? {
    var index = buffer.count - 1
    while index >= start {
      if buffer[index] == 0x0A { return index }
      index -= 1
    }
    return nil
  }
}
