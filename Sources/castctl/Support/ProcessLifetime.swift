/// Values that live until the process exits.
enum ProcessLifetime {
  /// Keeps `value` for good. A large schema's registry and plans are tens of thousands of
  /// objects; releasing them one at a time just before exit costs about as much as building a
  /// part of them, and the kernel takes the whole heap back at once anyway (compilers'
  /// `-disable-free`). Only for values a command holds until it returns.
  static func keep<Value>(_ value: Value) {
    _ = Unmanaged.passRetained(Box(value))
  }

  /// Holds a value of any type as an object.
  private final class Box<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
  }
}
