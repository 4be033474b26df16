/// Where UTF-8 text stops being UTF-8, for errors that name the byte ("invalid UTF-8 byte 0xE9")
/// instead of showing a replacement character.
package enum UTF8Validation {
  /// The offset of the first byte that is not part of a well-formed UTF-8 sequence (overlong
  /// forms, surrogates and values above U+10FFFF included), or nil when all of `bytes` is UTF-8.
  package static func firstInvalidByte(in bytes: some Collection<UInt8>) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// `0xE9`: how the errors name a byte.
  package static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return "0x" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
  }
}
