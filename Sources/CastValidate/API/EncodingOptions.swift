/// How ``DecodedValue/encoded(as:options:)`` writes a value, beside its format; the library's
/// spelling of `castctl convert`'s flags, as ``ValidationOptions`` is of `validate`'s.
public struct EncodingOptions: Sendable, Hashable {
  /// Every object's keys (a dictionary's too) in the order of their UTF-8 bytes, as
  /// `JSONEncoder`'s `.sortedKeys` orders them (`castctl convert --sorted-keys`); otherwise the
  /// model's declaration order, superclass first. A property list's keys are sorted either way.
  public var sortedKeys: Bool

  /// Options written as the model writes: declaration order.
  public init(sortedKeys: Bool = false) {
    self.sortedKeys = sortedKeys
  }
}
