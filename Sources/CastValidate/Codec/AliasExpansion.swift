import Yams

/// The size of the JSON text a YAML node expands to, aliases included, computed without expanding
/// them: each anchored node is measured once and its size reused wherever an alias repeats it, so
/// the work grows with the YAML text, not with what its aliases multiply it into.
struct AliasExpansion {
  /// Sizes of anchored nodes, by the anchor's identity (a redefined anchor is a new object).
  private var sizes: [ObjectIdentifier: Int] = [:]

  /// An upper bound of the node's JSON text in bytes, saturating at `Int.max`.
  mutating func size(of node: Node) -> Int {
    if let anchor = node.anchor, let known = sizes[ObjectIdentifier(anchor)] { return known }
    var total = 2
    switch node {
    case .scalar(let scalar):
      total = Self.add(total, Self.escapedSize(scalar.string))
    case .sequence(let sequence):
      for element in sequence { total = Self.add(total, Self.add(1, size(of: element))) }
    case .mapping(let mapping):
      for pair in mapping {
        total = Self.add(total, Self.add(Self.add(2, size(of: pair.key)), size(of: pair.value)))
      }
    case .alias:
      break
    }
    if let anchor = node.anchor { sizes[ObjectIdentifier(anchor)] = total }
    return total
  }

  /// The bytes of `text` in a JSON string at most: a control character as `\u0000`, a quote, a
  /// backslash or a slash (escaped for a Codable model) as two bytes, any other byte as itself.
  static func escapedSize(_ text: String) -> Int {
    var size = 0
    for byte in text.utf8 {
      size &+= byte < 0x20 ? 6 : byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") ? 2 : 1
    }
    return size
  }

  private static func add(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int.max : sum
  }
}
