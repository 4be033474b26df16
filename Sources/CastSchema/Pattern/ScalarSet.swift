/// A set of Unicode scalars as sorted, disjoint, non-adjacent closed ranges: a character class
/// (`[a-z]`, `[^0-9]`, `\w`) in the form the matcher tests with a binary search.
package struct ScalarSet: Sendable, Hashable {
  /// The ranges, by scalar value, sorted and merged.
  package private(set) var ranges: [ClosedRange<UInt32>]

  /// A set of the given ranges (in any order, overlapping or not).
  package init(_ ranges: [ClosedRange<UInt32>] = []) {
    self.ranges = Self.normalized(ranges)
  }

  /// Whether `scalar` is in the set.
  package func contains(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    var low = 0
    var high = ranges.count
    while low < high {
      let mid = (low + high) / 2
      if ranges[mid].upperBound < value {
        low = mid + 1
      } else if ranges[mid].lowerBound > value {
        high = mid
      } else {
        return true
      }
    }
    return false
  }

  /// Whether no scalar is in both sets.
  package func isDisjoint(with other: ScalarSet) -> Bool {
    !ranges.contains { mine in other.ranges.contains { $0.overlaps(mine) } }
  }

  /// The set with `other`'s scalars added.
  package func union(_ other: ScalarSet) -> ScalarSet { ScalarSet(ranges + other.ranges) }

  /// Every scalar not in the set (surrogate code points are not scalars, so they stay out).
  package func inverted() -> ScalarSet {
    var result: [ClosedRange<UInt32>] = []
    var next: UInt32 = 0
    for range in ranges {
      if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
      next = range.upperBound + 1
    }
    if next <= Self.maxScalar { result.append(next...Self.maxScalar) }
    return ScalarSet(result)
  }

  /// The largest Unicode scalar value.
  static let maxScalar: UInt32 = 0x10FFFF

  /// Sorts, then merges overlapping and touching ranges.
  private static func normalized(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
    var merged: [ClosedRange<UInt32>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}

// MARK: - The shorthand classes

extension ScalarSet {
  /// `\d`: the ASCII digits 0-9.
  package static let digit = ScalarSet([0x30...0x39])
  /// `\w`: ASCII letters, digits and `_`.
  package static let word = ScalarSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
  /// `\s`: the Unicode White_Space scalars (tab, line feed, vertical tab, form feed, carriage
  /// return, space, U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000).
  package static let space = ScalarSet([
    0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
    0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
  ])
  /// `.`: every scalar except the line breaks `\n` and `\r`.
  package static let notLineBreak = ScalarSet([0x0A...0x0A, 0x0D...0x0D]).inverted()
}

// MARK: - Case

extension ScalarSet {
  /// The set with every scalar's other cases added (the class its simple lower, upper and title
  /// case mappings connect, `CaseClosure`), for `(?i)`.
  func caseFolded() -> ScalarSet {
    var added: [ClosedRange<UInt32>] = []
    for range in ranges {
      for value in range {
        guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else { continue }
        for other in CaseClosure.others(of: value) { added.append(other...other) }
      }
    }
    return added.isEmpty ? self : ScalarSet(ranges + added)
  }
}
