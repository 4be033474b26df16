/// Text from a data or model file made safe to print as part of one line of a terminal or a log:
/// its control characters (C0, DEL, C1) written as JSON writes them (`\n`, `\u001B`), so that a
/// value can neither move the cursor, retitle the terminal, nor start a line that looks like
/// another finding.
package enum ControlCharacters {
  /// `text` with each control character escaped; `text` itself when it has none (nearly always).
  package static func escaped(_ text: String) -> String {
    escaped(text, column: 1).text
  }

  /// `text` as a string literal on one line: in quotes, its quotes, backslashes and control
  /// characters escaped (`"a\"b\n"`).
  package static func quoted(_ text: String) -> String {
    let inner = text.contains(where: { $0 == "\"" || $0 == "\\" }) ? text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") : text
    return "\"" + escaped(inner) + "\""
  }

  /// `text` escaped, and `column` (1-based, in Unicode scalars: a caret's) moved past the
  /// escapes written before it, so that it still points at the same character.
  /// A tab is kept when `keepingTabs` (a source line's indentation).
  package static func escaped(_ text: String, column: Int, keepingTabs: Bool = false) -> (text: String, column: Int) {
    // NB: a C1 control is U+0080–U+009F, two bytes from 0xC2 in UTF-8.
    guard text.utf8.contains(where: { ($0 < 0x20 && !(keepingTabs && $0 == 0x09)) || $0 == 0x7F || $0 == 0xC2 }) else {
      return (text, column)
    }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    var moved = column
    for (index, scalar) in text.unicodeScalars.enumerated() {
      let escape: String
      switch scalar.value {
      case 0x0A: escape = "\\n"
      case 0x0D: escape = "\\r"
      case 0x09 where !keepingTabs: escape = "\\t"
      case 0..<0x09, 0x0A..<0x20, 0x7F, 0x80...0x9F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        out.unicodeScalars.append(scalar)
        continue
      }
      out += escape
      if index < column - 1 { moved += escape.unicodeScalars.count - 1 }
    }
    return (out, moved)
  }
}
