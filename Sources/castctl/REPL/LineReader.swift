#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One read from a line source.
enum LineReadResult: Equatable {
  /// A complete line, without its line terminator.
  case line(String)
  /// Ctrl-C: the current input was cancelled; the caller keeps going with a fresh prompt.
  case interrupted
  /// End of file: nothing more will come (a script, a pipe).
  case endOfInput
  /// Ctrl-D on an empty line of a terminal: the user asks to leave, or, on a continuation line,
  /// to drop the input begun there, as Python's and Swift's REPLs keep the session then. (A
  /// terminal that went away reads so too; it does again at the next prompt, which then ends.)
  case endOfTransmission
  /// A line whose bytes are not UTF-8: the first bad byte and its column (1-based, in
  /// characters). Decoding it anyway would put U+FFFD in the user's document without a word.
  case notUTF8(byte: UInt8, column: Int)

  /// A line read as bytes (without its terminator): `.line`, or `.notUTF8`.
  static func decoding(_ bytes: some Collection<UInt8>) -> LineReadResult {
    if let text = String(validating: bytes, as: UTF8.self) { return .line(text) }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var (offset, column) = (0, 1)
    while case .valid(let scalar) = parser.parseScalar(from: &iterator) {
      offset += scalar.count
      column += 1
    }
    return .notUTF8(byte: bytes.dropFirst(offset).first ?? 0, column: column)
  }
}

/// Where the REPL gets its lines: libedit on a terminal, plain stdin otherwise, a script in tests.
protocol LineReader: AnyObject {
  /// Shows `prompt` (if the source is interactive) and returns the next line or event.
  func readLine(prompt: String) -> LineReadResult
  /// Records a line the user entered so it can be recalled later; sources without history
  /// ignore it.
  func addHistory(_ line: String)
}

/// True when stdin and stdout are both terminals, i.e. when line editing makes sense.
///
/// Checking stdout too keeps prompts and redraw sequences out of pipes such as `castctl | tee log`.
func standardStreamsAreTerminals() -> Bool {
  isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
}

/// Reads standard input without libedit when it's not a terminal (no prompt, no echo, no history).
final class PlainLineReader: LineReader {
  /// Creates a reader over the process's standard input.
  init() {}

  /// Returns the next line of stdin, ignoring `prompt` so piped output stays deterministic.
  func readLine(prompt: String) -> LineReadResult {
    // NB: `getline`, not `Swift.readLine`, which repairs bytes that are not UTF-8 unseen.
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    let count = getline(&buffer, &capacity, stdin)
    guard count >= 0, let buffer else { return .endOfInput }
    var bytes = UnsafeRawBufferPointer(start: buffer, count: count)
    if bytes.last == UInt8(ascii: "\n") { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
    if bytes.last == UInt8(ascii: "\r") { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
    return .decoding(bytes)
  }

  /// Does nothing: scripted input must not end up in the user's history.
  func addHistory(_ line: String) {}
}

/// Feeds fixed lines; for transcript tests.
final class ScriptedLineReader: LineReader {
  private var pending: [LineReadResult]
  /// Every prompt the reader was asked to show, in order.
  private(set) var prompts: [String] = []
  /// Every line passed to `addHistory`, in order.
  private(set) var history: [String] = []

  /// Creates a reader that returns `lines` one by one, then `.endOfInput`.
  convenience init(lines: [String]) {
    self.init(results: lines.map { .line($0) })
  }

  /// Creates a reader that returns `results` one by one, then `.endOfInput`; lets tests script
  /// Ctrl-C (`.interrupted`).
  init(results: [LineReadResult]) {
    pending = results
  }

  /// Returns the next scripted result and remembers the prompt.
  func readLine(prompt: String) -> LineReadResult {
    prompts.append(prompt)
    return pending.isEmpty ? .endOfInput : pending.removeFirst()
  }

  /// Remembers the line so tests can check what the REPL chose to keep.
  func addHistory(_ line: String) {
    history.append(line)
  }
}
