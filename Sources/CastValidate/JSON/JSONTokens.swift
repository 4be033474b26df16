/// What the next value is, without consuming it.
package enum JSONValueKind: Sendable, Hashable {
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
package struct JSONStringToken: Sendable, Hashable, BitwiseCopyable {
  /// The raw content, quotes excluded, escapes not resolved.
  package var span: JSONSpan
  /// True when the content holds at least one backslash escape, so the raw bytes differ from the decoded text.
  package var hasEscapes: Bool

  /// Creates a token from its parts.
  package init(span: JSONSpan, hasEscapes: Bool) {
    self.span = span
    self.hasEscapes = hasEscapes
  }
}

/// A scanned number: the span of its literal text, and its shape.
package struct JSONNumberToken: Sendable, Hashable, BitwiseCopyable {
  /// The literal text as written.
  package var span: JSONSpan
  /// True when the literal has neither a fraction nor an exponent.
  package var isInteger: Bool
  /// True when the literal starts with `-` (so `-0` is negative).
  package var isNegative: Bool
  /// True when the literal has an exponent (`1e5`): only such a literal can overflow a `Double`
  /// or round to zero while short.
  package var hasExponent: Bool

  /// Creates a token from its parts.
  package init(span: JSONSpan, isInteger: Bool, isNegative: Bool, hasExponent: Bool = false) {
    self.span = span
    self.isInteger = isInteger
    self.isNegative = isNegative
    self.hasExponent = hasExponent
  }
}
