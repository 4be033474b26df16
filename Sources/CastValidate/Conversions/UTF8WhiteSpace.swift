/// Unicode's White_Space characters (what `Unicode.Scalar.Properties.isWhitespace` answers) found in
/// UTF-8 without decoding scalars or looking up properties.
enum UTF8WhiteSpace {
  /// The byte length of the white-space character starting at `index`, or 0 when there is none.
  /// The set (Unicode 15, stable since 6.3): U+0009–000D, U+0020, U+0085, U+00A0, U+1680,
  /// U+2000–200A, U+2028, U+2029, U+202F, U+205F, U+3000.
  static func length(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int {
    let lead = bytes[index]
    if lead < 0x80 { return lead == 0x20 || (lead >= 0x09 && lead <= 0x0D) ? 1 : 0 }
    guard index + 1 < bytes.count else { return 0 }
    let second = bytes[index + 1]
    switch lead {
    case 0xC2: return second == 0x85 || second == 0xA0 ? 2 : 0
    case 0xE1, 0xE2, 0xE3:
      guard index + 2 < bytes.count else { return 0 }
      let third = bytes[index + 2]
      switch (lead, second) {
      case (0xE1, 0x9A): return third == 0x80 ? 3 : 0
      case (0xE2, 0x80): return third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF ? 3 : 0
      case (0xE2, 0x81): return third == 0x9F ? 3 : 0
      case (0xE3, 0x80): return third == 0x80 ? 3 : 0
      default: return 0
      }
    default: return 0
    }
  }
}
