/// Catalogue of syntax diagnostics; the code is the stable ID users see. Alphabetical.
enum SyntaxMessages {
  static func conditionalBlock(_ line: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .conditionalCompilation,
      text: "castctl cannot know the build's flags: of '\(line)' it reads the first branch not known to be false, and skips the others")
  }

  static func expected(_ what: String, after context: String) -> DiagnosticMessage {
    DiagnosticMessage(.expectedToken, text: "expected \(what) \(context)")
  }

  static func invalidEscape(_ reason: String) -> DiagnosticMessage {
    DiagnosticMessage(.invalidEscape, text: "invalid escape in a string: \(reason) (a backslash itself is written '\\\\')")
  }

  static func invalidUTF8(_ byte: String, in place: String) -> DiagnosticMessage {
    DiagnosticMessage(.unexpectedToken, text: "invalid UTF-8 byte \(byte) in \(place) (a .cast file is UTF-8 text)")
  }

  static func missingBrace(_ kind: String, _ name: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .missingBrace, text: "expected '}' to end \(kind) '\(name)'")
  }

  static func missingVar(_ name: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .missingVar,
      text: "property '\(name)' has no 'var' or 'let'; read as 'var \(name)'")
  }

  static func nestingTooDeep(_ limit: Int) -> DiagnosticMessage {
    DiagnosticMessage(
      .nestingTooDeep,
      text: "nested more than \(limit) levels deep; castctl skips what is nested here")
  }

  static let unclosedConditional = DiagnosticMessage(.expectedToken, text: "expected '#endif' to close this '#if'")

  static func unmatchedConditional(_ word: String) -> DiagnosticMessage {
    DiagnosticMessage(.unexpectedToken, text: "unexpected '\(word)' with no open '#if'")
  }

  static let tooManyErrors = DiagnosticMessage(
    .tooManyErrors, text: "too many errors in this file; stopped here")

  static let unexpectedCloseBrace = DiagnosticMessage(
    .unexpectedToken, text: "unexpected '}' with no open declaration")

  static func unexpectedToken(_ text: String, _ context: String) -> DiagnosticMessage {
    DiagnosticMessage(.unexpectedToken, text: "unexpected \(text) \(context)")
  }

  static let unterminatedComment = DiagnosticMessage(
    .unterminatedComment, text: "unterminated '/*' comment")

  static let unterminatedString = DiagnosticMessage(
    .unterminatedString, text: "unterminated string literal")

  static func skippedDeclaration(_ keyword: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .skippedDeclaration,
      text: "'\(keyword)' declaration skipped: castctl reads only models, enums and typealiases")
  }

  static func skippedMember(_ what: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .skippedMember, text: "\(what) skipped: no model code runs in castctl")
  }
}
