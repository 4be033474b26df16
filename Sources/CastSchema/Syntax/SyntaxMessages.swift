/// Catalogue of syntax diagnostics; the code is the stable ID users see. Alphabetical.
enum SyntaxMessages {
  static func expected(_ what: String, after context: String) -> DiagnosticMessage {
    DiagnosticMessage(code: "expected-token", severity: .error, text: "expected \(what) \(context)")
  }

  static func missingBrace(_ kind: String, _ name: String) -> DiagnosticMessage {
    DiagnosticMessage(
      code: "missing-brace", severity: .error, text: "expected '}' to end \(kind) '\(name)'")
  }

  static func missingVar(_ name: String) -> DiagnosticMessage {
    DiagnosticMessage(
      code: "missing-var", severity: .warning,
      text: "property '\(name)' has no 'var' or 'let'; read as 'var \(name)'")
  }

  static func nestingTooDeep(_ limit: Int) -> DiagnosticMessage {
    DiagnosticMessage(
      code: "nesting-too-deep", severity: .error,
      text: "nested more than \(limit) levels deep; castctl skips what is nested here")
  }

  static let tooManyErrors = DiagnosticMessage(
    code: "too-many-errors", severity: .error, text: "too many errors in this file; stopped here")

  static let unexpectedCloseBrace = DiagnosticMessage(
    code: "unexpected-token", severity: .error, text: "unexpected '}' with no open declaration")

  static func unexpectedToken(_ text: String, _ context: String) -> DiagnosticMessage {
    DiagnosticMessage(code: "unexpected-token", severity: .error, text: "unexpected \(text) \(context)")
  }

  static let unterminatedComment = DiagnosticMessage(
    code: "unterminated-comment", severity: .error, text: "unterminated '/*' comment")

  static let unterminatedString = DiagnosticMessage(
    code: "unterminated-string", severity: .error, text: "unterminated string literal")

  static func skippedDeclaration(_ keyword: String) -> DiagnosticMessage {
    DiagnosticMessage(
      code: "skipped-declaration", severity: .note,
      text: "'\(keyword)' declaration skipped: castctl reads only models, enums and typealiases")
  }

  static func skippedMember(_ what: String) -> DiagnosticMessage {
    DiagnosticMessage(
      code: "skipped-member", severity: .note, text: "\(what) skipped: no model code runs in castctl")
  }
}
