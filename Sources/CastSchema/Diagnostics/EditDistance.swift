/// "Did you mean" support: the closest candidate by edit distance, if it is close enough.
package enum NameSuggestion {
  /// The candidate closest to `name` (case-insensitive Levenshtein), when the distance is small
  /// relative to the name's length.
  package static func closest<S: Sequence>(to name: String, in candidates: S) -> String?
  where S.Element == String {
    let target = Array(name.lowercased().unicodeScalars)
    let limit = max(1, min(3, target.count / 3 + 1))
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
