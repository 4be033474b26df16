import Foundation

/// JSON values as a property list (XML or binary), NSCoding's nearest equivalent in Foundation.
/// Property lists have no null: null members and elements are left out, and counted.
public enum PropertyListOutput {
  /// The property list bytes, and how many nulls had to be left out.
  public static func write(_ value: JSONValue, binary: Bool) throws -> (data: Data, droppedNulls: Int) {
    // NB: `PropertyListEncoder`, not `PropertyListSerialization`: the latter goes through
    // Foundation's bridged objects, and in the statically linked build it refuses an array inside
    // a dictionary as "Not A Type".
    let encoder = PropertyListEncoder()
    encoder.outputFormat = binary ? .binary : .xml
    return (try encoder.encode(PropertyListValue(value: value)), nulls(in: value))
  }

  private static func nulls(in value: JSONValue) -> Int {
    switch value {
    case .null: 1
    case .bool, .number, .string: 0
    case .array(let items): items.reduce(0) { $0 + nulls(in: $1) }
    case .object(let members): members.reduce(0) { $0 + nulls(in: $1.value) }
    }
  }
}

/// A JSON value as the property list encoder writes it: integers as `<integer>`, other numbers
/// as `<real>`, nulls left out (a null document as an empty dictionary). The encoder writes a
/// dictionary's keys sorted, as `PropertyListSerialization` did.
private struct PropertyListValue: Encodable {
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
      if let integer = Int64(literal) {
        try container.encode(integer)
      } else if let unsigned = UInt64(literal) {
        try container.encode(unsigned)
      } else {
        try container.encode(Double(literal) ?? 0)
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
