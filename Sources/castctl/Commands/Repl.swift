import ArgumentParser
import CastSchema
import Foundation

/// `castctl repl [SCHEMA…]`: the interactive session.
struct Repl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl",
    abstract: "Explore models and mappings interactively (libedit: history, tab completion).",
    discussion: """
      Type :help for the commands. A class / struct / enum typed at the prompt joins the session; a JSON document validates against the current model. History is kept in ~/.castctl_history (or $CASTCTL_HISTORY). When standard input is not a terminal, lines are read plainly (so `castctl repl < script.txt` runs a script: // and /* */ comment lines and a model file's imports are skipped, and the exit status is 1 when any input printed an error, so a script can serve as a check) and no history is written.

      Examples:
        castctl repl schemas/users.cast
        echo ':show User.userName' | castctl repl schemas/users.cast
      """)

  @Argument(help: "The .cast files to load first.", completion: .file(extensions: ["cast", "swift"]))
  var schemas: [String] = []

  @OptionGroup var generator: GeneratorOptions

  @Flag(help: "Start with :set strict on.")
  var strict = false

  @Option(help: "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.")
  var color: ColorChoice = .auto

  func run() throws {
    let interactive = standardStreamsAreTerminals()
    var interpreter = ReplInterpreter(color: Terminal.useColor(color, fileDescriptor: 1))
    interpreter.session.settings = ReplSession.Settings(generator, strict: strict)
    // NB: a command's output goes out as it comes, not gathered into what it returns.
    interpreter.output.forward = { Terminal.write(bytes: $0) }
    let state = ReplState(interpreter: interpreter)
    if interactive {
      Terminal.write("castctl \(Castctl.configuration.version) REPL: :help lists the commands, Ctrl-D leaves\n")
    }
    if !schemas.isEmpty {
      Terminal.write(state.interpreter.handle(":load " + schemas.map { "\"\($0)\"" }.joined(separator: " ")))
    }
    let reader: LineReader
    if interactive {
      let history = ProcessInfo.processInfo.environment["CASTCTL_HISTORY"]
        ?? (NSHomeDirectory() as NSString).appendingPathComponent(".castctl_history")
      reader = LibEditLineReader(programName: "castctl", historyFile: history) { line, start, word in
        ReplCompleter(session: state.interpreter.session, completePath: LibEditLineReader.completePath)
          .complete(line: line, wordStart: start, word: word)
      }
    } else {
      reader = PlainLineReader()
    }
    ReplLoop(
      state: state, reader: reader, write: Terminal.write, cancelsOnInterrupt: interactive, namesFailedLines: !interactive,
      writeError: Terminal.writeError
    ).run()
    // A script (`castctl repl < script`) can serve as a check: exit 1 when any input failed.
    if !interactive, state.interpreter.failedInputs > 0 { throw ExitCode.invalidData }
  }
}
