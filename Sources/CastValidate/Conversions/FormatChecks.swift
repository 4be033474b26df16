import Foundation

/// Checks for string-encoded values (URLs, UUIDs, base64 data), on the value's UTF-8 bytes.
enum FormatChecks {
  /// What `URL(string:)` accepts: not empty, no white space or control characters, valid escapes,
  /// and then whatever Foundation's parser takes. A URL whose scheme and host are in the common
  /// shape (`scheme://host[:port]/path?query#fragment`) is accepted here without asking Foundation,
  /// whose parser (and the `String` it needs) was most of the time of validating URLs: what its
  /// path, query and fragment hold, Foundation takes, percent-encoded (`URLComponentEncoding`);
  /// a host beyond ASCII it is asked about once per host, through `hosts` when given.
  static func isURL(_ bytes: UnsafeRawBufferPointer, hosts: URLAuthorityCache? = nil) -> Bool {
    guard !bytes.isEmpty else { return false }
    var plain = true
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        // NB: newer Foundations percent-encode a bad escape instead of returning nil; the originals did not.
        guard isEscape(bytes, at: index, before: bytes.count) else { return false }
        index += 3
        continue
      }
      if byte <= 0x20 { return false }
      if byte >= 0x80 {
        if UTF8WhiteSpace.length(bytes, at: index) > 0 { return false }
        plain = false
      } else if !URLBytes.isRFC3986(byte) {
        plain = false
      }
      index += 1
    }
    if plain, URLBytes.isCommonReference(bytes) { return true }
    if let accepted = URLComponentEncoding.accepts(bytes, hosts: hosts) { return accepted }
    return URL(string: String(decoding: bytes, as: UTF8.self)) != nil
  }

  /// What this machine's `URL(string:)` makes of the text, as `JSONEncoder` writes it back (its
  /// `absoluteString`), or nil when it refuses it: newer Foundations percent-encode a space, a
  /// stray `%` or a non-ASCII character rather than refuse it, and refuse a bad scheme, host or
  /// port. A URL `isPlainURL` accepts is its own text, and one whose scheme and host are in the
  /// common shape is worked out on bytes (`URLComponentEncoding`), without asking Foundation.
  static func foundationURL(_ bytes: UnsafeRawBufferPointer, hosts: URLAuthorityCache? = nil) -> String? {
    guard !bytes.isEmpty else { return nil }
    if isPlainURL(bytes) { return String(decoding: bytes, as: UTF8.self) }
    if let written = URLComponentEncoding.absoluteString(bytes, hosts: hosts) { return written }
    // NB: a host beyond ASCII that Foundation refused is remembered: not parsed again whole.
    if URLComponentEncoding.accepts(bytes, hosts: hosts) == false { return nil }
    return URL(string: String(decoding: bytes, as: UTF8.self))?.absoluteString
  }

  /// RFC 3986 characters with valid escapes in the common shape (`URLBytes.isCommonReference`):
  /// what every Foundation takes and writes back unchanged.
  static func isPlainURL(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard isEscape(bytes, at: index, before: bytes.count) else { return false }
        index += 3
        continue
      }
      guard URLBytes.isRFC3986(byte) else { return false }
      index += 1
    }
    return !bytes.isEmpty && URLBytes.isCommonReference(bytes)
  }

  /// `8-4-4-4-12` hexadecimal digits.
  static func isUUID(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count == 36 else { return false }
    let dash = UInt8(ascii: "-")
    guard bytes[8] == dash, bytes[13] == dash, bytes[18] == dash, bytes[23] == dash else { return false }
    // NB: every byte looked up in a table, without a branch per byte; the dashes, counted, are
    // the four in their places.
    var bad: UInt8 = 0
    var dashes = 0
    for index in 0..<36 {
      let byte = bytes[index]
      bad |= notHexOrDash[Int(byte)]
      dashes &+= byte == dash ? 1 : 0
    }
    return bad == 0 && dashes == 4
  }

  /// 1 for every byte but the hex digits and `-`.
  private static let notHexOrDash: [UInt8] = (0..<256).map { $0 == 0x2D || isHexDigit(UInt8($0)) ? 0 : 1 }

  /// Standard base64 with padding, as `Data(base64Encoded:)` accepts it: its canonical form at
  /// byte speed, and whatever else Foundation reads (`YW==`, `aGVsbG8==`) by asking it.
  static func isBase64(_ bytes: UnsafeRawBufferPointer) -> Bool {
    isCanonicalBase64(bytes) || Data(base64Encoded: String(decoding: bytes, as: UTF8.self)) != nil
  }

  /// Whether bytes are exactly what `base64EncodedString()` writes for the data they hold: whole
  /// groups of four alphabet characters, at most two `=` at the end, and the bits the padding
  /// leaves over zero. Any other text Foundation reads is written back otherwise.
  static func isCanonicalBase64(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count % 4 == 0 else { return false }
    let padding = bytes.count >= 4 && bytes[bytes.count - 1] == UInt8(ascii: "=") ? (bytes[bytes.count - 2] == UInt8(ascii: "=") ? 2 : 1) : 0
    let end = bytes.count - padding
    for index in 0..<end where base64Value(bytes[index]) == nil { return false }
    guard padding > 0 else { return true }
    // The last character's bits past the data's last byte: 4 with two `=`, 2 with one.
    guard let last = base64Value(bytes[end - 1]) else { return false }
    return last & (padding == 2 ? 0x0F : 0x03) == 0
  }

  /// A base64 alphabet character's six bits.
  @inline(__always)
  private static func base64Value(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte &- UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): byte &- UInt8(ascii: "a") &+ 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0") &+ 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }

  /// The byte checks on a `String`'s UTF-8.
  static func isURL(_ text: String) -> Bool { onUTF8(text) { isURL($0) } }
  static func isUUID(_ text: String) -> Bool { onUTF8(text, isUUID) }

  static func onUTF8<Result>(_ text: String, _ check: (UnsafeRawBufferPointer) -> Result) -> Result {
    var text = text
    return text.withUTF8 { check(UnsafeRawBufferPointer($0)) }
  }

  /// Whether the `%` at `index` begins a valid escape, `%` and two hexadecimal digits, before `end`.
  static func isEscape(_ bytes: UnsafeRawBufferPointer, at index: Int, before end: Int) -> Bool {
    index + 2 < end && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
  }
}
