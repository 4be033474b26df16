/// `NSString.boolValue` as swift-corelibs-foundation computes it, the rule of the JsonObject and
/// Convertible dialects (JO-11, CV-08): a `Scanner` that skips white space and newlines before
/// each step, then `y Y t T` is true at once; else an optional sign, leading zeros, and a digit
/// 1–9 is true. So `"+y"`, `"0y"` and `"00T"` are false (the sign and zeros are skipped only on
/// the way to a digit), `"-01"` and `"+ 1"` are true, `"0 0 1"` is false (white space is skipped
/// between steps, not inside the run of zeros). `FoundationBoolTests` compares it with
/// `NSString.boolValue` over generated strings.
enum FoundationBool {
  /// The Bool that `(text as NSString).boolValue` gives.
  static func value(of text: String) -> Bool {
    if let value = FormatChecks.onUTF8(text, { value(ofASCII: $0) }) { return value }
    // NB: the Scanner steps over Characters, and a Character is in a set only when each of its
    // scalars is: `"y\u{301}"` (y and a combining accent) is not a `y`, `" \u{301}1"` does not
    // start with white space.
    var rest = Substring(text)
    func skipWhiteSpace() { rest = rest.drop { $0.unicodeScalars.allSatisfy(isSkipped) } }
    skipWhiteSpace()
    if let first = rest.first, isOne(first, of: "tTyY") { return true }
    if let first = rest.first, isOne(first, of: "+-") {
      rest = rest.dropFirst()
      skipWhiteSpace()
    }
    rest = rest.drop { isOne($0, of: "0") }
    skipWhiteSpace()
    guard let first = rest.first else { return false }
    return isOne(first, of: "123456789")
  }

  /// The same for UTF-8 bytes that are all ASCII, read as bytes (each byte is a Character, but
  /// CR LF, which is white space either way); nil for other text.
  static func value(ofASCII bytes: UnsafeRawBufferPointer) -> Bool? {
    for byte in bytes where byte >= 0x80 { return nil }
    var index = 0
    func skipWhiteSpace() {
      while index < bytes.count, bytes[index] == 0x20 || (bytes[index] >= 0x09 && bytes[index] <= 0x0D) { index += 1 }
    }
    skipWhiteSpace()
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "y"), UInt8(ascii: "Y"): return true
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      index += 1
      skipWhiteSpace()
    default: break
    }
    while index < bytes.count, bytes[index] == UInt8(ascii: "0") { index += 1 }
    skipWhiteSpace()
    return index < bytes.count && bytes[index] >= UInt8(ascii: "1") && bytes[index] <= UInt8(ascii: "9")
  }

  /// Whether a Character is a single scalar of `set`.
  private static func isOne(_ character: Character, of set: String) -> Bool {
    let scalars = character.unicodeScalars
    guard let scalar = scalars.first, scalars.count == 1 else { return false }
    return set.unicodeScalars.contains(scalar)
  }

  /// `CharacterSet.whitespacesAndNewlines`, the Scanner's default skip set, as Foundation on
  /// Linux has it: Unicode's White_Space and U+200B ZERO WIDTH SPACE, which CoreFoundation's
  /// older tables still count as a space.
  private static func isSkipped(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar == "\u{200B}"
  }
}
