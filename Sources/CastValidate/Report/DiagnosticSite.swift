import CastSchema

/// Where a model file's diagnostic is: its file and 1-based line and column, and those of each
/// note that points somewhere. The CI formats and `--format json` locate a model file's problems
/// through this, as they locate a data finding through `FindingSite`.
package struct DiagnosticSite: Sendable, Hashable {
  /// A place in a model file: its path, and the 1-based line and column (Unicode scalars).
  package struct Place: Sendable, Hashable {
    package var file: String
    package var line: Int
    package var column: Int

    /// A place at `line` and `column` of `file`.
    package init(file: String, line: Int, column: Int) {
      self.file = file
      self.line = line
      self.column = column
    }
  }

  /// A note, and where it points if it points anywhere ("first declared here").
  package struct Note: Sendable, Hashable {
    package var message: String
    package var place: Place?
  }

  /// The stable code (`unknown-type`).
  package var code: String
  package var severity: Severity
  package var message: String
  /// Nil only when the diagnostic's range names no file that was loaded.
  package var place: Place?
  package var notes: [Note]

  /// Locates `diagnostic` in `files`, the list its ranges index.
  package init(_ diagnostic: Diagnostic, files: [SourceFile]) {
    code = diagnostic.code
    severity = diagnostic.severity
    message = diagnostic.message
    place = Self.place(diagnostic.range, files: files)
    notes = diagnostic.notes.map { Note(message: $0.message, place: $0.range.flatMap { Self.place($0, files: files) }) }
  }

  /// The diagnostics at `minimum` or above, located, in their order.
  package static func sites(_ diagnostics: [Diagnostic], files: [SourceFile], minimum: Severity) -> [DiagnosticSite] {
    diagnostics.filter { $0.severity >= minimum }.map { DiagnosticSite($0, files: files) }
  }

  /// The message with the notes that point nowhere ("did you mean 'String'?"): one line for the
  /// formats that give a problem one message.
  package var text: String {
    ([message] + notes.filter { $0.place == nil }.map(\.message)).joined(separator: "; ")
  }

  private static func place(_ range: SourceRange, files: [SourceFile]) -> Place? {
    guard files.indices.contains(range.file) else { return nil }
    let file = files[range.file]
    let position = file.location(of: range.bytes.lowerBound)
    return Place(file: file.path, line: position.line, column: position.column)
  }
}
