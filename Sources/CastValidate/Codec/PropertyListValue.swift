/// A JSON value as `PropertyListEncoder` writes it in a binary property list: integers as
/// integers, other numbers as reals, nulls left out. `PropertyListOutput` has checked the value
/// first, so every number here has an exact form.
struct PropertyListValue: Encodable {
  let value: JSONValue

  /// A member's key.
  private struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    switch value {
    case .null:
      _ = encoder.container(keyedBy: MemberKey.self)
    case .bool(let flag):
      var container = encoder.singleValueContainer()
      try container.encode(flag)
    case .number(let literal):
      var container = encoder.singleValueContainer()
      switch PropertyListNumber(literal) {
      case .integer(let value): try container.encode(value)
      case .unsigned(let value): try container.encode(value)
      case .real(let value): try container.encode(value)
      case nil: try container.encode(Double(literal) ?? 0)
      }
    case .string(let text):
      var container = encoder.singleValueContainer()
      try container.encode(text)
    case .array(let items):
      var container = encoder.unkeyedContainer()
      for item in items {
        if case .null = item { continue }
        try container.encode(PropertyListValue(value: item))
      }
    case .object(let members):
      var container = encoder.container(keyedBy: MemberKey.self)
      for member in members {
        if case .null = member.value { continue }
        try container.encode(PropertyListValue(value: member.value), forKey: MemberKey(stringValue: member.key))
      }
    }
  }
}
