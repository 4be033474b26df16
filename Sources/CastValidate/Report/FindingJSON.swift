import CastSchema

/// `--format json` for findings (semantics §5).
public enum FindingJSON {
  /// One finding as a JSON object.
  public static func value(_ finding: Finding, data: DataSource, registry: ModelRegistry) -> JSONValue {
    let position = data.position(of: finding)
    var members = [
      JSONMember(key: "severity", value: .string(finding.severity.rawValue)),
      JSONMember(key: "code", value: .string(finding.code)),
      JSONMember(key: "path", value: .string(finding.path)),
      JSONMember(key: "line", value: .number(String(position.line))),
      JSONMember(key: "column", value: .number(String(position.column))),
      JSONMember(key: "message", value: .string(finding.message)),
    ]
    if let record = finding.recordLine { members.append(JSONMember(key: "record", value: .number(String(record)))) }
    if let expected = finding.expected { members.append(JSONMember(key: "expected", value: .string(expected))) }
    if let found = finding.found { members.append(JSONMember(key: "found", value: .string(found))) }
    if let related = finding.relatedOffset {
      let other = data.position(of: related)
      members.append(
        JSONMember(
          key: "related",
          value: .object([
            JSONMember(key: "line", value: .number(String(other.line))),
            JSONMember(key: "column", value: .number(String(other.column))),
          ])))
    }
    if let declaration = finding.declaration, registry.files.indices.contains(declaration.file) {
      let file = registry.files[declaration.file]
      let location = file.location(of: declaration.bytes.lowerBound)
      members.append(
        JSONMember(
          key: "schema",
          value: .object([
            JSONMember(key: "file", value: .string(file.path)),
            JSONMember(key: "line", value: .number(String(location.line))),
            JSONMember(key: "column", value: .number(String(location.column))),
          ])))
    } else {
      members.append(JSONMember(key: "schema", value: .null))
    }
    return .object(members)
  }
}
