import CastSchema

/// A problem found in a model file, as a value: what `castctl check` prints, positioned the way
/// findings are (line and Unicode-scalar column).
public struct SchemaDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// The stable code (`unknown-type`, `codable-default-ignored`, …), as in the README's table.
  public let code: String
  /// An error stops the schema from loading; a warning (an error under `werror`) and a note do not.
  public let severity: Severity
  /// What is wrong, in a sentence.
  public let message: String
  /// Where: the model file's path as it was given, and the line and column in it.
  public let file: String
  /// The line and column (1-based, in Unicode scalars) in `file`.
  public let position: TextPosition
  /// What castctl prints under it, each a line: a suggestion (`did you mean 'String'?`), or a
  /// related declaration with where it is (`a.cast:1:7: first declared here`).
  public let notes: [String]

  /// `file:line:column: severity[code]: message`.
  public var description: String { "\(file):\(position): \(severity.rawValue)[\(code)]: \(message)" }

  init(_ diagnostic: Diagnostic, files: [SourceFile]) {
    code = diagnostic.code
    severity = diagnostic.severity
    message = diagnostic.message
    let source = files.indices.contains(diagnostic.range.file) ? files[diagnostic.range.file] : nil
    file = source?.path ?? "<unknown>"
    position = source?.location(of: diagnostic.range.bytes.lowerBound) ?? TextPosition(line: 0, column: 0)
    notes = diagnostic.notes.map { note in
      guard let range = note.range, files.indices.contains(range.file) else { return note.message }
      let file = files[range.file]
      return "\(file.path):\(file.location(of: range.bytes.lowerBound)): \(note.message)"
    }
  }
}
