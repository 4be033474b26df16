/// What a failed check says about the value, written once for the raw checks (on a value's
/// bytes) and the instance checks (on a built value).
enum CheckFailure {
  /// A number outside a `range`.
  static func outside(_ literal: String, _ check: CompiledCheck) -> String { "\(Excerpt.clip(literal)) is outside \(check.text)" }
  /// A string whose Character count is outside a `length`.
  static func length(_ count: Int, _ check: CompiledCheck) -> String { "length \(count) is outside \(check.text)" }
  /// A string a `pattern` does not match, quoted up to `Excerpt.limit` Characters.
  static func mismatch(_ text: String, _ check: CompiledCheck) -> String {
    "\"\(Excerpt.clip(text))\" does not match \(check.text)"
  }
  /// A collection whose size is outside a `count` (`noun`: elements or entries).
  static func count(_ count: Int, _ noun: String, _ check: CompiledCheck) -> String { "\(count) \(noun) is outside \(check.text)" }
}
