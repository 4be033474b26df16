/// Key directives already parsed, by text: a schema repeats keys like `id` or `name` across its
/// models, and sharing their paths saves parsing them and two allocations each time.
// NB: direct-mapped, with a hash of a few instructions per word: a key seen once (most keys of
// most schemas) costs next to nothing more than parsing it, where a `Dictionary` would hash it
// twice over (SipHash) and grow.
struct ParsedKeyCache {
  private struct Entry {
    var text: String
    var verbatim: Bool
    var paths: [KeyPath]
  }

  /// A power of two, so a fingerprint folds to a slot by a mask.
  private static let slotCount = 256
  private var slots: [Entry?] = Array(repeating: nil, count: slotCount)

  /// `KeySpec.parse(text, verbatim:)`, remembering what parses.
  mutating func parse(_ text: String, verbatim: Bool) -> Result<[KeyPath], KeySpecError> {
    let slot = Self.slot(of: text)
    if let entry = slots[slot], entry.verbatim == verbatim, entry.text == text { return .success(entry.paths) }
    let result = KeySpec.parse(text, verbatim: verbatim)
    if case .success(let paths) = result { slots[slot] = Entry(text: text, verbatim: verbatim, paths: paths) }
    return result
  }

  /// The text's fingerprint, folded to a slot.
  private static func slot(of text: String) -> Int {
    let value = ByteFingerprint.of(text)
    return Int(truncatingIfNeeded: value ^ value >> 32) & (slotCount - 1)
  }
}
