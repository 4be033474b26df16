/// A reference to an object that something else keeps alive, read without reference counting.
/// The engine's hot loops hold the transcript, a property's plan and its checks' tables this way:
/// a strong reference would be retained and released on every value. The one place the engine
/// reaches for the standard library's guaranteed-reference access.
struct Borrowed<Object: AnyObject> {
  private let unmanaged: Unmanaged<Object>

  /// Borrows `object`, which its owner must keep alive for as long as this is read.
  @inline(__always)
  init(_ object: Object) {
    unmanaged = .passUnretained(object)
  }

  /// Runs `body` with the object, neither retained nor released around it.
  @inline(__always)
  func with<Result>(_ body: (Object) -> Result) -> Result {
    unmanaged._withUnsafeGuaranteedRef(body)
  }

  /// The object as an ordinary (retained) reference, for code outside the hot loops.
  var object: Object { unmanaged.takeUnretainedValue() }
}
