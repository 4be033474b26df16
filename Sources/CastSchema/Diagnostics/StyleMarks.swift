/// The escape codes `TextStyle` writes before and after a piece of text, taken apart once, so a
/// renderer can append a styled piece's text straight into its output rather than build it first.
package struct StyleMarks: Sendable {
  /// What goes before and after a piece in one style (both empty when colour is off).
  package struct Marks: Sendable {
    package let open: String
    package let close: String

    init(_ wrap: (String) -> String) {
      // NB: a marker no text holds; what the style writes around it is what it writes around any text.
      let marked = wrap("\u{0}")
      let parts = marked.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
      open = parts.first.map(String.init) ?? ""
      close = parts.count > 1 ? String(parts[1]) : ""
    }
  }

  package let bold: Marks
  package let dim: Marks
  package let green: Marks
  package let error: Marks
  package let warning: Marks
  package let note: Marks

  package init(_ style: TextStyle) {
    bold = Marks(style.bold)
    dim = Marks(style.dim)
    green = Marks(style.green)
    error = Marks { style.severity(.error, $0) }
    warning = Marks { style.severity(.warning, $0) }
    note = Marks { style.severity(.note, $0) }
  }

  /// The marks of a severity's colour.
  package func severity(_ severity: Severity) -> Marks {
    switch severity {
    case .error: error
    case .warning: warning
    case .note: note
    }
  }
}
