/// A JSON document as a tree, for the places that need one (converting output, `Any` values, round-trip
/// comparison); validation walks the bytes with `JSONScanner` instead.
///
/// Equality compares numbers by literal text (`1.0` differs from `1`) and strings with Swift's `String`
/// equality, which treats canonically equivalent text (`é` and `e` + U+0301) as equal.
public indirect enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, kept as its literal text so no precision is lost before the value is checked against a type.
  case number(String)
  /// A string, escapes resolved.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object: members in document order, duplicate keys kept as written.
  case object([JSONMember])
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Equatable {
  /// The key, escapes resolved.
  public var key: String
  /// The value.
  public var value: JSONValue

  /// Creates a member.
  public init(key: String, value: JSONValue) {
    self.key = key
    self.value = value
  }
}
