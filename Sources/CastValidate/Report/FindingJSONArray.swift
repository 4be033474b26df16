import CastSchema

/// The `findings` array of `--format json` (and SARIF's `results`), written element by element as
/// records are reported, into a spool that moves to a temporary file past a few megabytes: no
/// tree of findings, and no memory that grows with their number, waits for the end of the input.
package struct FindingJSONArray {
  /// The elements written so far, each after its separator and indentation.
  private let elements: ByteSpool
  /// One element's bytes, reused.
  private var scratch: [UInt8] = []
  /// How deep the array sits in the document (1: a member of the top-level object).
  package let level: Int
  private let writer: JSONWriter

  /// An empty array nested `level` deep, laid out as `writer` lays out a whole document.
  package init(level: Int = 1, writer: JSONWriter = JSONWriter(style: .pretty(indent: 2)), memoryLimit: Int = 8 << 20) {
    self.level = level
    self.writer = writer
    elements = ByteSpool(memoryLimit: memoryLimit)
  }

  /// Whether no element was written.
  package var isEmpty: Bool { elements.isEmpty }

  /// Writes one finding (`FindingJSON.value`) as the next element.
  package mutating func append(_ finding: Finding, data: DataSource, registry: ModelRegistry) {
    guard case .pretty(let indent) = writer.style else {
      return append(FindingJSON.value(finding, data: data, registry: registry))
    }
    separate()
    FindingJSON.write(finding, data: data, registry: registry, level: level + 1, indent: indent, into: &scratch)
    flushElement()
  }

  /// Writes any value as the next element.
  package mutating func append(_ value: JSONValue) {
    separate()
    writer.write(value, level: level + 1, into: &scratch)
    flushElement()
  }

  /// The comma after the last element, and the next one's line.
  private mutating func separate() {
    if !elements.isEmpty { scratch.append(JSONByte.comma) }
    writer.lineBreak(level: level + 1, into: &scratch)
  }

  private mutating func flushElement() {
    elements.append(contentsOf: scratch)
    scratch.removeAll(keepingCapacity: true)
  }

  /// Hands the whole array to `body` a piece at a time, as `JSONWriter` writes `.array` of the
  /// same elements.
  package func write(_ body: (UnsafeRawBufferPointer) -> Void) {
    guard !elements.isEmpty else { return Self.hand(Array("[]".utf8), to: body) }
    Self.hand([JSONByte.openBracket], to: body)
    elements.forEachPiece(body)
    var close: [UInt8] = []
    writer.lineBreak(level: level, into: &close)
    close.append(JSONByte.closeBracket)
    Self.hand(close, to: body)
  }

  /// A top-level object of `members` followed by a last member `key` holding this array (which
  /// must sit at level 1), as `JSONWriter` writes the same object, handed to `body` a piece at a
  /// time.
  package func writeDocument(_ members: [JSONMember], key: String, _ body: (UnsafeRawBufferPointer) -> Void) {
    Self.writeDocument(members, arrays: [(key, self)], body)
  }

  /// A top-level object of `members` followed by a member per array (each at level 1, written
  /// in `arrays`' order), as `JSONWriter` writes the same object, handed to `body` a piece at a
  /// time.
  package static func writeDocument(
    _ members: [JSONMember], arrays: [(key: String, array: FindingJSONArray)], _ body: (UnsafeRawBufferPointer) -> Void
  ) {
    let writer = arrays.first?.array.writer ?? JSONWriter(style: .pretty(indent: 2))
    var text: [UInt8] = [JSONByte.openBrace]
    for (index, member) in members.enumerated() {
      if index > 0 { text.append(JSONByte.comma) }
      writer.lineBreak(level: 1, into: &text)
      writer.key(member.key, into: &text)
      writer.write(member.value, level: 1, into: &text)
    }
    for (index, item) in arrays.enumerated() {
      if index > 0 || !members.isEmpty { text.append(JSONByte.comma) }
      writer.lineBreak(level: 1, into: &text)
      writer.key(item.key, into: &text)
      hand(text, to: body)
      item.array.write(body)
      text = []
    }
    writer.lineBreak(level: 0, into: &text)
    text.append(JSONByte.closeBrace)
    hand(text, to: body)
  }

  /// `writeDocument` as one piece of bytes.
  package func document(_ members: [JSONMember], key: String) -> [UInt8] {
    var output: [UInt8] = []
    writeDocument(members, key: key) { output.append(contentsOf: $0) }
    return output
  }

  private static func hand(_ bytes: [UInt8], to body: (UnsafeRawBufferPointer) -> Void) {
    bytes.withUnsafeBytes(body)
  }
}

extension FindingJSONArray {
  /// Writes JSON text (any layout) as the next element, laid out as the array's elements are:
  /// one value, given whole or in pieces cut between tokens.
  package mutating func append(json pieces: UnsafeRawBufferPointer...) {
    separate()
    var depth = level + 1
    for piece in pieces { depth = writer.layOut(compact: piece, level: depth, into: &scratch) }
    flushElement()
  }

  /// `append(json: head, text)` for a text of any length (one file's report in a many-file run):
  /// laid out and moved to the spool about `pieceBytes` at a time, each piece cut after a line
  /// break that follows a comma (in JSON text, between two members or elements), so that no
  /// more than a piece is held laid out; `handled` is told how far `text` has been read.
  package mutating func append(
    json head: UnsafeRawBufferPointer, long text: UnsafeRawBufferPointer, pieceBytes: Int, handled: (Int) -> Void
  ) {
    separate()
    var depth = writer.layOut(compact: head, level: level + 1, into: &scratch)
    var start = 0
    while start < text.count {
      let end = Self.cut(text, from: min(text.count, start + max(pieceBytes, 1)))
      depth = writer.layOut(compact: UnsafeRawBufferPointer(rebasing: text[start..<end]), level: depth, into: &scratch)
      flushElement()
      handled(end)
      start = end
    }
    flushElement()
  }

  /// The first place at or after `offset` just past a comma's line break (the end of `text`
  /// where there is none).
  private static func cut(_ text: UnsafeRawBufferPointer, from offset: Int) -> Int {
    var index = offset
    while index < text.count {
      guard let found = text[index...].firstIndex(of: JSONByte.lineFeed) else { return text.count }
      if found > 0, text[found - 1] == JSONByte.comma { return found + 1 }
      index = found + 1
    }
    return text.count
  }
}
