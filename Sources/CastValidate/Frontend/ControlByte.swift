/// The first byte of an input that no JSON, NDJSON or YAML text may hold anywhere: a C0 control
/// other than tab, line feed and carriage return (raw in a string too, where JSON needs an escape
/// and YAML allows none). A stream is read no further than such a byte, so that `/dev/zero` or
/// `/dev/urandom` given as data ends in a malformed-input error, not a copy that fills the disk.
enum ControlByte {
  /// The offset of the first such byte in `bytes`, if any; eight bytes at a time.
  static func first(in bytes: UnsafeRawBufferPointer) -> Int? {
    var index = 0
    while index + 8 <= bytes.count {
      let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      // Some byte is below 0x20 when subtracting 0x20 from each borrows into a clear top bit
      // (a word of text without one passes untouched; one with a newline is looked at closely).
      if (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080 != 0 {
        for offset in index..<index + 8 where isForbidden(bytes[offset]) { return offset }
      }
      index += 8
    }
    for offset in index..<bytes.count where isForbidden(bytes[offset]) { return offset }
    return nil
  }

  @inline(__always)
  static func isForbidden(_ byte: UInt8) -> Bool {
    byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
  }
}
