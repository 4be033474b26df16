/// The YAML of a record from its compact JSON (what the transcript writes for a valid NDJSON
/// record), read as it is written: no instance, no `JSONValue` tree. The text is the tree
/// path's for the same value; an object that repeats a key, or might (two keys, one of them
/// beyond ASCII, which Swift may find canonically equal), is left to the tree path, whose
/// `lastOfEachKey` decides which member stays.
extension YAMLBlockEmitter {
  /// A record the tree path must write (`YAMLOutput.append(compactJSON:to:)` starts it over).
  struct NeedsTree: Error {}

  /// One implicit document of the JSON value `json`.
  mutating func document(compactJSON json: Span<UInt8>) throws(NeedsTree) {
    var reader = CompactJSONCursor()
    var keys = KeyLog()
    try node(json, &reader, &keys, mappingContext: false)
    writeIndent()  // document end
  }

  /// Steps past a collection's opening byte: false, the cursor past its closing byte too, when the
  /// collection is empty.
  private func opensNonEmpty(_ json: Span<UInt8>, _ cursor: inout CompactJSONCursor, closedBy closing: UInt8) -> Bool {
    cursor.index += 1
    cursor.skipWhitespace(json)
    guard json.byte(cursor.index) != closing else {
      cursor.index += 1
      return false
    }
    return true
  }

  private mutating func node(_ json: Span<UInt8>, _ cursor: inout CompactJSONCursor, _ keys: inout KeyLog, mappingContext: Bool)
    throws(NeedsTree)
  {
    cursor.skipWhitespace(json)
    switch json.byte(cursor.index) {
    case UInt8(ascii: "{"):
      guard opensNonEmpty(json, &cursor, closedBy: UInt8(ascii: "}")) else { return emptyCollection("{", "}") }
      let parent = indent
      increaseIndent(flow: false, indentless: false)
      let first = keys.begin()
      repeat {
        cursor.skipWhitespace(json)
        let key = try cursor.string(json)
        let text = key.isEscaped ? key.decoded.span : json.extracting(key.range)
        try keys.add(text, since: first)
        mappingKey(text)
        cursor.skipWhitespace(json)
        cursor.index += 1  // ':'
        try node(json, &cursor, &keys, mappingContext: true)
        cursor.skipWhitespace(json)
        cursor.index += 1  // ',' or '}'
      } while json.byte(cursor.index - 1) == UInt8(ascii: ",")
      keys.end(first)
      indent = parent
    case UInt8(ascii: "["):
      guard opensNonEmpty(json, &cursor, closedBy: UInt8(ascii: "]")) else { return emptyCollection("[", "]") }
      let parent = indent
      increaseIndent(flow: false, indentless: mappingContext && !indention)
      repeat {
        writeIndent()
        writeIndicator("-", needsWhitespace: true, isWhitespace: false, isIndention: true)
        try node(json, &cursor, &keys, mappingContext: false)
        cursor.skipWhitespace(json)
        cursor.index += 1  // ',' or ']'
      } while json.byte(cursor.index - 1) == UInt8(ascii: ",")
      indent = parent
    case UInt8(ascii: "\""):
      let value = try cursor.string(json)
      string(value.isEscaped ? value.decoded.span : json.extracting(value.range), simpleKey: false)
    default:
      // A number, true, false or null: the bytes up to the next delimiter.
      let start = cursor.index
      var exponent = false
      while cursor.index < json.count {
        let byte = json[cursor.index]
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte <= 0x20 { break }
        if byte | 0x20 == UInt8(ascii: "e") && json.byte(start) != UInt8(ascii: "t") && json.byte(start) != UInt8(ascii: "f") {
          exponent = true
        }
        cursor.index += 1
      }
      guard cursor.index > start else { throw NeedsTree() }
      let text = json.extracting(start..<cursor.index)
      if exponent {
        var literal = ""
        for index in text.indices { literal.unicodeScalars.append(Unicode.Scalar(text[index])) }
        plain(YAMLOutput.floatText(literal))
      } else {
        plain(text)
      }
    }
  }
}

/// The keys of the objects being written, innermost last, to find a repeated one.
struct KeyLog {
  private var bytes: [UInt8] = []
  /// Where each key ends in `bytes`, and whether it is all ASCII.
  private var keys: [(end: Int, isASCII: Bool)] = []

  /// Starts an object's keys; hand the result to `add` and `end`.
  func begin() -> Int { keys.count }

  /// Adds a key of the object begun at `first`; throws when it may repeat one of the object's.
  mutating func add(_ key: Span<UInt8>, since first: Int) throws(YAMLBlockEmitter.NeedsTree) {
    var isASCII = true
    for index in key.indices where key[index] >= 0x80 { isASCII = false }
    if first < keys.count {
      // NB: Swift compares keys canonically; between ASCII keys that is byte for byte.
      guard isASCII else { throw YAMLBlockEmitter.NeedsTree() }
      var start = first == 0 ? 0 : keys[first - 1].end
      for earlier in keys[first...] {
        guard earlier.isASCII else { throw YAMLBlockEmitter.NeedsTree() }
        if earlier.end - start == key.count {
          var same = true
          for index in key.indices where bytes[start + index] != key[index] {
            same = false
            break
          }
          if same { throw YAMLBlockEmitter.NeedsTree() }
        }
        start = earlier.end
      }
    }
    for index in key.indices { bytes.append(key[index]) }
    keys.append((bytes.count, isASCII))
  }

  /// Ends the object begun at `first`, forgetting its keys.
  mutating func end(_ first: Int) {
    bytes.removeSubrange((first == 0 ? 0 : keys[first - 1].end)...)
    keys.removeSubrange(first...)
  }
}
