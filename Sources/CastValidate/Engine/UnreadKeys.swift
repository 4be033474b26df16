/// The keys of the object a walker last looked at for "did you mean" hints, that no property
/// reads: read once for every missing key of that object, not once each, so an object missing
/// many keys costs its length once, not its length times the keys missing.
final class UnreadKeys {
  /// Which object `keys` belong to: its offset in the input, in which buffer.
  private var object: (start: Int, buffer: UnsafeRawPointer?)?
  /// The unread keys, lower-cased as Unicode scalars, for `NameSuggestion`.
  private(set) var keys: [NameSuggestion.Candidate] = []
  /// The comparisons of a missing key with an unread one still allowed for this object.
  private var allowance = HintAllowance()

  /// The unread keys of the object at `start` in `buffer`, read by `read` the first time.
  func keys(
    ofObjectAt start: Int, in buffer: UnsafeRawPointer?, read: () -> [String]
  ) -> [NameSuggestion.Candidate] {
    if let object, object.start == start, object.buffer == buffer { return keys }
    keys = read().map(NameSuggestion.Candidate.init)
    object = (start, buffer)
    allowance = HintAllowance()
    return keys
  }

  /// Forgets the object, at a record's start: a record read from a reused buffer at the same
  /// offset is another object.
  func forget() {
    if object != nil { object = nil }
  }

  /// Whether `count` more comparisons fit in the object's allowance; they are spent if so.
  func spend(_ count: Int) -> Bool {
    allowance.spend(count)
  }
}
