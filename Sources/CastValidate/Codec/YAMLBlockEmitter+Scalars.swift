/// libyaml's plain, single-quoted and double-quoted scalar writers
/// (`yaml_emitter_write_plain_scalar` and the others): a space past the line width becomes a
/// line break and the indentation (but for a simple key, which stays on its line), a line break
/// is written twice (once folded), and the double-quoted style escapes what libyaml does not print.
extension YAMLBlockEmitter {
  /// A plain scalar (never with a line break: the analysis rules that out).
  mutating func writePlain(_ text: Span<UInt8>, _ analysis: YAMLScalarAnalysis, allowBreaks: Bool) {
    if !whitespace && analysis.length > 0 { put(UInt8(ascii: " ")) }
    if !allowBreaks || column + analysis.characters - 1 <= Self.bestWidth {
      // No space can come past the width: the text as it is, as a whole.
      append(text, characters: analysis.characters)
    } else {
      writeFolding(text, quote: nil)
    }
    whitespace = false
    indention = false
  }

  /// A single-quoted scalar: `'` doubled.
  mutating func writeSingleQuoted(_ text: Span<UInt8>, allowBreaks: Bool) {
    writeIndicator("'", needsWhitespace: true, isWhitespace: false, isIndention: false)
    writeFolding(text, quote: UInt8(ascii: "'"), allowBreaks: allowBreaks)
    writeIndicator("'", needsWhitespace: false, isWhitespace: false, isIndention: false)
    whitespace = false
    indention = false
  }

  /// The body of a plain (`quote` nil) or single-quoted scalar, character by character.
  private mutating func writeFolding(_ text: Span<UInt8>, quote: UInt8?, allowBreaks: Bool = true) {
    var spaces = false, breaks = false
    var index = 0
    while index < text.count {
      let byte = text[index], width = max(text.width(at: index), 1)
      if byte == UInt8(ascii: " ") {
        // NB: the plain writer may break at its first or last space, the single-quoted one not.
        let inside = quote == nil || (index != 0 && index != text.count - 1)
        if allowBreaks && !spaces && column > Self.bestWidth && inside && text.byte(index + 1) != UInt8(ascii: " ") {
          writeIndent()
        } else {
          write(text, at: index, width: 1)
        }
        spaces = true
      } else if text.isBreak(at: index) {
        if !breaks && byte == UInt8(ascii: "\n") { putBreak() }
        writeBreak(text, at: index, width: width)
        indention = true
        breaks = true
      } else {
        if breaks { writeIndent() }
        if let quote, byte == quote { put(quote) }
        write(text, at: index, width: width)
        indention = false
        spaces = false
        breaks = false
      }
      index += width
    }
    if quote != nil && breaks { writeIndent() }
  }

  /// A double-quoted scalar.
  mutating func writeDoubleQuoted(_ text: Span<UInt8>, _ analysis: YAMLScalarAnalysis, allowBreaks: Bool) {
    writeIndicator("\"", needsWhitespace: true, isWhitespace: false, isIndention: false)
    if !analysis.escapes && (!allowBreaks || column + analysis.characters - 1 <= Self.bestWidth) {
      // Nothing to escape, and no space can come past the width: the text as it is.
      append(text, characters: analysis.characters)
    } else {
      writeEscaping(text, allowBreaks: allowBreaks)
    }
    writeIndicator("\"", needsWhitespace: false, isWhitespace: false, isIndention: false)
    whitespace = false
    indention = false
  }

  /// The body of a double-quoted scalar, character by character.
  private mutating func writeEscaping(_ text: Span<UInt8>, allowBreaks: Bool) {
    var spaces = false
    var index = 0
    while index < text.count {
      let byte = text[index], width = max(text.width(at: index), 1)
      if !text.isPrintable(at: index) || text.isBreak(at: index) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        var value = UInt32(width == 1 ? byte : width == 2 ? byte & 0x1F : width == 3 ? byte & 0x0F : byte & 0x07)
        for offset in 1..<max(width, 1) { value = value << 6 | UInt32(text.byte(index + offset) & 0x3F) }
        put(UInt8(ascii: "\\"))
        writeEscape(value)
        spaces = false
      } else if byte == UInt8(ascii: " ") {
        if allowBreaks && !spaces && column > Self.bestWidth && index != 0 && index != text.count - 1 {
          writeIndent()
          // A space after the break would be folded away; escaped, it stays.
          if text.byte(index + 1) == UInt8(ascii: " ") { put(UInt8(ascii: "\\")) }
        } else {
          write(text, at: index, width: 1)
        }
        spaces = true
      } else {
        write(text, at: index, width: width)
        spaces = false
      }
      index += width
    }
  }

  /// What follows the `\` for the character `value`: libyaml's short escapes, else `x`, `u` or
  /// `U` and uppercase hexadecimal digits.
  private mutating func writeEscape(_ value: UInt32) {
    if let short = Self.shortEscapes[value] { return put(short) }
    let (letter, digits): (UInt8, UInt32) = value <= 0xFF ? (UInt8(ascii: "x"), 2) : value <= 0xFFFF ? (UInt8(ascii: "u"), 4) : (UInt8(ascii: "U"), 8)
    put(letter)
    for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
      let digit = UInt8((value >> shift) & 0x0F)
      put(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10)
    }
  }

  private static let shortEscapes: [UInt32: UInt8] = [
    0x00: UInt8(ascii: "0"), 0x07: UInt8(ascii: "a"), 0x08: UInt8(ascii: "b"), 0x09: UInt8(ascii: "t"), 0x0A: UInt8(ascii: "n"),
    0x0B: UInt8(ascii: "v"), 0x0C: UInt8(ascii: "f"), 0x0D: UInt8(ascii: "r"), 0x1B: UInt8(ascii: "e"), 0x22: UInt8(ascii: "\""),
    0x5C: UInt8(ascii: "\\"), 0x85: UInt8(ascii: "N"), 0xA0: UInt8(ascii: "_"), 0x2028: UInt8(ascii: "L"), 0x2029: UInt8(ascii: "P"),
  ]
}
