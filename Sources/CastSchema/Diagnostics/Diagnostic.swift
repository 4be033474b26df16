/// How serious a diagnostic or finding is.
public enum Severity: String, Sendable, Comparable, CaseIterable {
  case note, warning, error

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A problem found while loading `.cast` files: a value, never printed where it is found.
package struct Diagnostic: Sendable, Hashable {
  /// Stable code, documented in the README (e.g. `unknown-type`).
  package var code: String
  /// Error, warning or note.
  package var severity: Severity
  /// One-line message.
  package var message: String
  /// Where the problem is.
  package var range: SourceRange
  /// Further positions and hints ("declared here", "did you mean").
  package var notes: [DiagnosticNote]

  /// Creates a diagnostic from a catalogue message.
  package init(_ message: DiagnosticMessage, at range: SourceRange, notes: [DiagnosticNote] = []) {
    self.code = message.code
    self.severity = message.severity
    self.message = message.text
    self.range = range
    self.notes = notes
  }
}

/// A note attached to a diagnostic: a message, and optionally a position of its own.
package struct DiagnosticNote: Sendable, Hashable {
  /// The note's text.
  package var message: String
  /// Where it points, if anywhere.
  package var range: SourceRange?

  /// Creates a note.
  package init(_ message: String, at range: SourceRange? = nil) {
    self.message = message
    self.range = range
  }
}

/// A catalogue entry: code, severity and text, built by the static functions in `*Messages.swift`.
package struct DiagnosticMessage: Sendable, Hashable {
  /// Stable code.
  package var code: String
  /// Severity.
  package var severity: Severity
  /// The rendered text.
  package var text: String

  /// A message with a catalogue code, at the code's severity.
  package init(_ code: SchemaCode, text: String) {
    self.code = code.rawValue
    self.severity = code.severity
    self.text = text
  }
}
