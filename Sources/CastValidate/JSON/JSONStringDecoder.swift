/// Resolves the escapes of a scanned string's raw content, one UTF-8 byte at a time, without allocating.
///
/// It trusts that the scanner already validated the content; should it meet a malformed escape anyway
/// (a span that did not come from the scanner), it yields U+FFFD rather than trapping.
struct JSONStringDecoder: IteratorProtocol {
  /// The raw content between the quotes.
  let raw: UnsafeRawBufferPointer
  /// The next raw byte to read.
  private var index = 0
  /// Bytes of an already decoded scalar still to yield, lowest byte first.
  private var pending: UInt32 = 0
  /// How many bytes `pending` holds.
  private var pendingCount = 0

  /// Creates a decoder over raw string content.
  init(_ raw: UnsafeRawBufferPointer) {
    self.raw = raw
  }

  /// The next decoded UTF-8 byte, or nil at the end.
  mutating func next() -> UInt8? {
    if pendingCount > 0 {
      let b = UInt8(truncatingIfNeeded: pending)
      pending &>>= 8
      pendingCount &-= 1
      return b
    }
    guard index < raw.count else { return nil }
    let b = raw.load(fromByteOffset: index, as: UInt8.self)
    guard b == JSONByte.backslash, index &+ 1 < raw.count else {
      index &+= 1
      return b
    }
    let escaped = raw.load(fromByteOffset: index &+ 1, as: UInt8.self)
    index &+= 2
    switch escaped {
    case 0x62: return 0x08  // \b
    case 0x66: return 0x0C  // \f
    case 0x6E: return 0x0A  // \n
    case 0x72: return 0x0D  // \r
    case 0x74: return 0x09  // \t
    case JSONByte.lowerU: return emit(decodeUnicodeEscape())
    default: return escaped  // \" \\ \/
    }
  }

  /// The scalar of a `\uXXXX` escape whose `u` was just consumed, pairing surrogates.
  private mutating func decodeUnicodeEscape() -> UInt32 {
    let replacement: UInt32 = 0xFFFD
    guard let unit = hexUnit(at: index) else { return replacement }
    index &+= 4
    guard unit & 0xFC00 == 0xD800 else {
      return unit & 0xFC00 == 0xDC00 ? replacement : unit
    }
    guard index &+ 6 <= raw.count,
      raw.load(fromByteOffset: index, as: UInt8.self) == JSONByte.backslash,
      raw.load(fromByteOffset: index &+ 1, as: UInt8.self) == JSONByte.lowerU,
      let low = hexUnit(at: index &+ 2), low & 0xFC00 == 0xDC00
    else { return replacement }
    index &+= 6
    return 0x10000 &+ ((unit &- 0xD800) &<< 10) &+ (low &- 0xDC00)
  }

  /// Four hex digits at `start` as a number, or nil.
  private func hexUnit(at start: Int) -> UInt32? {
    guard start &+ 4 <= raw.count else { return nil }
    var unit: UInt32 = 0
    for offset in start..<(start &+ 4) {
      guard let digit = JSONByte.hexValue(raw.load(fromByteOffset: offset, as: UInt8.self)) else {
        return nil
      }
      unit = unit &<< 4 | UInt32(digit)
    }
    return unit
  }

  /// Returns the first UTF-8 byte of `scalar` and queues the continuation bytes, packed lowest-first in a word
  /// so decoding never allocates.
  private mutating func emit(_ scalar: UInt32) -> UInt8 {
    let b1 = 0x80 | scalar & 0x3F
    let b2 = 0x80 | (scalar &>> 6) & 0x3F
    let b3 = 0x80 | (scalar &>> 12) & 0x3F
    switch scalar {
    case 0..<0x80:
      return UInt8(truncatingIfNeeded: scalar)
    case 0x80..<0x800:
      pending = b1
      pendingCount = 1
      return UInt8(truncatingIfNeeded: 0xC0 | scalar &>> 6)
    case 0x800..<0x10000:
      pending = b2 | b1 &<< 8
      pendingCount = 2
      return UInt8(truncatingIfNeeded: 0xE0 | scalar &>> 12)
    default:
      pending = b3 | b2 &<< 8 | b1 &<< 16
      pendingCount = 3
      return UInt8(truncatingIfNeeded: 0xF0 | scalar &>> 18)
    }
  }
}
