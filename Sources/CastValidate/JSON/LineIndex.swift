import CastSchema

/// The line starts of a buffer, found once, so that turning many offsets into positions costs a binary search
/// and a walk along one line each instead of a scan from the start.
///
/// The index keeps offsets only, not the bytes, so it stays `Sendable`; `position(of:in:)` takes the same buffer
/// again for counting the scalars of a column.
package struct LineIndex: Sendable {
  /// The offset of the first byte of each line; always starts with 0.
  package let lineStarts: [Int]

  /// Indexes the lines of `buffer` (lines end at LF).
  package init(_ buffer: UnsafeRawBufferPointer) {
    var starts = [0]
    for index in 0..<buffer.count where buffer.load(fromByteOffset: index, as: UInt8.self) == JSONByte.lineFeed {
      starts.append(index + 1)
    }
    lineStarts = starts
  }

  /// The line (1-based) holding a byte offset.
  package func line(of offset: Int) -> Int {
    // The last line start <= offset: a binary search for the first start > offset.
    var low = 0
    var high = lineStarts.count
    while low < high {
      let middle = (low + high) / 2
      if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
    }
    return max(low, 1)
  }

  /// The positions of many byte offsets, in one walk along each line that holds some: the
  /// offsets in order, each line's columns counted once from its start to its last offset (per
  /// offset from the line's start, a long line of many findings, minified JSON's, was quadratic).
  package func positions(of offsets: [Int], in buffer: UnsafeRawBufferPointer) -> [Int: TextPosition] {
    var positions: [Int: TextPosition] = [:]
    positions.reserveCapacity(offsets.count)
    var line = 0
    var cursor = 0
    var column = 1
    for offset in Set(offsets).sorted() {
      let target = min(max(offset, 0), buffer.count)
      let found = self.line(of: target)
      if found != line {
        line = found
        cursor = lineStarts[line - 1]
        column = 1
      }
      // NB: a byte-order mark is not shown (as in `position(of:in:)`).
      if line == 1, target >= 3, cursor < 3, ByteOrderMark.begins(buffer) {
        cursor = 3
        column = 1
      }
      if target > cursor {
        column += TextPosition.column(from: cursor, to: target, in: buffer) - 1
        cursor = target
      }
      positions[offset] = TextPosition(line: line, column: column)
    }
    return positions
  }

  /// The position of a byte offset (clamped to the buffer) in the buffer this index was built from.
  package func position(of offset: Int, in buffer: UnsafeRawBufferPointer) -> TextPosition {
    let target = min(max(offset, 0), buffer.count)
    let line = line(of: target)
    var start = lineStarts[line - 1]
    // NB: a byte-order mark is not shown, so the first line's columns count from after it, as
    // castctl's rendered positions (`DataSource`) count them.
    if line == 1, target >= 3, ByteOrderMark.begins(buffer) { start = 3 }
    return TextPosition(line: line, column: TextPosition.column(from: start, to: target, in: buffer))
  }
}
