/// Writes a `JSONValue` deterministically: members in stored order, numbers as their literal text,
/// strings escaped minimally per RFC 8259 (non-ASCII stays UTF-8, `/` is not escaped).
package struct JSONWriter: Sendable {
  /// How the output is laid out.
  package enum Style: Sendable, Hashable {
    /// No whitespace at all: `{"a":[1,2]}`.
    case compact
    /// One value per line like `python -m json.tool`: `"key": value`, nested lines indented by `indent` spaces,
    /// empty containers as `[]` and `{}`.
    case pretty(indent: Int)
  }

  /// The layout used by `write`.
  package var style: Style

  /// Creates a writer; the default matches `python -m json.tool --indent 2`.
  package init(style: Style = .pretty(indent: 2)) {
    self.style = style
  }

  /// The text of `value`, without a trailing newline.
  package func write(_ value: JSONValue) -> String {
    var output: [UInt8] = []
    write(value, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends the UTF-8 text of `value` to `output`, without a trailing newline.
  package func write(_ value: JSONValue, into output: inout [UInt8]) {
    emit(value, level: 0, into: &output)
  }

  /// Appends the text of `value` as it appears nested `level` deep (its first line already
  /// indented), for writers that assemble a document piece by piece.
  package func write(_ value: JSONValue, level: Int, into output: inout [UInt8]) {
    emit(value, level: level, into: &output)
  }

  /// Appends a line break and the indentation of `level` (nothing in compact style).
  package func lineBreak(level: Int, into output: inout [UInt8]) {
    newline(level: level, into: &output)
  }

  /// Appends an object member's key and separator (`"key": ` in pretty style).
  package func key(_ key: String, into output: inout [UInt8]) {
    Self.appendQuoted(key, to: &output)
    output.append(JSONByte.colon)
    if case .pretty = style { output.append(JSONByte.space) }
  }

  /// Writes one value whose first line is already indented to `level`.
  private func emit(_ value: JSONValue, level: Int, into output: inout [UInt8]) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let literal): output.append(contentsOf: literal.utf8)
    case .string(let text): Self.appendQuoted(text, to: &output)
    case .array(let elements):
      guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
      output.append(JSONByte.openBracket)
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(JSONByte.comma) }
        newline(level: level + 1, into: &output)
        emit(element, level: level + 1, into: &output)
      }
      newline(level: level, into: &output)
      output.append(JSONByte.closeBracket)
    case .object(let members):
      guard !members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
      output.append(JSONByte.openBrace)
      for (index, member) in members.enumerated() {
        if index > 0 { output.append(JSONByte.comma) }
        newline(level: level + 1, into: &output)
        key(member.key, into: &output)
        emit(member.value, level: level + 1, into: &output)
      }
      newline(level: level, into: &output)
      output.append(JSONByte.closeBrace)
    }
  }

  /// In pretty style, a line break and the indentation of `level`; nothing in compact style.
  private func newline(level: Int, into output: inout [UInt8]) {
    guard case .pretty(let indent) = style else { return }
    Self.appendLineBreak(indentation: max(indent, 0) * level, to: &output)
  }

  /// Appends `text` as a JSON string literal: `"` and `\` escaped, control characters as their short escape or
  /// `\u00XX` (lower-case hex, as Python writes it), everything else as its UTF-8 bytes.
  static func appendQuoted(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendQuoted(utf8: $0, to: &output) }
  }

  /// `appendQuoted` of a string's UTF-8 bytes.
  static func appendQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    output.append(JSONByte.quote)
    // The bytes between escapes are copied as runs: messages quote the values they name, and
    // copying such strings byte by byte made them the costliest part of writing a finding.
    var run = 0
    for index in bytes.indices {
      let byte = bytes[index]
      guard needsEscape(byte) else { continue }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
      let (escape, length) = self.escape(byte)
      for shift in stride(from: 0, to: 8 * length, by: 8) { output.append(UInt8(truncatingIfNeeded: escape >> UInt64(shift))) }
      run = index + 1
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
    output.append(JSONByte.quote)
  }

  /// Whether a byte of a string's UTF-8 cannot stand in a JSON string as it is.
  @inline(__always)
  static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == JSONByte.quote || byte == JSONByte.backslash
  }

  /// The escape of such a byte, its bytes packed lowest first, and its length: the short escape
  /// where there is one, else `\u00XX`.
  static func escape(_ byte: UInt8) -> (bytes: UInt64, length: Int) {
    func pair(_ second: UInt8) -> (UInt64, Int) { (UInt64(JSONByte.backslash) | UInt64(second) << 8, 2) }
    switch byte {
    case JSONByte.quote, JSONByte.backslash: return pair(byte)
    case 0x08: return pair(0x62)  // \b
    case 0x0C: return pair(0x66)  // \f
    case 0x0A: return pair(0x6E)  // \n
    case 0x0D: return pair(0x72)  // \r
    case 0x09: return pair(0x74)  // \t
    default:
      let prefix = UInt64(JSONByte.backslash) | UInt64(JSONByte.lowerU) << 8 | UInt64(JSONByte.zero) << 16 | UInt64(JSONByte.zero) << 24
      return (prefix | UInt64(hexDigit(byte >> 4)) << 32 | UInt64(hexDigit(byte & 0xF)) << 40, 6)
    }
  }

  /// Appends a line feed and `count` spaces: the line break of the pretty style.
  static func appendLineBreak(indentation count: Int, to output: inout [UInt8]) {
    output.append(JSONByte.lineFeed)
    var left = max(count, 0)
    // NB: copied from a constant rather than `repeatElement`, whose generic append went byte by
    // byte; a few of these come with every finding of `--format json`.
    while left > 0 {
      let chunk = min(left, spaces.utf8CodeUnitCount)
      output.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start, count: chunk))
      left -= chunk
    }
  }

  private static let spaces: StaticString = "                                                                "

  /// The lower-case hex digit of a nibble.
  static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? 0x30 + nibble : 0x57 + nibble
  }
}
