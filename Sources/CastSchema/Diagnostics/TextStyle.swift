/// ANSI styling for rendered output; a no-op when colour is off, so callers never branch on it.
package struct TextStyle: Sendable {
  /// Whether escape codes are emitted.
  package var enabled: Bool

  /// Creates a style.
  package init(enabled: Bool) { self.enabled = enabled }

  /// Bold text.
  package func bold(_ text: String) -> String { wrap(text, "1") }
  /// Dimmed text (gutters, secondary information).
  package func dim(_ text: String) -> String { wrap(text, "2") }
  /// Green text (carets, success).
  package func green(_ text: String) -> String { wrap(text, "32") }
  /// Cyan text (notes).
  package func cyan(_ text: String) -> String { wrap(text, "36") }

  /// The colour that goes with a severity.
  package func severity(_ severity: Severity, _ text: String) -> String {
    switch severity {
    case .error: wrap(text, "1;31")
    case .warning: wrap(text, "1;33")
    case .note: wrap(text, "1;36")
    }
  }

  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
