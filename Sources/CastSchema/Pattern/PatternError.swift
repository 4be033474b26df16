/// Why a `//! pattern` cannot be used: a syntax error, or syntax outside castctl's subset
/// (backreferences, lookaround, …), with where in the pattern it is.
package struct PatternError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, in a phrase ("lookahead '(?=' is not supported").
  package var reason: String
  /// 1-based position in the pattern, counted in Unicode scalars.
  package var position: Int

  /// Creates an error.
  package init(_ reason: String, at position: Int) {
    self.reason = reason
    self.position = position
  }

  /// `reason at character N`.
  package var description: String { "\(reason) at character \(position)" }
}
