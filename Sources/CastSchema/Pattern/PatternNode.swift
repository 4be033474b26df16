/// The syntax tree of a `//! pattern`: what `PatternParser` reads and `PatternCompiler` turns
/// into a program. Groups are kept only as nesting; the matcher answers match / no match, so
/// nothing is captured.
indirect enum PatternNode: Sendable, Equatable {
  /// Matches the empty string.
  case empty
  /// One scalar from the set.
  case scalars(ScalarSet)
  /// `^`: the start of the string.
  case start
  /// `$`: the end of the string.
  case end
  /// Each part in order.
  case sequence([PatternNode])
  /// Any one of the branches.
  case alternation([PatternNode])
  /// The node `min` times, then up to `max - min` more (`max` nil: any number more).
  case repetition(PatternNode, min: Int, max: Int?)

  /// One literal scalar.
  static func literal(_ scalar: Unicode.Scalar) -> PatternNode {
    .scalars(ScalarSet([scalar.value...scalar.value]))
  }
}
