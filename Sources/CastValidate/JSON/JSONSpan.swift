/// A byte range in the input: offsets are UTF-8 byte offsets from the start of the scanned buffer plus `baseOffset`.
package struct JSONSpan: Sendable, Hashable, BitwiseCopyable {
  /// Absolute offset of the first byte of the range.
  package var start: Int
  /// Absolute offset just past the last byte of the range.
  package var end: Int

  /// Creates a span from absolute offsets.
  package init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }

  /// The number of bytes in the range.
  package var count: Int { end - start }
}
