import CastSchema
import CastValidate

/// Malformed input drawn the one way the commands and the REPL share: `file:line:col:
/// error[code]: message`, the line with its number in a gutter, and a caret under the position.
enum SyntaxErrorText {
  static func render(_ error: JSONSyntaxError, in data: DataSource, style: TextStyle, code: String? = nil) -> String {
    // Converted YAML is well-formed JSON; what the reader still refuses (nesting beyond
    // --max-depth) is a problem of the YAML the user wrote.
    let code = code ?? (data.isConverted ? "malformed-yaml" : "malformed-json")
    return DataSnippet.render(offset: error.offset, in: data, code: code, message: error.message, style: style)
  }

  /// The `malformed` member of a JSON report: `{"code", "message", "line", "column"}`; the code
  /// `malformed-yaml` for converted YAML, unless `code` says (YAML that did not convert).
  static func value(_ error: JSONSyntaxError, in data: DataSource, code: String? = nil) -> JSONValue {
    let position = data.position(of: error.offset)
    return .object([
      JSONMember(key: "code", value: .string(code ?? DataProblem.malformedCode(isYAML: data.isConverted))),
      JSONMember(key: "message", value: .string(error.message)),
      JSONMember(key: "line", value: .number(String(position.line))),
      JSONMember(key: "column", value: .number(String(position.column))),
    ])
  }
}
