/// Questions about UTF-8 text answered on its bytes, for the checks that run on a value's raw
/// JSON bytes instead of a built String.
enum ASCIIText {
  /// Whether every byte is below 0x80, eight at a time.
  static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let count = bytes.count
    var index = 0
    var high: UInt64 = 0
    while index &+ 8 <= count {
      high |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index &+= 8
    }
    while index < count {
      high |= UInt64(bytes[index])
      index &+= 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }

  /// `byte` in capitals when it is a lowercase ASCII letter; any other byte as it is.
  @inline(__always)
  static func uppercase(_ byte: UInt8) -> UInt8 {
    byte &- 0x61 < 26 ? byte &- 0x20 : byte
  }

  /// Whether every byte is below 0x80 and none is a backslash, eight at a time: a JSON string's
  /// raw text that is its value byte for byte, and compares as its bytes do.
  static func isASCIIWithoutEscapes(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let count = bytes.count
    let backslashes: UInt64 = 0x0101_0101_0101_0101 &* UInt64(JSONByte.backslash)
    var index = 0
    while index &+ 8 <= count {
      let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      if word & 0x8080_8080_8080_8080 != 0 || hasZeroByte(word ^ backslashes) { return false }
      index &+= 8
    }
    while index < count {
      if bytes[index] >= 0x80 || bytes[index] == JSONByte.backslash { return false }
      index &+= 1
    }
    return true
  }

  /// Whether `target` occurs in `bytes`, eight at a time.
  static func contains(_ target: UInt8, in bytes: UnsafeRawBufferPointer) -> Bool {
    let count = bytes.count
    let pattern = 0x0101_0101_0101_0101 &* UInt64(target)
    var index = 0
    while index &+ 8 <= count {
      if hasZeroByte(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ pattern) { return true }
      index &+= 8
    }
    while index < count {
      if bytes[index] == target { return true }
      index &+= 1
    }
    return false
  }

  /// Whether some byte of `word` is zero (the classic has-zero-byte test: exact for "some").
  @inline(__always)
  static func hasZeroByte(_ word: UInt64) -> Bool {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
  }

  /// `String.count` (Characters) of the text, where the bytes alone settle it: ASCII without a
  /// CR, where every byte is one Character (CR LF is the only ASCII pair that forms one);
  /// nil otherwise.
  static func characterCount(_ bytes: UnsafeRawBufferPointer) -> Int? {
    let count = bytes.count
    var index = 0
    var high: UInt64 = 0
    var carriageReturn = false
    while index &+ 8 <= count {
      let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      high |= word
      // A zero byte in `word ^ CR…CR` is a CR.
      if hasZeroByte(word ^ 0x0D0D_0D0D_0D0D_0D0D) { carriageReturn = true }
      index &+= 8
    }
    while index < count {
      let byte = bytes[index]
      high |= UInt64(byte)
      if byte == 0x0D { carriageReturn = true }
      index &+= 1
    }
    guard high & 0x8080_8080_8080_8080 == 0, !carriageReturn else { return nil }
    return count
  }
}
