import CastSchema

/// A data position drawn the one way findings and malformed input share: the header
/// `file:line:col: error[code]: message`, and the line with its number in a gutter and a caret
/// under the position. Appended piece by piece: an invalid file draws thousands of these.
package enum DataSnippet {
  /// The header line of a finding or syntax error at `position`.
  static func appendHeader(
    name: String, position: TextPosition, severity: Severity, code: String, message: String, marks: StyleMarks,
    to out: inout String
  ) {
    SnippetHeader.append(
      file: name, position: position.description, severity: severity, label: severity.rawValue, code: code, message: message,
      marks: marks, to: &out)
  }

  /// The line holding `offset`, numbered `line`, and the caret under it.
  static func appendLine(_ offset: Int, line: Int, in data: DataSource, marks: StyleMarks, to out: inout String) {
    let (text, caret) = data.lineWindow(around: offset)
    let gutter = String(line)
    out += "  "
    out += marks.dim.open
    out += gutter
    out += " |"
    out += marks.dim.close
    out += " "
    out += text
    out += "\n  "
    out += marks.dim.open
    appendSpaces(gutter.utf8.count, to: &out)
    out += " |"
    out += marks.dim.close
    out += " "
    appendSpaces(caret - 1, to: &out)
    out += marks.green.open
    out += "^"
    out += marks.green.close
    out += "\n"
  }

  /// An error at `offset` of `data` with no path or declaration: malformed JSON or YAML.
  package static func render(offset: Int, in data: DataSource, code: String, message: String, style: TextStyle) -> String {
    let marks = StyleMarks(style)
    let position = data.position(of: offset)
    var out = ""
    appendHeader(name: data.name, position: position, severity: .error, code: code, message: message, marks: marks, to: &out)
    appendLine(offset, line: position.line, in: data, marks: marks, to: &out)
    return out
  }

  private static let spaces = String(repeating: " ", count: 128)

  /// Appends `count` spaces (none for a negative count) without building a string of them.
  private static func appendSpaces(_ count: Int, to out: inout String) {
    guard count > 0 else { return }
    guard count <= spaces.utf8.count else { return out += String(repeating: " ", count: count) }
    out += spaces[..<spaces.utf8.index(spaces.startIndex, offsetBy: count)]
  }
}
