/// Output paths that overlap: a value is written at its path, creating the objects and arrays on
/// the way (JC-29), so a path that ends where another goes through (`p` and `p/q`, `x` and
/// `x[1]`, `x[1]` and `x[1]/c`) would make one value overwrite the other. Equal paths are not
/// overlaps here (they are `duplicate-json-key`'s, or `key-style-collision`'s). The one rule the
/// registry (`overlapping-json-key`) and `--keys` styles (`key-style-collision`) both apply.
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
    /// The path that writes a value whole at each place, and the first one that goes through it.
    var whole: [[String]: Int] = [:]
    var through: [[String]: Int] = [:]
    if let objectPath {
      let object = steps(objectPath)
      for end in 1...max(object.count, 1) where end <= object.count { through[Array(object[..<end])] = -1 }
    }
    var overlaps: [(index: Int, other: Int)] = []
    for (index, path) in paths.enumerated() {
      guard let path, !path.isEmpty else { continue }
      let steps = steps(path)
      var other = through[steps]
      for end in 1..<steps.count where other == nil { other = whole[Array(steps[..<end])] }
      if let other {
        overlaps.append((index, other))
        continue
      }
      if whole[steps] == nil { whole[steps] = index }
      for end in 1..<steps.count where through[Array(steps[..<end])] == nil { through[Array(steps[..<end])] = index }
    }
    return overlaps
  }
}
