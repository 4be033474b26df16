/// Text from a data or model file made safe to print as part of one line of a terminal or a log:
/// its control characters (C0, DEL, C1) written as JSON writes them (`\n`, `\u001B`), so that a
/// value can neither move the cursor, retitle the terminal, nor start a line that looks like
/// another finding.
package enum ControlCharacters {
  /// `text` with each control character escaped; `text` itself when it has none (nearly always).
  package static func escaped(_ text: String) -> String {
    // NB: a C1 control is U+0080–U+009F, two bytes from 0xC2 in UTF-8.
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0..<0x20, 0x7F, 0x80...0x9F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
