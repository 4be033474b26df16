/// A value as a property list holds it: JSON's values, and the typed ones `PropertyListEncoder`
/// writes for a Codable model's `Date`, `Data` and floating-point values
/// (`PropertyListTyping`).
package indirect enum PropertyListItem {
  /// Left out, or written as `PropertyListOutput.nullMarker`.
  case null
  case bool(Bool)
  /// A JSON number: an `<integer>` or a `<real>`, whichever holds it exactly
  /// (`PropertyListNumber`).
  case number(String)
  /// A `Float` or `Double`: always a `<real>`, `100` as `<real>100</real>`.
  case real(Double)
  case string(String)
  /// A `<date>`, in seconds since 2001-01-01 00:00:00 UTC.
  case date(Double)
  case data([UInt8])
  case array([PropertyListItem])
  /// Members in order; of a repeated key the later one counts.
  case dictionary([(key: String, value: PropertyListItem)])

  /// A JSON value as it stands: its numbers as JSON numbers, its strings as strings.
  package init(_ value: JSONValue) {
    switch value {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .number(let literal): self = .number(literal)
    case .string(let text): self = .string(text)
    case .array(let items): self = .array(items.map(PropertyListItem.init))
    case .object(let members): self = .dictionary(members.map { ($0.key, PropertyListItem($0.value)) })
    }
  }

  var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}
