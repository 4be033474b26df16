/// Room made up front in the calling thread's malloc heap.
enum ThreadHeap {
  /// What a large schema or a chunk of records takes; the pages are reserved, not touched.
  static let reserveBytes = 8 << 20

  /// glibc grows a thread's heap (unlike the main thread's) only by what each allocation lacks,
  /// with one `mprotect` call per new page: a 5,000-line schema spent about 1 ms in them. Once a
  /// heap has been that large, it grows back without the call. A block above the mmap threshold,
  /// freed, raises the threshold to its size (glibc's own dynamic threshold), so a block just
  /// below comes from this heap: one call for all of it, and freed it stays (the trim threshold
  /// is twice as large). Elsewhere than glibc this is one allocation and release too many.
  // NB: through the Swift runtime, not `malloc` and `free`, which the optimizer drops as a pair.
  static func reserve() {
    UnsafeMutableRawPointer.allocate(byteCount: reserveBytes, alignment: 16).deallocate()
    UnsafeMutableRawPointer.allocate(byteCount: reserveBytes - (64 << 10), alignment: 16).deallocate()
  }
}
