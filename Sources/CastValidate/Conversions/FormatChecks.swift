import Foundation

/// Checks for string-encoded values: URLs, UUIDs, base64 data.
enum FormatChecks {
  /// What `URL(string:)` accepts: not empty, no spaces or control characters, valid escapes.
  static func isURL(_ text: String) -> Bool {
    guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 })
    else { return false }
    // NB: newer Foundations percent-encode a bad escape instead of returning nil; the originals did not.
    let bytes = Array(text.utf8)
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
      guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
    }
    return URL(string: text) != nil
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
  }

  /// `8-4-4-4-12` hexadecimal digits.
  static func isUUID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        guard (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66) else { return false }
      }
    }
    return true
  }

  /// Standard base64 with padding, as `Data(base64Encoded:)` accepts it.
  static func isBase64(_ text: String) -> Bool {
    Data(base64Encoded: text) != nil
  }
}
