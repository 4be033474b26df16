/// The scalars of well-formed UTF-8 bytes, decoded where they lie: a pattern reads text beyond
/// ASCII without a `String` being made of it. The scanner has checked the text's UTF-8, so a
/// sequence is decoded by its lead byte alone (the stdlib's `UTF8.ForwardParser`, which checks
/// again, took a fifth of a pattern's time on such text).
struct UTF8Scalars: IteratorProtocol {
  private let bytes: UnsafeRawBufferPointer
  private var index = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  mutating func next() -> Unicode.Scalar? {
    guard index < bytes.count else { return nil }
    let lead = bytes[index]
    guard lead >= 0x80 else {
      index &+= 1
      return Unicode.Scalar(lead)
    }
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    // NB: never met (the text was checked); a sequence cut short or a stray byte reads as U+FFFD.
    guard lead >= 0xC2, lead <= 0xF4, index &+ length <= bytes.count else {
      index &+= 1
      return "\u{FFFD}"
    }
    var value = UInt32(lead) & (0x7F >> UInt32(length))
    for offset in 1..<length {
      let byte = bytes[index &+ offset]
      guard byte & 0xC0 == 0x80 else {
        index &+= offset
        return "\u{FFFD}"
      }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    index &+= length
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }
}
