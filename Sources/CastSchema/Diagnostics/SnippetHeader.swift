/// The first line every schema diagnostic, data finding and syntax error starts with:
/// `file:line:col: error[code]: message`, drawn here once for both sides.
package enum SnippetHeader {
  /// Appends the header; `file` nil leaves the place out, `code` nil writes the label alone.
  package static func append(
    file: String?, position: String, severity: Severity, label: String, code: String?, message: String,
    marks: StyleMarks, to out: inout String
  ) {
    out += marks.bold.open
    if let file {
      out += ControlCharacters.escaped(file)
      out += ":"
      out += position
      out += ": "
    }
    out += marks.bold.close
    let severityMarks = marks.severity(severity)
    out += severityMarks.open
    out += label
    if let code {
      out += "["
      out += code
      out += "]"
    }
    out += severityMarks.close
    out += ": "
    out += marks.bold.open
    // NB: a message quotes values and keys from the data, which may hold any character.
    out += ControlCharacters.escaped(message)
    out += marks.bold.close
    out += "\n"
  }
}
