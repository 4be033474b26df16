import Foundation

/// Runs castctl on a thread with a large stack. Reading a document into a tree, decoding a
/// recursive model, encoding and writing recurse once per nesting level, and the 8 MB main
/// stack ends near 1,000 levels in a debug build (far fewer under AddressSanitizer) — below what
/// `--max-depth` accepts. The stack is reserved, not committed: only the pages a document's
/// depth touches are used.
enum LargeStack {
  /// The stack reserved for the work thread.
  static let byteCount = 1 << 30

  /// Runs `body` on the large-stack thread and waits for it; runs it here if no such thread
  /// can be made (an address-space limit), where the default `--max-depth` still fits.
  static func run(_ body: @escaping @Sendable () -> Void) {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, byteCount)
    let work = Unmanaged.passRetained(Work(body))
    var thread = pthread_t()
    let created = pthread_create(&thread, &attributes, { context in
      guard let context else { return nil }
      ThreadHeap.reserve()
      Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
      return nil
    }, work.toOpaque())
    guard created == 0 else {
      work.release()
      return body()
    }
    // NB: the waiting thread blocks every signal, so a signal for the process (Ctrl-C in the
    // REPL, SIGINT during `convert -o`) lands on the work thread, interrupting its read.
    var all = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_BLOCK, &all, nil)
    pthread_join(thread, nil)
  }

  /// The closure handed to the thread through its untyped context pointer.
  private final class Work {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
