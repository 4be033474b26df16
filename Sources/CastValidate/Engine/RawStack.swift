/// A growable stack of plain values in memory it owns, for the engine's per-object scratch state:
/// reading and writing it costs no reference counting and no uniqueness checks, which an `Array`
/// held in a struct pays on every write in the hot loop.
final class RawStack<Element: BitwiseCopyable> {
  private var storage: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// Elements in use.
  private(set) var count = 0

  init(capacity: Int = 64) {
    self.capacity = max(capacity, 1)
    storage = .allocate(capacity: self.capacity)
  }

  deinit { storage.deallocate() }

  /// Pushes `n` copies of `value`; returns the index of the first.
  @inline(__always)
  func push(_ value: Element, count n: Int) -> Int {
    let base = count
    if count + n > capacity { grow(to: count + n) }
    (storage + count).initialize(repeating: value, count: n)
    count += n
    return base
  }

  /// Pushes one value.
  @inline(__always)
  func push(_ value: Element) {
    if count == capacity { grow(to: count + 1) }
    (storage + count).initialize(to: value)
    count += 1
  }

  /// Drops the last `n` values.
  @inline(__always)
  func pop(_ n: Int = 1) { count -= n }

  /// Empties the stack, keeping its memory.
  func removeAll() { count = 0 }

  @inline(__always)
  subscript(index: Int) -> Element {
    get { storage[index] }
    set { storage[index] = newValue }
  }

  /// The values in use, outermost first (for rendering paths).
  var elements: [Element] { Array(UnsafeBufferPointer(start: storage, count: count)) }

  private func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let bigger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    bigger.moveInitialize(from: storage, count: count)
    storage.deallocate()
    storage = bigger
    capacity = newCapacity
  }
}
