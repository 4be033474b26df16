/// Output paths that overlap: a value is written at its path, creating the objects and arrays on
/// the way (JC-29), so a path that ends where another goes through (`p` and `p/q`, `x` and
/// `x[1]`, `x[1]` and `x[1]/c`) would make one value overwrite the other, and so would two paths
/// that need one node to be an array and an object (`x[0]` and `x/y`, `a/b[0]` and `a/b/c`).
/// Equal paths are not overlaps here (they are `duplicate-json-key`'s, or
/// `key-style-collision`'s). The one rule the registry (`overlapping-json-key`) and `--keys`
/// styles (`key-style-collision`) both apply.
package enum OutputOverlap {
  /// Each path (nil: none) that overlaps an earlier one, with that earlier one's index, or -1 for
  /// `objectPath`, an object written before them all (the `//! super` object).
  package static func find(
    _ paths: [[KeyComponent]?], objectPath: [KeyComponent]? = nil, caseInsensitive: Bool = false
  ) -> [(index: Int, other: Int)] {
    // Most models write only plain keys, and plain keys cannot overlap but by being equal.
    guard objectPath != nil || paths.contains(where: { ($0?.count ?? 0) > 1 || $0?.first?.index != nil }) else {
      return []
    }
    func steps(_ components: [KeyComponent]) -> [String] {
      var steps: [String] = []
      for component in components {
        steps.append("." + (caseInsensitive ? component.key.lowercased() : component.key))
        if let index = component.index { steps.append("[\(index)]") }
      }
      return steps
    }
    // A trie of the places written, so that a path's prefixes are found in one walk down it (a
    // dictionary keyed by each prefix costs the square of a long path's length).
    var places = PlaceTrie()
    if let objectPath {
      var node = PlaceTrie.root
      for step in steps(objectPath) {
        places.need(node, for: step, by: -1)
        node = places.child(of: node, step)
        places.nodes[node].through = places.nodes[node].through ?? -1
      }
      // The super object is written with keys in it: an object, whatever its model declares.
      places.nodes[node].object = places.nodes[node].object ?? -1
    }
    var overlaps: [(index: Int, other: Int)] = []
    for (index, path) in paths.enumerated() {
      guard let path, !path.isEmpty else { continue }
      let pathSteps = steps(path)
      var parents: [Int] = []
      var nodes: [Int] = []
      var node = PlaceTrie.root
      for step in pathSteps {
        parents.append(node)
        node = places.child(of: node, step)
        nodes.append(node)
      }
      let prefixes = nodes.dropLast()
      // A path another goes through, else the shortest prefix another writes whole, else the
      // first node another needs to be an array where this one needs an object, or the reverse.
      if let other = places.nodes[node].through ?? prefixes.lazy.compactMap({ places.nodes[$0].whole }).first
        ?? zip(parents, pathSteps).lazy.compactMap({ places.conflict(at: $0, for: $1) }).first
      {
        overlaps.append((index, other))
        continue
      }
      places.nodes[node].whole = places.nodes[node].whole ?? index
      for prefix in prefixes where places.nodes[prefix].through == nil { places.nodes[prefix].through = index }
      for (parent, step) in zip(parents, pathSteps) { places.need(parent, for: step, by: index) }
    }
    return overlaps
  }
}

/// The places output paths write, one node per step: which path writes a value whole there,
/// which first goes through it, and which first needs it to be an array or an object.
private struct PlaceTrie {
  struct Node {
    var children: [String: Int] = [:]
    var whole: Int?
    var through: Int?
    var array: Int?
    var object: Int?
  }

  static let root = 0
  var nodes = [Node()]

  /// The node one step below `node`, made if new.
  mutating func child(of node: Int, _ step: String) -> Int {
    if let existing = nodes[node].children[step] { return existing }
    nodes.append(Node())
    nodes[node].children[step] = nodes.count - 1
    return nodes.count - 1
  }

  /// The path that needs `node` to be the other container than `step` (`[n]`: an array, `.key`:
  /// an object) does, if any.
  func conflict(at node: Int, for step: String) -> Int? {
    step.hasPrefix("[") ? nodes[node].object : nodes[node].array
  }

  /// Records that path `index` needs `node` to be the container `step` goes into, unless an
  /// earlier path did.
  mutating func need(_ node: Int, for step: String, by index: Int) {
    if step.hasPrefix("[") {
      nodes[node].array = nodes[node].array ?? index
    } else {
      nodes[node].object = nodes[node].object ?? index
    }
  }
}
