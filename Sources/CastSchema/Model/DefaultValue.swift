/// An evaluated `= default`: a JSON-like value castctl computed from the Swift literal.
package indirect enum DefaultValue: Sendable, Hashable {
  /// `nil`
  case null
  /// `true` / `false`
  case bool(Bool)
  /// A number, as literal text in JSON syntax (`123456`, `111.111`, `-1`).
  case number(String)
  /// A string.
  case string(String)
  /// An array literal.
  case array([DefaultValue])
  /// A dictionary literal, in written order.
  case object([DefaultMember])
  /// `.case` of an enum, with the raw value it stands for.
  case enumCase(name: String, raw: DefaultValue)
  /// `Model()`: an instance with all of the model's defaults.
  case model(String)
  /// A default castctl cannot evaluate (`Date()`, a function call): its source text.
  case opaque(String)
}

/// One `key: value` of a dictionary default.
package struct DefaultMember: Sendable, Hashable {
  /// The key, as a string.
  package var key: String
  /// The value.
  package var value: DefaultValue

  /// Creates a member.
  package init(key: String, value: DefaultValue) {
    self.key = key
    self.value = value
  }
}

/// How a `Date` property is written on output.
package enum DateFormat: Sendable, Hashable {
  /// ISO-8601 in UTC (the default).
  case iso8601
  /// Seconds since 1970, as a number.
  case epochSeconds
  /// Milliseconds since 1970, as a number (`//! date epoch-ms`): JavaScript's `Date.now()`.
  case epochMilliseconds
  /// A fixed pattern (`yyyy-MM-dd`), always in UTC.
  case pattern(String)
  /// Seconds since 2001-01-01, as a number and only a number: `Date`'s own `Codable` form, what
  /// `JSONDecoder`'s default `deferredToDate` reads and `JSONEncoder` writes.
  case referenceSeconds
}

/// A declarative check from a `//!` directive; a failed check is an error.
package enum Check: Sendable, Hashable {
  /// `//! range a...b` (or `min`/`max`): a number's value. Bounds are literal texts.
  case range(lower: String?, upper: String?, upperInclusive: Bool)
  /// `//! length a...b`: a string's length in Characters.
  case length(lower: Int?, upper: Int?)
  /// `//! count a...b`: a collection's element count.
  case count(lower: Int?, upper: Int?)
  /// `//! pattern "re"`: the string must contain a match (anchor with `^…$` for a whole match).
  case pattern(String)

  /// How the check is written, for messages.
  package var description: String {
    switch self {
    case .range(let lower, let upper, let inclusive):
      "range \(lower ?? "")\(inclusive ? "..." : "..<")\(upper ?? "")"
    case .length(let lower, let upper):
      "length \(lower.map(String.init) ?? "")...\(upper.map(String.init) ?? "")"
    case .count(let lower, let upper):
      "count \(lower.map(String.init) ?? "")...\(upper.map(String.init) ?? "")"
    case .pattern(let pattern):
      "pattern \"\(pattern)\""
    }
  }
}
