/// Where each value of a document starts, by RFC 6901 JSON Pointer (`""` for the root), read
/// without building the values: for a caller that holds the tree already, or needs none.
package struct JSONPointerIndex {
  private var scanner: JSONScanner
  /// The offsets found so far; of a key's occurrences the last is kept, the member a lookup by
  /// key finds (with `firstWins`, the first, the one JSONDecoder reads).
  private(set) var offsets: [String: Int] = [:]
  private let firstWins: Bool
  /// The escaped pointer of the value being read, as UTF-8; grown and cut back as the reader descends.
  private var pointer: [UInt8] = []

  private init(_ scanner: JSONScanner, firstWins: Bool) {
    self.scanner = scanner
    self.firstWins = firstWins
  }

  /// The offsets of a whole document's values (offsets in `bytes`): a leading UTF-8 BOM is
  /// skipped, trailing non-whitespace is an error.
  package static func offsets(
    of bytes: UnsafeRawBufferPointer, maxDepth: Int = 512, firstWins: Bool = false
  ) throws(JSONSyntaxError) -> [String: Int] {
    var index = JSONPointerIndex(JSONScanner(bytes, maxDepth: maxDepth), firstWins: firstWins)
    index.scanner.skipByteOrderMark()
    try index.value()
    try index.scanner.expectEnd()
    return index.offsets
  }

  private mutating func value() throws(JSONSyntaxError) {
    let kind = try scanner.peekKind()
    offsets[String(decoding: pointer, as: UTF8.self)] = scanner.offset
    var first = true
    switch kind {
    case .array:
      try scanner.beginArray()
      var index = 0
      while try scanner.nextElement(&first) {
        let mark = pointer.count
        pointer.append(contentsOf: "/\(index)".utf8)
        try value()
        pointer.removeSubrange(mark...)
        index += 1
      }
    case .object:
      try scanner.beginObject()
      while let token = try scanner.nextKey(&first) {
        let mark = pointer.count
        JSONPointer.appendEscaped(scanner.string(token), to: &pointer)
        if firstWins, offsets[String(decoding: pointer, as: UTF8.self)] != nil {
          // A repeat of a key whose first occurrence is the one read: nothing of it is placed.
          try scanner.skipValue()
        } else {
          try value()
        }
        pointer.removeSubrange(mark...)
      }
    default:
      try scanner.skipValue()
    }
  }
}
