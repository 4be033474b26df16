/// What `--explain` says about one property: the counts behind its type, and why that type.
package struct PropertyEvidence: Sendable {
  /// The path in the data: `/address/city`, `/friends/[]/name` (`[]` an array's elements, `*`
  /// a map's values).
  package var path: String
  /// Objects at the parent path, and how many of them had the key.
  package var objects: Int
  package var present: Int
  /// Values that were `null`.
  package var nulls: Int
  /// JSON types seen with their counts (`string 120`, `integer 3`).
  package var kinds: [(kind: JSONKind, count: Int)]
  /// Distinct string values (exact up to the sketch's bound).
  package var distinct: String?
  /// Smallest and largest number, or the shortest and longest string in Characters (as
  /// `//! length` counts).
  package var range: String?
  /// The first place each JSON type was seen.
  package var examples: [(kind: JSONKind, example: ValueExample)]
  /// The declared type, as written in the model (filled once names are final).
  package var type = ""
  /// Why that type, in a few words.
  package var reason: String

  /// One line for a comment above the property: `present 3/3, null 1, string 3, 3 distinct, length 3…5`.
  package var shortForm: String {
    var parts = ["present \(present)/\(objects)"]
    if nulls > 0 { parts.append("null \(nulls)") }
    parts += kinds.map { "\($0.kind.rawValue) \($0.count)" }
    if let distinct { parts.append("\(distinct) distinct") }
    if let range { parts.append(range) }
    return parts.joined(separator: ", ")
  }

  /// The evidence of `node`, found in `present` of `objects` parent objects.
  init(path: String, node: ShapeNode, objects: Int, present: Int, reason: String, sketchLimit: Int) {
    self.path = path
    self.objects = objects
    self.present = present
    self.nulls = node.nulls
    var kinds: [(JSONKind, Int)] = []
    if node.booleans > 0 { kinds.append((.bool, node.booleans)) }
    if node.numbers.integers + node.numbers.hugeIntegers > 0 { kinds.append((.integer, node.numbers.integers + node.numbers.hugeIntegers)) }
    if node.numbers.fractions > 0 { kinds.append((.fraction, node.numbers.fractions)) }
    if node.strings.count > 0 { kinds.append((.string, node.strings.count)) }
    if node.arrays > 0 { kinds.append((.array, node.arrays)) }
    if node.objects > 0 { kinds.append((.object, node.objects)) }
    self.kinds = kinds
    self.distinct = node.strings.count > 0 ? node.strings.distinctText(limit: sketchLimit) : nil
    if node.numbers.count > 0 {
      range = node.numbers.rangeText
    } else if node.strings.count > 0 {
      range = "length \(node.strings.minLength)…\(node.strings.maxLength)"
    } else if node.arrays > 0 {
      range = "count \(node.minElements)…\(node.maxElements)"
    }
    self.examples = node.examples.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    self.reason = reason
  }
}
