import CastSchema
import CastValidate

/// `--format json` for schema diagnostics: `check`'s document, and the `diagnostics` member of
/// `validate`'s.
enum DiagnosticJSON {
  /// The diagnostics, and the files that could not be read (`check` goes on with the others).
  static func document(_ diagnostics: [Diagnostic], files: [SourceFile], unreadable: [SourceReadError] = []) -> String {
    let errors = diagnostics.count { $0.severity == .error }
    let warnings = diagnostics.count { $0.severity == .warning }
    return JSONWriter(style: .pretty(indent: 2)).write(
      .object([
        JSONMember(key: "errors", value: .number(String(errors))),
        JSONMember(key: "warnings", value: .number(String(warnings))),
        JSONMember(key: "diagnostics", value: .array(diagnostics.map { value(DiagnosticSite($0, files: files)) })),
        JSONMember(
          key: "unreadable",
          value: .array(
            unreadable.map {
              .object([JSONMember(key: "file", value: .string($0.path)), JSONMember(key: "reason", value: .string($0.reason))])
            })),
      ]))
  }

  /// One diagnostic: `severity`, `code`, `message`, its `file`, `line` and `column`, and its
  /// `notes`, each with its own place when it has one.
  static func value(_ site: DiagnosticSite) -> JSONValue {
    var members = [
      JSONMember(key: "severity", value: .string(site.severity.rawValue)),
      JSONMember(key: "code", value: .string(site.code)),
      JSONMember(key: "message", value: .string(site.message)),
    ]
    members += position(site.place)
    let notes = site.notes.map { note in
      JSONValue.object([JSONMember(key: "message", value: .string(note.message))] + position(note.place))
    }
    members.append(JSONMember(key: "notes", value: .array(notes)))
    return .object(members)
  }

  /// `file`, `line`, `column` members for a range.
  static func position(_ range: SourceRange, files: [SourceFile]) -> [JSONMember] {
    guard files.indices.contains(range.file) else { return [] }
    let location = files[range.file].location(of: range.bytes.lowerBound)
    return position(DiagnosticSite.Place(file: files[range.file].path, line: location.line, column: location.column))
  }

  /// `file`, `line`, `column` members for a place.
  private static func position(_ place: DiagnosticSite.Place?) -> [JSONMember] {
    guard let place else { return [] }
    return [
      JSONMember(key: "file", value: .string(place.file)),
      JSONMember(key: "line", value: .number(String(place.line))),
      JSONMember(key: "column", value: .number(String(place.column))),
    ]
  }
}
