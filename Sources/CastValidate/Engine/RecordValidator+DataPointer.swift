import CastSchema

/// The pointer of a property's value as the document spells its keys. Where a model folds keys
/// (`-i`, JsonObject's snake_case rule, `.convertFromSnakeCase`), the declared key is not the
/// data's, and a pointer is into the data.
extension RecordValidator {
  /// `/KEY/…` from the object at `objectStart` down to the value that starts at `valueOffset`
  /// (a direct member, or the end of a key path through objects and arrays), or nil when no value
  /// starts there. The object is read again: only findings about a present value get here.
  func dataSuffix(from objectStart: Int, to valueOffset: Int) -> String? {
    let start = objectStart - documentBase
    guard valueOffset > objectStart, start >= 0, start < document.count else { return nil }
    var scanner = JSONScanner(
      UnsafeRawBufferPointer(rebasing: document[start...]), baseOffset: objectStart, maxDepth: schema.options.maxDepth)
    var suffix = ""
    do {
      // Each step goes into the member or element whose value holds `valueOffset`.
      while scanner.offset < valueOffset {
        var first = true
        switch try scanner.peekKind() {
        case .object:
          try scanner.beginObject()
          guard let step = try member(holding: valueOffset, &scanner, &first) else { return nil }
          suffix += "/" + JSONPointer.escape(scanner.string(step))
        case .array:
          try scanner.beginArray()
          guard let index = try element(holding: valueOffset, &scanner, &first) else { return nil }
          suffix += "/\(index)"
        default:
          return nil
        }
      }
    } catch {
      return nil
    }
    return scanner.offset == valueOffset ? suffix : nil
  }

  /// Reads members up to the one whose value holds `offset` and leaves the scanner at its value.
  private func member(
    holding offset: Int, _ scanner: inout JSONScanner, _ first: inout Bool
  ) throws(JSONSyntaxError) -> JSONStringToken? {
    while let key = try scanner.nextKey(&first) {
      _ = try scanner.peekKind()
      if try holds(offset, &scanner) { return key }
    }
    return nil
  }

  /// Reads elements up to the one that holds `offset` and leaves the scanner at it.
  private func element(holding offset: Int, _ scanner: inout JSONScanner, _ first: inout Bool) throws(JSONSyntaxError) -> Int? {
    var index = 0
    while try scanner.nextElement(&first) {
      _ = try scanner.peekKind()
      if try holds(offset, &scanner) { return index }
      index += 1
    }
    return nil
  }

  /// Whether the value at the cursor holds `offset`: if so the cursor stays at its start, if not
  /// it moves past it.
  private func holds(_ offset: Int, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Bool {
    let start = scanner
    try scanner.skipValue()
    guard offset >= start.offset, offset < scanner.offset else { return false }
    scanner = start
    return true
  }
}
