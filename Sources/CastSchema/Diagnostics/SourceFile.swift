import Foundation

/// The text of one loaded file, with a line table for turning byte offsets into line and column.
package struct SourceFile: Sendable, Hashable {
  /// The path as the user gave it; used in rendered locations.
  package let path: String
  /// The file's bytes, exactly as read (no decoding: invalid UTF-8 is the lexer's concern).
  package let bytes: [UInt8]
  /// UTF-8 offsets at which each line starts; the first is 0, or 3 after a byte-order mark.
  private let lineStarts: [Int]

  /// Wraps already-read bytes.
  package init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    // NB: a byte-order mark is not shown, so the first line starts after it: its columns and
    // its excerpt are those of the text, as swiftc and the data files' positions count them.
    var starts = [ByteOrderMark.begins(bytes) ? ByteOrderMark.utf8.count : 0]
    // NB: memchr finds the next newline many bytes at a time; a byte loop was a visible part of
    // loading a large schema.
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count, let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset) {
        offset = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
        starts.append(offset)
      }
    }
    self.lineStarts = starts
  }

  /// Wraps a string (tests, the REPL).
  package init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// The number of lines, counting a last line without a newline.
  package var lineCount: Int { lineStarts.count }

  /// 1-based line and Unicode-scalar column of a UTF-8 offset, as data positions are counted.
  package func location(of offset: Int) -> TextPosition {
    let clamped = min(max(offset, 0), bytes.count)
    let lineIndex = lineIndex(containing: clamped)
    let start = min(lineStarts[lineIndex], clamped)
    let column = bytes.withUnsafeBytes { TextPosition.column(from: start, to: clamped, in: $0) }
    return TextPosition(line: lineIndex + 1, column: column)
  }

  /// The text of a 1-based line, without its line terminator.
  package func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    return text(lineRange(line))
  }

  /// The bytes of a 1-based line, without its line terminator (`\n` or `\r\n`).
  package func lineRange(_ line: Int) -> Range<Int> {
    guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return start..<max(start, end)
  }

  /// At most `bytes` bytes of `range` on each side of `offset`, its ends moved onto the starts of
  /// UTF-8 sequences so that no character is cut in two bytes.
  package func window(_ range: Range<Int>, around offset: Int, bytes limit: Int) -> Range<Int> {
    var lower = max(range.lowerBound, offset - limit)
    var upper = min(range.upperBound, offset + limit)
    // NB: a continuation byte (10xxxxxx) is no character's start.
    while lower > range.lowerBound, lower < bytes.count, bytes[lower] & 0xC0 == 0x80 { lower -= 1 }
    while upper < range.upperBound, upper < bytes.count, bytes[upper] & 0xC0 == 0x80 { upper += 1 }
    return lower..<max(lower, upper)
  }

  /// The text of a byte range, decoded leniently.
  package func text(_ range: Range<Int>) -> String {
    let lower = min(max(range.lowerBound, 0), bytes.count)
    let upper = min(max(range.upperBound, lower), bytes.count)
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
  }

  /// The name an identifier's range spells: its text without backticks (`` `default` ``).
  package func name(at range: Range<Int>) -> String {
    guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "`") else { return text(range) }
    return text(range.lowerBound + 1..<range.upperBound - 1)
  }

  private func lineIndex(containing offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }
}

/// A byte range in one source file.
package struct SourceRange: Sendable, Hashable {
  /// Index of the file in the registry's (or loader's) file list.
  package var file: Int
  /// UTF-8 offsets, half-open.
  package var bytes: Range<Int>

  /// Creates a range.
  package init(file: Int, bytes: Range<Int>) {
    self.file = file
    self.bytes = bytes
  }
}
