/// Keys of a model found from a key's bytes through one hash, without allocating: the walk's
/// table of literal keys (`ModelPlan.literalKeyPositions`) and of folded keys
/// (`ModelPlan.directKeyPositions`).
/// A `[[UInt8]: Int]` did the same, but hashed every byte through `Hasher` and needed each key
/// decoded into an array first; a record whose keys all come this way spent a seventh of its
/// walk there.
struct KeyTable: Sendable {
  /// Each key's bytes back to back.
  private let bytes: [UInt8]
  /// Each key: its length, prefix word, start in `bytes` and position (`KeyEntry.field`).
  private let entries: [KeyEntry]
  /// Open addressing, half full at most: an index into `entries`, or -1 for an empty slot.
  private let slots: [Int32]

  /// The table of `keys`, each with its position; of two equal keys the first is kept.
  init(_ keys: [(key: [UInt8], position: Int)]) {
    var size = 1
    while size < keys.count * 2 { size <<= 1 }
    var bytes: [UInt8] = []
    var entries: [KeyEntry] = []
    var slots = [Int32](repeating: -1, count: size)
    for (key, position) in keys {
      let prefix = key.withUnsafeBytes(KeyPrefix.word)
      var slot = key.withUnsafeBytes { KeyPrefix.hash($0, prefix: prefix) } & (size - 1)
      var isRepeat = false
      while slots[slot] >= 0 {
        let entry = entries[Int(slots[slot])]
        if entry.length == key.count, bytes[entry.start..<entry.start + entry.length].elementsEqual(key) {
          isRepeat = true
          break
        }
        slot = (slot + 1) & (size - 1)
      }
      guard !isRepeat else { continue }
      slots[slot] = Int32(entries.count)
      entries.append(KeyEntry(length: key.count, prefix: prefix, start: bytes.count, field: position))
      bytes += key
    }
    self.bytes = bytes
    self.entries = entries
    self.slots = slots
  }

  /// The number of distinct keys.
  var count: Int { entries.count }

  /// The position of the key whose bytes are `raw`, if any.
  func position(of raw: UnsafeRawBufferPointer) -> Int? {
    let prefix = KeyPrefix.word(raw)
    let mask = slots.count - 1
    var slot = KeyPrefix.hash(raw, prefix: prefix) & mask
    while true {
      let index = Int(slots[slot])
      guard index >= 0 else { return nil }
      let entry = entries[index]
      if entry.length == raw.count, entry.prefix == prefix, bytes[entry.start..<entry.start + entry.length].elementsEqual(raw) {
        return entry.field
      }
      slot = (slot + 1) & mask
    }
  }

  /// `position(of:)` for a key held as an array.
  func position(of key: [UInt8]) -> Int? {
    key.withUnsafeBytes { position(of: $0) }
  }
}
