import Yams

/// JSON values as YAML, through Yams: mappings keep their order, strings that would read back
/// as another type are quoted, numbers keep their literal text.
package enum YAMLOutput {
  /// The YAML text of one document (ends in a newline).
  package static func write(_ value: JSONValue) throws -> String {
    try Yams.serialize(node: node(value), allowUnicode: true, sortKeys: false)
  }

  static func node(_ value: JSONValue) -> Node {
    switch value {
    case .null: return Node("null", Tag(.null))
    case .bool(let flag): return Node(flag ? "true" : "false", Tag(.bool))
    case .number(let literal): return Node(literal, Tag(literal.contains(where: { ".eE".contains($0) }) ? .float : .int))
    case .string(let text): return string(text)
    case .array(let items): return Node(items.map(node), Tag(.seq))
    case .object(let members): return Node(members.map { (string($0.key), node($0.value)) }, Tag(.map))
    }
  }

  /// A string scalar, value or mapping key.
  static func string(_ text: String) -> Node {
    // NB: Yams emits every scalar as implicitly tagged, so a string that a YAML reader would
    // take for a number, boolean, null, timestamp or merge key (`<<`) must be quoted explicitly.
    let plainTag = Resolver.default.resolveTag(of: Node(text))
    return Node(text, Tag(.str), plainTag == .str ? .any : .doubleQuoted)
  }
}
