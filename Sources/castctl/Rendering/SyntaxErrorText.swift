import CastSchema
import CastValidate

/// Malformed input drawn the one way the commands and the REPL share: `file:line:col:
/// error[code]: message`, the line with its number in a gutter, and a caret under the position.
enum SyntaxErrorText {
  static func render(_ error: JSONSyntaxError, in data: DataSource, style: TextStyle, code: String? = nil) -> String {
    // Converted YAML is well-formed JSON; what the reader still refuses (nesting beyond
    // --max-depth) is a problem of the YAML the user wrote.
    let code = code ?? (data.isConverted ? "malformed-yaml" : "malformed-json")
    let position = data.position(of: error.offset)
    let (text, caret) = data.lineWindow(around: error.offset)
    let gutter = String(position.line)
    return style.bold("\(data.name):\(position): ") + style.severity(.error, "error[\(code)]") + ": "
      + style.bold(error.message) + "\n" + "  " + style.dim("\(gutter) |") + " \(text)\n" + "  "
      + style.dim(String(repeating: " ", count: gutter.count) + " |") + " "
      + String(repeating: " ", count: max(0, caret - 1)) + style.green("^") + "\n"
  }
}
