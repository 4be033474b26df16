/// A reused byte buffer holding a model's members while they are laid out again.
final class ByteScratch {
  private var storage = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 1)
  private var capacity = 4096

  deinit { storage.deallocate() }

  /// Replaces the contents with `bytes`.
  func load(_ bytes: UnsafeRawBufferPointer) {
    if bytes.count > capacity {
      storage.deallocate()
      capacity = max(bytes.count, capacity * 2)
      storage = .allocate(byteCount: capacity, alignment: 1)
    }
    if let source = bytes.baseAddress { storage.copyMemory(from: source, byteCount: bytes.count) }
  }

  /// Bytes `lower..<upper` of the contents.
  func slice(_ lower: Int, _ upper: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: storage + lower, count: upper - lower)
  }
}
