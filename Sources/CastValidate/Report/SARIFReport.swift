import CastSchema

/// `--format sarif`: SARIF 2.1.0 for code scanning. A rule per finding code and model-file code
/// with its explanation, each finding a result at its data position, the model's declaration a
/// related location, and each model-file diagnostic a result at its place in the model file.
package enum SARIFReport {
  package static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

  /// The codes a log has rules for, in the order of its rules: the findings', then the model
  /// files' (a code both have, `too-many-errors`, is one rule).
  static let codes: [String] = {
    let data = FindingCode.allCases.map(\.rawValue) + [DataProblem.malformedCode(isYAML: false), DataProblem.malformedCode(isYAML: true)]
    let known = Set(data)
    return data + SchemaCode.allCases.map(\.rawValue).filter { !known.contains($0) }
  }()

  /// The whole log for one data file, as a tree (what `SARIFLog` writes for the same sites).
  package static func value(_ sites: [FindingSite], dataPath: String, version: String) -> JSONValue {
    // NB: columns count Unicode scalars, as castctl's text output does; said, since a consumer
    // that is not told may count UTF-16 code units.
    let run = JSONValue.object([
      JSONMember(key: "tool", value: tool(version: version)),
      JSONMember(key: "columnKind", value: .string(columnKind)),
      JSONMember(key: "results", value: .array(sites.map { result($0, dataPath: dataPath) })),
    ])
    return .object([
      JSONMember(key: "$schema", value: .string(schemaURI)),
      JSONMember(key: "version", value: .string("2.1.0")),
      JSONMember(key: "runs", value: .array([run])),
    ])
  }

  static let columnKind = "unicodeCodePoints"

  /// The run's `tool`: castctl, with a rule per finding code.
  static func tool(version: String) -> JSONValue {
    let rules = codes.map { code in
      JSONValue.object([
        JSONMember(key: "id", value: .string(code)),
        JSONMember(key: "shortDescription", value: .object([JSONMember(key: "text", value: .string(explanation(code)))])),
      ])
    }
    let driver = JSONValue.object([
      JSONMember(key: "name", value: .string("castctl")),
      JSONMember(key: "version", value: .string(version)),
      JSONMember(key: "rules", value: .array(rules)),
    ])
    return .object([JSONMember(key: "driver", value: driver)])
  }

  private static func explanation(_ code: String) -> String {
    FindingCode(rawValue: code)?.summary ?? SchemaCode(rawValue: code)?.meaning
      ?? (code == DataProblem.malformedCode(isYAML: true) ? "the input is not well-formed YAML" : "the input is not well-formed JSON")
  }

  /// One finding's result.
  static func result(_ site: FindingSite, dataPath: String) -> JSONValue {
    let finding = site.finding
    let ruleIndex = codes.firstIndex(of: finding.code)
    var members = [
      JSONMember(key: "ruleId", value: .string(finding.code)),
      JSONMember(key: "level", value: .string(level(finding.severity))),
      JSONMember(key: "message", value: .object([JSONMember(key: "text", value: .string(finding.message))])),
      JSONMember(
        key: "locations",
        value: .array([
          .object([
            JSONMember(key: "physicalLocation", value: location(dataPath, line: site.position.line, column: site.position.column)),
            // NB: the JSON Pointer as it is: the root's is "", and "/" is the key "".
            JSONMember(key: "logicalLocations", value: .array([.object([JSONMember(key: "fullyQualifiedName", value: .string(finding.path))])])),
          ])
        ])),
    ]
    if let ruleIndex { members.insert(JSONMember(key: "ruleIndex", value: .number(String(ruleIndex))), at: 1) }
    if let schema = site.schema {
      members.append(
        JSONMember(
          key: "relatedLocations",
          value: .array([
            .object([
              JSONMember(key: "id", value: .number("1")),
              JSONMember(key: "physicalLocation", value: location(schema.file, line: schema.line, column: schema.column)),
              JSONMember(key: "message", value: .object([JSONMember(key: "text", value: .string("the declaration in the model"))])),
            ])
          ])))
    }
    return .object(members)
  }

  /// One model-file diagnostic's result, at its place in the model file; the places its notes
  /// point at are related locations.
  package static func result(_ site: DiagnosticSite) -> JSONValue {
    var members = [
      JSONMember(key: "ruleId", value: .string(site.code)),
      JSONMember(key: "level", value: .string(level(site.severity))),
      JSONMember(key: "message", value: .object([JSONMember(key: "text", value: .string(site.text))])),
    ]
    if let ruleIndex = codes.firstIndex(of: site.code) { members.insert(JSONMember(key: "ruleIndex", value: .number(String(ruleIndex))), at: 1) }
    if let place = site.place {
      let physical = location(place.file, line: place.line, column: place.column)
      members.append(JSONMember(key: "locations", value: .array([.object([JSONMember(key: "physicalLocation", value: physical)])])))
    }
    let related = site.notes.compactMap { note in note.place.map { (note.message, $0) } }
    if !related.isEmpty {
      let locations = related.enumerated().map { index, note in
        JSONValue.object([
          JSONMember(key: "id", value: .number(String(index + 1))),
          JSONMember(key: "physicalLocation", value: location(note.1.file, line: note.1.line, column: note.1.column)),
          JSONMember(key: "message", value: .object([JSONMember(key: "text", value: .string(note.0))])),
        ])
      }
      members.append(JSONMember(key: "relatedLocations", value: .array(locations)))
    }
    return .object(members)
  }

  /// A run's `invocations` when castctl could not do all its work (§3.20): not successful, and
  /// why, as tool execution notifications (`notification`).
  package static func failedInvocations(_ notifications: [JSONValue]) -> JSONValue {
    .array([
      .object([
        JSONMember(key: "executionSuccessful", value: .bool(false)),
        JSONMember(key: "toolExecutionNotifications", value: .array(notifications)),
      ])
    ])
  }

  /// A tool execution notification (§3.58) of level error: why a file was not checked, at the
  /// file (and line) it names, if any.
  package static func notification(_ reason: String, file: String? = nil, line: Int? = nil) -> JSONValue {
    var members = [
      JSONMember(key: "level", value: .string("error")),
      JSONMember(key: "message", value: .object([JSONMember(key: "text", value: .string(reason))])),
    ]
    if let file {
      var location = [JSONMember(key: "artifactLocation", value: .object([JSONMember(key: "uri", value: .string(uri(file)))]))]
      if let line { location.append(JSONMember(key: "region", value: .object([JSONMember(key: "startLine", value: .number(String(line)))]))) }
      members.append(JSONMember(key: "locations", value: .array([.object([JSONMember(key: "physicalLocation", value: .object(location))])])))
    }
    return .object(members)
  }

  private static func location(_ path: String, line: Int, column: Int) -> JSONValue {
    .object([
      JSONMember(key: "artifactLocation", value: .object([JSONMember(key: "uri", value: .string(uri(path)))])),
      JSONMember(
        key: "region",
        value: .object([
          JSONMember(key: "startLine", value: .number(String(max(1, line)))),
          JSONMember(key: "startColumn", value: .number(String(max(1, column)))),
        ])),
    ])
  }

  /// A file path as a relative or file URI reference: percent-encoded where URIs need it.
  package static func uri(_ path: String) -> String {
    var text = ""
    for byte in path.utf8 {
      let character = Character(Unicode.Scalar(byte))
      if byte < 0x80, character.isLetter || character.isNumber || "/-._~".contains(character) {
        text.append(character)
      } else {
        text += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return path.hasPrefix("/") ? "file://" + text : text
  }

  /// SARIF's level of a severity.
  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    default: "note"
    }
  }
}

extension String {
  /// The string with zeros before it up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
