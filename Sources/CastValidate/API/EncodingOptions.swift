/// How ``DecodedValue/encoded(as:options:)`` writes a value, beside its format; the library's
/// spelling of `castctl convert`'s flags, as ``ValidationOptions`` is of `validate`'s.
public struct EncodingOptions: Sendable, Hashable {
  /// Every object's keys (a dictionary's too) in the order of their UTF-8 bytes, as
  /// `JSONEncoder`'s `.sortedKeys` orders them (`castctl convert --sorted-keys`); otherwise the
  /// model's declaration order, superclass first. A property list's keys are sorted either way.
  public var sortedKeys: Bool

  /// Every `/` in JSON written as it is, as `JSONEncoder`'s `.withoutEscapingSlashes` writes it
  /// (`castctl convert --without-escaping-slashes`); otherwise a Codable model's JSON has `\/`,
  /// as `JSONEncoder` writes it by default. Other dialects, YAML and property lists never escape it.
  public var withoutEscapingSlashes: Bool

  /// Options written as the model writes: declaration order, `/` as its dialect writes it.
  public init(sortedKeys: Bool = false, withoutEscapingSlashes: Bool = false) {
    self.sortedKeys = sortedKeys
    self.withoutEscapingSlashes = withoutEscapingSlashes
  }
}
