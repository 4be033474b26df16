import CastSchema

/// The `findings` array of `--format json`, written finding by finding as records are reported,
/// so that no tree of thousands of findings waits for the end of the input.
package struct FindingJSONArray: Sendable {
  /// The elements written so far, each after its separator and indentation.
  private var elements: [UInt8] = []
  /// How deep the array sits in the document (1: a member of the top-level object).
  package let level: Int
  private let writer: JSONWriter

  /// An empty array nested `level` deep, laid out as `writer` lays out a whole document.
  package init(level: Int = 1, writer: JSONWriter = JSONWriter(style: .pretty(indent: 2))) {
    self.level = level
    self.writer = writer
  }

  /// Whether no finding was written.
  package var isEmpty: Bool { elements.isEmpty }

  /// Writes one finding (`FindingJSON.value`) as the next element.
  package mutating func append(_ finding: Finding, data: DataSource, registry: ModelRegistry) {
    guard case .pretty(let indent) = writer.style else {
      return append(FindingJSON.value(finding, data: data, registry: registry))
    }
    separate()
    FindingJSON.write(finding, data: data, registry: registry, level: level + 1, indent: indent, into: &elements)
  }

  /// Writes any value as the next element.
  package mutating func append(_ value: JSONValue) {
    separate()
    writer.write(value, level: level + 1, into: &elements)
  }

  /// The comma after the last element, and the next one's line.
  private mutating func separate() {
    if !elements.isEmpty { elements.append(JSONByte.comma) }
    writer.lineBreak(level: level + 1, into: &elements)
  }

  /// Appends the whole array, as `JSONWriter` writes `.array` of the same elements.
  package func write(into output: inout [UInt8]) {
    guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
    output.append(JSONByte.openBracket)
    output.append(contentsOf: elements)
    writer.lineBreak(level: level, into: &output)
    output.append(JSONByte.closeBracket)
  }

  /// A top-level object of `members` followed by a last member `key` holding this array (which
  /// must sit at level 1), as `JSONWriter` writes the same object.
  package func document(_ members: [JSONMember], key: String) -> [UInt8] {
    var output: [UInt8] = [JSONByte.openBrace]
    for member in members {
      writer.lineBreak(level: 1, into: &output)
      writer.key(member.key, into: &output)
      writer.write(member.value, level: 1, into: &output)
      output.append(JSONByte.comma)
    }
    writer.lineBreak(level: 1, into: &output)
    writer.key(key, into: &output)
    write(into: &output)
    writer.lineBreak(level: 0, into: &output)
    output.append(JSONByte.closeBrace)
    return output
  }
}
