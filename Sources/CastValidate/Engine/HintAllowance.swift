/// The name comparisons "did you mean" hints may still make: an object's missing keys against its
/// unread keys (`UnreadKeys`), a record's unknown keys and enum values against the model's keys
/// and the raw values (`RecordValidator.hintAllowance`). Thousands of names against thousands of
/// candidates would cost their product; the first findings keep their hints, later ones have none.
struct HintAllowance {
  /// The comparisons one object's, or one record's, hints are allowed.
  static let comparisons = 100_000

  private var left = HintAllowance.comparisons

  /// Whether `count` more comparisons fit; they are spent if so.
  mutating func spend(_ count: Int) -> Bool {
    guard count <= left else { return false }
    left -= count
    return true
  }
}
