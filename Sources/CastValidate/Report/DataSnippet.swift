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
    SnippetLine.append(number: line, text: text, caretColumn: caret, indent: "  ", marks: marks, to: &out)
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
}
