/// What the next value is, without consuming it.
public enum JSONValueKind: Sendable, Hashable {
  /// A `{`.
  case object
  /// A `[`.
  case array
  /// A `"`.
  case string
  /// A `-` or a digit.
  case number
  /// A `t` or an `f`.
  case bool
  /// An `n`.
  case null
}

/// A scanned string: the span of its raw content between the quotes, and whether it contains escapes.
public struct JSONStringToken: Sendable, Hashable, BitwiseCopyable {
  /// The raw content, quotes excluded, escapes not resolved.
  public var span: JSONSpan
  /// True when the content holds at least one backslash escape, so the raw bytes differ from the decoded text.
  public var hasEscapes: Bool

  /// Creates a token from its parts.
  public init(span: JSONSpan, hasEscapes: Bool) {
    self.span = span
    self.hasEscapes = hasEscapes
  }
}

/// A scanned number: the span of its literal text, and its shape.
public struct JSONNumberToken: Sendable, Hashable, BitwiseCopyable {
  /// The literal text as written.
  public var span: JSONSpan
  /// True when the literal has neither a fraction nor an exponent.
  public var isInteger: Bool
  /// True when the literal starts with `-` (so `-0` is negative).
  public var isNegative: Bool

  /// Creates a token from its parts.
  public init(span: JSONSpan, isInteger: Bool, isNegative: Bool) {
    self.span = span
    self.isInteger = isInteger
    self.isNegative = isNegative
  }
}
