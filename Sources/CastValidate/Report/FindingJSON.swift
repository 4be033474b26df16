import CastSchema

/// `--format json` for findings (semantics §5).
package enum FindingJSON {
  /// One finding as a JSON object.
  package static func value(_ finding: Finding, data: DataSource, registry: ModelRegistry) -> JSONValue {
    let position = data.position(of: finding)
    var members = [
      JSONMember(key: "severity", value: .string(finding.severity.rawValue)),
      JSONMember(key: "code", value: .string(finding.code)),
      JSONMember(key: "path", value: .string(finding.path)),
      JSONMember(key: "line", value: .number(String(position.line))),
      JSONMember(key: "column", value: .number(String(position.column))),
      JSONMember(key: "message", value: .string(finding.message)),
    ]
    if let record = data.recordLine(of: finding) { members.append(JSONMember(key: "record", value: .number(String(record)))) }
    if let expected = finding.expected { members.append(JSONMember(key: "expected", value: .string(expected))) }
    if let found = finding.found { members.append(JSONMember(key: "found", value: .string(found))) }
    if let view = finding.decoderView {
      members.append(
        JSONMember(
          key: "decodingError",
          value: .object([
            JSONMember(key: "case", value: .string(view.errorCase)),
            JSONMember(key: "codingPath", value: .string(view.codingPath)),
            JSONMember(key: "first", value: .bool(view.isFirst)),
          ])))
    }
    if let related = finding.relatedOffset {
      let other = data.relatedPosition(of: finding, offset: related)
      members.append(
        JSONMember(
          key: "related",
          value: .object([
            JSONMember(key: "line", value: .number(String(other.line))),
            JSONMember(key: "column", value: .number(String(other.column))),
          ])))
    }
    if let schema = FindingSite.declaration(of: finding, registry: registry) {
      members.append(
        JSONMember(
          key: "schema",
          value: .object([
            JSONMember(key: "file", value: .string(schema.file)),
            JSONMember(key: "line", value: .number(String(schema.line))),
            JSONMember(key: "column", value: .number(String(schema.column))),
          ])))
    } else {
      members.append(JSONMember(key: "schema", value: .null))
    }
    return .object(members)
  }

  /// Appends `value(finding, …)` as `JSONWriter(style: .pretty(indent:))` writes it nested `level`
  /// deep, without building the value: the part of `--format json` paid for every finding.
  package static func write(
    _ finding: Finding, data: DataSource, registry: ModelRegistry, level: Int, indent: Int = 2, into output: inout [UInt8]
  ) {
    let position = data.position(of: finding)
    var object = PrettyObjectWriter(level: level, indent: indent, into: &output)
    object.string("severity", finding.severity.rawValue, into: &output)
    object.string("code", finding.code, into: &output)
    object.string("path", finding.path, into: &output)
    object.integer("line", position.line, into: &output)
    object.integer("column", position.column, into: &output)
    object.string("message", finding.message, into: &output)
    if let record = data.recordLine(of: finding) { object.integer("record", record, into: &output) }
    if let expected = finding.expected { object.string("expected", expected, into: &output) }
    if let found = finding.found { object.string("found", found, into: &output) }
    if let view = finding.decoderView {
      object.object("decodingError", into: &output) { nested, output in
        nested.string("case", view.errorCase, into: &output)
        nested.string("codingPath", view.codingPath, into: &output)
        nested.bool("first", view.isFirst, into: &output)
      }
    }
    if let related = finding.relatedOffset {
      let other = data.relatedPosition(of: finding, offset: related)
      object.object("related", into: &output) { nested, output in
        nested.integer("line", other.line, into: &output)
        nested.integer("column", other.column, into: &output)
      }
    }
    if let schema = FindingSite.declaration(of: finding, registry: registry) {
      object.object("schema", into: &output) { nested, output in
        nested.string("file", schema.file, into: &output)
        nested.integer("line", schema.line, into: &output)
        nested.integer("column", schema.column, into: &output)
      }
    } else {
      object.null("schema", into: &output)
    }
    object.close(into: &output)
  }
}

extension FindingJSON {
  /// Input that is not JSON (or YAML), as a finding of severity error with the record's path.
  package static func syntaxError(_ message: String, code: String, at position: TextPosition) -> JSONValue {
    .object([
      JSONMember(key: "severity", value: .string(Severity.error.rawValue)),
      JSONMember(key: "code", value: .string(code)),
      JSONMember(key: "path", value: .string("")),
      JSONMember(key: "line", value: .number(String(position.line))),
      JSONMember(key: "column", value: .number(String(position.column))),
      JSONMember(key: "message", value: .string(message)),
    ])
  }
}
