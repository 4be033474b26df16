import ArgumentParser

/// The order of usage errors: ArgumentParser runs a command's `validate()` before it looks for
/// options it does not know, so `castctl validate --bogus` complained that no file was given and
/// never named `--bogus`. On a usage error the arguments are parsed once more with the commands'
/// own checks held back (`isDeferred`): an error of the parser's own comes first.
enum UsageCheck {
  /// Whether the commands' `validate()` checks are held back for this parse.
  @TaskLocal static var isDeferred = false

  /// The error to report for `error`, which parsing `arguments` as `root` raised: the parser's
  /// own, if the arguments have one, else `error`.
  static func firstError(_ error: Error, parsing arguments: [String], as root: ParsableCommand.Type) -> Error {
    guard root.exitCode(for: error) == .validationFailure else { return error }
    do {
      _ = try $isDeferred.withValue(true) { try root.parseAsRoot(arguments) }
    } catch {
      return error
    }
    return error
  }

  /// What ArgumentParser prints for a usage error a command's `run()` raises, naming the command
  /// as the user typed it (`castctl convert`; the subcommand's own type would print `convert`).
  static func message(_ error: ValidationError, command: ParsableCommand.Type, root: ParsableCommand.Type) -> String {
    let stack = ObjectIdentifier(command) == ObjectIdentifier(root) ? [root] : [root, command]
    let name = stack.compactMap { $0.configuration.commandName }.joined(separator: " ")
    return "Error: \(error.message)\nUsage: \(root.usageString(for: command))\n  See '\(name) --help' for more information.\n"
  }
}
