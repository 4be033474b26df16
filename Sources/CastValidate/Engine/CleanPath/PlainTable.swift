/// A fixed table of values in memory it owns, for the clean-record check: reading it costs no
/// reference counting and no bounds checks, which an `Array` held in a class pays on every read
/// in the hot loop. Its owner frees it.
struct PlainTable<Element> {
  let base: UnsafeMutablePointer<Element>
  let count: Int

  init(_ elements: [Element]) {
    count = elements.count
    base = .allocate(capacity: max(count, 1))
    base.initialize(from: elements, count: count)
  }

  @inline(__always)
  subscript(index: Int) -> Element { base[index] }

  func free() {
    base.deinitialize(count: count)
    base.deallocate()
  }
}
