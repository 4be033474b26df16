/// Why a `//! pattern` cannot be used: a syntax error, or syntax outside castctl's subset
/// (backreferences, lookaround, …), with where in the pattern it is.
public struct PatternError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, in a phrase ("lookahead '(?=' is not supported").
  public var reason: String
  /// 1-based position in the pattern, counted in Unicode scalars.
  public var position: Int

  /// Creates an error.
  public init(_ reason: String, at position: Int) {
    self.reason = reason
    self.position = position
  }

  /// `reason at character N`.
  public var description: String { "\(reason) at character \(position)" }
}
