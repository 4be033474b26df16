/// A pull reader over UTF-8 JSON bytes: the caller asks for the next value of the kind it expects and
/// the scanner checks the grammar as it goes, without building a tree or allocating on valid input.
///
/// The scanner does not own its bytes: the buffer must outlive it. Offsets it reports are absolute,
/// that is relative to the buffer start plus `baseOffset`, so a document can be scanned in pieces.
package struct JSONScanner {
  /// The bytes being scanned.
  package let buffer: UnsafeRawBufferPointer
  /// Added to every reported offset.
  package let baseOffset: Int
  /// The deepest nesting of objects and arrays accepted; one more is a syntax error.
  package let maxDepth: Int
  /// The largest `maxDepth` the command line's `--max-depth` accepts: the nesting error suggests
  /// raising the limit only below it.
  package static let maxDepthLimit = 10_000
  /// How many objects and arrays are open at the cursor.
  package internal(set) var depth: Int
  /// The cursor, relative to the buffer start.
  var position: Int
  /// Set by reading a string that holds a byte of 0x80 or more; a reader that clears it first
  /// learns whether the strings it read since are ASCII without looking at their bytes again.
  var sawNonASCII = false
  /// The buffer's length, kept in a stored property so bounds checks in hot loops need no recomputation.
  let end: Int

  /// Creates a scanner at the start of `buffer`, which lies `depth` containers deep in its
  /// document (an array element: 1), so that `maxDepth` stays the document's limit.
  package init(_ buffer: UnsafeRawBufferPointer, baseOffset: Int = 0, maxDepth: Int = 512, depth: Int = 0) {
    self.buffer = buffer
    self.baseOffset = baseOffset
    self.maxDepth = maxDepth
    self.depth = depth
    self.position = 0
    self.end = buffer.count
  }

  /// The absolute byte offset of the cursor.
  package var offset: Int { baseOffset + position }

  /// True when only whitespace remains; the whitespace is consumed.
  package var isAtEnd: Bool {
    mutating get {
      skipWhitespace()
      return position >= end
    }
  }

  /// The byte at a buffer-relative index; callers check the index against `end` first.
  @inline(__always)
  func byte(at index: Int) -> UInt8 {
    buffer.load(fromByteOffset: index, as: UInt8.self)
  }

  /// Skips a leading UTF-8 byte order mark `EF BB BF` if the cursor is at one.
  package mutating func skipByteOrderMark() {
    guard position + 3 <= end,
      byte(at: position) == 0xEF, byte(at: position + 1) == 0xBB, byte(at: position + 2) == 0xBF
    else { return }
    position += 3
  }

  /// Moves the cursor past JSON whitespace: space, tab, LF and CR only.
  @inline(__always)
  mutating func skipWhitespace() {
    while position < end {
      let b = byte(at: position)
      // Every whitespace byte is <= ' ', so one compare settles the common non-whitespace case.
      if b > JSONByte.space { return }
      guard b == JSONByte.space || b == JSONByte.lineFeed || b == JSONByte.carriageReturn
        || b == JSONByte.tab
      else { return }
      position &+= 1
    }
  }

  /// Skips whitespace and tells whether the next value is the empty string `""`, its only
  /// spelling; looked at, not consumed.
  mutating func emptyStringAhead() -> Bool {
    skipWhitespace()
    return position &+ 1 < end && byte(at: position) == JSONByte.quote && byte(at: position &+ 1) == JSONByte.quote
  }

  /// Whether the next value is an empty object (`{}`, white space allowed inside); skips the
  /// white space before it.
  mutating func emptyObjectAhead() -> Bool {
    skipWhitespace()
    guard position < end, byte(at: position) == JSONByte.openBrace else { return false }
    let brace = position
    position &+= 1
    skipWhitespace()
    let empty = position < end && byte(at: position) == JSONByte.closeBrace
    position = brace
    return empty
  }

  /// Skips whitespace and tells what the next value is; throws at the end of input or on a byte that cannot
  /// start a value.
  package mutating func peekKind() throws(JSONSyntaxError) -> JSONValueKind {
    skipWhitespace()
    guard position < end else { throw unexpected(expected: "a value") }
    switch byte(at: position) {
    case JSONByte.openBrace: return .object
    case JSONByte.openBracket: return .array
    case JSONByte.quote: return .string
    case JSONByte.minus, 0x30...0x39: return .number
    case JSONByte.lowerT, JSONByte.lowerF: return .bool
    case JSONByte.lowerN: return .null
    default: throw unexpected(expected: "a value")
    }
  }

  /// Checks that only whitespace remains after the document.
  package mutating func expectEnd() throws(JSONSyntaxError) {
    skipWhitespace()
    guard position >= end else { throw unexpected(expected: "the end of the document") }
  }
}

/// The scanner borrows its bytes through an unsafe pointer, so it must stay on the task that owns the buffer;
/// stating it here turns an accidental hand-off into a compile error rather than a silent capability.
@available(*, unavailable)
extension JSONScanner: Sendable {}
