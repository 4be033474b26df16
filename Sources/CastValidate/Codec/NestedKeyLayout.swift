import CastSchema

/// The objects a model's key paths (`p/q/r`, `//! super`) write its properties into, as a tree
/// made once per model, so that `ModelEncoder.writeCompact` writes a record's nested output
/// straight into bytes, not through a `JSONValue` tree. Only for models whose paths are keys alone
/// (no `[n]`), none of them a beginning of another, and no two properties at one key: the others
/// go through `ModelEncoder.encode`, whose `insert` says what they write.
struct NestedKeyLayout {
  /// Each node's `"key":` bytes; node 0 is the model's own object.
  private(set) var keys: [[UInt8]] = [[]]
  /// Each node's parent (-1 for the model's object).
  private(set) var parents: [Int] = [-1]
  /// The property each leaf writes (-1 for an object).
  private(set) var fields: [Int] = [-1]
  /// The leaf of each property.
  private(set) var leaves: [Int] = []

  var nodeCount: Int { keys.count }

  /// The layout of `plan`'s output under `style`, or nil where `insert` must decide.
  init?(_ plan: ModelPlan, keys style: KeyStyle) {
    guard !plan.sharesKeys else { return nil }
    let canonical = plan.policy.keysCompareCanonically
    // NB: keys are one key where `insert` finds one for the other: canonically equal, or of
    // equal bytes.
    var children: [[String: Int]] = [[:]]
    var childrenByBytes: [[[UInt8]: Int]] = [[:]]
    for (index, field) in plan.fields.enumerated() {
      let path = style.path(for: field.property)
      guard !path.isEmpty else { return nil }
      var node = 0
      for (level, component) in path.enumerated() {
        guard component.index == nil, fields[node] < 0 else { return nil }
        let bytes = Array(component.key.utf8)
        let isLast = level + 1 == path.count
        if let existing = canonical ? children[node][component.key] : childrenByBytes[node][bytes] {
          // A property's leaf, or an object another property writes into, is no way through.
          guard !isLast else { return nil }
          node = existing
          continue
        }
        var key: [UInt8] = []
        JSONWriter.appendQuoted(component.key, to: &key)
        key.append(UInt8(ascii: ":"))
        keys.append(key)
        parents.append(node)
        fields.append(isLast ? index : -1)
        children.append([:])
        childrenByBytes.append([:])
        if canonical { children[node][component.key] = keys.count - 1 } else { childrenByBytes[node][bytes] = keys.count - 1 }
        node = keys.count - 1
      }
      leaves.append(node)
    }
  }
}
