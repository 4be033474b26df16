@testable import CastValidate

/// Seeded JSON values made to reach every branch of a YAML writer: strings that look like other
/// types, begin or end with spaces or breaks, hold indicators, quotes, escapes, controls,
/// non-ASCII and characters beyond the BMP, or run past the line width (with double spaces and
/// quotes where a fold falls); long and multi-line keys; repeated keys; empty and deeply nested
/// collections.
struct TrickyJSON {
  private var random: SeededGenerator

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  /// Texts a resolver or an emitter treats specially, whole.
  static let specials = [
    "", " ", "  ", "true", "True", "TRUE", "tRue", "yes", "No", "on", "OFF", "y", "n", "null", "Null", "NULL", "nul", "~", "~~",
    "<<", "<", "=", "==", "0", "-0", "+0", "00", "017", "0o17", "0o", "0b101", "0b", "0b2", "0x1F", "0xg", "0x", "-0x_", "09",
    "1_000", "_1", "12:30", "1:60", "190:20:30", "1:2:3.5", "0:30", "1.5", "1.", ".5", "._", ".", "-.5", "+.inf", ".inf", "-.Inf",
    ".INF", ".nan", "-.nan", ".NaN", "1e5", "1E+5", "1e", "1e+", ".5e+1", ".5e1", "1.5e-3", "2024-03-01", "2024-3-1", "2024-03-1",
    "2024-03-01T08:30:00Z", "2024-3-1 8:30:00", "2024-3-1t8:30:00.123 +01:00", "2024-3-1\t\t8:30:00-5", "2024-03-01 08:30:00 Z ",
    "2024-03-01T08:30:00+1:0", "20240-03-01", "true\n", "true\r\n", "true\r", "null\u{85}", "1\u{2028}", "~\u{2029}", "=\n\n",
    "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "- a", "-a", "-", "--", "---", "--- x", "...", "....", "? x",
    "?x", "?", ": x", ":x", "a: b", "a:b", "a:", "#x", "x #y", "x#y", "[1]", "{a}", "*alias", "&anchor", "!tag", "%x", "@x",
    "`x", "'single'", "\"double\"", "|", ">", "a,b", "a\nb", "a\n", "\na", "a \nb", "a\n b", "a\n\nb", " leading", "trailing ",
    "tab\there", "\\", "é", "日本語", "😀", "\u{0}", "\u{7}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}",
    "\u{FEFF}x", "\u{FFFE}", "\u{FFFF}", "\u{E000}", "\u{D7FF}", "a\u{2028}b", "a\u{2029}", "it's", "''", "a\n'b'",
  ]

  /// The pieces random strings are made of.
  static let pieces = [
    "a", "b", "x", "Z", "0", "1", "9", "5", " ", " ", "  ", ": ", ":", " #", "#", "-", "- ", "?", ",", "[", "]", "{", "}", "&",
    "*", "!", "|", ">", "'", "\"", "%", "@", "`", "\\", ".", "_", "e", "+", "~", "<<", "=", "\n", "\n\n", "\r\n", "\r", "\t",
    "\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{FEFF}", "é", "日本", "😀", "---",
    "...", "true", "null", "12", ":30", "2024-03-01", "word", "longer words here", "T08:30:00Z",
  ]

  /// A value at most `depth` levels deep.
  mutating func value(depth: Int) -> JSONValue {
    switch Int.random(in: 0..<(depth > 0 ? 10 : 6), using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .number(number())
    case 3, 4, 5: return .string(string())
    case 6, 7: return .array((0..<count()).map { _ in value(depth: depth - 1) })
    default:
      var members = (0..<count()).map { _ in JSONMember(key: string(), value: value(depth: depth - 1)) }
      if members.count > 1, Int.random(in: 0..<4, using: &random) == 0 {
        // A repeated key, canonically equal or the same bytes.
        let key = Bool.random(using: &random) ? members[0].key : "e\u{301}"
        if key == "e\u{301}" { members[0].key = "\u{E9}" }
        members.append(JSONMember(key: key, value: value(depth: depth - 1)))
      }
      return .object(members)
    }
  }

  /// A nest of `levels` one-element arrays and objects around a long string: its folds begin
  /// far to the right.
  mutating func deep(levels: Int) -> JSONValue {
    var value = JSONValue.string(longString())
    for _ in 0..<levels {
      value = Bool.random(using: &random) ? .array([value]) : .object([JSONMember(key: string(), value: value)])
    }
    return value
  }

  private mutating func count() -> Int {
    [0, 1, 1, 2, 3, 4][Int.random(in: 0..<6, using: &random)]
  }

  private mutating func number() -> String {
    ["0", "-0", "1", "-17", "1.5", "1.0", "1e5", "1E+2", "-2.5e-3", "12345678901234567890123", "0.1e-400", "2.5E7", "3.25"]
      .randomElement(using: &random) ?? "0"
  }

  /// A string: special, made of pieces, or long.
  mutating func string() -> String {
    switch Int.random(in: 0..<10, using: &random) {
    case 0, 1, 2: return Self.specials.randomElement(using: &random) ?? ""
    case 3: return longString()
    default:
      return (0..<Int.random(in: 1...8, using: &random)).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
    }
  }

  /// Words past the line width, now and then two spaces, a quote, an escape or a break: the
  /// words drawn from the first few of a list that runs from plain to special, so that plain,
  /// single-quoted and double-quoted texts all fold.
  mutating func longString() -> String {
    let words = ["lorem", "ipsum", "dolor", "sit", "amet,", "x", "verylongwordwithoutspaces", "é日本", "a:", "#h", "1", "true",
      "'q'", "\n", "😀", "\"d\"", "\\", "\t", "\u{2028}", "\u{85}"]
    let separators = [" ", " ", " ", " ", "  ", "   ", "\n", " \n", "\n\n"]
    let pool = words[..<Int.random(in: 5...words.count, using: &random)]
    let breaks = Bool.random(using: &random)
    var text = Int.random(in: 0..<6, using: &random) == 0 ? " " : ""
    for index in 0..<Int.random(in: 10...80, using: &random) {
      if index > 0 { text += (breaks ? separators.randomElement(using: &random) : separators[..<6].randomElement(using: &random)) ?? " " }
      text += pool.randomElement(using: &random) ?? "x"
    }
    if Int.random(in: 0..<6, using: &random) == 0 { text += " " }
    return text
  }
}
