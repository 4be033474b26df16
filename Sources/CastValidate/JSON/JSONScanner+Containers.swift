#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Objects and arrays: opening, walking members and elements, closing, and the depth limit.
extension JSONScanner {
  /// Consumes `{` and opens an object; throws when that would exceed `maxDepth`.
  package mutating func beginObject() throws(JSONSyntaxError) {
    skipWhitespace()
    guard position < end, byte(at: position) == JSONByte.openBrace else {
      throw unexpected(expected: "'{'")
    }
    try enterContainer()
  }

  /// Consumes `[` and opens an array; throws when that would exceed `maxDepth`.
  package mutating func beginArray() throws(JSONSyntaxError) {
    skipWhitespace()
    guard position < end, byte(at: position) == JSONByte.openBracket else {
      throw unexpected(expected: "'['")
    }
    try enterContainer()
  }

  /// Counts one more open container and steps over its opening byte.
  @inline(__always)
  mutating func enterContainer() throws(JSONSyntaxError) {
    guard depth < maxDepth else { throw tooDeep() }
    depth &+= 1
    position &+= 1
  }

  /// Next key of the current object, or nil after consuming the closing '}'. `first` is the caller's flag
  /// (true before the first member); handles ',' and ':'.
  ///
  /// On return the cursor is just after the `:`, before the member's value, which the caller must consume.
  package mutating func nextKey(_ first: inout Bool) throws(JSONSyntaxError) -> JSONStringToken? {
    guard try beginKey(&first) else { return nil }
    let key = try readStringAtQuote()
    try endKey()
    return key
  }

  /// The first half of `nextKey`: false after consuming `}`; true with the cursor at the next
  /// key's opening quote, which the caller reads, then calls `endKey`.
  @inline(__always)
  mutating func beginKey(_ first: inout Bool) throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    guard position < end else {
      throw unexpected(expected: first ? "a string key or '}'" : "',' or '}' after an object member")
    }
    let b = byte(at: position)
    if b == JSONByte.closeBrace {
      position &+= 1
      depth &-= 1
      first = false
      return false
    }
    if first {
      first = false
      guard b == JSONByte.quote else { throw unexpected(expected: "a string key or '}'") }
    } else {
      guard b == JSONByte.comma else {
        throw unexpected(expected: "',' or '}' after an object member")
      }
      position &+= 1
      skipWhitespace()
      // Checked here rather than left to readString so `{"a":1,}` gets a message about the comma.
      guard position < end, byte(at: position) == JSONByte.quote else {
        throw unexpected(expected: "a string key after ','")
      }
    }
    return true
  }

  /// The second half of `nextKey`, after the key: the `:`, and the cursor past it.
  @inline(__always)
  mutating func endKey() throws(JSONSyntaxError) {
    skipWhitespace()
    guard position < end, byte(at: position) == JSONByte.colon else {
      throw unexpected(expected: "':' after an object key")
    }
    position &+= 1
  }

  /// The key whose opening quote is at the cursor, when its content is exactly `expected`, read
  /// without scanning it: the cursor is then past its closing quote. `expected` is a plain key
  /// (no quote, backslash or control byte, valid UTF-8), so those bytes and a quote after them are
  /// that key and nothing else; `prefix` is its first eight bytes, zero-padded (`KeyPrefix.word`).
  /// Nil, the cursor unmoved, for any other key.
  @inline(__always)
  mutating func readKey(ifItIs expected: UnsafeRawBufferPointer, prefix: UInt64) -> JSONStringToken? {
    let start = position &+ 1
    let length = expected.count
    guard let base = buffer.baseAddress, start &+ max(length &+ 1, 8) <= end else { return nil }
    let word = UInt64(littleEndian: (base + start).loadUnaligned(as: UInt64.self))
    let head = length >= 8 ? word : word & ((1 &<< UInt64(length &* 8)) &- 1)
    guard head == prefix, base.load(fromByteOffset: start &+ length, as: UInt8.self) == JSONByte.quote else { return nil }
    if length > 8 {
      guard let rest = expected.baseAddress, memcmp(base + (start &+ 8), rest + 8, length &- 8) == 0 else { return nil }
    }
    position = start &+ length &+ 1
    return JSONStringToken(span: JSONSpan(start: baseOffset &+ start, end: baseOffset &+ start &+ length), hasEscapes: false)
  }

  /// True when another element follows (cursor then at the element), false after consuming ']'.
  ///
  /// A missing element after `,` (as in `[1,]`) is reported by whatever reads the element next.
  @inline(__always)
  package mutating func nextElement(_ first: inout Bool) throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    guard position < end else {
      throw unexpected(expected: first ? "a value or ']'" : "',' or ']' after an array element")
    }
    let b = byte(at: position)
    if b == JSONByte.closeBracket {
      position &+= 1
      depth &-= 1
      first = false
      return false
    }
    if first {
      first = false
      return true
    }
    guard b == JSONByte.comma else {
      throw unexpected(expected: "',' or ']' after an array element")
    }
    position &+= 1
    skipWhitespace()
    return true
  }
}
