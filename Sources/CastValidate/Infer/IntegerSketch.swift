/// The distinct integers seen at one path and where each was first seen, while there are few
/// (with `InferOptions.trackAbsence`): `--seed` adds them to an integer enum as cases, as it adds
/// a string enum's new values.
struct IntegerSketch: Sendable {
  /// The first place of each distinct integer; nil once there were more than the sketch keeps
  /// (a count, not a closed set).
  private(set) var examples: [Int64: ValueExample]? = [:]

  /// Notes `value`, seen at `example`, keeping at most `limit` distinct values.
  mutating func observe(_ value: Int64, limit: Int, example: () -> ValueExample) {
    guard examples != nil, examples?[value] == nil else { return }
    examples?[value] = example()
    if (examples?.count ?? 0) > limit { examples = nil }
  }

  /// Adds another path's integers, the earlier of two places for the same value: a capped
  /// union, so the order of the records (or the split between threads) cannot change it.
  mutating func merge(_ other: IntegerSketch, limit: Int) {
    guard let mine = examples, let theirs = other.examples else {
      examples = nil
      return
    }
    let union = mine.merging(theirs) { ValueExample.earliest($0, $1) ?? $0 }
    examples = union.count > limit ? nil : union
  }
}
