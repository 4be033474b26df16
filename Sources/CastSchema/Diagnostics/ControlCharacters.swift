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

  /// Whether `text` has a byte that may start a control character; every finding's lines are
  /// asked, so the bytes are read in place where the string holds them so.
  private static func hasControls(_ text: String, keepingTabs: Bool) -> Bool {
    // NB: a C1 control is U+0080–U+009F, two bytes from 0xC2 in UTF-8.
    let isControl = { (byte: UInt8) in (byte < 0x20 && !(keepingTabs && byte == 0x09)) || byte == 0x7F || byte == 0xC2 }
    if let found = text.utf8.withContiguousStorageIfAvailable({ bytes in
      for byte in bytes where isControl(byte) { return true }
      return false
    }) {
      return found
    }
    return text.utf8.contains(where: isControl)
  }

  /// `text` escaped, and `column` (1-based, in Unicode scalars: a caret's) moved past the
  /// escapes written before it, so that it still points at the same character.
  /// A tab is kept when `keepingTabs` (a source line's indentation).
  package static func escaped(_ text: String, column: Int, keepingTabs: Bool = false) -> (text: String, column: Int) {
    guard hasControls(text, keepingTabs: keepingTabs) else { return (text, column) }
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
