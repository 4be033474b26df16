/// Strict UTF-8 validation of the multi-byte sequences inside a string (Unicode 15, table 3-7).
extension JSONScanner {
  /// Checks the sequences from the cursor (whose lead byte is >= 0x80) up to the next ASCII byte
  /// and steps over them: non-ASCII text comes in runs (CJK, Cyrillic, emoji), read here rather
  /// than with one 16-byte look for ASCII per character.
  mutating func skipUTF8Run(quote: Int) throws(JSONSyntaxError) {
    var lead = byte(at: position)
    while true {
      try skipUTF8Sequence(lead, quote: quote)
      guard position < end else { return }
      lead = byte(at: position)
      guard lead >= 0x80 else { return }
    }
  }

  /// Checks the sequence whose lead byte, `lead` (>= 0x80), is at the cursor and steps over it.
  ///
  /// The allowed range of the second byte depends on the lead byte; narrowing it is what rejects overlong forms
  /// (`E0 80…9F`, `F0 80…8F`), UTF-8-encoded surrogates (`ED A0…BF`) and code points above U+10FFFF (`F4 90…`).
  /// Errors name the first byte that cannot be valid where it stands.
  @inline(__always)
  private mutating func skipUTF8Sequence(_ lead: UInt8, quote: Int) throws(JSONSyntaxError) {
    var length = 0
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE, 0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: throw invalidUTF8(at: position)
    }
    let second = position &+ 1
    guard second < end else { throw syntaxError("unterminated string", at: quote) }
    let b = byte(at: second)
    guard b >= low && b <= high else {
      // An ASCII byte right after the lead means the lead stands alone (often Latin-1 text), so blame the lead.
      throw invalidUTF8(at: b < 0x80 ? position : second)
    }
    var index = second &+ 1
    while index < position &+ length {
      guard index < end else { throw syntaxError("unterminated string", at: quote) }
      guard byte(at: index) & 0xC0 == 0x80 else { throw invalidUTF8(at: index, lead: position) }
      index &+= 1
    }
    position = index
  }

  /// `invalid UTF-8 byte 0xNN in string` at a buffer-relative index; when the bad byte is ASCII after at least one
  /// good continuation byte, the sequence starting at `lead` was cut short, which is worth saying in those words.
  @inline(never)
  func invalidUTF8(at index: Int, lead: Int? = nil) -> JSONSyntaxError {
    let b = byte(at: index)
    if let lead, b < 0x80 {
      return syntaxError(
        "truncated UTF-8 sequence starting with byte \(Self.hex(byte(at: lead))) in string", at: lead)
    }
    return syntaxError("invalid UTF-8 byte \(Self.hex(b)) in string", at: index)
  }
}
