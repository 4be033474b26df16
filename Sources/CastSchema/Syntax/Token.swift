/// The kind of a lexical token of the `.cast` language.
package enum TokenKind: UInt8, Sendable, Hashable {
  /// A name or keyword; backticked names (`` `public` ``, raw identifiers such as `` `my key` ``)
  /// are identifiers too.
  case identifier
  /// An integer literal (`42`, `0x1F`, `1_000`).
  case integer
  /// A floating-point literal (`3.5`, `1e-3`).
  case float
  /// A string literal, quotes included in the range.
  case string
  /// A regex literal, `/…/` or `#/…/#`, delimiters included: code castctl never reads, kept whole
  /// so that a `}` or `"` inside it (`/a}b/`) does not end a body or open a string.
  case regex
  /// A `//!` directive comment, from `//!` to the end of the line (or the next `//!`).
  case directive
  /// Punctuation: one of `{ } ( ) [ ] < > : ; , = ? ! . @ # - + * / & | ^ % ~ \`, or `->`, `...`, `..<`, `??`.
  case punctuation
  /// A byte that cannot start any token (binary garbage, a stray quote).
  case unknown
  /// The end of the file.
  case endOfFile
}

/// One token: kind, byte range, first byte, and whether a newline precedes it.
// NB: offsets are 32-bit (a schema is read only up to `SourceFile.maxReadBytes`), so a token is
// 12 bytes: a large file has tens of thousands of them. The first byte fills what would be
// padding; the parser asks "is this `:`?" of nearly every token, and the byte answers most of
// those questions without a look at the source.
package struct Token: Sendable, Hashable {
  private var start: UInt32
  private var end: UInt32
  /// What it is.
  package var kind: TokenKind
  /// True when a line break (or the start of the file) comes between the previous token and this one.
  package var startsLine: Bool
  /// Its first byte; 0 for the end of the file.
  package var lead: UInt8

  /// Creates a token whose first byte is `lead`.
  package init(kind: TokenKind, range: Range<Int>, startsLine: Bool, lead: UInt8) {
    self.kind = kind
    self.start = UInt32(truncatingIfNeeded: range.lowerBound)
    self.end = UInt32(truncatingIfNeeded: range.upperBound)
    self.startsLine = startsLine
    self.lead = lead
  }

  /// UTF-8 offsets in its file.
  package var range: Range<Int> { Int(start)..<Int(end) }
  /// The first offset (the range's lower bound, without building the range).
  var offset: Int { Int(start) }
  /// How many bytes it spans.
  var length: Int { Int(end &- start) }
}
