/// Swift string literals: `"…"`, multi-line `"""…"""` and raw `#"…"#` (any number of `#`), as
/// the lexer finds their ends and as a default's value is read from their text.
enum StringLiteral {
  /// The value of a literal's text (delimiters included); nil when it interpolates (`\(n)`), whose
  /// value only running the code gives.
  static func decode(_ literal: ArraySlice<UInt8>) -> String? {
    let text = Array(literal)
    var hashes = 0
    while hashes < text.count, text[hashes] == UInt8(ascii: "#") { hashes += 1 }
    let multiline = text.count >= hashes + 3 && text[hashes..<hashes + 3].allSatisfy { $0 == UInt8(ascii: "\"") }
    let delimiter = (multiline ? 3 : 1) + hashes
    let open = min(delimiter, text.count)
    // An unterminated literal (reported by the lexer) runs to the end of its token.
    let closed = text.count >= open + delimiter && text[(text.count - delimiter)...].elementsEqual(
      Array(repeating: UInt8(ascii: "\""), count: delimiter - hashes) + Array(repeating: UInt8(ascii: "#"), count: hashes))
    var body = Array(text[open..<(closed ? text.count - delimiter : text.count)])
    if multiline { body = lines(of: body) }
    return unescaped(body, hashes: hashes, multiline: multiline)
  }

  /// A multi-line literal's content: from the line after the opening delimiter to the line
  /// before the closing one, each line without the closing delimiter's indentation.
  private static func lines(of text: [UInt8]) -> [UInt8] {
    // Swift reads a line break in a multi-line literal as `\n`, whatever the file's are.
    var normalized: [UInt8] = []
    normalized.reserveCapacity(text.count)
    for (index, byte) in text.enumerated() where !(byte == UInt8(ascii: "\r") && index + 1 < text.count && text[index + 1] == UInt8(ascii: "\n")) {
      normalized.append(byte == UInt8(ascii: "\r") ? UInt8(ascii: "\n") : byte)
    }
    var body = normalized[...]
    if body.first == UInt8(ascii: "\n") { body = body.dropFirst() }
    guard let lastBreak = body.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
    let indentation = body[(lastBreak + 1)...]
    guard indentation.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return Array(body) }
    let content = body[..<lastBreak]
    var result: [UInt8] = []
    result.reserveCapacity(content.count)
    for (index, line) in content.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
      if index > 0 { result.append(UInt8(ascii: "\n")) }
      result += line.starts(with: indentation) ? line.dropFirst(indentation.count) : line
    }
    return result
  }

  /// The escapes of `body` read, where an escape is a backslash and `hashes` `#`s.
  private static func unescaped(_ body: [UInt8], hashes: Int, multiline: Bool) -> String? {
    var result: [UInt8] = []
    result.reserveCapacity(body.count)
    var index = 0
    while index < body.count {
      let byte = body[index]
      let escapes = byte == UInt8(ascii: "\\") && index + hashes < body.count
        && body[(index + 1)..<(index + 1 + hashes)].allSatisfy { $0 == UInt8(ascii: "#") }
      guard escapes, index + 1 + hashes < body.count else {
        result.append(byte)
        index += 1
        continue
      }
      let escapeStart = index + 1 + hashes
      let escape = StringEscape.read(multiline: multiline) { offset in
        escapeStart + offset < body.count ? UInt32(body[escapeStart + offset]) : nil
      }
      switch escape {
      case .scalar(let scalar, let length):
        result += Array(String(scalar).utf8)
        index = escapeStart + length
      case .interpolation:
        return nil
      case .lineContinuation(let length):
        index = escapeStart + length + 1
      // NB: the lexer reports it; its text is kept as written.
      case .invalid:
        result.append(byte)
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}
