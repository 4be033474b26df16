import ArgumentParser
import CastSchema
import CastValidate

/// The command line's side of reading data: the library's reader opens the input, and what
/// stops a read becomes its documented exit code with the reason on standard error.
enum DataInput {
  /// The data argument `path` (`-` for standard input), read as `options` say.
  static func open(_ path: String, options: DataOptions, color: Bool) throws -> DataDocument {
    do {
      return try DataDocument.open(path, reading: options.reading)
    } catch {
      throw exit(for: error, color: color)
    }
  }

  /// Reports `problem` on standard error and returns its exit code: 66 for an input that cannot
  /// be read, 3 for one that is malformed or larger than `--max-bytes`.
  static func exit(for problem: DataProblem, color: Bool) -> ExitCode {
    switch problem {
    case .unreadable, .tooLarge:
      Terminal.writeError("castctl: error: \(problem.readMessage ?? "")\n")
      if case .tooLarge = problem { return .malformedJSON }
      return .unreadableInput
    case .malformed(let error, let source, let isYAML, _):
      reportSyntaxError(error, in: source, color: color, code: DataProblem.malformedCode(isYAML: isYAML))
      return .malformedJSON
    }
  }

  /// Prints a malformed-JSON error with its position and line, for exit code 3.
  static func reportSyntaxError(_ error: JSONSyntaxError, in data: DataSource, color: Bool, code: String? = nil) {
    Terminal.writeError(SyntaxErrorText.render(error, in: data, style: TextStyle(enabled: color), code: code))
  }
}
