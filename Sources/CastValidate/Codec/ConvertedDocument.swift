/// The text `convert` writes for one document, put together as its records are read: the
/// record's text for an object, each element's for a top-level array. The elements wait in a
/// `ByteSpool`, so a large array takes disk rather than memory, and nothing is handed on before
/// the whole document is known valid, since an invalid document is not written at all.
package final class ConvertedDocument<Record> {
  /// How one format writes a document, in pieces.
  package struct Layout {
    /// The text of a document that is one record, handed to the body a piece at a time.
    let lone: (Record, (UnsafeRawBufferPointer) -> Void) throws -> Void
    /// The text of the array element at `index`, with what separates it from the one before,
    /// handed to the body a piece at a time.
    let element: (Record, _ index: Int, (UnsafeRawBufferPointer) -> Void) throws -> Void
    /// What comes before the first element and after the last, and an empty array's text.
    let opening: [UInt8], closing: [UInt8], empty: [UInt8]
  }

  private let layout: Layout
  private let spool: ByteSpool
  /// The first record, held until a second shows that the document is an array, whose
  /// elements are written a level deeper than a lone object.
  private var first: Record?
  private var records = 0

  /// An empty document written in `layout`, holding up to `spool`'s memory limit in memory.
  package init(_ layout: Layout, spool: ByteSpool = ByteSpool()) {
    self.layout = layout
    self.spool = spool
  }

  /// Adds the next record.
  package func add(_ record: Record) throws {
    records += 1
    guard records > 1 else { return first = record }
    if let first {
      try layout.element(first, 0, spool.append(contentsOf:))
      self.first = nil
    }
    try layout.element(record, records - 1, spool.append(contentsOf:))
  }

  /// Hands the document's text, ending in a line feed, to `body` a piece at a time: an array of
  /// the records when `isArray`, else the one record (`null`'s text when there was none).
  package func write(isArray: Bool, nothing: Record, _ body: (UnsafeRawBufferPointer) -> Void) throws {
    guard isArray else { return try layout.lone(first ?? nothing, body) }
    guard records > 0 else { return layout.empty.withUnsafeBytes(body) }
    if let first {
      try layout.element(first, 0, spool.append(contentsOf:))
      self.first = nil
    }
    layout.opening.withUnsafeBytes(body)
    spool.forEachPiece(body)
    layout.closing.withUnsafeBytes(body)
  }
}

extension ConvertedDocument<[UInt8]>.Layout {
  /// JSON in `style`, from each record's compact JSON (as the transcript writes it).
  package static func json(_ style: JSONWriter.Style) -> Self {
    let writer = JSONWriter(style: style)
    var opening = [JSONByte.openBracket]
    writer.lineBreak(level: 1, into: &opening)
    var separator = [JSONByte.comma]
    writer.lineBreak(level: 1, into: &separator)
    var closing: [UInt8] = []
    writer.lineBreak(level: 0, into: &closing)
    closing += [JSONByte.closeBracket, JSONByte.lineFeed]
    return Self(
      lone: { record, body in
        var text: [UInt8] = []
        layOut(record, level: 0, writer, into: &text, body)
        text.append(JSONByte.lineFeed)
        text.withUnsafeBytes(body)
      },
      element: { record, index, body in
        var text = index > 0 ? separator : []
        layOut(record, level: 1, writer, into: &text, body)
        text.withUnsafeBytes(body)
      },
      opening: opening, closing: closing, empty: Array("[]\n".utf8))
  }
}

/// Lays `record` out at `level`, handing `body` a megabyte at a time: the pretty text of a deep
/// document is mostly indentation, which grows as the square of its depth. What is left is in
/// `text`.
private func layOut(
  _ record: [UInt8], level: Int, _ writer: JSONWriter, into text: inout [UInt8], _ body: (UnsafeRawBufferPointer) -> Void
) {
  _ = record.withUnsafeBytes {
    writer.layOut(compact: $0, level: level, into: &text, flushingPast: 1 << 20) { piece in
      piece.withUnsafeBytes(body)
      piece.removeAll(keepingCapacity: true)
    }
  }
}

extension ConvertedDocument<JSONValue>.Layout {
  /// YAML, as Yams writes it: an element is written as the one item of a sequence, which is how
  /// the whole array's sequence writes each of its items.
  package static var yaml: Self { yaml { _ in } }

  /// `yaml`, handing `merged` the keys the writer took for one in each record (`MergedKeys`).
  package static func yaml(merged: @escaping (MergedKeys) -> Void) -> Self {
    Self(
      lone: { record, body in
        var text: [UInt8] = []
        merged(YAMLOutput.append(record, to: &text))
        text.withUnsafeBytes(body)
      },
      element: { record, _, body in
        var text: [UInt8] = []
        merged(YAMLOutput.append(.array([record]), to: &text))
        text.withUnsafeBytes(body)
      },
      opening: [], closing: [], empty: Array("[]\n".utf8))
  }
}
