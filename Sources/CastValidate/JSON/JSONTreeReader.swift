/// Builds a `JSONValue` from a scanner, recursively (the scanner's depth limit bounds the recursion),
/// optionally noting where each value starts by JSON Pointer.
struct JSONTreeReader {
  /// The scanner being read.
  var scanner: JSONScanner
  /// Where each value starts, by RFC 6901 pointer; nil when not asked for, to skip the bookkeeping.
  var offsets: [String: Int]?
  /// The escaped pointer of the value being read, as UTF-8; grown and cut back as the reader descends.
  private var pointer: [UInt8] = []

  /// Creates a reader; `recordOffsets` turns on the pointer bookkeeping.
  init(_ scanner: JSONScanner, recordOffsets: Bool) {
    self.scanner = scanner
    self.offsets = recordOffsets ? [:] : nil
  }

  /// Reads one whole document: BOM, one value, nothing but whitespace after it.
  mutating func readDocument() throws(JSONSyntaxError) -> JSONValue {
    scanner.skipByteOrderMark()
    let value = try readValue()
    try scanner.expectEnd()
    return value
  }

  /// Reads the value at the cursor.
  mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
    let kind = try scanner.peekKind()
    if offsets != nil {
      // Later duplicates of a key overwrite earlier ones, matching the member a lookup by key would find last.
      offsets?[String(decoding: pointer, as: UTF8.self)] = scanner.offset
    }
    switch kind {
    case .null:
      try scanner.readNull()
      return .null
    case .bool: return .bool(try scanner.readBool())
    case .number: return .number(scanner.literal(try scanner.readNumber()))
    case .string: return .string(scanner.string(try scanner.readString()))
    case .array: return .array(try readArray())
    case .object: return .object(try readObject())
    }
  }

  /// Reads an array's elements.
  private mutating func readArray() throws(JSONSyntaxError) -> [JSONValue] {
    try scanner.beginArray()
    var elements: [JSONValue] = []
    var first = true
    while try scanner.nextElement(&first) {
      let mark = pointer.count
      if offsets != nil { pointer.append(contentsOf: "/\(elements.count)".utf8) }
      elements.append(try readValue())
      pointer.removeSubrange(mark...)
    }
    return elements
  }

  /// Reads an object's members.
  private mutating func readObject() throws(JSONSyntaxError) -> [JSONMember] {
    try scanner.beginObject()
    var members: [JSONMember] = []
    var first = true
    while let token = try scanner.nextKey(&first) {
      let key = scanner.string(token)
      let mark = pointer.count
      if offsets != nil { JSONPointer.appendEscaped(key, to: &pointer) }
      members.append(JSONMember(key: key, value: try readValue()))
      pointer.removeSubrange(mark...)
    }
    return members
  }
}

/// Whole-document parsing into a tree.
extension JSONValue {
  /// Parses a whole document: a leading UTF-8 BOM is skipped, trailing non-whitespace is an error.
  package static func parse(
    _ bytes: UnsafeRawBufferPointer, maxDepth: Int = 512
  ) throws(JSONSyntaxError) -> JSONValue {
    var reader = JSONTreeReader(JSONScanner(bytes, maxDepth: maxDepth), recordOffsets: false)
    return try reader.readDocument()
  }

  /// Parses a whole document held in an array of UTF-8 bytes.
  package static func parse(_ bytes: [UInt8], maxDepth: Int = 512) throws(JSONSyntaxError) -> JSONValue {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONSyntaxError) -> JSONValue in try parse(buffer, maxDepth: maxDepth) }
    }
    return try result.get()
  }

  /// Parses a whole document held in a string.
  package static func parse(_ text: String, maxDepth: Int = 512) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8), maxDepth: maxDepth)
  }

  /// Parses a whole document and also returns where each value starts (absolute byte offset), keyed by its
  /// RFC 6901 JSON Pointer (`""` for the root). With duplicate keys the last occurrence wins.
  package static func parseWithOffsets(
    _ bytes: UnsafeRawBufferPointer, maxDepth: Int = 512
  ) throws(JSONSyntaxError) -> (value: JSONValue, offsets: [String: Int]) {
    var reader = JSONTreeReader(JSONScanner(bytes, maxDepth: maxDepth), recordOffsets: true)
    let value = try reader.readDocument()
    return (value, reader.offsets ?? [:])
  }
}
