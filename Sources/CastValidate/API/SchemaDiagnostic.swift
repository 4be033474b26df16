import CastSchema

/// A problem found in a model file, as a value: what `castctl check` prints, positioned the way
/// findings are (line and Unicode-scalar column).
public struct SchemaDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// The stable code (`unknown-type`, `codable-default-ignored`, …), as in the README's table.
  public let code: String
  public let severity: Severity
  public let message: String
  /// Where: the model file's path as it was given, and the line and column in it.
  public let file: String
  public let position: TextPosition
  /// What castctl prints under it: a suggestion (`did you mean 'String'?`) or where a related
  /// declaration is, each a line.
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
    notes = diagnostic.notes.map(\.message)
  }
}
