/// Reading what tokens refer to: raw bytes, decoded text, and key comparison.
extension JSONScanner {
  /// The raw bytes of a span (absolute offsets, as tokens carry them); valid as long as the scanned buffer is.
  package func bytes(_ span: JSONSpan) -> UnsafeRawBufferPointer {
    let lower = min(max(span.start - baseOffset, 0), end)
    let upper = min(max(span.end - baseOffset, lower), end)
    return UnsafeRawBufferPointer(rebasing: buffer[lower..<upper])
  }

  /// The string's text with its escapes resolved.
  package func string(_ token: JSONStringToken) -> String {
    let raw = bytes(token.span)
    guard token.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
    // Escapes only ever shrink (`\n` is 2 bytes for 1, `\uXXXX` 6 for at most 3), so the raw length is enough room.
    return String(unsafeUninitializedCapacity: raw.count) { output in
      var decoder = JSONStringDecoder(raw)
      var count = 0
      while count < output.count, let b = decoder.next() {
        output[count] = b
        count &+= 1
      }
      return count
    }
  }

  /// The string's decoded UTF-8 bytes.
  package func decodedBytes(_ token: JSONStringToken) -> [UInt8] {
    let raw = bytes(token.span)
    guard token.hasEscapes else { return Array(raw) }
    var result: [UInt8] = []
    result.reserveCapacity(raw.count)
    var decoder = JSONStringDecoder(raw)
    while let b = decoder.next() { result.append(b) }
    return result
  }

  /// `body` of the string's decoded UTF-8 bytes: its bytes in the input when it has no escapes
  /// (nothing is copied), else `decodedBytes`.
  package func withContent<Result>(_ token: JSONStringToken, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    token.hasEscapes ? decodedBytes(token).withUnsafeBytes(body) : body(bytes(token.span))
  }

  /// The number of Unicode scalars in the decoded string (what JSON Schema's `minLength`/`maxLength` count),
  /// without building the string: every byte that is not a UTF-8 continuation byte starts a scalar.
  package func scalarCount(_ token: JSONStringToken) -> Int {
    let raw = bytes(token.span)
    var count = 0
    if token.hasEscapes {
      var decoder = JSONStringDecoder(raw)
      while let b = decoder.next() {
        if b & 0xC0 != 0x80 { count &+= 1 }
      }
      return count
    }
    for index in 0..<raw.count where raw.load(fromByteOffset: index, as: UInt8.self) & 0xC0 != 0x80 {
      count &+= 1
    }
    return count
  }

  /// The decoded string's length in Characters (`String.count`, what `//! length` counts): from
  /// the bytes while each decoded byte is an ASCII character other than CR (each one Character),
  /// else from the decoded text.
  package func characterCount(_ token: JSONStringToken) -> Int {
    let raw = bytes(token.span)
    guard token.hasEscapes else { return ASCIIText.characterCount(raw) ?? string(token).count }
    // NB: escapes decode to ASCII unless a `\u` names a scalar past it, which then decides.
    var decoder = JSONStringDecoder(raw)
    var count = 0
    while let byte = decoder.next() {
      guard byte < 0x80, byte != 0x0D else { return string(token).count }
      count &+= 1
    }
    return count
  }

  /// True when the string's decoded content is exactly `key` (UTF-8 bytes, no normalisation).
  package func equals(_ token: JSONStringToken, _ key: [UInt8]) -> Bool {
    key.withUnsafeBytes { equals(token, $0) }
  }

  /// True when the string's decoded content is exactly the UTF-8 bytes `key`: a word-wise compare when the
  /// token has no escapes, otherwise a streaming decode that stops at the first difference.
  package func equals(_ token: JSONStringToken, _ key: UnsafeRawBufferPointer) -> Bool {
    let raw = bytes(token.span)
    guard token.hasEscapes else { return Self.sameBytes(raw, key) }
    var decoder = JSONStringDecoder(raw)
    var index = 0
    while let b = decoder.next() {
      guard index < key.count, key.load(fromByteOffset: index, as: UInt8.self) == b else {
        return false
      }
      index &+= 1
    }
    return index == key.count
  }

  /// Byte equality of two buffers, 8 bytes at a time.
  static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    let count = a.count
    guard count == b.count else { return false }
    var index = 0
    while index &+ 8 <= count {
      guard a.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        == b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      else { return false }
      index &+= 8
    }
    while index < count {
      guard a.load(fromByteOffset: index, as: UInt8.self) == b.load(fromByteOffset: index, as: UInt8.self)
      else { return false }
      index &+= 1
    }
    return true
  }
}
