import CastValidate
import Foundation
import Yams

/// `convert`'s YAML and property-list outputs read back as values, to compare with its JSON.
enum OutputValues {
  /// Every document of a YAML stream, read with Yams's default (YAML 1.1) resolver; nil for a
  /// document holding something JSON has not (a non-string key, an alias, a timestamp).
  static func yamlDocuments(_ text: String) throws -> [JSONValue?] {
    var documents: [JSONValue?] = []
    var sequence = try Yams.compose_all(yaml: text)
    while let node = sequence.next() { documents.append(json(node)) }
    if let error = sequence.error { throw error }
    return documents
  }

  /// A YAML node as JSON: scalars by their resolved tag, numbers with their text.
  static func json(_ node: Node) -> JSONValue? {
    switch node {
    case .scalar(let scalar):
      switch node.tag.description {
      case Tag.Name.null.rawValue: return .null
      case Tag.Name.bool.rawValue: return node.bool.map(JSONValue.bool)
      case Tag.Name.int.rawValue, Tag.Name.float.rawValue: return .number(scalar.string)
      case Tag.Name.str.rawValue: return .string(scalar.string)
      default: return nil
      }
    case .sequence(let sequence):
      let items = sequence.map(json)
      return items.contains { $0 == nil } ? nil : .array(items.compactMap { $0 })
    case .mapping(let mapping):
      var members: [JSONMember] = []
      for (key, value) in mapping {
        guard case .string(let name)? = json(key), let converted = json(value) else { return nil }
        members.append(JSONMember(key: name, value: converted))
      }
      return .object(members)
    case .alias:
      return nil
    }
  }

  /// One JSON value per non-empty line.
  static func jsonLines(_ text: String) throws -> [JSONValue] {
    try text.split(separator: "\n").map { try JSONValue.parse(String($0)) }
  }

  /// Whether a value read from a property list equals a JSON value once its nulls are left out.
  static func plist(_ object: Any, equals value: JSONValue) -> Bool {
    switch value {
    case .null:
      return false
    case .bool(let flag):
      return type(of: object) == Bool.self && (object as? Bool) == flag
    case .number(let literal):
      guard type(of: object) != Bool.self, let number = object as? NSNumber else { return false }
      if let integer = Int64(literal) { return number.int64Value == integer && number.doubleValue == Double(integer) }
      if let unsigned = UInt64(literal) { return number.uint64Value == unsigned }
      return number.doubleValue == Double(literal)
    case .string(let text):
      return (object as? String) == text
    case .array(let items):
      guard let array = object as? [Any] else { return false }
      let kept = items.filter { $0 != .null }
      return array.count == kept.count && zip(array, kept).allSatisfy { plist($0, equals: $1) }
    case .object(let members):
      guard let dictionary = object as? [String: Any] else { return false }
      let kept = members.filter { $0.value != .null }
      return dictionary.count == kept.count
        && kept.allSatisfy { member in dictionary[member.key].map { plist($0, equals: member.value) } ?? false }
    }
  }

  /// How many nulls a value holds.
  static func nulls(in value: JSONValue) -> Int {
    switch value {
    case .null: 1
    case .array(let items): items.reduce(0) { $0 + nulls(in: $1) }
    case .object(let members): members.reduce(0) { $0 + nulls(in: $1.value) }
    default: 0
    }
  }
}
