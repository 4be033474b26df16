import Yams

/// JSON values as YAML, through Yams: mappings keep their order, strings that would read back
/// as another type are quoted, numbers keep their literal text.
public enum YAMLOutput {
  /// The YAML text of one document (ends in a newline).
  public static func write(_ value: JSONValue) throws -> String {
    try Yams.serialize(node: node(value), allowUnicode: true, sortKeys: false)
  }

  static func node(_ value: JSONValue) -> Node {
    switch value {
    case .null: return Node("null", Tag(.null))
    case .bool(let flag): return Node(flag ? "true" : "false", Tag(.bool))
    case .number(let literal): return Node(literal, Tag(literal.contains(where: { ".eE".contains($0) }) ? .float : .int))
    case .string(let text):
      // NB: Yams emits every scalar as implicitly tagged, so a string that a YAML reader would
      // take for a number, boolean, null or timestamp must be quoted explicitly.
      let plainTag = Resolver.default.resolveTag(of: Node(text))
      return Node(text, Tag(.str), plainTag == .str ? .any : .doubleQuoted)
    case .array(let items): return Node(items.map(node), Tag(.seq))
    case .object(let members): return Node(members.map { (Node($0.key, Tag(.str)), node($0.value)) }, Tag(.map))
    }
  }
}
