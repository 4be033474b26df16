/// Builds a `JSONValue` from a scanner, recursively (the scanner's depth limit bounds the recursion).
struct JSONTreeReader {
  /// The scanner being read.
  var scanner: JSONScanner

  init(_ scanner: JSONScanner) {
    self.scanner = scanner
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
    switch try scanner.peekKind() {
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
      elements.append(try readValue())
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
      members.append(JSONMember(key: key, value: try readValue()))
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
    var reader = JSONTreeReader(JSONScanner(bytes, maxDepth: maxDepth))
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
}
