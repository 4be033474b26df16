/// Tells whether any two of one container's items are the same, in one pass over a word of each
/// (a hash of a key's bytes, a set element's identity): an open-addressed table, emptied for the
/// next container by moving on to a new stamp rather than by clearing it. The clean-record check
/// keeps one per thread and asks it at a container's end, when nothing nested still needs it.
// NB: it replaced sorting the items (by their bytes, then by their words), which took most of the
// time of reading a set or dictionary of hundreds of entries.
struct WordTable: ~Copyable {
  private struct Slot {
    var word: UInt64
    /// The item's place, which the caller's `isSame` reads.
    var item: Int32
    /// The round the slot was filled in; any other: empty.
    var stamp: UInt32
  }

  private var slots: UnsafeMutablePointer<Slot>
  /// A power of two.
  private var capacity: Int
  private var stamp: UInt32 = 1

  init() {
    capacity = 64
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: Slot(word: 0, item: 0, stamp: 0), count: capacity)
  }

  deinit {
    slots.deallocate()
  }

  /// Empties the table for a container of up to `count` items (room for twice as many, so that
  /// probes stay short).
  mutating func begin(count: Int) {
    var needed = capacity
    while needed < 2 &* count { needed &*= 2 }
    if needed > capacity {
      slots.deallocate()
      capacity = needed
      slots = .allocate(capacity: capacity)
      slots.initialize(repeating: Slot(word: 0, item: 0, stamp: 0), count: capacity)
      stamp = 1
      return
    }
    stamp &+= 1
    if stamp == 0 {
      // NB: after 2³² containers a slot's stamp could come round again.
      slots.update(repeating: Slot(word: 0, item: 0, stamp: 0), count: capacity)
      stamp = 1
    }
  }

  /// Adds item `item` of word `word`; true when an item of the same word came before and
  /// `isSame` (given the earlier item's place) says it is the same item, and then adds nothing.
  /// At most the `count` items of `begin` are added.
  @inline(__always)
  mutating func repeats(_ word: UInt64, item: Int32, isSame: (Int32) -> Bool) -> Bool {
    let mask = capacity &- 1
    var slot = Int(truncatingIfNeeded: ByteHash.mix(word)) & mask
    while true {
      let current = slots[slot]
      if current.stamp != stamp {
        slots[slot] = Slot(word: word, item: item, stamp: stamp)
        return false
      }
      if current.word == word, isSame(current.item) { return true }
      slot = (slot &+ 1) & mask
    }
  }
}
