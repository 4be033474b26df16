import CastValidate
import Foundation

/// Runs castctl on a thread with a large stack. Reading a document into a tree, decoding a
/// recursive model, encoding and writing recurse once per nesting level, and the 8 MB main
/// stack ends near 1,000 levels in a debug build (far fewer under AddressSanitizer) — below what
/// `--max-depth` accepts. The stack is reserved, not committed: only the pages a document's
/// depth touches are used.
enum LargeStack {
  /// Runs `body` on the large-stack thread and waits for it; runs it here if no such thread
  /// can be made (an address-space limit), where the default `--max-depth` still fits.
  static func run(_ body: @escaping @Sendable () -> Void) {
    let ran = LargeStackThread.run(byteCount: StackRoom.largeStack, {
      ThreadHeap.reserve()
      body()
    }, whileWaiting: {
      // NB: the waiting thread blocks every signal, so a signal for the process (Ctrl-C in the
      // REPL, SIGINT during `convert -o`) lands on the work thread, interrupting its read.
      var all = sigset_t()
      sigfillset(&all)
      pthread_sigmask(SIG_BLOCK, &all, nil)
    })
    if !ran { body() }
  }
}
