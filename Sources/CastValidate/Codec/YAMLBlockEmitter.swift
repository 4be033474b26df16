/// The YAML text of JSON values, byte for byte what libyaml's emitter (Yams's CYaml, as
/// `Yams.serialize(node:allowUnicode: true)` sets it up: block style, indent 2, width 80, LF)
/// writes for the same nodes: its state machine for the events a JSON tree makes, kept to the
/// state they use. Nodes and events cost several times the text; the differential test
/// (`YAMLWriterDifferentialTests`) holds this to Yams's output.
struct YAMLBlockEmitter {
  /// The text so far.
  var output: [UInt8]
  /// libyaml's `column`, in characters.
  var column = 0
  /// libyaml's `whitespace`: the last thing written was a space or a break.
  var whitespace = true
  /// libyaml's `indention`: only indentation since the last break.
  var indention = true
  /// libyaml's `indent` (-1 before the root node); a node restores its parent's on the way out.
  var indent = -1
  /// The keys `lastOfEachKey` left out.
  var mergedKeys = MergedKeys()

  static let bestIndent = 2
  /// The line width past which a space in a scalar becomes a line break.
  static let bestWidth = 80

  /// An emitter appending to `output`, as a new stream's first document.
  init(appendingTo output: [UInt8] = []) {
    self.output = output
  }

  /// One implicit document (no `---`), as `Yams.serialize(node:)` writes it.
  mutating func document(_ value: JSONValue) {
    node(value, mappingContext: false)
    writeIndent()  // document end
  }

  private mutating func node(_ value: JSONValue, mappingContext: Bool) {
    switch value {
    case .null: plain("null")
    case .bool(let flag): plain(flag ? "true" : "false")
    case .number(let literal):
      // An exponent is respelled (`floatText`); the tag Yams was given (int or float) is never written.
      guard literal.utf8.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) else { return plain(literal) }
      plain(YAMLOutput.floatText(literal))
    case .string(let text): string(text, simpleKey: false)
    case .array(let items):
      guard !items.isEmpty else { return emptyCollection("[", "]") }
      let parent = indent
      // A sequence right after a mapping's `key:` takes the key's indentation.
      increaseIndent(flow: false, indentless: mappingContext && !indention)
      for item in items {
        writeIndent()
        writeIndicator("-", needsWhitespace: true, isWhitespace: false, isIndention: true)
        node(item, mappingContext: false)
      }
      indent = parent
    case .object(let all):
      let members = YAMLOutput.lastOfEachKey(all)
      mergedKeys.note(all.lazy.map(\.key), kept: members.count)
      guard !members.isEmpty else { return emptyCollection("{", "}") }
      let parent = indent
      increaseIndent(flow: false, indentless: false)
      for member in members { self.member(member) }
      indent = parent
    }
  }

  /// One key and value of a block mapping.
  private mutating func member(_ member: JSONMember) {
    mappingKey(member.key.utf8.span)
    node(member.value, mappingContext: true)
  }

  /// A block mapping's key and its `:`, the value to follow: `key:`, or `? key` and `:` on lines
  /// of their own for a key that cannot be simple (a line break, or more than 128 bytes).
  mutating func mappingKey(_ key: Span<UInt8>) {
    writeIndent()
    if Self.isSimpleKey(key) {
      string(key, simpleKey: true)
      writeIndicator(":", needsWhitespace: false, isWhitespace: false, isIndention: false)
    } else {
      writeIndicator("?", needsWhitespace: true, isWhitespace: false, isIndention: true)
      string(key, simpleKey: false)
      writeIndent()
      writeIndicator(":", needsWhitespace: true, isWhitespace: false, isIndention: true)
    }
  }

  /// `yaml_emitter_check_simple_key` for a scalar without anchor or written tag.
  static func isSimpleKey(_ text: Span<UInt8>) -> Bool {
    guard text.count <= 128 else { return false }
    for index in text.indices where text.isBreak(at: index) { return false }
    return true
  }

  /// `[]` or `{}`: libyaml writes an empty collection in flow style.
  mutating func emptyCollection(_ opening: StaticString, _ closing: StaticString) {
    writeIndicator(opening, needsWhitespace: true, isWhitespace: true, isIndention: false)
    writeIndicator(closing, needsWhitespace: false, isWhitespace: false, isIndention: false)
  }

  /// A string value or key: quoted when Yams's resolver would read it plain as another type.
  private mutating func string(_ text: String, simpleKey: Bool) {
    string(text.utf8.span, simpleKey: simpleKey)
  }

  /// A string value or key, as UTF-8.
  mutating func string(_ text: Span<UInt8>, simpleKey: Bool) {
    scalar(text, quoted: !YAMLImplicitType.isString(text), simpleKey: simpleKey)
  }

  /// A null, boolean or number, whose text reads back as its type written plain.
  mutating func plain(_ text: String) {
    scalar(text.utf8.span, quoted: false, simpleKey: false)
  }

  /// A null, boolean or number as UTF-8.
  mutating func plain(_ text: Span<UInt8>) {
    scalar(text, quoted: false, simpleKey: false)
  }

  /// The style libyaml chooses (`yaml_emitter_select_scalar_style`) for a scalar requested plain,
  /// or double-quoted when `quoted`, then the scalar in it, one indentation step deeper.
  private mutating func scalar(_ text: Span<UInt8>, quoted: Bool, simpleKey: Bool) {
    let analysis = YAMLScalarAnalysis(text)
    var style: Style = quoted || (simpleKey && analysis.multiline) ? .doubleQuoted : .plain
    if style == .plain, !analysis.plainAllowed || (analysis.length == 0 && simpleKey) { style = .singleQuoted }
    if style == .singleQuoted, !analysis.singleQuotedAllowed { style = .doubleQuoted }
    let parent = indent
    increaseIndent(flow: true, indentless: false)
    switch style {
    case .plain: writePlain(text, analysis, allowBreaks: !simpleKey)
    case .singleQuoted: writeSingleQuoted(text, allowBreaks: !simpleKey)
    case .doubleQuoted: writeDoubleQuoted(text, analysis, allowBreaks: !simpleKey)
    }
    indent = parent
  }

  /// The scalar styles a JSON value can get.
  private enum Style { case plain, singleQuoted, doubleQuoted }

  /// `yaml_emitter_increase_indent`.
  mutating func increaseIndent(flow: Bool, indentless: Bool) {
    if indent < 0 {
      indent = flow ? Self.bestIndent : 0
    } else if !indentless {
      indent += Self.bestIndent
    }
  }
}

