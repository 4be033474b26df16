/// Key directives already parsed, by text: a schema repeats keys like `id` or `name` across its
/// models, and sharing their paths saves parsing them and two allocations each time.
// NB: direct-mapped, with a hash of a few instructions per word: a key seen once (most keys of
// most schemas) costs next to nothing more than parsing it, where a `Dictionary` would hash it
// twice over (SipHash) and grow. A key is looked up by its bytes, so a repeated one needs no String.
struct ParsedKeyCache {
  private struct Entry {
    var text: String
    var verbatim: Bool
    var paths: [KeyPath]

    func spells(_ key: UnsafeRawBufferPointer) -> Bool {
      var text = text
      return text.withUTF8 { UnsafeRawBufferPointer($0).elementsEqual(key) }
    }
  }

  /// A power of two, so a fingerprint folds to a slot by a mask.
  private static let slotCount = 256
  private var slots: [Entry?] = Array(repeating: nil, count: slotCount)

  /// `KeySpec.parse(text, verbatim:)`, remembering what parses.
  mutating func parse(_ text: String, verbatim: Bool) -> Result<[KeyPath], KeySpecError> {
    var text = text
    return text.withUTF8 { parse(UnsafeRawBufferPointer($0), verbatim: verbatim) }
  }

  /// `KeySpec.parse` of the key whose UTF-8 bytes are `key`, remembering what parses.
  mutating func parse(_ key: UnsafeRawBufferPointer, verbatim: Bool) -> Result<[KeyPath], KeySpecError> {
    let fingerprint = ByteFingerprint.of(key)
    let slot = Int(truncatingIfNeeded: fingerprint ^ fingerprint >> 32) & (Self.slotCount - 1)
    if let entry = slots[slot], entry.verbatim == verbatim, entry.spells(key) { return .success(entry.paths) }
    let text = String(decoding: key, as: UTF8.self)
    let result = KeySpec.parse(text, verbatim: verbatim)
    if case .success(let paths) = result { slots[slot] = Entry(text: text, verbatim: verbatim, paths: paths) }
    return result
  }
}
