/// One escape of a Swift string literal, read after its backslash (and a raw literal's `#`s):
/// `\0 \\ \t \n \r \" \'`, `\u{…}` of one to eight hex digits naming a scalar, an interpolation,
/// and in a multi-line literal a line continuation. Anything else is no escape: swiftc refuses
/// it, and so do the lexer (string literals) and the directive reader (`//!` strings), which
/// both read escapes here.
enum StringEscape: Equatable {
  /// A character; `length` counts the characters after the backslash it takes.
  case scalar(Unicode.Scalar, length: Int)
  /// `\(`: an interpolation, whose value only running the code gives.
  case interpolation
  /// A backslash ending a line of a multi-line literal (spaces and tabs may follow it), which
  /// joins it to the next; `length` counts the characters after the backslash up to the line break.
  case lineContinuation(length: Int)
  /// Not an escape; `length` characters after the backslash are what is wrong, `reason` says why.
  case invalid(length: Int, reason: String)

  /// Reads the escape whose first character after the backslash is `at(0)`; `at` gives nil past
  /// the text's end, and characters as scalar values.
  static func read(multiline: Bool, _ at: (Int) -> UInt32?) -> StringEscape {
    guard let first = at(0) else { return .invalid(length: 0, reason: "a backslash ends the text") }
    switch first {
    case 0x30: return .scalar("\0", length: 1)
    case 0x5C, 0x22, 0x27: return .scalar(Unicode.Scalar(UInt8(first)), length: 1)
    case 0x74: return .scalar("\t", length: 1)
    case 0x6E: return .scalar("\n", length: 1)
    case 0x72: return .scalar("\r", length: 1)
    case 0x28: return .interpolation
    // NB: one `where` would bind only the last pattern of the list.
    case 0x0A, 0x0D, 0x20, 0x09:
      guard multiline else { return .invalid(length: 1, reason: "'\\ ' is not an escape") }
      var length = 0
      while let next = at(length), next == 0x20 || next == 0x09 { length += 1 }
      guard let lineBreak = at(length), lineBreak == 0x0A || lineBreak == 0x0D else {
        return .invalid(length: length, reason: "a '\\' followed by spaces must end its line, joining it to the next")
      }
      return .lineContinuation(length: length)
    case 0x75: return unicode(at)
    default:
      let shown = Unicode.Scalar(first).map { String($0) } ?? "?"
      return .invalid(length: 1, reason: "'\\\(shown)' is not an escape")
    }
  }

  /// `\u{…}`: one to eight hex digits in braces, naming a Unicode scalar (not a surrogate).
  private static func unicode(_ at: (Int) -> UInt32?) -> StringEscape {
    guard at(1) == 0x7B else { return .invalid(length: 1, reason: "'\\u' needs its hex digits in braces, as in '\\u{E9}'") }
    var value: UInt32 = 0
    var digits = 0
    while let character = at(2 + digits), let digit = hexValue(character) {
      digits += 1
      if digits <= 8 { value = value << 4 | digit }
    }
    guard at(2 + digits) == 0x7D else {
      return .invalid(length: 2 + digits, reason: "'\\u{' needs hex digits and a closing '}'")
    }
    let length = 3 + digits
    guard (1...8).contains(digits) else { return .invalid(length: length, reason: "'\\u{…}' holds one to eight hex digits") }
    guard let scalar = Unicode.Scalar(value) else {
      return .invalid(length: length, reason: "'\\u{\(String(value, radix: 16, uppercase: true))}' is not a Unicode scalar")
    }
    return .scalar(scalar, length: length)
  }

  private static func hexValue(_ character: UInt32) -> UInt32? {
    switch character {
    case 0x30...0x39: character - 0x30
    case 0x41...0x46: character - 0x41 + 10
    case 0x61...0x66: character - 0x61 + 10
    default: nil
    }
  }
}
