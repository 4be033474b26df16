/// What the pipe mode (`--format jsonl`) says about one NDJSON line: every line gets one, so the
/// output can be zipped back to the input.
package enum LineVerdict: Sendable {
  /// A line of blanks only: no record.
  case blank(line: Int)
  /// A record, valid or not.
  case record(RecordResult)
  /// A line that is not JSON (it starts at `lineStart`); the run goes on with the next line.
  /// `cut`: the line was read only up to a byte no JSON text may hold (`LineBatchReader`).
  case malformed(line: Int, lineStart: Int, JSONSyntaxError, cut: Bool = false)

  /// The 1-based input line.
  package var line: Int {
    switch self {
    case .blank(let line), .malformed(let line, _, _, _): line
    case .record(let result): result.line ?? 0
    }
  }
}
