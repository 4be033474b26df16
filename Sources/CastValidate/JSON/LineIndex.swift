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
