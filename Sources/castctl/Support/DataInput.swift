import ArgumentParser
import CastSchema
import CastValidate
import Foundation

/// Reads the data argument: a file, or `-` for standard input; exit 66 when it cannot be read.
enum DataInput {
  static func read(_ path: String) throws -> DataSource {
    if path == "-" {
      return DataSource(name: "<stdin>", bytes: Array(FileHandle.standardInput.readDataToEndOfFile()))
    }
    do {
      return try DataSource(name: path, path: path)
    } catch {
      Terminal.writeError("castctl: error: cannot read \(path): \(error.reason)\n")
      throw ExitCode.unreadableInput
    }
  }

  /// Reads YAML (`--from yaml`) and converts it to JSON, keeping positions in the YAML; a YAML
  /// syntax error ends with exit 3.
  static func readYAML(_ path: String, color: Bool) throws -> DataSource {
    let original = try read(path)
    let yaml = original.readAll()
    do {
      let (json, map) = try YAMLInput.json(from: yaml)
      return DataSource(name: original.name, bytes: json, original: original, map: map)
    } catch {
      reportSyntaxError(JSONSyntaxError(offset: error.offset, message: error.message), in: original, color: color, code: "malformed-yaml")
      throw ExitCode.malformedJSON
    }
  }

  /// Prints a malformed-JSON error with its position and line, for exit code 3.
  static func reportSyntaxError(_ error: JSONSyntaxError, in data: DataSource, color: Bool, code: String = "malformed-json") {
    let style = TextStyle(enabled: color)
    let position = data.position(of: error.offset)
    let (text, caret) = data.lineWindow(around: error.offset)
    let gutter = String(position.line)
    Terminal.writeError(
      style.bold("\(data.name):\(position): ") + style.severity(.error, "error[\(code)]") + ": "
        + style.bold(error.message) + "\n" + "  " + style.dim("\(gutter) |") + " \(text)\n" + "  "
        + style.dim(String(repeating: " ", count: gutter.count) + " |") + " "
        + String(repeating: " ", count: max(0, caret - 1)) + style.green("^") + "\n")
  }
}

