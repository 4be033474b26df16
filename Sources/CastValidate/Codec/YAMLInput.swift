import CastSchema
import Yams

/// Reads YAML input (`--from yaml`) as the JSON document it describes, keeping where each value
/// came from, so findings still point into the YAML file.
package enum YAMLInput {
  /// The JSON text of a YAML document, and for each value the pair (offset in the JSON text,
  /// offset in the YAML text), ordered by JSON offset. A stream of several documents (`---`
  /// between them, as `convert --to yaml` writes NDJSON) becomes one JSON line per document, and
  /// `documents` says how many there were.
  package static func json(from yaml: [UInt8]) throws(YAMLInputError) -> (bytes: [UInt8], map: [(json: Int, yaml: Int)], documents: Int) {
    // NB: decoding would replace a bad byte with U+FFFD, and the data would change in silence.
    if let bad = UTF8Validation.firstInvalidByte(in: yaml) {
      throw YAMLInputError(message: "invalid UTF-8 byte \(UTF8Validation.hex(yaml[bad])) (YAML input is read as UTF-8)", offset: bad)
    }
    // The stream's byte-order mark is no part of it; given to Yams, it takes the first line's
    // first column, and a mapping's next key is then less indented than its first.
    guard !ByteOrderMark.begins(yaml) else {
      let skipped = ByteOrderMark.utf8.count
      do {
        let read = try json(from: Array(yaml[skipped...]))
        return (read.bytes, read.map.map { ($0.json, $0.yaml + skipped) }, read.documents)
      } catch {
        throw YAMLInputError(message: error.message, offset: error.offset + skipped)
      }
    }
    if let key = aliasKeyOffset(yaml) {
      // Yams compares mapping keys by value, which expands an aliased key in full before castctl
      // sees it: refused here, from the text, since a JSON key is a string anyway.
      throw YAMLInputError(
        message: "a mapping key that is or holds an alias (or a complex '?' key beside aliases) is not supported: JSON object keys are strings",
        offset: key)
    }
    let text = String(decoding: yaml, as: UTF8.self)
    var writer = Writer(lineStarts: Self.lineStarts(yaml), yaml: yaml)
    var documents = 0
    do {
      let parser = try Parser(yaml: text)
      while let node = try parser.nextRoot() {
        if documents > 0 { writer.output.append(UInt8(ascii: "\n")) }
        try writer.write(node)
        documents += 1
      }
    } catch let error as YAMLInputError {
      throw error
    } catch let error as YamlError {
      throw YAMLInputError(message: Self.describe(error), offset: Self.offset(of: error, in: yaml))
    } catch {
      throw YAMLInputError(message: "\(error)", offset: 0)
    }
    guard documents > 0 else { throw YAMLInputError(message: "the YAML document is empty", offset: 0) }
    if documents > 1 { writer.output.append(UInt8(ascii: "\n")) }
    return (writer.output, writer.map, documents)
  }

  /// How much JSON text aliases may add to one input (16 MiB): beyond it the input is refused
  /// before the alias is expanded, so a few hundred bytes of nested aliases ("billion laughs")
  /// cannot take minutes and gigabytes. Independent of `--max-bytes`, which bounds what is read.
  package static let aliasExpansionLimit = 16 << 20

  /// Turns Yams nodes into JSON text, recording positions.
  private struct Writer {
    let lineStarts: [Int]
    let yaml: [UInt8]
    var output: [UInt8] = []
    var map: [(json: Int, yaml: Int)] = []
    /// The anchors defined so far: a node met again with one of them is an alias's copy.
    private var anchorsSeen: Set<ObjectIdentifier> = []
    /// The pairs of anchored mappings with merge keys, once applied (`merged`).
    private var mergedByAnchor: [ObjectIdentifier: [(key: Node, value: Node)]] = [:]
    private var expansion = AliasExpansion()
    /// The JSON text aliases have added so far.
    private var aliasBytes = 0
    /// How many alias copies enclose the node being written.
    private var aliasDepth = 0
    /// The last mark turned into an offset: the next one on its line, further on, is counted from
    /// it (a flow collection on one long line is read once, not once per node).
    private var lastMark: (line: Int, column: Int, offset: Int)?

    init(lineStarts: [Int], yaml: [UInt8]) {
      self.lineStarts = lineStarts
      self.yaml = yaml
    }

    /// Whether `node` is an alias's copy of an anchored node, whose size then counts toward
    /// `aliasExpansionLimit` (at the outermost copy only: its size includes the aliases inside it).
    private mutating func isCounted(_ node: Node, at yamlOffset: Int) throws(YAMLInputError) -> Bool {
      let isAliasCopy = node.anchor.map { !anchorsSeen.insert(ObjectIdentifier($0)).inserted } ?? false
      if isAliasCopy, aliasDepth == 0, let anchor = node.anchor {
        let size = expansion.size(of: node)
        aliasBytes = aliasBytes.addingReportingOverflow(size).partialValue
        guard size <= YAMLInput.aliasExpansionLimit, aliasBytes <= YAMLInput.aliasExpansionLimit else {
          throw YAMLInputError(
            message: "expanding the alias *\(anchor.rawValue) (about \(size) bytes of JSON) would take what aliases add to this "
              + "input past 16 MiB, castctl's limit; nothing was expanded past it",
            offset: yamlOffset)
        }
      }
      return isAliasCopy
    }

    mutating func write(_ node: Node) throws(YAMLInputError) {
      let yamlOffset = offset(node.mark)
      let isAliasCopy = try isCounted(node, at: yamlOffset)
      if isAliasCopy { aliasDepth += 1 }
      defer { if isAliasCopy { aliasDepth -= 1 } }
      map.append((output.count, yamlOffset))
      switch node {
      case .scalar(let scalar):
        let text = text(of: scalar, at: yamlOffset)
        try writeScalar(scalar, text: text, tag: tag(of: scalar, text: text, at: yamlOffset), at: yamlOffset)
      case .sequence(let sequence):
        try YAMLInput.checkCollectionTag(sequence.tag, .seq, at: yamlOffset)
        output.append(UInt8(ascii: "["))
        for (index, element) in sequence.enumerated() {
          if index > 0 { output.append(UInt8(ascii: ",")) }
          try write(element)
        }
        output.append(UInt8(ascii: "]"))
      case .mapping(let mapping):
        try YAMLInput.checkCollectionTag(mapping.tag, .map, at: yamlOffset)
        output.append(UInt8(ascii: "{"))
        for (index, pair) in try merged(mapping, of: node).enumerated() {
          guard case .scalar(let key) = pair.key else {
            throw YAMLInputError(message: "JSON object keys are strings; this YAML key is a collection", offset: offset(pair.key.mark))
          }
          if index > 0 { output.append(UInt8(ascii: ",")) }
          // A finding about the key (`unknown-key`, `duplicate-key`) points at the key.
          let keyOffset = offset(pair.key.mark)
          map.append((output.count, keyOffset))
          JSONWriter.appendQuoted(text(of: key, at: keyOffset), to: &output)
          output.append(UInt8(ascii: ":"))
          try write(pair.value)
        }
        output.append(UInt8(ascii: "}"))
      case .alias:
        throw YAMLInputError(message: "YAML aliases are not supported", offset: yamlOffset)
      }
    }

    /// A mapping's pairs with its merge keys applied (`<<: *base`, `<<: [*a, *b]`, YAML 1.1 as
    /// PyYAML and Yams's own constructor read them): the merged mappings' pairs whose keys the
    /// mapping does not have, the first merged mapping's before a later one's, then its own.
    private mutating func merged(_ mapping: Node.Mapping, of node: Node) throws(YAMLInputError) -> [(key: Node, value: Node)] {
      guard mapping.contains(where: { Self.isMergeKey($0.key) }) else { return mapping.map { ($0.key, $0.value) } }
      // NB: an anchored mapping's pairs are worked out once: a chain of merges, each of the one
      // before (`<<: *previous`), would otherwise be merged again at every link.
      let anchor = node.anchor.map(ObjectIdentifier.init)
      if let anchor, let known = mergedByAnchor[anchor] { return known }
      let own = mapping.filter { !Self.isMergeKey($0.key) }
      var keys = Set(own.compactMap { $0.key.scalar?.string })
      var pairs: [(key: Node, value: Node)] = []
      for source in mapping where Self.isMergeKey(source.key) {
        let sources: [Node] = if case .sequence(let list) = source.value { Array(list) } else { [source.value] }
        for node in sources {
          let nodeOffset = offset(node.mark)
          guard case .mapping(let inner) = node else {
            throw YAMLInputError(message: "a merge key '<<' takes a mapping or a list of mappings", offset: nodeOffset)
          }
          let isAliasCopy = try isCounted(node, at: nodeOffset)
          if isAliasCopy { aliasDepth += 1 }
          defer { if isAliasCopy { aliasDepth -= 1 } }
          for pair in try merged(inner, of: node) where pair.key.scalar.map({ keys.insert($0.string).inserted }) ?? true {
            pairs.append(pair)
          }
        }
      }
      let all = pairs + own.map { ($0.key, $0.value) }
      if let anchor { mergedByAnchor[anchor] = all }
      return all
    }

    /// `<<` written plainly: YAML 1.1's merge key.
    private static func isMergeKey(_ key: Node) -> Bool {
      guard case .scalar(let scalar) = key, scalar.style == .plain || scalar.style == .any else { return false }
      return scalar.string == "<<"
    }

    /// A scalar's text. NB: Yams drops a byte-order mark that begins a scalar (`"\uFEFFx"` reads
    /// as `x`; PyYAML keeps it), so where the scalar's text in the YAML begins with one, it is
    /// put back.
    private func text(of scalar: Node.Scalar, at offset: Int) -> String {
      let text = scalar.string
      guard !text.hasPrefix("\u{FEFF}"), offset < yaml.count else { return text }
      var start = offset
      let quote = yaml[offset]
      if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") { start += 1 }
      // NB: nearly every scalar starts otherwise: one byte tells.
      guard start < yaml.count, yaml[start] == 0xEF || (yaml[start] == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"")) else {
        return text
      }
      let rest = yaml[start..<min(yaml.count, start + 10)]
      let literal = ByteOrderMark.begins(rest)
      let escaped = quote == UInt8(ascii: "\"") && Self.escapedByteOrderMarks.contains { rest.starts(with: $0) }
      return literal || escaped ? "\u{FEFF}" + text : text
    }

    /// The escapes a double-quoted YAML scalar can spell U+FEFF with.
    private static let escapedByteOrderMarks = ["\\uFEFF", "\\ufeff", "\\U0000FEFF", "\\U0000feff"].map { Array($0.utf8) }

    private func text(of key: Node, at offset: Int) -> String {
      guard case .scalar(let scalar) = key else { return "" }
      return text(of: scalar, at: offset)
    }

    /// A scalar's type: its tag where one is written (`!!int "42"` is a number, `!!str 42` text,
    /// as PyYAML reads them), else a quoted or block scalar is text and a plain one is typed by
    /// PyYAML's rules (`YAMLResolver`: `12` a number, `true` a boolean, `~` null). A tag of
    /// another kind (`!Ref`, `!!set`) has no JSON form: refused, as PyYAML's safe reader does.
    private func tag(of scalar: Node.Scalar, text: String, at offset: Int) throws(YAMLInputError) -> Tag.Name {
      let name = Tag.Name(rawValue: scalar.tag.rawValue)
      switch name {
      case .implicit:
        // NB: a plain scalar that begins with a byte-order mark is no number or boolean (`\u{FEFF}1`).
        guard text.utf8.count == scalar.string.utf8.count else { return .str }
        return YAMLResolver.resolve(scalar.string)
      case .nonSpecific, .str, .timestamp, .binary: return .str
      case .int, .float, .bool, .null: return name
      case let other: throw YAMLInput.unsupportedTag(other, at: offset)
      }
    }

    private mutating func writeScalar(_ scalar: Node.Scalar, text: String, tag: Tag.Name, at offset: Int) throws(YAMLInputError) {
      switch tag {
      case .null:
        output += Array("null".utf8)
      case .bool:
        guard let flag = Node.scalar(scalar).bool else { throw YAMLInput.badTagged(text, "a boolean", at: offset) }
        output += Array((flag ? "true" : "false").utf8)
      case .int, .float:
        if NumberText.isDecimalLiteral(text) {
          output += Array(text.utf8)
        } else if let integer = YAMLInteger.decimalText(scalar.string) {
          output += Array(integer.utf8)
        } else if tag == .int, text.utf8.count > YAMLInteger.maxLength {
          throw YAMLInputError(
            message: "'\(Excerpt.clip(text))' is an integer of more than \(YAMLInteger.maxLength) characters in another form than decimal, which castctl does not convert",
            offset: offset)
        } else if let value = Node.scalar(scalar).float, value.isFinite {
          output += Array(NumberText.literal(value).utf8)
        } else if Node.scalar(scalar).float != nil {
          throw YAMLInputError(message: "'\(Excerpt.clip(text))' is a YAML float with no JSON form (JSON has no infinity or NaN)", offset: offset)
        } else {
          throw YAMLInput.badTagged(text, tag == .int ? "an integer" : "a float", at: offset)
        }
      default:
        JSONWriter.appendQuoted(text, to: &output)
      }
    }

    private mutating func offset(_ mark: Mark?) -> Int {
      guard let mark else { return 0 }
      let from = lastMark.flatMap { $0.line == mark.line && $0.column <= mark.column ? ($0.column, $0.offset) : nil }
      let offset = YAMLInput.offset(line: mark.line, column: mark.column, lineStarts: lineStarts, yaml: yaml, from: from)
      lastMark = (mark.line, mark.column, offset)
      return offset
    }
  }

  /// A collection's tag other than its own or none (`!!set`, `!!omap`, `!include`): refused.
  static func checkCollectionTag(_ tag: Tag, _ own: Tag.Name, at offset: Int) throws(YAMLInputError) {
    // NB: Yams keeps a tag's name to itself; its raw value is the name.
    let name = Tag.Name(rawValue: tag.rawValue)
    guard name != .implicit, name != .nonSpecific, name != own else { return }
    throw unsupportedTag(name, at: offset)
  }

  static func unsupportedTag(_ tag: Tag.Name, at offset: Int) -> YAMLInputError {
    let prefix = "tag:yaml.org,2002:"
    let spelled = tag.rawValue.hasPrefix(prefix) ? "!!" + tag.rawValue.dropFirst(prefix.count) : tag.rawValue
    return YAMLInputError(
      message: "the YAML tag \(Excerpt.clip(spelled)) has no JSON form; castctl reads !!str, !!int, !!float, !!bool, !!null, "
        + "!!map and !!seq (and !!timestamp and !!binary as their text)",
      offset: offset)
  }

  static func badTagged(_ text: String, _ kind: String, at offset: Int) -> YAMLInputError {
    YAMLInputError(message: "'\(Excerpt.clip(text))' is not \(kind), which its tag says it is", offset: offset)
  }

  /// The offset of the first mapping key that is or holds an alias (`*a : 1`, `[*a]: 1`,
  /// `{k: *a}: 1`), or of a complex key (`? …`) in a text that has aliases; nil when there is
  /// none. Read from the text, outside quotes and comments, since Yams hashes every key in full.
  static func aliasKeyOffset(_ yaml: [UInt8]) -> Int? {
    var index = 0
    var previous = UInt8(ascii: "\n")
    var complexKey: Int?
    var firstAlias: Int?
    // Per open flow collection: where it starts, and whether it holds an alias.
    var flows: [(start: Int, hasAlias: Bool)] = []
    // NB: `,[]{}` separate only inside a flow collection; in block context they are text
    // (`a: e]*` is the plain scalar `e]*`, no alias).
    func separates(_ byte: UInt8) -> Bool {
      isSeparator(byte) && (isBlank(byte) || !flows.isEmpty)
    }
    func followedByColon(_ after: Int) -> Bool {
      var next = after
      while next < yaml.count, yaml[next] == UInt8(ascii: " ") || yaml[next] == UInt8(ascii: "\t") { next += 1 }
      return next < yaml.count && yaml[next] == UInt8(ascii: ":")
        && (next + 1 == yaml.count || isSeparator(yaml[next + 1]) || !flows.isEmpty)
    }
    while index < yaml.count {
      let byte = yaml[index]
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        // A quoted scalar: skip to its closing quote (`\"` escapes in double quotes, `''` in single).
        index += 1
        while index < yaml.count, yaml[index] != byte {
          if byte == UInt8(ascii: "\""), yaml[index] == UInt8(ascii: "\\") { index += 1 }
          index += 1
        }
      case UInt8(ascii: "#") where separates(previous):
        while index < yaml.count, yaml[index] != UInt8(ascii: "\n") { index += 1 }
        previous = UInt8(ascii: "\n")
        continue
      case UInt8(ascii: "*") where separates(previous):
        let start = index
        firstAlias = firstAlias ?? start
        if !flows.isEmpty { flows[flows.count - 1].hasAlias = true }
        index += 1
        while index < yaml.count, !isSeparator(yaml[index]), yaml[index] != UInt8(ascii: ":") { index += 1 }
        if followedByColon(index) { return start }
        previous = yaml[index - 1]
        continue
      case UInt8(ascii: "?") where separates(previous) && (index + 1 == yaml.count || separates(yaml[index + 1])):
        complexKey = complexKey ?? index
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        if separates(previous) || !flows.isEmpty { flows.append((index, false)) }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if let closed = flows.popLast() {
          if closed.hasAlias {
            if followedByColon(index + 1) { return closed.start }
            if !flows.isEmpty { flows[flows.count - 1].hasAlias = true }
          }
        }
      default:
        break
      }
      previous = index < yaml.count ? yaml[index] : byte
      index += 1
    }
    if let complexKey, firstAlias != nil { return complexKey }
    return nil
  }

  /// A space, a tab or a line break.
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// Whitespace, a line break or a flow indicator: what may stand before an alias or a comment.
  private static func isSeparator(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
      UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
      true
    default: false
    }
  }

  /// Where each line starts as libyaml counts lines, whose marks (line and column) are turned
  /// into offsets: it ends a line at LF, CR, CR LF, and at U+0085, U+2028 and U+2029 (YAML 1.1's
  /// line breaks), so a raw U+2028 in a scalar puts what follows on another line.
  static func lineStarts(_ bytes: [UInt8]) -> [Int] {
    var starts = [0]
    var index = 0
    let count = bytes.count
    while index < count {
      switch bytes[index] {
      case UInt8(ascii: "\n"):
        starts.append(index + 1)
      case UInt8(ascii: "\r"):
        if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
        starts.append(index + 1)
      case 0xC2 where index + 1 < count && bytes[index + 1] == 0x85:
        index += 1
        starts.append(index + 1)
      case 0xE2 where index + 2 < count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
        index += 2
        starts.append(index + 1)
      default:
        break
      }
      index += 1
    }
    return starts
  }

  /// Byte offset of a 1-based line and Unicode-scalar column.
  static func offset(
    line: Int, column: Int, lineStarts: [Int], yaml: [UInt8], from known: (column: Int, offset: Int)? = nil
  ) -> Int {
    guard line >= 1, line <= lineStarts.count else { return yaml.count }
    // `known`: a column of this line at or before `column`, and its offset.
    var offset = known?.offset ?? lineStarts[line - 1]
    var scalars = known?.column ?? 1
    while scalars < column, offset < yaml.count, yaml[offset] != UInt8(ascii: "\n") {
      offset += 1
      while offset < yaml.count, yaml[offset] & 0xC0 == 0x80 { offset += 1 }
      scalars += 1
    }
    return offset
  }

  private static func describe(_ error: YamlError) -> String {
    switch error {
    case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _),
      .composer(let context, let problem, _, _):
      // NB: libyaml names its own C function here, which a user cannot call.
      if problem.hasPrefix("Maximum nesting level reached") { return "nesting deeper than libyaml's limit of 1000 levels" }
      return [context?.text, problem].compactMap { $0 }.joined(separator: ": ")
    case .reader(let problem, _, _, _):
      return problem
    case .duplicatedKeysInMapping(let duplicates, _):
      // NB: Yams compares keys as Swift strings: `é` and `e` + U+0301 are one key to it, which
      // YAML and PyYAML tell apart.
      let unicode = duplicates.contains { !$0.utf8.allSatisfy { $0 < 0x80 } }
      return "a mapping has the key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) twice"
        + (unicode
          ? " (castctl's YAML reader compares keys as Swift strings: one text in two Unicode forms is one key)"
          : "")
    default:
      return "\(error)"
    }
  }

  private static func offset(of error: YamlError, in yaml: [UInt8]) -> Int {
    switch error {
    case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
      return offset(line: mark.line, column: mark.column, lineStarts: lineStarts(yaml), yaml: yaml)
    case .duplicatedKeysInMapping(let keys, let context):
      let first = offset(line: context.mark.line, column: context.mark.column, lineStarts: lineStarts(yaml), yaml: yaml)
      return keys.first.flatMap { repeatedKey($0, after: first, in: yaml) } ?? first
    case .reader(_, let offset, _, _):
      // libyaml's reader counts bytes of the text it was given, which is `yaml`.
      return min(max(offset ?? 0, 0), yaml.count)
    default:
      return 0
    }
  }

  /// `repeatedKey` for a key first at a 1-based `line` and `column` of `yaml`: the repeat's line
  /// and column (columns in Unicode scalars), as `castctl.yaml`'s mistakes are placed.
  package static func repeatedKeyPosition(_ key: String, line: Int, column: Int, in yaml: [UInt8]) -> (line: Int, column: Int)? {
    let first = offset(line: line, column: column, lineStarts: lineStarts(yaml), yaml: yaml)
    guard let repeated = repeatedKey(key, after: first, in: yaml) else { return nil }
    let position = position(of: repeated, in: yaml)
    return (position.line, position.column)
  }

  /// The line and column of a byte offset of `yaml` (columns in Unicode scalars), as castctl
  /// places every position in data.
  package static func position(of offset: Int, in yaml: [UInt8]) -> TextPosition {
    yaml.withUnsafeBytes { LineIndex($0).position(of: offset, in: $0) }
  }

  /// The offset of the block-mapping key `key` repeated after its first occurrence at `first` (a
  /// line starting at the same column with `key:`, before the mapping ends): where the duplicate
  /// is. Yams names only the first; nil when the repeat is not found so (a flow mapping, a key
  /// written otherwise).
  package static func repeatedKey(_ key: String, after first: Int, in yaml: [UInt8]) -> Int? {
    guard first < yaml.count, !key.isEmpty else { return nil }
    var lineStart = first
    while lineStart > 0, yaml[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    let column = first - lineStart
    let spellings = [Array(key.utf8), Array("\"\(key)\"".utf8), Array("'\(key)'".utf8)]
    var start = yaml[first...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? yaml.count
    while start < yaml.count {
      let end = yaml[start...].firstIndex(of: UInt8(ascii: "\n")) ?? yaml.count
      let indent = yaml[start..<end].prefix { $0 == UInt8(ascii: " ") }.count
      let content = start + indent
      let blank = content >= end || yaml[content] == UInt8(ascii: "#") || yaml[content] == UInt8(ascii: "\r")
      if !blank {
        // A line less indented ends the mapping; one as indented is another of its keys.
        if indent < column { return nil }
        if indent == column {
          for spelling in spellings where yaml[content...].starts(with: spelling) {
            var after = content + spelling.count
            while after < end, yaml[after] == UInt8(ascii: " ") { after += 1 }
            if after < end, yaml[after] == UInt8(ascii: ":") { return content }
          }
        }
      }
      start = end + 1
    }
    return nil
  }
}

/// YAML input that cannot be read, with the byte offset of the problem.
package struct YAMLInputError: Error, Sendable {
  package var message: String
  package var offset: Int
}
