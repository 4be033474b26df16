/// How many terminal columns text takes, so a caret drawn under a snippet lands under its
/// character: East Asian wide and fullwidth characters and emoji take two, combining marks,
/// variation selectors and zero-width joiners none, everything else one. Positions themselves are
/// still counted in Unicode scalars (what editors and LSP agree on); only drawing uses this.
package enum DisplayWidth {
  /// The columns of `text` in a terminal.
  package static func of(_ text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { $0 + of($1) }
  }

  /// The columns of UTF-8 bytes (invalid sequences count one column each, as U+FFFD).
  package static func of(utf8 bytes: some Collection<UInt8>) -> Int {
    of(String(decoding: bytes, as: UTF8.self))
  }

  /// The columns of one scalar: 0, 1 or 2.
  package static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    return wide.contains { $0.contains(value) } ? 2 : 1
  }

  /// East Asian Wide (W) and Fullwidth (F) blocks of Unicode 15, merged where adjacent.
  private static let wide: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
    0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
    0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
    0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x1F300...0x1F64F,
    0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
