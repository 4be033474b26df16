/// The line under a snippet's header, numbered in a gutter, with a caret line under it: drawn
/// here once for model files and data, so both look alike.
package enum SnippetLine {
  /// Appends `text` as line `number`, and `^~~` under it: the caret at display column
  /// `caretColumn` (1-based), `markerWidth` columns wide.
  package static func append(
    number: Int, text: String, caretColumn: Int, markerWidth: Int = 1, indent: String, marks: StyleMarks, to out: inout String
  ) {
    // NB: the line is the data's or a model file's, which may hold any character.
    let (text, caretColumn) = ControlCharacters.escaped(text, column: caretColumn, keepingTabs: true)
    let gutter = String(number)
    out += indent
    out += marks.dim.open
    out += gutter
    out += " |"
    out += marks.dim.close
    out += " "
    out += text
    out += "\n"
    out += indent
    out += marks.dim.open
    appendRepeated(" ", gutter.utf8.count, to: &out)
    out += " |"
    out += marks.dim.close
    out += " "
    appendRepeated(" ", caretColumn - 1, to: &out)
    out += marks.green.open
    out += "^"
    appendRepeated("~", markerWidth - 1, to: &out)
    out += marks.green.close
    out += "\n"
  }

  private static let spaces = String(repeating: " ", count: 128)

  /// Appends `count` copies of `character` (none for a negative count); spaces without building
  /// a string of them, since an invalid file draws thousands of these.
  private static func appendRepeated(_ character: Character, _ count: Int, to out: inout String) {
    guard count > 0 else { return }
    guard character == " ", count <= spaces.utf8.count else { return out += String(repeating: character, count: count) }
    out += spaces[..<spaces.utf8.index(spaces.startIndex, offsetBy: count)]
  }
}
