/// Why a data input could not be read to its end. The command line maps each case to one exit
/// code; the REPL prints it.
package enum DataProblem: Error, Sendable {
  /// The input cannot be opened or read.
  case unreadable(name: String, reason: String)
  /// The input is larger than `DataReading.maxBytes`.
  case tooLarge(name: String, limit: Int)
  /// The input is not well-formed JSON (or YAML, when `isYAML`) at the error's offset in
  /// `source`; `readBefore` counts the records read before it.
  case malformed(JSONSyntaxError, source: DataSource, isYAML: Bool, readBefore: ValidationSummary)

  /// The one-line reason for the two reading failures (`cannot read NAME: …`); a malformed input
  /// is drawn with its line instead.
  package var readMessage: String? {
    switch self {
    // NB: a file name may hold any character but `/` and NUL.
    case .unreadable(let name, let reason): "cannot read \(ControlCharacters.escaped(name)): \(reason)"
    case .tooLarge(let name, let limit): "cannot read \(ControlCharacters.escaped(name)): the input is larger than --max-bytes (\(limit) bytes)"
    case .malformed: nil
    }
  }

  /// The finding code a malformed input is reported under.
  package static func malformedCode(isYAML: Bool) -> String { isYAML ? "malformed-yaml" : "malformed-json" }
}
