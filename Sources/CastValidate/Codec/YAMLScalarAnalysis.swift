/// What libyaml's emitter learns about a scalar's text before choosing its style
/// (`yaml_emitter_analyze_scalar` in Yams's CYaml), for block context with non-ASCII allowed:
/// the writer must choose as it does to write the same bytes.
struct YAMLScalarAnalysis {
  /// The length in bytes.
  let length: Int
  /// The number of characters (libyaml's columns).
  let characters: Int
  /// A line break (LF, CR, NEL, LS or PS) somewhere: never a simple key, never plain.
  let multiline: Bool
  /// Whether it may be written plain in block context.
  let plainAllowed: Bool
  /// Whether it may be written single-quoted.
  let singleQuotedAllowed: Bool
  /// Whether a double-quoted form escapes something: a character libyaml does not print, a
  /// break, `"` or `\`.
  let escapes: Bool

  private init(length: Int, plainAllowed: Bool, escapes: Bool) {
    (self.length, characters, multiline, self.plainAllowed, singleQuotedAllowed, self.escapes) =
      (length, length, false, plainAllowed, true, escapes)
  }

  init(_ text: Span<UInt8>) {
    if let ascii = Self.printableASCII(text) {
      self = ascii
      return
    }
    length = text.count
    guard !text.isEmpty else {
      (characters, multiline, plainAllowed, singleQuotedAllowed, escapes) = (0, false, true, true, false)
      return
    }
    // NB: the flow indicators are left out: a scalar is never written in flow context here (only
    // empty sequences and mappings are).
    var indicators =
      (text.byte(0) == UInt8(ascii: "-") && text.byte(1) == UInt8(ascii: "-") && text.byte(2) == UInt8(ascii: "-"))
      || (text.byte(0) == UInt8(ascii: ".") && text.byte(1) == UInt8(ascii: ".") && text.byte(2) == UInt8(ascii: "."))
    var lineBreaks = false, special = false, quotes = false
    var leadingSpace = false, leadingBreak = false, trailingSpace = false, trailingBreak = false
    var breakSpace = false, spaceBreak = false
    var precededByWhitespace = true
    var followedByWhitespace = text.isBlankOrEnd(at: text.width(at: 0))
    var previousSpace = false, previousBreak = false
    var index = 0, characters = 0
    while index < text.count {
      let byte = text[index], width = text.width(at: index)
      if index == 0 {
        switch byte {
        case UInt8(ascii: "#"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
          UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
          UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
          indicators = true
        case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "-"):
          indicators = indicators || followedByWhitespace
        default: break
        }
      } else if (byte == UInt8(ascii: ":") && followedByWhitespace) || (byte == UInt8(ascii: "#") && precededByWhitespace) {
        indicators = true
      }
      if !text.isPrintable(at: index) { special = true }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { quotes = true }
      let isBreak = text.isBreak(at: index)
      if byte == UInt8(ascii: " ") {
        if index == 0 { leadingSpace = true }
        if index + width == text.count { trailingSpace = true }
        if previousBreak { breakSpace = true }
        (previousSpace, previousBreak) = (true, false)
      } else if isBreak {
        lineBreaks = true
        if index == 0 { leadingBreak = true }
        if index + width == text.count { trailingBreak = true }
        if previousSpace { spaceBreak = true }
        (previousSpace, previousBreak) = (false, true)
      } else {
        (previousSpace, previousBreak) = (false, false)
      }
      precededByWhitespace = text.isBlankOrEnd(at: index)
      index += max(width, 1)
      characters += 1
      if index < text.count { followedByWhitespace = text.isBlankOrEnd(at: index + text.width(at: index)) }
    }
    self.characters = characters
    multiline = lineBreaks
    escapes = special || lineBreaks || quotes
    plainAllowed = !(leadingSpace || leadingBreak || trailingSpace || trailingBreak || breakSpace || spaceBreak || special
      || lineBreaks || indicators)
    singleQuotedAllowed = !(breakSpace || spaceBreak || special)
  }
}

extension YAMLScalarAnalysis {
  /// The analysis of a text of printable ASCII (most keys and values), in one quick pass: no
  /// breaks, nothing special, so only indicators and spaces at either end rule out plain; nil
  /// for any other text.
  private static func printableASCII(_ text: Span<UInt8>) -> Self? {
    let count = text.count
    guard count > 0 else { return nil }
    var indicators = false, quotes = false
    var previous: UInt8 = 0
    for index in 0..<count {
      let byte = text[index]
      guard byte &- 0x20 < 0x5F else { return nil }
      switch byte {
      case UInt8(ascii: ":"): indicators = indicators || (index > 0 && (index + 1 == count || text[index + 1] == 0x20))
      case UInt8(ascii: "#"): indicators = indicators || previous == 0x20
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): quotes = true
      default: break
      }
      previous = byte
    }
    switch text[0] {
    case UInt8(ascii: "#"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
      UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
      UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
      indicators = true
    case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "-"):
      indicators = indicators || count == 1 || text[1] == 0x20
        || (count >= 3 && text[0] == UInt8(ascii: "-") && text[1] == UInt8(ascii: "-") && text[2] == UInt8(ascii: "-"))
    case UInt8(ascii: "."):
      indicators = indicators || (count >= 3 && text[1] == UInt8(ascii: ".") && text[2] == UInt8(ascii: "."))
    default: break
    }
    let spaced = text[0] == 0x20 || text[count - 1] == 0x20
    return Self(length: count, plainAllowed: !(indicators || spaced), escapes: quotes)
  }
}

/// libyaml's character classes (`yaml_private.h`), on UTF-8 read past its end as NUL, as libyaml
/// reads a scalar with its terminating NUL.
extension Span<UInt8> {
  /// The length of the character that `index` begins (`WIDTH`).
  @inline(__always)
  func width(at index: Int) -> Int {
    let lead = byte(index)
    return lead & 0x80 == 0 ? 1 : lead & 0xE0 == 0xC0 ? 2 : lead & 0xF0 == 0xE0 ? 3 : lead & 0xF8 == 0xF0 ? 4 : 0
  }

  /// `IS_BREAK`: LF, CR, NEL, LS or PS.
  @inline(__always)
  func isBreak(at index: Int) -> Bool {
    switch byte(index) {
    case 0x0A, 0x0D: return true
    case 0xC2: return byte(index + 1) == 0x85
    case 0xE2: return byte(index + 1) == 0x80 && (byte(index + 2) == 0xA8 || byte(index + 2) == 0xA9)
    default: return false
    }
  }

  /// `IS_BLANKZ`: a space, a tab, a break or the end.
  @inline(__always)
  func isBlankOrEnd(at index: Int) -> Bool {
    let lead = byte(index)
    return lead == 0x20 || lead == 0x09 || lead == 0 || isBreak(at: index)
  }

  /// `IS_PRINTABLE`: LF, printable ASCII and the BMP but for C1 controls, surrogates, U+FEFF,
  /// U+FFFE and U+FFFF; nothing beyond the BMP.
  @inline(__always)
  func isPrintable(at index: Int) -> Bool {
    let lead = byte(index)
    switch lead {
    case 0x0A, 0x20...0x7E, 0xC3...0xEC, 0xEE: return true
    case 0xC2: return byte(index + 1) >= 0xA0
    case 0xED: return byte(index + 1) < 0xA0
    case 0xEF:
      let (second, third) = (byte(index + 1), byte(index + 2))
      return !(second == 0xBB && third == 0xBF) && !(second == 0xBF && (third == 0xBE || third == 0xBF))
    default: return false
    }
  }
}
