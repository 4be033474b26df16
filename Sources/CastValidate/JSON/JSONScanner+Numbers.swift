/// Number scanning, exactly RFC 8259's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
extension JSONScanner {
  /// Skips whitespace and reads a number literal; the value is left as text (see the number helpers).
  package mutating func readNumber() throws(JSONSyntaxError) -> JSONNumberToken {
    skipWhitespace()
    let start = position
    var index = start
    guard index < end else { throw unexpected(expected: "a number") }
    var b = byte(at: index)
    let isNegative = b == JSONByte.minus
    if isNegative {
      index &+= 1
      guard index < end else { throw unexpected(at: index, expected: "a digit after '-'") }
      b = byte(at: index)
    }
    if b == JSONByte.zero {
      index &+= 1
      if index < end && JSONByte.isDigit(byte(at: index)) {
        throw syntaxError("leading zero in a number", at: index &- 1)
      }
    } else if JSONByte.isDigit(b) {
      index = skipDigits(from: index &+ 1)
    } else {
      throw unexpected(at: index, expected: isNegative ? "a digit after '-'" : "a number")
    }
    var isInteger = true
    if index < end && byte(at: index) == JSONByte.dot {
      isInteger = false
      index &+= 1
      guard index < end && JSONByte.isDigit(byte(at: index)) else {
        throw unexpected(at: index, expected: "a digit after '.'")
      }
      index = skipDigits(from: index &+ 1)
    }
    var hasExponent = false
    if index < end && byte(at: index) | 0x20 == JSONByte.lowerE {
      isInteger = false
      hasExponent = true
      index &+= 1
      if index < end && (byte(at: index) == JSONByte.plus || byte(at: index) == JSONByte.minus) {
        index &+= 1
      }
      guard index < end && JSONByte.isDigit(byte(at: index)) else {
        throw unexpected(at: index, expected: "a digit in the exponent")
      }
      index = skipDigits(from: index &+ 1)
    }
    position = index
    return JSONNumberToken(
      span: JSONSpan(start: baseOffset + start, end: baseOffset + index),
      isInteger: isInteger, isNegative: isNegative, hasExponent: hasExponent)
  }

  /// Whether the number at the cursor (after `peekKind`) is written without a fraction or an
  /// exponent, and is not `-0` when `negativeZeroCounts` is false; looked at, not consumed.
  func numberAheadIsInteger(negativeZeroCounts: Bool) -> Bool {
    var index = position
    let negative = index < end && byte(at: index) == JSONByte.minus
    if negative { index &+= 1 }
    let digits = index
    index = skipDigits(from: index)
    if !negativeZeroCounts, negative, index == digits &+ 1, byte(at: digits) == JSONByte.zero { return false }
    guard index < end else { return true }
    let next = byte(at: index)
    return next != JSONByte.dot && next | 0x20 != JSONByte.lowerE
  }

  /// The index of the first non-digit at or after `index`.
  @inline(__always)
  func skipDigits(from index: Int) -> Int {
    var index = index
    // Eight bytes at a time while eight remain: most numbers' digits are found in one or two words.
    while index &+ 8 <= end {
      let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let nonDigits = Self.nonDigitBytes(word)
      if nonDigits != 0 { return index &+ nonDigits.trailingZeroBitCount &>> 3 }
      index &+= 8
    }
    while index < end && JSONByte.isDigit(byte(at: index)) { index &+= 1 }
    return index
  }

  /// A word with bits set in (at least) each byte of `word` (little-endian) that is not an ASCII
  /// digit, and none in the bytes before the first such one: a digit is `0x30...0x39`, high
  /// nibble 3 both as it is and with 6 added.
  // NB: adding 6 carries out of a byte only when the byte is 0xFA or more, a non-digit already
  // flagged by the first test; the carry disturbs only the bytes after it.
  @inline(__always)
  static func nonDigitBytes(_ word: UInt64) -> UInt64 {
    let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
    let threes: UInt64 = 0x3030_3030_3030_3030
    return ((word & highNibbles) ^ threes) | (((word &+ 0x0606_0606_0606_0606) & highNibbles) ^ threes)
  }
}
