/// "Did you mean" support: the closest candidate by edit distance, if it is close enough.
package enum NameSuggestion {
  /// The candidate closest to `name` (case-insensitive Levenshtein), when the distance is small
  /// relative to the name's length.
  package static func closest<S: Sequence>(to name: String, in candidates: S) -> String?
  where S.Element == String {
    // NB: the count first: a key of megabytes beside short names is told apart in linear time,
    // before it is lower-cased.
    let reach = Self.reach(name.lowercased().unicodeScalars.count)
    return closest(to: name, in: candidates.lazy.filter { reach.contains($0.unicodeScalars.count) }.map(Candidate.init))
  }

  /// A candidate name with its lower-cased scalars, made once for a name compared many times.
  package struct Candidate {
    package let name: String
    /// The name's count of Unicode scalars, as written.
    package let count: Int
    let scalars: [Unicode.Scalar]

    package init(_ name: String) {
      self.name = name
      count = name.unicodeScalars.count
      scalars = Array(name.lowercased().unicodeScalars)
    }
  }

  /// The candidate closest to `name`, as the `String` form chooses.
  package static func closest<S: Sequence>(to name: String, in candidates: S) -> String?
  where S.Element == Candidate {
    let target = Array(name.lowercased().unicodeScalars)
    let limit = Self.limit(target.count)
    let reach = Self.reach(target.count)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate.name != name && reach.contains(candidate.count) {
      let within = min(limit, (best?.distance ?? .max) - 1)
      if let distance = editDistance(target, candidate.scalars, atMost: within) {
        best = (candidate.name, distance)
      }
    }
    return best?.name
  }

  /// The most edits a suggestion for a name of `count` scalars may be away.
  private static func limit(_ count: Int) -> Int { max(1, min(3, count / 3 + 1)) }

  /// The lengths a candidate for a name of `count` scalars (lower-cased) may have: within one
  /// more than the edits allowed.
  private static func reach(_ count: Int) -> ClosedRange<Int> {
    let limit = Self.limit(count)
    return max(0, count - limit - 1)...(count + limit + 1)
  }

  /// The Levenshtein distance of `a` and `b` when it is at most `limit`, else nil. Only the
  /// cells within `limit` of the diagonal can hold such a distance, so the time is linear in the
  /// longer sequence for a small limit.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
    guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let beyond = limit + 1
    var previous = [Int](repeating: beyond, count: b.count + 1)
    var current = previous
    for j in 0...min(b.count, limit) { previous[j] = j }
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      // The cell left of the band: the first column, or out of reach (an older row's value may
      // be there).
      current[low - 1] = low == 1 ? min(i, beyond) : beyond
      var rowBest = current[low - 1]
      if low <= high {
        for j in low...high {
          let cost = a[i - 1] == b[j - 1] ? 0 : 1
          current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, beyond)
          rowBest = min(rowBest, current[j])
        }
      }
      guard rowBest <= limit else { return nil }
      swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}
