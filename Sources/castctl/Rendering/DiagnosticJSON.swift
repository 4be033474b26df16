import CastSchema
import CastValidate

/// `--format json` for schema diagnostics.
enum DiagnosticJSON {
  /// The diagnostics, and the files that could not be read (`check` goes on with the others).
  static func document(_ diagnostics: [Diagnostic], files: [SourceFile], unreadable: [SourceReadError] = []) -> String {
    let errors = diagnostics.count { $0.severity == .error }
    let warnings = diagnostics.count { $0.severity == .warning }
    return JSONWriter(style: .pretty(indent: 2)).write(
      .object([
        JSONMember(key: "errors", value: .number(String(errors))),
        JSONMember(key: "warnings", value: .number(String(warnings))),
        JSONMember(key: "diagnostics", value: .array(diagnostics.map { value($0, files: files) })),
        JSONMember(
          key: "unreadable",
          value: .array(
            unreadable.map {
              .object([JSONMember(key: "file", value: .string($0.path)), JSONMember(key: "reason", value: .string($0.reason))])
            })),
      ]))
  }

  static func value(_ diagnostic: Diagnostic, files: [SourceFile]) -> JSONValue {
    var members = [
      JSONMember(key: "severity", value: .string(diagnostic.severity.rawValue)),
      JSONMember(key: "code", value: .string(diagnostic.code)),
      JSONMember(key: "message", value: .string(diagnostic.message)),
    ]
    members += position(diagnostic.range, files: files)
    let notes = diagnostic.notes.map { note in
      JSONValue.object(
        [JSONMember(key: "message", value: .string(note.message))]
          + (note.range.map { position($0, files: files) } ?? []))
    }
    members.append(JSONMember(key: "notes", value: .array(notes)))
    return .object(members)
  }

  /// `file`, `line`, `column` members for a range.
  static func position(_ range: SourceRange, files: [SourceFile]) -> [JSONMember] {
    guard files.indices.contains(range.file) else { return [] }
    let file = files[range.file]
    let location = file.location(of: range.bytes.lowerBound)
    return [
      JSONMember(key: "file", value: .string(file.path)),
      JSONMember(key: "line", value: .number(String(location.line))),
      JSONMember(key: "column", value: .number(String(location.column))),
    ]
  }
}
