/// String scanning: a 16-byte SIMD skip over plain ASCII, then exact checks of escapes, control characters and UTF-8.
extension JSONScanner {
  /// Skips whitespace and reads a string, checking escapes and UTF-8; the token spans the content between the quotes.
  package mutating func readString() throws(JSONSyntaxError) -> JSONStringToken {
    skipWhitespace()
    guard position < end, byte(at: position) == JSONByte.quote else {
      throw unexpected(expected: "a string")
    }
    return try readStringAtQuote()
  }

  /// Reads a string whose opening quote is at the cursor.
  mutating func readStringAtQuote() throws(JSONSyntaxError) -> JSONStringToken {
    let quote = position
    position &+= 1
    let contentStart = position
    var hasEscapes = false
    while true {
      skipPlainASCII()
      guard position < end else { throw syntaxError("unterminated string", at: quote) }
      let b = byte(at: position)
      if b == JSONByte.quote {
        let span = JSONSpan(start: baseOffset + contentStart, end: baseOffset + position)
        position &+= 1
        return JSONStringToken(span: span, hasEscapes: hasEscapes)
      } else if b == JSONByte.backslash {
        hasEscapes = true
        try skipEscape(quote: quote)
      } else if b >= 0x80 {
        // Non-ASCII text comes in runs (CJK, emoji): a run is read here, not one 16-byte look
        // for ASCII per character.
        sawNonASCII = true
        try skipUTF8Run(quote: quote)
      } else if b < 0x20 {
        throw syntaxError(
          "unescaped control character U+\(Self.hex16(UInt16(b))) in string (write it as an escape)",
          at: position)
      } else {
        // Only reached in the last 15 bytes of the buffer, where a 16-byte load would overrun.
        position &+= 1
      }
    }
  }

  /// Advances the cursor to the first byte that needs a closer look (`"`, `\`, a control byte or a non-ASCII byte),
  /// 16 bytes at a time, stopping early only when fewer than 16 bytes remain.
  @inline(__always)
  mutating func skipPlainASCII() {
    while position &+ 16 <= end {
      let chunk = buffer.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
      let stops = Self.stopBits(chunk)
      if stops.low != 0 {
        position &+= stops.low.trailingZeroBitCount &>> 3
        return
      }
      if stops.high != 0 {
        position &+= 8 &+ (stops.high.trailingZeroBitCount &>> 3)
        return
      }
      position &+= 16
    }
  }

  /// One byte of `0xFF` per lane that stops the fast path, as two little-endian words so the first stop is a
  /// trailing-zero count. Comparisons are bit-cast to integer lanes because `SIMDMask` helpers do not vectorise.
  @inline(__always)
  static func stopBits(_ chunk: SIMD16<UInt8>) -> (low: UInt64, high: UInt64) {
    let quotes = unsafeBitCast(chunk .== SIMD16<UInt8>(repeating: JSONByte.quote), to: SIMD16<UInt8>.self)
    let backslashes = unsafeBitCast(
      chunk .== SIMD16<UInt8>(repeating: JSONByte.backslash), to: SIMD16<UInt8>.self)
    let controls = unsafeBitCast(chunk .< SIMD16<UInt8>(repeating: 0x20), to: SIMD16<UInt8>.self)
    // A set top bit marks non-ASCII; those lanes go to the exact UTF-8 check.
    let nonASCII = chunk & SIMD16<UInt8>(repeating: 0x80)
    let stops = quotes | backslashes | controls | nonASCII
    let words = unsafeBitCast(stops, to: SIMD2<UInt64>.self)
    // Lane 0 must be the lowest byte for the trailing-zero count; this is free on little-endian machines.
    return (UInt64(littleEndian: words[0]), UInt64(littleEndian: words[1]))
  }

  /// Checks the escape at the cursor (a `\`) and steps over it; a `\u` high surrogate must be followed
  /// by a `\u` low one.
  mutating func skipEscape(quote: Int) throws(JSONSyntaxError) {
    let start = position
    guard start &+ 1 < end else { throw syntaxError("unterminated string", at: quote) }
    switch byte(at: start &+ 1) {
    case JSONByte.quote, JSONByte.backslash, JSONByte.slash,
      0x62, 0x66, 0x6E, 0x72, 0x74:  // b f n r t
      position = start &+ 2
    case JSONByte.lowerU:
      let unit = try hexEscape(at: start, quote: quote)
      if unit & 0xFC00 == 0xD800 {
        let next = start &+ 6
        guard next &+ 1 < end, byte(at: next) == JSONByte.backslash,
          byte(at: next &+ 1) == JSONByte.lowerU
        else {
          throw syntaxError(
            "unpaired high surrogate \\u\(Self.hex16(unit)) in string (a \\u low surrogate must follow)",
            at: start)
        }
        let low = try hexEscape(at: next, quote: quote)
        guard low & 0xFC00 == 0xDC00 else {
          throw syntaxError(
            "high surrogate \\u\(Self.hex16(unit)) followed by \\u\(Self.hex16(low)), not by a low surrogate",
            at: start)
        }
        position = next &+ 6
      } else if unit & 0xFC00 == 0xDC00 {
        throw syntaxError("unpaired low surrogate \\u\(Self.hex16(unit)) in string", at: start)
      } else {
        position = start &+ 6
      }
    default:
      throw syntaxError(
        "invalid escape: \(Self.describe(byte(at: start &+ 1))) after '\\' in string", at: start)
    }
  }

  /// The code unit of the `\uXXXX` escape starting at `start` (the backslash).
  func hexEscape(at start: Int, quote: Int) throws(JSONSyntaxError) -> UInt16 {
    if start &+ 6 <= end, let unit = Self.hexUnit(buffer.loadUnaligned(fromByteOffset: start &+ 2, as: UInt32.self)) {
      return unit
    }
    // What is wrong with it, digit by digit.
    var unit: UInt16 = 0
    for index in (start &+ 2)..<(start &+ 6) {
      guard index < end else { throw syntaxError("unterminated string", at: quote) }
      let b = byte(at: index)
      guard let digit = JSONByte.hexValue(b) else {
        throw syntaxError(
          "invalid \\u escape: \(Self.describe(b)) is not a hex digit", at: index)
      }
      unit = unit &<< 4 | UInt16(digit)
    }
    return unit
  }

  /// The four hex digits of a `\u` escape, loaded as one little-endian word (the first digit in
  /// its lowest byte), as a code unit; nil unless all four are hex digits. Four bytes at once:
  /// text escaped throughout (`\u3042\u3044…`) is read one escape after another.
  @inline(__always)
  static func hexUnit(_ loaded: UInt32) -> UInt16? {
    let word = UInt32(littleEndian: loaded)
    let highs: UInt32 = 0x8080_8080
    guard word & highs == 0 else { return nil }
    // Per byte, the high bit set where the (ASCII) byte is at least `bound`: no borrow crosses
    // bytes, as each starts at 0x80 or more and `bound` is at most 0x80.
    func atLeast(_ bytes: UInt32, _ bound: UInt8) -> UInt32 { ((bytes | highs) &- 0x0101_0101 &* UInt32(bound)) & highs }
    let lower = word | 0x2020_2020
    let digits = atLeast(word, 0x30) & ~atLeast(word, 0x3A)
    let letters = atLeast(lower, 0x61) & ~atLeast(lower, 0x67)
    guard digits | letters == highs else { return nil }
    // `0`…`9` keep their low nibble; `a`…`f` and `A`…`F` have 1…6 there, plus 9.
    let nibbles = (word & 0x0F0F_0F0F) &+ (letters >> 7) &* 9
    let unit = (nibbles & 0xF) << 12 | (nibbles >> 8 & 0xF) << 8 | (nibbles >> 16 & 0xF) << 4 | nibbles >> 24 & 0xF
    return UInt16(truncatingIfNeeded: unit)
  }

  /// `XXXX`, four upper-case hex digits, for messages about `\u` escapes.
  static func hex16(_ unit: UInt16) -> String {
    let digits = String(unit, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
