/// The literals `true`, `false` and `null`, each compared as one little-endian word load.
extension JSONScanner {
  /// `true` as a little-endian `UInt32`.
  static let trueWord: UInt32 = 0x6575_7274
  /// `fals` as a little-endian `UInt32`; the final `e` is checked on its own.
  static let falsWord: UInt32 = 0x736C_6166
  /// `null` as a little-endian `UInt32`.
  static let nullWord: UInt32 = 0x6C6C_756E

  /// Skips whitespace and reads `true` or `false`.
  package mutating func readBool() throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    if position &+ 4 <= end && word(at: position) == Self.trueWord {
      position &+= 4
      return true
    }
    if position &+ 5 <= end && word(at: position) == Self.falsWord
      && byte(at: position &+ 4) == JSONByte.lowerE
    {
      position &+= 5
      return false
    }
    guard position < end else { throw unexpected(expected: "'true' or 'false'") }
    switch byte(at: position) {
    case JSONByte.lowerT: throw syntaxError("invalid literal; expected 'true'", at: position)
    case JSONByte.lowerF: throw syntaxError("invalid literal; expected 'false'", at: position)
    default: throw unexpected(expected: "'true' or 'false'")
    }
  }

  /// Skips whitespace and reads `null`.
  package mutating func readNull() throws(JSONSyntaxError) {
    skipWhitespace()
    if position &+ 4 <= end && word(at: position) == Self.nullWord {
      position &+= 4
      return
    }
    guard position < end, byte(at: position) == JSONByte.lowerN else {
      throw unexpected(expected: "'null'")
    }
    throw syntaxError("invalid literal; expected 'null'", at: position)
  }

  /// Four bytes at a buffer-relative index, as a little-endian word.
  @inline(__always)
  func word(at index: Int) -> UInt32 {
    UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: index, as: UInt32.self))
  }
}
