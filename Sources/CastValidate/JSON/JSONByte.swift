/// The ASCII bytes the JSON grammar is made of, named so the scanner reads like the RFC.
enum JSONByte {
  static let quote: UInt8 = 0x22
  static let backslash: UInt8 = 0x5C
  static let slash: UInt8 = 0x2F
  static let comma: UInt8 = 0x2C
  static let colon: UInt8 = 0x3A
  static let openBrace: UInt8 = 0x7B
  static let closeBrace: UInt8 = 0x7D
  static let openBracket: UInt8 = 0x5B
  static let closeBracket: UInt8 = 0x5D
  static let minus: UInt8 = 0x2D
  static let plus: UInt8 = 0x2B
  static let dot: UInt8 = 0x2E
  static let zero: UInt8 = 0x30
  static let space: UInt8 = 0x20
  static let tab: UInt8 = 0x09
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let lowerE: UInt8 = 0x65
  static let lowerT: UInt8 = 0x74
  static let lowerF: UInt8 = 0x66
  static let lowerN: UInt8 = 0x6E
  static let lowerU: UInt8 = 0x75

  /// True for `0`…`9`; one unsigned compare because bytes below `0` wrap around to large values.
  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

  /// The value of a hex digit, or nil when the byte is not one.
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt8? {
    if byte &- 0x30 < 10 { return byte &- 0x30 }
    // Folding to lower case first lets one range check cover `a`…`f` and `A`…`F`.
    let lower = byte | 0x20
    if lower &- 0x61 < 6 { return lower &- 0x61 &+ 10 }
    return nil
  }
}
