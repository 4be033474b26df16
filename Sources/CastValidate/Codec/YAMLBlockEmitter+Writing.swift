/// libyaml's writing primitives (`PUT`, `PUT_BREAK`, `WRITE`, `WRITE_BREAK`,
/// `yaml_emitter_write_indent`, `yaml_emitter_write_indicator`), which keep its column and
/// whitespace state as they write.
extension YAMLBlockEmitter {
  /// `PUT`: one ASCII byte.
  mutating func put(_ byte: UInt8) {
    output.append(byte)
    column += 1
  }

  /// `PUT_BREAK`.
  mutating func putBreak() {
    output.append(UInt8(ascii: "\n"))
    column = 0
  }

  /// `WRITE`: the character of `width` bytes that begins at `index`.
  mutating func write(_ text: Span<UInt8>, at index: Int, width: Int) {
    for offset in 0..<width { output.append(text[index + offset]) }
    column += 1
  }

  /// `WRITE` of a whole text with nothing to fold or escape: `characters` columns.
  mutating func append(_ text: Span<UInt8>, characters: Int) {
    for index in text.indices { output.append(text[index]) }
    column += characters
  }

  /// `WRITE_BREAK`: LF as the line break, another break as it is.
  mutating func writeBreak(_ text: Span<UInt8>, at index: Int, width: Int) {
    if text[index] == UInt8(ascii: "\n") {
      putBreak()
    } else {
      for offset in 0..<width { output.append(text[index + offset]) }
      column = 0
    }
  }

  /// `yaml_emitter_write_indent`: a line break unless at the indentation already, then spaces up
  /// to it.
  mutating func writeIndent() {
    let indent = max(indent, 0)
    if !indention || column > indent || (column == indent && !whitespace) { putBreak() }
    while column < indent { put(UInt8(ascii: " ")) }
    whitespace = true
    indention = true
  }

  /// `yaml_emitter_write_indicator`.
  mutating func writeIndicator(_ indicator: StaticString, needsWhitespace: Bool, isWhitespace: Bool, isIndention: Bool) {
    if needsWhitespace && !whitespace { put(UInt8(ascii: " ")) }
    indicator.withUTF8Buffer { output.append(contentsOf: $0) }
    column += indicator.utf8CodeUnitCount
    whitespace = isWhitespace
    indention = indention && isIndention
  }
}
