extension JSONWriter {
  /// Appends JSON text written without whitespace (compact style, as the transcript writes a
  /// record) laid out in this writer's style, nested `level` deep (its first line already
  /// indented): byte for byte what `write(_:level:into:)` gives for the value it spells, without
  /// building that value. Whitespace outside strings is left out, so any valid JSON text will do.
  /// The text may also be a piece of a value cut between tokens, outside strings: the depth it
  /// ends at is returned, for the next piece to start at.
  @discardableResult
  package func layOut(compact text: UnsafeRawBufferPointer, level: Int, into output: inout [UInt8]) -> Int {
    layOut(compact: text, level: level, into: &output, flushingPast: .max) { _ in }
  }

  /// `layOut(compact:level:into:)`, handing `output` to `flush` (which empties it) whenever it
  /// holds `limit` bytes or more between two tokens: a deep document's indentation grows as the
  /// square of its depth, and is written in pieces rather than held whole.
  package func layOut(
    compact text: UnsafeRawBufferPointer, level: Int, into output: inout [UInt8], flushingPast limit: Int,
    _ flush: (inout [UInt8]) -> Void
  ) -> Int {
    guard case .pretty(let indent) = style else {
      Self.appendWithoutWhitespace(text, into: &output)
      return level
    }
    let width = max(indent, 0)
    var depth = level
    var index = 0
    let end = text.count
    output.reserveCapacity(output.count + min(end + end / 4, limit))
    while index < end {
      if output.count >= limit { flush(&output) }
      let byte = text[index]
      switch byte {
      case JSONByte.quote:
        let close = Self.endOfString(text, from: index)
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[index..<close]))
        index = close
        continue
      case JSONByte.openBrace, JSONByte.openBracket:
        let next = Self.nextSignificant(text, after: index)
        if next < end, text[next] == byte &+ 2 {
          // `{}` and `[]` stay on one line (`}` and `]` are two past `{` and `[` in ASCII).
          output.append(byte)
          output.append(text[next])
          index = next + 1
          continue
        }
        output.append(byte)
        depth += 1
        Self.appendLineBreak(indentation: width * depth, to: &output)
      case JSONByte.closeBrace, JSONByte.closeBracket:
        depth -= 1
        Self.appendLineBreak(indentation: width * depth, to: &output)
        output.append(byte)
      case JSONByte.comma:
        output.append(byte)
        Self.appendLineBreak(indentation: width * depth, to: &output)
      case JSONByte.colon:
        output.append(byte)
        output.append(JSONByte.space)
      case _ where Self.isWhitespace(byte):
        break
      default:
        output.append(byte)
      }
      index += 1
    }
    return depth
  }

  /// The bytes of `text` but its whitespace outside strings.
  private static func appendWithoutWhitespace(_ text: UnsafeRawBufferPointer, into output: inout [UInt8]) {
    var index = 0
    while index < text.count {
      let byte = text[index]
      if byte == JSONByte.quote {
        let close = endOfString(text, from: index)
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[index..<close]))
        index = close
        continue
      }
      if !isWhitespace(byte) { output.append(byte) }
      index += 1
    }
  }

  /// The offset just past the string that opens at `start` (past its closing quote, or the end).
  private static func endOfString(_ text: UnsafeRawBufferPointer, from start: Int) -> Int {
    var index = start + 1
    while index < text.count {
      switch text[index] {
      case JSONByte.quote: return index + 1
      case JSONByte.backslash: index += 2
      default: index += 1
      }
    }
    return text.count
  }

  /// The offset of the first byte after `index` that is not whitespace (or the end).
  private static func nextSignificant(_ text: UnsafeRawBufferPointer, after index: Int) -> Int {
    var next = index + 1
    while next < text.count, isWhitespace(text[next]) { next += 1 }
    return next
  }

  /// JSON's four whitespace bytes.
  @inline(__always)
  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == JSONByte.space || byte == JSONByte.lineFeed || byte == JSONByte.carriageReturn || byte == JSONByte.tab
  }
}
