/// One step of a compiled pattern, for a Thompson-NFA (Pike VM) matcher: consuming steps read one
/// Unicode scalar, the others move between steps without reading.
package enum PatternInstruction: Sendable, Equatable {
  /// Reads this scalar.
  case scalar(Unicode.Scalar)
  /// Reads one scalar of the set.
  case scalars(ScalarSet)
  /// Continues at both targets (the order does not matter: only match / no match is asked).
  case split(Int, Int)
  /// Continues at the target.
  case jump(Int)
  /// Continues only at the start of the string.
  case start
  /// Continues only at the end of the string.
  case end
  /// The pattern has matched.
  case match
}
