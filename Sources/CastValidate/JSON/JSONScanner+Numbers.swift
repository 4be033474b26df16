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
    if index < end && byte(at: index) | 0x20 == JSONByte.lowerE {
      isInteger = false
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
      isInteger: isInteger, isNegative: isNegative)
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
    while index < end && JSONByte.isDigit(byte(at: index)) { index &+= 1 }
    return index
  }
}
