import Foundation
import Testing

@testable import castctl

/// End-to-end line editing: the built `castctl repl` under a pseudo-terminal, as a person would
/// use it (TAB, the arrow keys, Ctrl-C, Ctrl-D, the history file), and once more with its
/// standard input redirected from a script.
///
/// Each test gets a private HOME and `CASTCTL_HISTORY` in a fresh temporary directory. Every
/// wait is bounded (`PseudoTerminal` throws on timeout and kills the child), so a REPL that
/// stops answering fails the test instead of hanging the run.
@Suite(
  "castctl repl, end to end",
  .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"),
  .timeLimit(.minutes(1))
)
struct LineEditingTests {
  /// The prompt once `users.cast` is loaded (its one root model is `User`).
  private static let prompt = "castctl(User)> "
  private static let usersCast = CastctlProcess.schemas.appendingPathComponent("users.cast").path
  /// A document `User` accepts, on one line.
  private static let validUser =
    #"{"id": 7, "user_name": "ada", "email": "ada@example.org", "role": "admin", "created_at": 0, "#
    + #""address": {"street": "s", "city": "c", "zip": "12345"}}"#
  private static let up = "\u{1B}[A"
  private static let ctrlC = "\u{03}"
  private static let ctrlD = "\u{04}"

  /// A scratch directory used as HOME and for the history file; removed by the caller.
  private static func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("castctl-line-editing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private static func historyFile(in home: URL) -> URL {
    home.appendingPathComponent("history")
  }

  /// Starts `castctl repl users.cast` on a fresh terminal and waits until it reads keys at its
  /// first prompt, after the banner and the load message.
  private static func startREPL(home: URL) async throws -> PseudoTerminal {
    let executable = try #require(CastctlProcess.binary).path
    // A private HOME keeps the user's ~/.editrc and history out of the test.
    let environment = ["HOME": home.path, "CASTCTL_HISTORY": historyFile(in: home).path]
    let terminal = try PseudoTerminal(
      executable: executable, arguments: ["repl", usersCast], environment: environment)
    // Starting a debug binary on a loaded machine can be slow.
    try await terminal.waitFor("REPL: :help lists the commands", timeout: .seconds(30))
    try await terminal.waitFor("loaded 1 file: 3 models, 1 enum; using User")
    try await terminal.waitForEditor(prompt: prompt)
    return terminal
  }

  /// The entries of a libedit history file, decoded (libedit writes a `_HiStOrY_V2_` header
  /// line, and spaces and other special characters as octal escapes such as `\040`).
  private static func historyEntries(in home: URL) throws -> [String] {
    let text = try String(contentsOf: historyFile(in: home), encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.first == "_HiStOrY_V2_")
    return lines.dropFirst().map { line in
      var bytes: [UInt8] = []
      var rest = Array(line.utf8)[...]
      while let first = rest.first {
        let digits = rest.dropFirst().prefix(3)
        if first == UInt8(ascii: "\\"), digits.count == 3,
          let code = UInt8(String(decoding: digits, as: UTF8.self), radix: 8)
        {
          bytes.append(code)
          rest = rest.dropFirst(4)
        } else {
          bytes.append(first)
          rest = rest.dropFirst()
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// TAB completes a model name and `Model.property`; Enter runs the completed command.
  @Test("TAB completes model names and properties, and Enter runs the line")
  func tabCompletion() async throws {
    let home = try Self.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try await Self.startREPL(home: home)

    try terminal.send(":show Us\t")
    try await terminal.waitFor(":show User")
    try terminal.send("\r")
    try await terminal.waitFor("struct User  (dialect jsoncast, snake_case keys, ")
    try await terminal.waitFor(#"userName   String    "user_name"   required"#)
    try await terminal.waitForEditor(prompt: Self.prompt)

    try terminal.send(":show Address.zi\t")
    try await terminal.waitFor(":show Address.zip")
    try terminal.send("\r")
    try await terminal.waitFor(#"zip       String  "zip"     required  pattern"#)
    try await terminal.waitForEditor(prompt: Self.prompt)
    #expect(!terminal.output.contains("error:") && !terminal.output.contains("error["))
  }

  /// Where more attaches to a completed name, TAB adds no space: `:show Address` goes on with
  /// `.zip`, and `[Geo` inside a type expression with `]`.
  @Test("TAB adds no space where the name goes on: :show MODEL.PROPERTY, a type expression")
  func tabCompletionWithoutSpace() async throws {
    let home = try Self.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try await Self.startREPL(home: home)

    try terminal.send(":show Addr\t")
    try await terminal.waitFor(":show Address")
    try terminal.send(".zi\t")
    try await terminal.waitFor(":show Address.zip")
    try terminal.send("\r")
    try await terminal.waitFor(#"zip       String  "zip"     required  pattern"#)
    try await terminal.waitForEditor(prompt: Self.prompt)

    try terminal.send(":type [Ge\t")
    try await terminal.waitFor(":type [Geo")
    try terminal.send(#"] [{"lat": 1, "lon": 2}]"# + "\r")
    try await terminal.waitFor(#"[Geo]: [{"lat":1,"lon":2}]"#)
    try await terminal.waitForEditor(prompt: Self.prompt)
    #expect(!terminal.output.contains("error:") && !terminal.output.contains("error["))
  }

  /// Path completion after `:load `, one segment per TAB; the loaded file then sets the prompt.
  @Test("TAB after :load completes paths; the file loads")
  func pathCompletion() async throws {
    let home = try Self.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let models = home.appendingPathComponent("models/nested", isDirectory: true)
    try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
    try Data("struct Shop { let name: String }\n".utf8).write(to: models.appendingPathComponent("shop.cast"))
    let terminal = try await Self.startREPL(home: home)

    try terminal.send(":load \(home.path)/mo\t")
    try await terminal.waitFor("\(home.path)/models/")
    try terminal.send("n\t")
    try await terminal.waitFor("models/nested/")
    try terminal.send("s\t")
    try await terminal.waitFor("models/nested/shop.cast")
    try terminal.send("\r")
    try await terminal.waitFor("loaded 1 file: 1 model, no enums, replacing ")
    try await terminal.waitFor("users.cast (:add keeps loaded files); using Shop")
    try await terminal.waitForEditor(prompt: "castctl(Shop)> ")
  }

  /// A document typed at the prompt is validated; Up + Enter runs it again; a document over
  /// several lines shows the continuation prompt.
  @Test("A JSON document gets a verdict; Up recalls it; multi-line input continues")
  func validateAndRecall() async throws {
    let home = try Self.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try await Self.startREPL(home: home)

    try terminal.send(Self.validUser + "\r")
    try await terminal.waitFor("valid: no errors, no warnings in <input> (model User)")
    try await terminal.waitForEditor(prompt: Self.prompt)

    try terminal.send(#":validate Geo {"lat": 100, "lon": 0}"# + "\r")
    try await terminal.waitFor("invalid: 1 error, no warnings in <input> (model Geo)")
    try await terminal.waitForEditor(prompt: Self.prompt)

    // Two steps back is the valid document.
    try terminal.send(Self.up + Self.up)
    try await terminal.waitFor(#""zip": "12345"}}"#)
    try terminal.send("\r")
    try await terminal.waitFor("valid: no errors, no warnings in <input> (model User)")
    try await terminal.waitForEditor(prompt: Self.prompt)

    try terminal.send(#"{"id": 7,"# + "\r")
    try await terminal.waitForEditor(prompt: "...> ")
    try terminal.send(#" "user_name": 5}"# + "\r")
    try await terminal.waitFor("invalid: ")
    try await terminal.waitForEditor(prompt: Self.prompt)

    try terminal.send(Self.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
    // Every input once, in order (the recalled one again); multi-line input is one entry.
    let entries = try Self.historyEntries(in: home)
    #expect(
      entries == [
        Self.validUser, #":validate Geo {"lat": 100, "lon": 0}"#, Self.validUser, "{\"id\": 7,\n \"user_name\": 5}",
      ])
  }

  /// Ctrl-C drops a partly typed line, or a document begun on an earlier line, and the REPL
  /// keeps running with its registry.
  @Test("Ctrl-C cancels the input being typed; the REPL keeps running")
  func interruptCancelsInput() async throws {
    let home = try Self.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try await Self.startREPL(home: home)

    try terminal.send(":use Addr")
    try await terminal.waitFor(":use Addr")
    try terminal.send(Self.ctrlC)
    try await terminal.waitFor("^C")
    try await terminal.waitForEditor(prompt: Self.prompt)
    // Twice in a row on an empty line must not end it either.
    try terminal.send(Self.ctrlC)
    try await terminal.waitFor("^C")
    try await terminal.waitForEditor(prompt: Self.prompt)

    try terminal.send(#"{"id": 7,"# + "\r")
    try await terminal.waitForEditor(prompt: "...> ")
    try terminal.send(Self.ctrlC)
    try await terminal.waitFor("^C")
    try await terminal.waitForEditor(prompt: Self.prompt)

    try terminal.send(":use Geo\r")
    try await terminal.waitFor("using Geo")
    try await terminal.waitForEditor(prompt: "castctl(Geo)> ")
    try terminal.send(#"{"lat": 1, "lon": 2}"# + "\r")
    try await terminal.waitFor("valid: no errors, no warnings in <input> (model Geo)")
    try await terminal.waitForEditor(prompt: "castctl(Geo)> ")
    #expect(!terminal.output.contains("using Addr"))
    #expect(!terminal.output.contains("error:") && !terminal.output.contains("error["))
    #expect(!terminal.hasExited)
  }

  /// Ctrl-D on a continuation line drops what was begun, says so and keeps the session (it
  /// used to leave the REPL); at the prompt it still leaves, with status 0.
  @Test("Ctrl-D on a continuation line drops the input; at the prompt it leaves")
  func endOfTransmissionOnContinuation() async throws {
    let home = try Self.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try await Self.startREPL(home: home)

    try terminal.send("struct Half {\r")
    try await terminal.waitForEditor(prompt: "...> ")
    try terminal.send("  let a: Int\r")
    try await terminal.waitForEditor(prompt: "...> ")
    try terminal.send(Self.ctrlD)
    try await terminal.waitFor("unfinished input dropped (Ctrl-D again leaves)")
    try await terminal.waitForEditor(prompt: Self.prompt)
    #expect(!terminal.hasExited)
    try terminal.send(":use Geo\r")
    try await terminal.waitFor("using Geo")
    try await terminal.waitForEditor(prompt: "castctl(Geo)> ")
    try terminal.send(Self.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
    #expect(!terminal.output.contains("added struct Half") && !terminal.output.contains("error"))
    // The dropped input is not in the history.
    #expect(try Self.historyEntries(in: home) == [":use Geo"])
  }

  /// A comment typed at the prompt, braces and all, is read and skipped: the next prompt is the
  /// fresh one, not the continuation prompt, and nothing is reported.
  @Test("a comment with braces at the prompt neither waits for more lines nor is 'not a command'")
  func commentAtPrompt() async throws {
    let home = try Self.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try await Self.startREPL(home: home)
    try terminal.send(#"// an example: {"id": 1"# + "\r")
    try await terminal.waitForEditor(prompt: Self.prompt)
    try terminal.send("/* { [ */\r")
    try await terminal.waitForEditor(prompt: Self.prompt)
    try terminal.send(":use Geo\r")
    try await terminal.waitFor("using Geo")
    try await terminal.waitForEditor(prompt: "castctl(Geo)> ")
    #expect(!terminal.output.contains("...> "))
    #expect(!terminal.output.contains("not a command"))
  }

  /// Ctrl-C while a long command runs stops the command between records, not the session; the
  /// next command runs as usual.
  @Test("Ctrl-C during a running command cancels it and returns to the prompt", arguments: [":validate @", ":roundtrip @", ":infer "])
  func interruptCancelsRunningCommand(_ command: String) async throws {
    let home = try Self.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // Long enough that the command is still running when Ctrl-C comes, on any machine.
    let record = #"{"id": 1, "user_name": "ada", "email": "ada@example.org", "role": "admin", "#
      + #""created_at": "2024-03-01T08:30:00Z", "address": {"street": "1 Main St", "city": "London", "zip": "10001"}}"#
    let big = home.appendingPathComponent("big.ndjson")
    try Data(String(repeating: record + "\n", count: 400_000).utf8).write(to: big)
    let terminal = try await Self.startREPL(home: home)

    try terminal.send("\(command)\(big.path)\r")
    try await Task.sleep(for: .milliseconds(300))
    // Ctrl-C until the command says it stopped (the first may come before it started reading).
    for _ in 0..<50 where !terminal.output.contains("cancelled (Ctrl-C)") && !terminal.output.contains("records invalid")
      && !terminal.output.contains("using Root")
    {
      try terminal.send(Self.ctrlC)
      try await Task.sleep(for: .milliseconds(200))
    }
    try await terminal.waitFor("cancelled (Ctrl-C) after ", timeout: .seconds(30))
    try await terminal.waitForEditor(prompt: Self.prompt)
    #expect(!terminal.hasExited)
    try terminal.send(":use Geo\r")
    try await terminal.waitFor("using Geo")
    try await terminal.waitForEditor(prompt: "castctl(Geo)> ")
  }

  /// Ctrl-D leaves with status 0 and the history file holds what was typed, once each; the
  /// next session recalls it with Up.
  @Test("Ctrl-D exits with 0; the history file is written without repeats and read back")
  func historyPersists() async throws {
    let home = try Self.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }

    let first = try await Self.startREPL(home: home)
    for line in [":show Geo", ":use Geo", ":use Geo", ":use User"] {
      try first.send(line + "\r")
      try await first.waitFor(line.hasPrefix(":show") ? "struct Geo" : "using ")
      try await first.waitForEditor(prompt: line == ":use Geo" ? "castctl(Geo)> " : Self.prompt)
    }
    try first.send(Self.up + "\r")
    try await first.waitFor("using User")
    try await first.waitForEditor(prompt: Self.prompt)
    try first.send(Self.ctrlD)
    #expect(try await first.waitForExit() == 0)
    #expect(try Self.historyEntries(in: home) == [":show Geo", ":use Geo", ":use User"])

    let second = try await Self.startREPL(home: home)
    try second.send(Self.up + Self.up + Self.up + "\r")
    try await second.waitFor("struct Geo  (dialect jsoncast")
    try await second.waitForEditor(prompt: Self.prompt)
    try second.send(Self.ctrlD)
    #expect(try await second.waitForExit() == 0)
    #expect(try Self.historyEntries(in: home) == [":show Geo", ":use Geo", ":use User", ":show Geo"])
  }

  /// `castctl repl < script`: no terminal, so no banner, no prompt, no echo and no history; the
  /// REPL keeps going past bad lines and ends at the end of the script, with status 1 since a
  /// line failed.
  @Test("castctl repl < script: plain output, no prompt, no history file")
  func scriptOnStandardInput() throws {
    let home = try Self.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let script = """
      :load users.cast
      :frobnicate
      {"lat": 1,
       "lon": 2}
      :use Geo
      {"lat": 1,
       "lon": 2}
      :type [Int] [1, 2]

      """

    let result = try CastctlProcess.run(
      ["repl"], stdin: script,
      environment: ["HOME": home.path, "CASTCTL_HISTORY": Self.historyFile(in: home).path])

    #expect(result.status == 1)
    // Each input that failed is named by the script's line where it starts.
    #expect(
      result.stderr == "castctl: the input on line 2 of the script printed an error\n"
        + "castctl: the input on line 3 of the script printed an error\n", "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "loaded 1 file: 3 models, 1 enum; using User")
    #expect(lines.contains("error: unknown command :frobnicate (:help lists the commands)"))
    #expect(lines.contains("invalid: 6 errors, no warnings in <input> (model User)"))
    #expect(lines.contains("using Geo"))
    #expect(lines.contains("valid: no errors, no warnings in <input> (model Geo)"))
    #expect(lines.suffix(2) == ["[Int]: [1,2]", ""])
    #expect(!result.stdout.contains("castctl("))
    #expect(!result.stdout.contains("castctl> "))
    #expect(!result.stdout.contains("REPL"))
    #expect(!result.stdout.contains("...> "))
    #expect(!FileManager.default.fileExists(atPath: Self.historyFile(in: home).path))
    #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent(".castctl_history").path))
  }
}

/// The line readers themselves, without a terminal.
struct LineReaderTests {
  /// Scripted lines come back in order, then end of input; every prompt is recorded.
  @Test("ScriptedLineReader returns its script, then end of input, and records prompts")
  func scriptedReader() {
    let reader = ScriptedLineReader(lines: ["one", "two"])
    #expect(reader.readLine(prompt: "a> ") == .line("one"))
    #expect(reader.readLine(prompt: "...> ") == .line("two"))
    #expect(reader.readLine(prompt: "a> ") == .endOfInput)
    #expect(reader.prompts == ["a> ", "...> ", "a> "])
    reader.addHistory("one")
    #expect(reader.history == ["one"])
  }

  /// An interrupt can be scripted like a line.
  @Test("ScriptedLineReader can script an interrupt")
  func scriptedInterrupt() {
    let reader = ScriptedLineReader(results: [.interrupted, .line("x")])
    #expect(reader.readLine(prompt: "> ") == .interrupted)
    #expect(reader.readLine(prompt: "> ") == .line("x"))
  }

  @Test(
    "a line's bytes decode as UTF-8, or give the first bad byte and its column",
    arguments: [
      (Array("{\"a\": 1}".utf8), LineReadResult.line("{\"a\": 1}")), ([], .line("")),
      (Array("é".utf8) + [0xFF], .notUTF8(byte: 0xFF, column: 2)), ([0xC3], .notUTF8(byte: 0xC3, column: 1)),
      (Array("ab".utf8) + [0xED, 0xA0, 0x80], .notUTF8(byte: 0xED, column: 3)),
      ([0x61, 0xC0, 0xAF], .notUTF8(byte: 0xC0, column: 2)),
    ] as [([UInt8], LineReadResult)])
  func lineDecoding(_ bytes: [UInt8], _ expected: LineReadResult) {
    #expect(LineReadResult.decoding(bytes) == expected)
  }

  /// Path completion works on absolute paths without any terminal.
  @Test("completePath lists matching entries, marks directories, hides dotfiles")
  func completePath() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("castctl-complete-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("models"), withIntermediateDirectories: true)
    try Data().write(to: root.appendingPathComponent("model.cast"))
    try Data().write(to: root.appendingPathComponent(".hidden.cast"))

    let base = root.path + "/"
    #expect(LibEditLineReader.completePath(base + "mo") == [base + "model.cast", base + "models/"])
    #expect(LibEditLineReader.completePath(base) == [base + "model.cast", base + "models/"])
    #expect(LibEditLineReader.completePath(base + ".h") == [base + ".hidden.cast"])
    #expect(LibEditLineReader.completePath(base + "zzz").isEmpty)
    #expect(LibEditLineReader.completePath(root.path + "/nope/x").isEmpty)
  }
}
