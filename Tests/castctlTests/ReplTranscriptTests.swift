import Foundation
import Testing

@testable import castctl

/// Golden transcripts of REPL sessions: each `Transcripts/NAME.repl` is typed into `ReplLoop`
/// (no terminal) and the screen it would show must equal `Transcripts/NAME.out`.
///
/// Script lines are typed as they are, one per prompt, with these exceptions:
/// - `^C` is Ctrl-C (`.interrupted`): whatever was typed of the current input is dropped;
/// - `^D` is Ctrl-D on an empty line (`.endOfTransmission`): on a continuation line it drops the
///   input begun before, at the prompt it leaves;
/// - a line starting with `#` is a comment: it is copied to the transcript, not typed.
///
/// The transcript shows each prompt with what was typed after it, `^C` for Ctrl-C and `^D` when
/// the script runs out, as on a terminal. Relative paths start at the repository's `schemas/`,
/// so transcripts hold no machine-specific paths. `CASTCTL_RECORD=1` rewrites the `.out` files
/// (and fails the tests whose output changed, so the change gets reviewed).
@Suite("REPL transcripts")
struct ReplTranscriptTests {
  static let transcripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Transcripts")
  static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("schemas")

  /// The scripts' names, without `.repl`.
  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: transcripts.path)) ?? []
    return files.filter { $0.hasSuffix(".repl") }.map { String($0.dropLast(".repl".count)) }.sorted()
  }()

  /// Guards against a moved folder silently turning the table below into no tests at all.
  @Test("There are transcripts to check")
  func transcriptsExist() {
    #expect(Self.names.count >= 10, "no scripts in \(Self.transcripts.path)")
  }

  /// The session typed from `NAME.repl` shows exactly `NAME.out`.
  @Test("Transcript", arguments: names)
  func transcript(_ name: String) throws {
    let script = try String(
      contentsOf: Self.transcripts.appendingPathComponent(name + ".repl"), encoding: .utf8)
    let actual = Self.run(script)
    let golden = Self.transcripts.appendingPathComponent(name + ".out")
    let expected = try? String(contentsOf: golden, encoding: .utf8)
    if ProcessInfo.processInfo.environment["CASTCTL_RECORD"] == "1" {
      guard actual != expected else { return }
      try actual.write(to: golden, atomically: true, encoding: .utf8)
      Issue.record("recorded \(golden.lastPathComponent); review the change, then run without CASTCTL_RECORD")
      return
    }
    guard let expected else {
      Issue.record("no \(golden.lastPathComponent); run with CASTCTL_RECORD=1 to record it")
      return
    }
    if let difference = Self.firstDifference(expected, actual) {
      Issue.record(
        """
        \(name).out differs from the session's output (CASTCTL_RECORD=1 re-records it):
        \(difference)
        whole output:
        \(actual)
        """)
    }
  }

  /// Ctrl-C leaves nothing in the history; whole multi-line inputs are kept as one entry.
  @Test("History gets complete inputs, not cancelled ones")
  func historyEntries() {
    let reader = ScriptedLineReader(results: [
      .line(#"{"id": 1,"#), .interrupted, .line("struct P {"), .line("  let x: Int"), .line("}"),
      .line(":models"),
    ])
    let state = ReplState(interpreter: ReplInterpreter(color: false, directory: Self.schemas.path))
    ReplLoop(state: state, reader: reader, write: { _ in }).run()
    #expect(reader.history == ["struct P {\n  let x: Int\n}", ":models"])
    #expect(reader.prompts == ["castctl> ", "...> ", "castctl> ", "...> ", "...> ", "castctl(P)> ", "castctl(P)> "])
  }

  /// Runs `script` through the loop and returns the screen it would show.
  static func run(_ script: String) -> String {
    let screen = Screen()
    var results: [LineReadResult] = []
    var comments: [Int: [String]] = [:]
    var lines = script.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    for line in lines {
      if line.hasPrefix("#") {
        comments[results.count, default: []].append(String(line))
      } else {
        switch line {
        case "^C": results.append(.interrupted)
        case "^D": results.append(.endOfTransmission)
        default: results.append(.line(String(line)))
        }
      }
    }
    let reader = TranscriptLineReader(
      script: ScriptedLineReader(results: results), comments: comments, screen: screen)
    let state = ReplState(interpreter: ReplInterpreter(color: false, directory: schemas.path))
    ReplLoop(state: state, reader: reader, write: screen.write).run()
    return screen.text
  }

  /// The first line where `actual` leaves `expected`, with the lines around it.
  static func firstDifference(_ expected: String, _ actual: String) -> String? {
    guard expected != actual else { return nil }
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let shared = min(want.count, got.count)
    let index = (0..<shared).first { want[$0] != got[$0] } ?? shared
    let context = max(0, index - 2)
    func excerpt(_ lines: [Substring]) -> String {
      lines[min(context, lines.count)..<min(index + 3, lines.count)].map { "  | " + $0 }.joined(separator: "\n")
    }
    return "line \(index + 1):\nexpected\n\(excerpt(want))\nactual\n\(excerpt(got))"
  }
}

/// What a terminal would show: prompts, typed lines and the REPL's output, in order.
private final class Screen {
  private(set) var text = ""

  func write(_ output: String) {
    text += output
  }
}

/// A scripted reader that also puts each prompt and the typed line on the screen, as a terminal
/// echoes them, and copies the script's comments in front of the line they precede.
private final class TranscriptLineReader: LineReader {
  private let script: ScriptedLineReader
  private var comments: [Int: [String]]
  private let screen: Screen
  private var reads = 0

  init(script: ScriptedLineReader, comments: [Int: [String]], screen: Screen) {
    self.script = script
    self.comments = comments
    self.screen = screen
  }

  func readLine(prompt: String) -> LineReadResult {
    for comment in comments.removeValue(forKey: reads) ?? [] {
      screen.write(comment + "\n")
    }
    reads += 1
    let result = script.readLine(prompt: prompt)
    switch result {
    case .line(let line): screen.write(prompt + line + "\n")
    case .interrupted: screen.write(prompt + "^C\n")
    case .endOfInput, .endOfTransmission: screen.write(prompt + "^D\n")
    case .notUTF8: screen.write(prompt + "(not UTF-8)\n")
    }
    return result
  }

  func addHistory(_ line: String) {
    script.addHistory(line)
  }
}
