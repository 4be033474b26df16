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

  /// The data argument opened for a command that reports malformed input in its own format
  /// (`--format json`, SARIF, a ledger): YAML that does not read is malformed before any record
  /// is, and its report still comes. Any other problem ends the run here, with its exit code.
  static func openReportingMalformed(_ path: String, options: DataOptions, color: Bool) throws -> OpenedData {
    let opened = Result { () throws(DataProblem) in try DataDocument.open(path, reading: options.reading) }
    let source: DataSource
    switch opened {
    case .success(let document): source = document.source
    case .failure(.malformed(_, let original, _, _)): source = original
    case .failure(let problem): throw exit(for: problem, color: color)
    }
    return OpenedData(document: opened, source: source, malformedCode: DataProblem.malformedCode(isYAML: options.reading.isYAML(source.name)))
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

/// A data input as `DataInput.openReportingMalformed` opened it: the document, or the malformed
/// input it could not read; the source findings point into either way, and the code its syntax
/// error is reported under.
struct OpenedData {
  let document: Result<DataDocument, DataProblem>
  let source: DataSource
  let malformedCode: String
}
