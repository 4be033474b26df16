import Foundation

/// A property list item as `PropertyListEncoder` writes it in a binary property list: integers as
/// integers, other numbers as reals, dates and data as themselves, nulls left out.
/// `PropertyListOutput` has checked the item first, so every number here has an exact form.
struct PropertyListValue: Encodable {
  let item: PropertyListItem

  /// A member's key.
  private struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    switch item {
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
    case .real(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .string(let text):
      var container = encoder.singleValueContainer()
      try container.encode(text)
    case .date(let seconds):
      var container = encoder.singleValueContainer()
      try container.encode(Date(timeIntervalSinceReferenceDate: seconds))
    case .data(let bytes):
      var container = encoder.singleValueContainer()
      try container.encode(Data(bytes))
    case .array(let items):
      var container = encoder.unkeyedContainer()
      for item in items where !item.isNull {
        try container.encode(PropertyListValue(item: item))
      }
    case .dictionary(let members):
      var container = encoder.container(keyedBy: MemberKey.self)
      for member in members where !member.value.isNull {
        try container.encode(PropertyListValue(item: member.value), forKey: MemberKey(stringValue: member.key))
      }
    }
  }
}
