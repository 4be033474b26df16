/// Writes one JSON object member by member straight into bytes, laid out as `JSONWriter`'s
/// pretty style lays out the same object: for output written per item, where building a
/// `JSONValue` first would cost more than writing it.
struct PrettyObjectWriter {
  /// How deep the object sits (its `{` already indented to this level).
  let level: Int
  /// Spaces per level.
  let indent: Int
  private var members = 0

  /// Opens the object.
  init(level: Int, indent: Int, into output: inout [UInt8]) {
    self.level = level
    self.indent = indent
    output.append(JSONByte.openBrace)
  }

  /// The next member's separator, line break, indentation and key; its value follows.
  mutating func key(_ key: StaticString, into output: inout [UInt8]) {
    if members > 0 { output.append(JSONByte.comma) }
    members += 1
    Self.lineBreak(level: level + 1, indent: indent, into: &output)
    output.append(JSONByte.quote)
    output.append(contentsOf: UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    output.append(JSONByte.quote)
    output.append(JSONByte.colon)
    output.append(JSONByte.space)
  }

  /// A string member.
  mutating func string(_ key: StaticString, _ value: String, into output: inout [UInt8]) {
    self.key(key, into: &output)
    JSONWriter.appendQuoted(value, to: &output)
  }

  /// An integer member.
  mutating func integer(_ key: StaticString, _ value: Int, into output: inout [UInt8]) {
    self.key(key, into: &output)
    output.append(contentsOf: String(value).utf8)
  }

  /// A Boolean member.
  mutating func bool(_ key: StaticString, _ value: Bool, into output: inout [UInt8]) {
    self.key(key, into: &output)
    output.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// A `null` member.
  mutating func null(_ key: StaticString, into output: inout [UInt8]) {
    self.key(key, into: &output)
    output.append(contentsOf: "null".utf8)
  }

  /// A member holding an object, which `body` fills.
  mutating func object(_ key: StaticString, into output: inout [UInt8], _ body: (inout PrettyObjectWriter, inout [UInt8]) -> Void) {
    self.key(key, into: &output)
    var nested = PrettyObjectWriter(level: level + 1, indent: indent, into: &output)
    body(&nested, &output)
    nested.close(into: &output)
  }

  /// Closes the object (`{}` when it has no member).
  func close(into output: inout [UInt8]) {
    if members > 0 { Self.lineBreak(level: level, indent: indent, into: &output) }
    output.append(JSONByte.closeBrace)
  }

  private static func lineBreak(level: Int, indent: Int, into output: inout [UInt8]) {
    JSONWriter.appendLineBreak(indentation: indent * level, to: &output)
  }
}
