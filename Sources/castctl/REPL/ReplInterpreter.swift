import CastSchema
import CastValidate
import Foundation

/// The REPL's logic, behind no terminal: a line in, text out. The loop and the tests feed it.
struct ReplInterpreter {
  var session = ReplSession()
  let style: TextStyle
  /// Where relative paths in `:load` and `@file` start; nil means the working directory.
  /// Paths are shown as typed either way.
  let directory: String?
  private(set) var isFinished = false
  /// What the commands print as they run.
  let output = ReplOutput()

  /// Creates an interpreter; `color` decides whether output has ANSI styling, `directory`
  /// where relative paths are looked up (transcript tests use `schemas/`).
  init(color: Bool, directory: String? = nil) {
    style = TextStyle(enabled: color)
    self.directory = directory
  }

  /// The prompt for a fresh line: `castctl(User)> `.
  var prompt: String {
    session.currentModel.map { "castctl(\($0))> " } ?? "castctl> "
  }

  /// The prompt while a document or declaration continues.
  static let continuationPrompt = "...> "

  /// How many inputs printed an error (a script run's exit status says whether any did).
  private(set) var failedInputs = 0

  /// Handles one complete input (possibly several lines) and returns what to print, counting
  /// the inputs that failed.
  mutating func handle(_ input: String) -> String {
    answeredFromReference = false
    let last = respond(to: input)
    let streamed = output.take()
    // NB: an explanation's example shows an error line; showing it is no error.
    if streamed.hadError || (!answeredFromReference && Self.reportsError(last)) { failedInputs += 1 }
    return streamed.text + last
  }

  /// Whether the current input's answer is reference text (`:explain`), whose examples the error
  /// count does not read.
  private var answeredFromReference = false

  /// Counts an input the loop refused before it reached `handle` (a line that is not UTF-8).
  mutating func recordFailure() { failedInputs += 1 }

  /// Whether the output has an error line or an error finding (`error:`, `error[code]`), with or
  /// without colour.
  static func reportsError(_ output: String) -> Bool {
    var plain = ""
    var escape = false
    for scalar in output.unicodeScalars {
      if escape {
        if scalar == "m" { escape = false }
      } else if scalar == "\u{1B}" {
        escape = true
      } else {
        plain.unicodeScalars.append(scalar)
      }
    }
    return plain.split(separator: "\n").contains { line in
      line.hasPrefix("error: ") || line.contains(": error[") || line.hasPrefix("error[")
    }
  }

  private mutating func respond(to input: String) -> String {
    let text = input.trimmed
    guard !text.isEmpty else { return "" }
    if text.hasPrefix(":") { return command(text) }
    // A `.swift` model file's imports (`castctl repl < Model.swift`): castctl needs none.
    if ReplInput.isImport(text) { return "" }
    if ReplInput.isDeclaration(text) { return declare(text) }
    if ReplInput.isJSON(text) { return validateBare(text) }
    return error("not a command, a declaration or a JSON document; :help lists the commands")
  }

  private mutating func command(_ text: String) -> String {
    let name = String(text.prefix { !$0.isWhitespace })
    let rest = String(text.dropFirst(name.count)).trimmed
    switch name {
    case ":load", ":l": return load(rest)
    case ":add": return load(rest, adding: true)
    case ":infer", ":i": return infer(rest)
    case ":models", ":m": return models()
    case ":show", ":s": return show(rest)
    case ":keys", ":k": return keys(rest)
    case ":use", ":u": return use(rest)
    case ":validate", ":v": return validate(rest)
    case ":convert", ":c": return convert(rest)
    case ":roundtrip", ":r": return roundtrip(rest)
    case ":type", ":t": return typeConvert(rest)
    case ":explain": return explain(rest)
    case ":set": return set(rest)
    case ":reset":
      session.reset()
      return "session reset\n"
    case ":help", ":h", ":?": return help(rest)
    case ":quit", ":q", ":exit":
      isFinished = true
      return ""
    default:
      let known = ReplCommandInfo.all.map(\.name)
      let hint = NameSuggestion.closest(to: name, in: known).map { "; did you mean \($0)?" } ?? ""
      return error("unknown command \(name)\(hint) (:help lists the commands)")
    }
  }

  private mutating func explain(_ rest: String) -> String {
    guard !rest.isEmpty else { return ExplanationText.list() }
    switch ExplanationText.explain(rest) {
    case .success(let text):
      answeredFromReference = true
      return text
    case .failure(let failure): return error(failure.message)
    }
  }

  private func help(_ rest: String) -> String {
    guard !rest.isEmpty else { return ReplCommandInfo.overview }
    guard let info = ReplCommandInfo.named(rest) else { return error("no command \(rest); :help lists them") }
    return "\(info.usage)\n  \(info.summary)\n  \(info.details)\n"
  }

  /// An error line in the REPL's style.
  func error(_ message: String) -> String {
    style.severity(.error, "error") + ": " + message + "\n"
  }

  /// `path` as the process can open it: relative paths start at `directory`.
  func resolve(_ path: String) -> String {
    guard let directory, !path.hasPrefix("/"), !path.hasPrefix("~") else { return path }
    return (directory as NSString).appendingPathComponent(path)
  }

  /// Diagnostics rendered with the session's files.
  func render(_ diagnostics: [Diagnostic], files: [SourceFile]) -> String {
    DiagnosticRenderer(files: files, style: style).render(diagnostics)
  }
}
