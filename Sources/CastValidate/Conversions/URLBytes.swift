/// RFC 3986 on bytes: the characters a URL may hold as they are, and the common shape of a URL
/// whose every part Foundation's parser takes unchanged.
enum URLBytes {
  /// `A-Z a-z 0-9 - . _ ~ : / ? # [ ] @ ! $ & ' ( ) * + , ; = %` as bits (the low word is bytes
  /// 0–63, the high one 64–127); `URLBytesTests` rebuilds both from the characters.
  static let rfc3986Low: UInt64 = 0xafff_fffa_0000_0000
  static let rfc3986High: UInt64 = 0x47ff_fffe_afff_ffff
  /// The unreserved characters, `A-Z a-z 0-9 - . _ ~`: what a host name is made of here.
  static let unreservedLow: UInt64 = 0x03ff_6000_0000_0000
  static let unreservedHigh: UInt64 = 0x47ff_fffe_87ff_fffe

  static func isRFC3986(_ byte: UInt8) -> Bool { contains(byte, rfc3986Low, rfc3986High) }
  static func isUnreserved(_ byte: UInt8) -> Bool { contains(byte, unreservedLow, unreservedHigh) }

  @inline(__always)
  private static func contains(_ byte: UInt8, _ low: UInt64, _ high: UInt64) -> Bool {
    byte < 64 ? low >> UInt64(byte) & 1 == 1 : byte < 128 && high >> UInt64(byte &- 64) & 1 == 1
  }

  /// Whether RFC 3986 characters (escapes already checked) form `[scheme:][//host[:port]]path[?query][#fragment]`
  /// with a host of unreserved characters, a port of 1–4 digits, no user info, no `[` `]` outside
  /// a host and one `#` at most. False means "ask Foundation", not "invalid": these are the forms
  /// it is known to take as they are (`FormatChecksTests` compares the two on every such string).
  static func isCommonReference(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard var index = commonPathStart(bytes, canonicalPort: false) else { return false }
    var inFragment = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") { return false }
      if byte == UInt8(ascii: "#") {
        guard !inFragment else { return false }
        inFragment = true
      }
      index += 1
    }
    return true
  }

  /// Where the path begins, when what comes before it is `[scheme:][//host[:port]]` as
  /// `isCommonReference` takes it; nil means "ask Foundation". With `canonicalPort`, a port is
  /// also as Foundation writes it when it rebuilds the URL (no leading zero).
  static func commonPathStart(_ bytes: UnsafeRawBufferPointer, canonicalPort: Bool) -> Int? {
    let count = bytes.count
    var index = 0
    // A scheme is the text before a `:` that comes before any `/`, `?` or `#`; a colon in a
    // relative reference's first segment is left to Foundation.
    var end = 0
    while end < count, !isDelimiter(bytes[end]), bytes[end] != UInt8(ascii: ":") { end += 1 }
    if end < count, bytes[end] == UInt8(ascii: ":") {
      guard isScheme(bytes, upTo: end) else { return nil }
      index = end + 1
    }
    if index + 1 < count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
      var end = index + 2
      while end < count, !isDelimiter(bytes[end]) { end += 1 }
      guard isHostAndPort(bytes, from: index + 2, to: end, canonicalPort: canonicalPort) else { return nil }
      index = end
    }
    return index
  }

  /// Where `scheme://authority` ends when its authority holds text beyond ASCII and neither user
  /// information nor an IP literal (`@`, `[`, `]`): the prefix `URLAuthorityCache` asks
  /// Foundation about. Nil for every other URL.
  static func foreignAuthorityEnd(_ bytes: UnsafeRawBufferPointer) -> Int? {
    let count = bytes.count
    var colon = 0
    while colon < count, !isDelimiter(bytes[colon]), bytes[colon] != UInt8(ascii: ":") { colon += 1 }
    guard colon < count, bytes[colon] == UInt8(ascii: ":"), isScheme(bytes, upTo: colon),
      colon + 2 < count, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
    else { return nil }
    var end = colon + 3
    var beyondASCII = false
    while end < count, !isDelimiter(bytes[end]) {
      let byte = bytes[end]
      if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") { return nil }
      if byte >= 0x80 { beyondASCII = true }
      end += 1
    }
    return beyondASCII ? end : nil
  }

  private static func isDelimiter(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
  }

  /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
  private static func isScheme(_ bytes: UnsafeRawBufferPointer, upTo end: Int) -> Bool {
    guard end > 0, bytes[0] | 0x20 >= UInt8(ascii: "a"), bytes[0] | 0x20 <= UInt8(ascii: "z") else { return false }
    for index in 1..<end {
      let byte = bytes[index]
      let letter = byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
      let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      guard letter || digit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      else { return false }
    }
    return true
  }

  /// A non-empty host of unreserved characters, then optionally `:` and 1–4 digits (with
  /// `canonicalPort`, the first of several not `0`).
  private static func isHostAndPort(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, canonicalPort: Bool) -> Bool {
    var index = start
    while index < end, isUnreserved(bytes[index]) { index += 1 }
    guard index > start else { return false }
    if index == end { return true }
    guard bytes[index] == UInt8(ascii: ":"), end - index - 1 >= 1, end - index - 1 <= 4 else { return false }
    if canonicalPort, end - index - 1 > 1, bytes[index + 1] == UInt8(ascii: "0") { return false }
    for digit in index + 1..<end where !(bytes[digit] >= UInt8(ascii: "0") && bytes[digit] <= UInt8(ascii: "9")) {
      return false
    }
    return true
  }
}
