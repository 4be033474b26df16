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
    } catch let parsed {
      return unknownOption(behind: parsed, parsing: arguments, as: root) ?? parsed
    }
    return error
  }

  /// The parser also decodes a command's required arguments before it looks for options it does
  /// not know: `castctl convert --bogus` said an argument was missing. With stand-ins for the
  /// missing arguments (at most three), the parse shows whether an option is unknown.
  private static func unknownOption(behind error: Error, parsing arguments: [String], as root: ParsableCommand.Type) -> Error? {
    guard !arguments.contains("--"), root.message(for: error).hasPrefix("Missing expected argument") else { return nil }
    var padded = arguments
    for _ in 0..<3 {
      padded.append("castctl-stand-in")
      do {
        _ = try $isDeferred.withValue(true) { try root.parseAsRoot(padded) }
        return nil
      } catch {
        let message = root.message(for: error)
        if message.hasPrefix("Unknown option") { return error }
        guard message.hasPrefix("Missing expected argument") else { return nil }
      }
    }
    return nil
  }

  /// What ArgumentParser prints for a usage error a command's `run()` raises, naming the command
  /// as the user typed it (`castctl convert`; the subcommand's own type would print `convert`).
  static func message(_ error: ValidationError, command: ParsableCommand.Type, root: ParsableCommand.Type) -> String {
    let stack = ObjectIdentifier(command) == ObjectIdentifier(root) ? [root] : [root, command]
    let name = stack.compactMap { $0.configuration.commandName }.joined(separator: " ")
    return "Error: \(error.message)\nUsage: \(root.usageString(for: command))\n  See '\(name) --help' for more information.\n"
  }
}
