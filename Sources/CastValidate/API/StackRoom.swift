import Foundation

/// Room on the stack for work that recurses once per nesting level of a document: reading it
/// into a tree, decoding a recursive model, encoding and writing. The command line runs on a
/// thread with a 1 GiB stack; a program calling the library runs on its own thread, whose stack
/// may be 512 KiB (a secondary thread on Apple platforms) or 8 MB (a main thread). Work whose
/// depth limit may not fit in what is left of the caller's stack runs on a thread of its own
/// with a large one, and the caller waits for it.
package enum StackRoom {
  /// The stack reserved for a work thread: reserved, not committed, so only the pages a
  /// document's depth touches are used. `JSONScanner.maxDepthLimit` levels fit in it even in a
  /// debug build under AddressSanitizer.
  package static let largeStack = 1 << 30

  /// The stack one nesting level of a document may take, at most. Measured with threads of
  /// fixed stack sizes (the least on which each runs) on recursive models, dictionaries of
  /// them, payload enums and `Any`, validated, decoded, encoded in every format and round-tripped:
  /// at most 10 KB in an optimized build and 9 KB in a debug one (a dictionary of models,
  /// decoded), 16 KB in a debug one under AddressSanitizer.
  /// An optimized build's allowance keeps the default 512 levels within a main thread's 8 MB, so
  /// that a program's usual threads run the work where they are.
  #if DEBUG
    static let bytesPerLevel = 48 << 10
  #else
    static let bytesPerLevel = 12 << 10
  #endif

  /// What the deepest frames around the recursion take besides: the caller's, the writers'.
  static let baseBytes = 128 << 10

  /// Runs `body`, which recurses once per nesting level, at most `depth` levels, here when the
  /// stack has room for that, else on a thread with a large stack.
  package static func run<Value>(depth: Int, _ body: () -> Value) -> Value {
    if hasRoom(forDepth: depth) { return body() }
    return withoutActuallyEscaping(body) { body in
      let work = Work(body)
      guard LargeStackThread.run(byteCount: largeStack, { work.run() }), let value = work.value else { return body() }
      return value
    }
  }

  /// Runs a throwing `body` as `run(depth:_:)` does.
  package static func run<Value, Failure: Error>(depth: Int, _ body: () throws(Failure) -> Value) throws(Failure) -> Value {
    try run(depth: depth) { () -> Result<Value, Failure> in Result(catching: body) }.get()
  }

  /// How deep work on JSON `text` read with `maxDepth` can recurse: `maxDepth` (and one level
  /// past it, where the reader stops) when the stack has room for that anyway, else the text's
  /// own nesting, counted, so that a shallow document runs here on a small stack. Counting runs
  /// at about 2 GB/s and a thread takes about 90 µs to start and end (measured on this machine),
  /// so a text longer than `countedBytes` goes to a thread uncounted.
  package static func depth(of text: UnsafeRawBufferPointer, maxDepth: Int) -> Int {
    let most = maxDepth + 1
    guard !hasRoom(forDepth: most), text.count <= countedBytes else { return most }
    return min(nesting(of: text, limit: most), most)
  }

  /// The longest text whose nesting is counted rather than run on a thread of its own.
  static let countedBytes = 192 << 10

  /// The deepest nesting of arrays and objects in JSON text, counted up to `limit`; malformed
  /// text is counted as it stands (the reader refuses it, no deeper).
  static func nesting(of text: UnsafeRawBufferPointer, limit: Int) -> Int {
    var depth = 0
    var deepest = 0
    var index = 0
    let count = text.count
    while index < count {
      switch text[index] {
      case UInt8(ascii: "\""):
        // NB: to the closing quote, over escaped ones.
        index += 1
        while index < count, text[index] != UInt8(ascii: "\"") {
          index += text[index] == UInt8(ascii: "\\") ? 2 : 1
        }
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > deepest {
          deepest = depth
          if deepest >= limit { return deepest }
        }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth = max(0, depth - 1)
      default:
        break
      }
      index += 1
    }
    return deepest
  }

  /// Whether the calling thread's stack has room for work `depth` levels deep.
  static func hasRoom(forDepth depth: Int) -> Bool {
    let (levels, overflow) = depth.multipliedReportingOverflow(by: bytesPerLevel)
    return !overflow && hasRoom(levels + baseBytes)
  }

  /// Whether the calling thread's stack has `bytes` free below this frame; false when its
  /// bounds cannot be read.
  static func hasRoom(_ bytes: Int) -> Bool {
    guard let low = stackLowerBound() else { return false }
    var marker = 0
    let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    return here > low && here - low > UInt(bytes)
  }

  #if canImport(Glibc)
    /// Each thread's lowest stack address, once found: glibc finds the main thread's by reading
    /// `/proc/self/maps`, too slow to do per call.
    private static let lowerBoundKey: pthread_key_t? = {
      var key = pthread_key_t()
      return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// glibc's `pthread_getattr_np`, which the Glibc module leaves out (it is a GNU extension).
    private static let threadAttributes: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
    }()

    private static func stackLowerBound() -> UInt? {
      if let key = lowerBoundKey, let cached = pthread_getspecific(key) { return UInt(bitPattern: cached) }
      var attributes = pthread_attr_t()
      guard let getAttributes = threadAttributes, getAttributes(pthread_self(), &attributes) == 0 else { return nil }
      defer { pthread_attr_destroy(&attributes) }
      var address: UnsafeMutableRawPointer?
      var size = 0
      guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
      // NB: the guard page, and on the main thread whatever the kernel keeps below the limit.
      let low = UInt(bitPattern: address) + UInt(64 << 10)
      if let key = lowerBoundKey { pthread_setspecific(key, UnsafeRawPointer(bitPattern: low)) }
      return low
    }
  #elseif canImport(Darwin)
    private static func stackLowerBound() -> UInt? {
      let thread = pthread_self()
      let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
      let size = UInt(pthread_get_stacksize_np(thread))
      return top > size ? top - size + UInt(64 << 10) : nil
    }
  #else
    private static func stackLowerBound() -> UInt? { nil }
  #endif

  /// The body and its result, handed to the work thread; the caller waits for the thread, so
  /// neither is ever touched by two threads at once.
  private final class Work<Value>: @unchecked Sendable {
    let body: () -> Value
    var value: Value?
    init(_ body: @escaping () -> Value) { self.body = body }
    func run() { value = body() }
  }
}
