import Yams

/// JSON values as YAML, through Yams: mappings keep their order, strings that would read back
/// as another type are quoted, numbers keep their literal text (an exponent spelled as YAML 1.1
/// reads it, `floatText`).
package enum YAMLOutput {
  /// The YAML text of one document (ends in a newline).
  package static func write(_ value: JSONValue) throws -> String {
    try Yams.serialize(node: node(value, Tags()), allowUnicode: true, sortKeys: false)
  }

  /// The tags of one document's nodes, made once and shared: every `Tag` Yams makes builds its
  /// own `Constructor`, whose tables cost more than the node. Yams changes a tag only while
  /// resolving an implicit one, and every tag emitted here is explicit.
  struct Tags {
    let null = Tag(.null)
    let bool = Tag(.bool)
    let int = Tag(.int)
    let float = Tag(.float)
    let str = Tag(.str)
    let seq = Tag(.seq)
    let map = Tag(.map)
    /// For asking the resolver about a string; never emitted.
    let implicit = Tag(.implicit)
  }

  static func node(_ value: JSONValue, _ tags: Tags) -> Node {
    switch value {
    case .null: return Node("null", tags.null)
    case .bool(let flag): return Node(flag ? "true" : "false", tags.bool)
    case .number(let literal):
      guard literal.contains(where: { ".eE".contains($0) }) else { return Node(literal, tags.int) }
      return Node(floatText(literal), tags.float)
    case .string(let text): return string(text, tags)
    case .array(let items): return Node(items.map { node($0, tags) }, tags.seq)
    case .object(let members):
      return Node(lastOfEachKey(members).map { (string($0.key, tags), node($0.value, tags)) }, tags.map)
    }
  }

  /// A JSON number with a fraction or an exponent, spelled so that YAML 1.1 readers (PyYAML)
  /// read a number too: their float has a `.` and a signed exponent, so `1e3` is written
  /// `1.0e+3` (YAML 1.2 reads both alike); the value is unchanged.
  static func floatText(_ literal: String) -> String {
    let bytes = Array(literal.utf8)
    guard let e = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { return literal }
    var text = bytes[..<e]
    if !text.contains(UInt8(ascii: ".")) { text += Array(".0".utf8) }
    text.append(bytes[e])
    let exponent = bytes[(e + 1)...]
    if let sign = exponent.first, sign != UInt8(ascii: "-"), sign != UInt8(ascii: "+") { text.append(UInt8(ascii: "+")) }
    text += exponent
    return String(decoding: text, as: UTF8.self)
  }

  /// The members of an object with each key once: YAML forbids a mapping key twice, so of
  /// repeated keys (which an `Any` value passes through) the last value is kept, in its own
  /// place, as a model's dictionary keeps it. Keys compare as Swift strings, canonically, as a
  /// Swift dictionary and Yams's reader compare them (`é` and `e` + U+0301 are one key).
  static func lastOfEachKey(_ members: [JSONMember]) -> [JSONMember] {
    guard members.count > 1 else { return members }
    var lastIndex: [String: Int] = [:]
    lastIndex.reserveCapacity(members.count)
    for (index, member) in members.enumerated() { lastIndex[member.key] = index }
    guard lastIndex.count < members.count else { return members }
    return members.indices.filter { lastIndex[members[$0].key] == $0 }.map { members[$0] }
  }

  /// A string scalar, value or mapping key.
  static func string(_ text: String, _ tags: Tags) -> Node {
    // NB: Yams emits every scalar as implicitly tagged, so a string that a YAML reader would
    // take for a number, boolean, null, timestamp or merge key (`<<`) must be quoted explicitly.
    let plain = !mayResolve(text) || Resolver.default.resolveTag(of: Node(text, tags.implicit)) == .str
    return Node(text, tags.str, plain ? .any : .doubleQuoted)
  }

  /// Whether the default resolver's rules (bool, int, float, merge, null, timestamp, value) may
  /// take `text` for something other than a string: each of their patterns is anchored at the
  /// start and begins with one of these characters, or matches the empty string, which (`$`
  /// matching before a final line terminator) makes a lone line terminator null too.
  static func mayResolve(_ text: String) -> Bool {
    guard let first = text.utf8.first else { return true }
    return resolvableStarts.contains(first)
  }

  /// The first bytes of the rules' matches; 0xC2 and 0xE2 lead U+0085, U+2028 and U+2029.
  private static let resolvableStarts = Set("yYnNtTfFoO+-.0123456789<~=\n\u{0B}\u{0C}\r".utf8).union([0xC2, 0xE2])
}
