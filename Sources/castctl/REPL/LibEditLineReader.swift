@preconcurrency import CEditLine
import Foundation
@preconcurrency import Glibc
import Synchronization

/// Produces completion candidates: `line` is the whole input line, `wordStart` the UTF-8 byte
/// offset in `line` where the word being completed starts, `word` that word up to the cursor.
typealias LineCompleter = (_ line: String, _ wordStart: Int, _ word: String) -> LineCompletion

/// What TAB offers for a word.
struct LineCompletion: Equatable {
  /// Full replacements for the word.
  var candidates: [String]
  /// Whether a unique candidate is followed by a space: not where the user goes on typing
  /// attached to it (a directory's next segment, `.property`, the rest of a type expression).
  var appendsSpace = true

  init(_ candidates: [String], appendsSpace: Bool = true) {
    self.candidates = candidates
    self.appendsSpace = appendsSpace
  }
}

// libedit's readline emulation is process-wide and its callbacks get no context pointer, so their
// state lives in globals. Only the thread inside `readline()` touches them, which is why
// `nonisolated(unsafe)` is sound here.
nonisolated(unsafe) private var installedCompleter: LineCompleter?
nonisolated(unsafe) private var pendingMatches: [String] = []

// Set from the SIGINT handler, so it has to be lock-free.
private let interruptReceived = Atomic<Bool>(false)

// `:`, `.`, `/`, `-` and `_` are left out so `:load`, `User.name`, `path/to/file.cast` and `--to`
// each complete as one word. libedit keeps the pointer, so the copy is made once and never freed.
nonisolated(unsafe) private let wordBreakCharacters = strdup(" \t\n\"'`=<>;|&(){}[],")

// Non-ASCII input is silently dropped by libedit unless the C locale follows the environment.
// A lazily initialised global runs exactly once, whichever reader is created first.
private let localeConfigured: Bool = setlocale(LC_ALL, "") != nil

/// SIGINT handler: only records the interrupt; `readLine` turns it into `.interrupted`.
private func recordInterrupt(_ signal: Int32) {
  interruptReceived.store(true, ordering: .relaxed)
}

/// `rl_attempted_completion_function`: asks the Swift completer for candidates.
private func attemptCompletion(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  // Without this libedit falls back to filename completion whenever the completer has nothing.
  rl_attempted_completion_over = 1
  guard let completer = installedCompleter, let text else { return nil }
  let word = String(cString: text)
  let line = rl_line_buffer.map { String(cString: $0) } ?? ""
  // libedit counts rl_point in wide characters (Unicode scalars); callers want a UTF-8 offset.
  let scalars = line.unicodeScalars
  let cursor =
    scalars.index(scalars.startIndex, offsetBy: max(0, Int(rl_point)), limitedBy: scalars.endIndex)
    ?? scalars.endIndex
  let wordStart = max(0, line.utf8.distance(from: line.startIndex, to: cursor) - word.utf8.count)
  var seen = Set<String>()
  // Candidates need not start with `word` (`:help lo` may offer `:load`): libedit replaces the
  // word with their longest common prefix, or only lists them when they have none.
  let completion = completer(line, wordStart, word)
  pendingMatches = completion.candidates.filter { seen.insert($0).inserted }
  defer { pendingMatches = [] }
  guard !pendingMatches.isEmpty else { return nil }
  rl_completion_append_character = completion.appendsSpace ? 0x20 : 0
  return rl_completion_matches(text, nextPendingMatch)
}

/// Generator for `rl_completion_matches`; libedit frees the returned copies.
private func nextPendingMatch(
  _ text: UnsafePointer<CChar>?, _ state: Int32
) -> UnsafeMutablePointer<CChar>? {
  let index = Int(state)
  return index < pendingMatches.count ? strdup(pendingMatches[index]) : nil
}

/// Reads lines from a terminal with libedit's readline emulation: editing, history, completion.
///
/// libedit keeps its state per process, so create at most one instance, and only when
/// `standardStreamsAreTerminals()` is true.
final class LibEditLineReader: LineReader {
  private static let historyLimit: Int32 = 1000
  private let historyFile: String?
  private var newestHistoryEntry: String?

  /// Sets up libedit, loads `historyFile` if it exists and routes TAB to `completer`.
  init(programName: String, historyFile: String?, completer: @escaping LineCompleter) {
    _ = localeConfigured
    // Touch the flag now so the signal handler never runs its lazy initialisation.
    interruptReceived.store(false, ordering: .relaxed)
    // NB: a link to the history is followed, so that the renamed file replaces its target.
    self.historyFile = historyFile.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
    installedCompleter = completer
    // These must be set before the first history call, which makes libedit initialise itself.
    rl_readline_name = UnsafePointer(strdup(programName))
    rl_basic_word_break_characters = UnsafePointer(wordBreakCharacters)
    rl_completer_word_break_characters = wordBreakCharacters
    rl_attempted_completion_function = attemptCompletion
    // libedit's own handlers put the terminal back in cooked mode on SIGINT/SIGTERM/SIGHUP and
    // redraw after Ctrl-Z + fg; for SIGINT they then re-raise it (to the whole process group),
    // which reaches the handler `readLine` installs.
    rl_catch_signals = 1
    using_history()
    stifle_history(Self.historyLimit)
    if let historyFile {
      _ = read_history(historyFile)
    }
    newestHistoryEntry = Self.lastHistoryLine()
  }

  /// Edits one line at `prompt`; Ctrl-C gives `.interrupted` (after echoing `^C` and a newline),
  /// Ctrl-D on an empty line `.endOfTransmission` (after a newline). Escape sequences in `prompt` must be
  /// wrapped in "\u{01}"…"\u{02}" so libedit doesn't count them as columns.
  ///
  /// SIGINT is caught only while this runs; between reads the previous disposition applies.
  func readLine(prompt: String) -> LineReadResult {
    interruptReceived.store(false, ordering: .relaxed)
    let previousAction = Self.installInterruptHandler()
    defer { Self.restoreInterruptHandler(previousAction) }
    let raw = readline(prompt)
    defer { free(raw) }
    // A Ctrl-C during editing always makes readline() return NULL (its read() fails with EINTR).
    // One that lands before libedit starts reading can't stop it; the line typed afterwards is
    // then what the user wants, so a line wins over the flag.
    if let raw {
      return .decoding(UnsafeRawBufferPointer(start: raw, count: strlen(raw)))
    }
    if interruptReceived.load(ordering: .relaxed) {
      // ECHO is off while libedit edits, so nothing showed the ^C; move on to a fresh line.
      Self.writeToTerminal("^C\n")
      return .interrupted
    }
    // Leaves the cursor on a fresh line for whatever the caller prints next.
    Self.writeToTerminal("\n")
    return .endOfTransmission
  }

  /// Adds `line` to the history and saves the file; skips blank lines and repeats of the newest
  /// entry. Multi-line input is kept as one entry (the file stores the newline as `\012`).
  func addHistory(_ line: String) {
    guard !line.allSatisfy(\.isWhitespace), line != newestHistoryEntry else { return }
    _ = add_history(line)
    newestHistoryEntry = line
    // Saving on every entry means the history survives Ctrl-D, `exit()` and being killed; into
    // a file beside it, renamed over it, so that being killed while it is written loses nothing.
    if let historyFile {
      let partial = historyFile + ".castctl-\(getpid())"
      if write_history(partial) == 0, rename(partial, historyFile) == 0 { return }
      unlink(partial)
      _ = write_history(historyFile)
    }
  }

  /// Completes a file system path: `partial` may hold directories (`path/to/fi`, `~/`, `/tmp/`).
  /// Returns sorted full replacements for `partial`; directories end in `/`; hidden entries only
  /// when the name typed so far starts with `.`.
  static func completePath(_ partial: String) -> [String] {
    let slash = partial.lastIndex(of: "/")
    let directoryPart = slash.map { String(partial[...$0]) } ?? ""
    let namePrefix = slash.map { String(partial[partial.index(after: $0)...]) } ?? partial
    let directory = expandingTilde(directoryPart.isEmpty ? "./" : directoryPart)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return []
    }
    let showHidden = namePrefix.hasPrefix(".")
    return names
      .filter { $0.hasPrefix(namePrefix) && (showHidden || !$0.hasPrefix(".")) }
      .sorted()
      .map { name in
        var isDirectory: ObjCBool = false
        // fileExists follows symlinks, so a link to a directory completes like one.
        let exists = FileManager.default.fileExists(
          atPath: directory + name, isDirectory: &isDirectory)
        return directoryPart + name + (exists && isDirectory.boolValue ? "/" : "")
      }
  }

  private static func expandingTilde(_ path: String) -> String {
    guard path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] else {
      return path
    }
    return home + path.dropFirst()
  }

  private static func lastHistoryLine() -> String? {
    // libedit numbers entries from history_base, like GNU readline.
    guard history_length > 0, let entry = history_get(history_base + history_length - 1),
      let text = entry.pointee.line
    else { return nil }
    return String(cString: text)
  }

  private static func installInterruptHandler() -> sigaction {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = recordInterrupt
    sigemptyset(&action.sa_mask)
    // No SA_RESTART: libedit's blocked read() must fail with EINTR so that readline() returns.
    action.sa_flags = 0
    var previous = sigaction()
    sigaction(SIGINT, &action, &previous)
    return previous
  }

  private static func restoreInterruptHandler(_ previous: sigaction) {
    var previous = previous
    sigaction(SIGINT, &previous, nil)
  }

  private static func writeToTerminal(_ text: String) {
    fputs(text, stdout)
    fflush(stdout)
  }
}
