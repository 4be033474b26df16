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
}
