/// Reads lines, joins the ones of a multi-line document or declaration until its brackets
/// balance, hands each complete input to the interpreter, and writes what it returns.
struct ReplLoop {
  let state: ReplState
  let reader: LineReader
  let write: (String) -> Void
  /// Ctrl-C cancels a running command and returns to the prompt (an interactive session); in a
  /// script it ends the process as usual.
  var cancelsOnInterrupt = false
  /// A script (`castctl repl < script`): each input that prints an error is named by its line on
  /// standard error, as a check's failure should be.
  var namesFailedLines = false
  /// Where those go.
  var writeError: (String) -> Void = { _ in }

  func run() {
    var pending: [String] = []
    // What the pending lines hold so far, read once each.
    var scan = ReplInput.Scan()
    // The number of the line read last, and of the first line of the pending input.
    var lineNumber = 0
    var inputLine = 1
    while !state.interpreter.isFinished {
      let prompt = pending.isEmpty ? state.interpreter.prompt : ReplInterpreter.continuationPrompt
      let read = reader.readLine(prompt: prompt)
      lineNumber += 1
      if pending.isEmpty { inputLine = lineNumber }
      switch read {
      case .endOfInput:
        if !pending.isEmpty {
          state.interpreter.recordFailure()
          write(state.interpreter.error("input ended inside an unfinished document or declaration; it was ignored"))
        }
        return
      case .endOfTransmission where !pending.isEmpty:
        // Leaving would lose the session for a keystroke meant for the unfinished input.
        write(Self.droppedByEndOfTransmission)
        pending.removeAll()
        scan = ReplInput.Scan()
      case .endOfTransmission:
        return
      case .interrupted:
        pending.removeAll()
        scan = ReplInput.Scan()
      case .notUTF8(let byte, let column):
        state.interpreter.recordFailure()
        let dropped = pending.isEmpty ? "it was ignored" : "it and the lines before it were ignored"
        write(state.interpreter.error("the line is not UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) at column \(column)); \(dropped)"))
        pending.removeAll()
        scan = ReplInput.Scan()
      case .line(let line):
        if pending.isEmpty, line.trimmed.isEmpty { continue }
        // A command can't continue a document or declaration, so an unbalanced one (a missing
        // `}`) ends there and is handled as it is, with its errors, instead of swallowing the
        // rest of a script.
        if !pending.isEmpty, line.trimmed.hasPrefix(":") {
          submit(pending.joined(separator: "\n"), line: inputLine)
          pending.removeAll()
          scan = ReplInput.Scan()
          inputLine = lineNumber
          if state.interpreter.isFinished { return }
        }
        if !pending.isEmpty { scan.read("\n") }
        pending.append(line)
        scan.read(line)
        guard scan.isBalanced else { continue }
        let input = pending.joined(separator: "\n")
        pending.removeAll()
        defer { scan = ReplInput.Scan() }
        // A comment on its own (a script's header, a `.cast` file fed in) is read and skipped.
        if scan.isOnlyComments { continue }
        submit(input, line: inputLine)
      }
    }
  }

  /// What Ctrl-D on a continuation line says: not an error (nothing ran), but the input is
  /// gone, and the next Ctrl-D leaves.
  static let droppedByEndOfTransmission = "unfinished input dropped (Ctrl-D again leaves)\n"

  private func submit(_ input: String, line: Int) {
    reader.addHistory(input)
    let failedBefore = state.interpreter.failedInputs
    let output = cancelsOnInterrupt ? CommandInterrupt.during { state.interpreter.handle(input) } : state.interpreter.handle(input)
    write(output)
    if namesFailedLines, state.interpreter.failedInputs > failedBefore {
      writeError("castctl: the input on line \(line) of the script printed an error\n")
    }
  }
}

/// The interpreter in a box, so the completion callback sees the session as it is now.
final class ReplState {
  var interpreter: ReplInterpreter

  init(interpreter: ReplInterpreter) {
    self.interpreter = interpreter
  }
}
