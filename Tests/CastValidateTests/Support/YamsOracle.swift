import Yams

@testable import CastValidate

/// castctl's YAML as it was written through Yams (up to 1bc5bb1), the reference the writer is held
/// to byte for byte: a `Node` per value, strings the default `Resolver` takes for another type
/// double-quoted, then `Yams.serialize(node:allowUnicode: true, sortKeys: false)`.
enum YamsOracle {
  /// The YAML text of one document.
  static func yaml(_ value: JSONValue) throws -> String {
    try Yams.serialize(node: node(value), allowUnicode: true, sortKeys: false)
  }

  /// Whether Yams's default resolver reads `text`, plain, as a string.
  static func resolvesAsString(_ text: String) -> Bool {
    Resolver.default.resolveTag(of: Node(text, Tag(.implicit))) == .str
  }

  static func node(_ value: JSONValue) -> Node {
    switch value {
    case .null: return Node("null", Tag(.null))
    case .bool(let flag): return Node(flag ? "true" : "false", Tag(.bool))
    case .number(let literal):
      guard literal.contains(where: { ".eE".contains($0) }) else { return Node(literal, Tag(.int)) }
      return Node(YAMLOutput.floatText(literal), Tag(.float))
    case .string(let text): return string(text)
    case .array(let items): return Node(items.map(node), Tag(.seq))
    case .object(let members):
      return Node(YAMLOutput.lastOfEachKey(members).map { (string($0.key), node($0.value)) }, Tag(.map))
    }
  }

  static func string(_ text: String) -> Node {
    Node(text, Tag(.str), resolvesAsString(text) ? .any : .doubleQuoted)
  }
}
