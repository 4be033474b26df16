import Foundation

/// A thread with a stack of a given size, run to its end while the caller waits.
package enum LargeStackThread {
  /// Runs `body` on a new thread whose stack is `byteCount` bytes and waits for it; false, with
  /// `body` not run, when no such thread can be made (an address-space limit).
  /// `whileWaiting` runs on the calling thread once the new one has started.
  @discardableResult
  package static func run(
    byteCount: Int, _ body: @escaping @Sendable () -> Void, whileWaiting: () -> Void = {}
  ) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, byteCount)
    let work = Unmanaged.passRetained(Body(body))
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let created = pthread_create(&thread, &attributes, { context in
      guard let context else { return nil }
      Unmanaged<Body>.fromOpaque(context).takeRetainedValue().body()
      return nil
    }, work.toOpaque())
    guard created == 0 else {
      work.release()
      return false
    }
    whileWaiting()
    #if canImport(Darwin)
      if let thread { pthread_join(thread, nil) }
    #else
      pthread_join(thread, nil)
    #endif
    return true
  }

  /// The closure handed to the thread through its untyped context pointer.
  private final class Body {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
