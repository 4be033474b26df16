import ArgumentParser

/// The documented exit codes (semantics §5), by name.
extension ExitCode {
  /// The data does not satisfy the model, or a round trip changed it.
  static let invalidData = ExitCode(1)
  /// A `.cast` file has errors.
  static let schemaErrors = ExitCode(2)
  /// The JSON input is malformed.
  static let malformedJSON = ExitCode(3)
  /// Bad command-line usage (sysexits EX_USAGE).
  static let usage = ExitCode(64)
  /// An input file cannot be read (EX_NOINPUT).
  static let unreadableInput = ExitCode(66)
  /// A bug in castctl (EX_SOFTWARE).
  static let internalError = ExitCode(70)
  /// Output cannot be written (EX_IOERR).
  static let outputError = ExitCode(74)
}
