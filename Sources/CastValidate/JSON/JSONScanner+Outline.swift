extension JSONScanner {
  /// The offset just past the `{` of the object `text` holds, when it is one valid JSON object
  /// with at least one member (whitespace around it allowed); nil for anything else. For
  /// splicing members in front of a report's own without building its tree.
  /// `read` is told how far the text has been read, member by member and through an array
  /// member element by element (a mapped report's pages can be let go behind).
  package static func membersStart(ofObject text: UnsafeRawBufferPointer, read: (Int) -> Void = { _ in }) -> Int? {
    var scanner = JSONScanner(text)
    do {
      scanner.skipWhitespace()
      let brace = scanner.position
      guard scanner.position < scanner.end, scanner.byte(at: brace) == JSONByte.openBrace else { return nil }
      try scanner.beginObject()
      var first = true
      guard try scanner.nextKey(&first) != nil else { return nil }
      repeat {
        if try scanner.peekKind() == .array {
          try scanner.beginArray()
          var firstElement = true
          while try scanner.nextElement(&firstElement) {
            try scanner.skipValue()
            read(scanner.position)
          }
        } else {
          try scanner.skipValue()
          read(scanner.position)
        }
      } while try scanner.nextKey(&first) != nil
      try scanner.expectEnd()
      return brace + 1
    } catch {
      return nil
    }
  }

  /// In a SARIF log's text, hands each element of the first run's `results` to `body` (as its
  /// bytes) and returns the byte range of that array; nil when the text is no such log.
  package static func forEachSARIFResult(
    inLog text: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void
  ) -> Range<Int>? {
    var scanner = JSONScanner(text)
    do {
      try scanner.beginObject()
      guard try scanner.seek(member: "runs") else { return nil }
      try scanner.beginArray()
      var firstRun = true
      guard try scanner.nextElement(&firstRun) else { return nil }
      try scanner.beginObject()
      guard try scanner.seek(member: "results") else { return nil }
      scanner.skipWhitespace()
      let start = scanner.position
      try scanner.beginArray()
      var firstResult = true
      while try scanner.nextElement(&firstResult) {
        scanner.skipWhitespace()
        let element = scanner.position
        try scanner.skipValue()
        body(UnsafeRawBufferPointer(rebasing: text[element..<scanner.position]))
      }
      return start..<scanner.position
    } catch {
      return nil
    }
  }

  /// In the object just begun, moves the cursor to the value of the first member named `name`,
  /// passing over the others; false when there is none.
  private mutating func seek(member name: String) throws(JSONSyntaxError) -> Bool {
    var first = true
    while let key = try nextKey(&first) {
      if string(key) == name { return true }
      try skipValue()
    }
    return false
  }
}
