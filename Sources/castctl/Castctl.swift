import ArgumentParser
import Foundation

/// The `castctl` command: schemas in, findings and representations out.
@main
struct Castctl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "castctl",
    abstract: "Validate, convert and round-trip JSON against .cast models, with no code generation.",
    discussion: """
      castctl loads .cast files (Swift-like class / struct / enum declarations in the style of JSON Cast, JsonObject, Convertible, Nosce and DSON) into an in-memory model registry.

      Examples:
        castctl check schemas/users.cast
        castctl schema schemas/users.cast User
        castctl validate schemas/users.cast schemas/users.json --model User
        castctl convert schemas/users.cast schemas/users.json --to yaml
        castctl roundtrip schemas/users.cast schemas/users.json
        castctl infer schemas/users.ndjson --model-name User
        castctl repl schemas/users.cast

      Exit codes: 0 ok, 1 invalid data, 2 schema errors, 3 malformed JSON, 64 usage error, 66 unreadable file, 70 internal error, 74 output error.

      Shell completions: castctl --generate-completion-script bash|zsh|fish.
      """,
    version: "0.1.0",
    subcommands: [Check.self, Schema.self, Validate.self, Convert.self, Roundtrip.self, Infer.self, Explain.self, Repl.self]
  )

  /// Reserves the standard descriptors and sets the signal dispositions (and, in a many-file
  /// run's child, the signal for its parent's end), then parses and runs the command on a thread
  /// with a large stack (deeply nested documents recurse).
  static func main() {
    StandardDescriptors.reserve()
    ProcessSignals.configure()
    ParentWatch.follow()
    LargeStack.run(parseAndRun)
  }

  /// Parses and runs the command; an error no command expected is a bug: exit 70 (EX_SOFTWARE)
  /// with the error, never ArgumentParser's generic status 1, which means "invalid data" here.
  private static func parseAndRun() {
    var command: ParsableCommand
    let arguments = Array(CommandLine.arguments.dropFirst())
    do {
      try checkHelpRequest(arguments)
      command = try parseAsRoot(arguments)
    } catch {
      finish(UsageCheck.firstError(error, parsing: arguments, as: self), as: self)
    }
    do {
      try command.run()
    } catch let code as ExitCode {
      // NB: straight out; ArgumentParser would first build the command's help to find no message
      // to print, which costs a run with findings milliseconds.
      Foundation.exit(code.rawValue)
    } catch let error as ValidationError {
      Terminal.writeError(UsageCheck.message(error, command: type(of: command), root: self))
      Foundation.exit(ExitCode.validationFailure.rawValue)
    } catch let error where error is CleanExit || exitCode(for: error) != .failure {
      // NB: `--help` and `castctl help …` parse as a command of ArgumentParser's whose `run`
      // throws the request; like the parser's other errors, it knows its own exit status.
      finish(error, as: type(of: command))
    } catch {
      // A bug must not leave a half-written temporary file of `convert -o` behind either.
      InterruptCleanup.removePending()
      Terminal.writeError("castctl: internal error: \(error)\n")
      exit(withError: ExitCode.internalError)
    }
  }

  /// Ends castctl for what ArgumentParser raised (a usage error, `--help`, `--version`) as it
  /// would, but writes a help or version through `Terminal.write`: `print` drops a failed write,
  /// so `castctl --help >&-` said 0.
  private static func finish(_ error: Error, as command: ParsableCommand.Type) -> Never {
    guard command.exitCode(for: error) == .success else { command.exit(withError: error) }
    let message = command.fullMessage(for: error)
    if !message.isEmpty { Terminal.write(message + "\n") }
    Foundation.exit(0)
  }

  /// `castctl help NAME` for a NAME that is no subcommand is a usage error (ArgumentParser shows
  /// the general help and exits 0, which a script would read as success).
  private static func checkHelpRequest(_ arguments: [String]) throws {
    guard arguments.first == "help" else { return }
    let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    let words = arguments.dropFirst().filter { !$0.hasPrefix("-") }
    if let name = words.first, !names.contains(name) {
      throw ValidationError("no subcommand named '\(name)'; the subcommands are \(names.dropLast().joined(separator: ", "))")
    }
    // NB: no subcommand has subcommands of its own.
    if words.count > 1, let extra = words.dropFirst().first {
      throw ValidationError("'\(words[words.startIndex])' has no subcommand '\(extra)'")
    }
  }

  /// `castctl` alone: the REPL on a terminal, the help otherwise.
  func run() throws {
    if standardStreamsAreTerminals() {
      try Repl.parse([]).run()
    } else {
      Terminal.write(Castctl.helpMessage() + "\n")
    }
  }
}
