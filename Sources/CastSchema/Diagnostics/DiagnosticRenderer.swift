/// Renders diagnostics as compiler-style text: `file:line:col: error[code]: message`, the source
/// line with a caret, then the notes.
package struct DiagnosticRenderer: Sendable {
  /// The files that diagnostics' ranges index into.
  package var files: [SourceFile]
  /// Colour or plain.
  package var style: TextStyle

  /// Creates a renderer.
  package init(files: [SourceFile], style: TextStyle = TextStyle(enabled: false)) {
    self.files = files
    self.style = style
  }

  /// One diagnostic, with its snippet and notes, ending in a newline.
  package func render(_ diagnostic: Diagnostic) -> String {
    var out = header(
      range: diagnostic.range, severity: diagnostic.severity, label: diagnostic.severity.rawValue, code: diagnostic.code,
      message: diagnostic.message)
    if let file = file(diagnostic.range.file) {
      out += SourceSnippet.render(file, range: diagnostic.range.bytes, style: style)
    }
    for note in diagnostic.notes {
      if let range = note.range, let file = file(range.file) {
        out += header(range: range, severity: .note, label: "note", code: nil, message: note.message)
        out += SourceSnippet.render(file, range: range.bytes, style: style)
      } else {
        out += "  \(style.cyan("= note:")) \(note.message)\n"
      }
    }
    return out
  }

  /// All diagnostics, in the order given.
  package func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map(render).joined()
  }

  /// `N errors, M warnings` (or `no problems`), for summaries.
  package static func summary(of diagnostics: [Diagnostic]) -> String {
    let errors = diagnostics.count { $0.severity == .error }
    let warnings = diagnostics.count { $0.severity == .warning }
    return Self.count(errors, "error") + ", " + Self.count(warnings, "warning")
  }

  /// "1 error", "2 errors", "no errors".
  package static func count(_ n: Int, _ noun: String) -> String {
    n == 0 ? "no \(noun)s" : n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
  }

  private func file(_ index: Int) -> SourceFile? {
    files.indices.contains(index) ? files[index] : nil
  }

  private func header(range: SourceRange, severity: Severity, label: String, code: String?, message: String) -> String {
    var out = ""
    let file = file(range.file)
    SnippetHeader.append(
      file: file?.path, position: file?.location(of: range.bytes.lowerBound).description ?? "", severity: severity, label: label,
      code: code, message: message, marks: StyleMarks(style), to: &out)
    return out
  }
}
