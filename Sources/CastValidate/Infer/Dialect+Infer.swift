import CastSchema

/// How `castctl infer` writes a model in each dialect: the declaration, and how a property says
/// it is required (semantics §3: the dialects differ most there).
extension Dialect {
  /// Whether the dialect reads snake_case keys by the one invertible rule (`UnderscoreToCamelCase`).
  var hasSnakeRule: Bool { self == .jsoncast || self == .convertible }

  /// Names no property of a model in the dialect may take: Convertible reads these as its
  /// configuration, never as data; a Codable model's `CodingKeys` enum takes that name inside it.
  var reservedPropertyNames: Set<String> {
    switch self {
    case .convertible: ConvertibleConfig.propertyNames
    case .codable: ["CodingKeys"]
    default: []
    }
  }

  /// Whether a model of the dialect can read `key` into a property: a Codable model names any
  /// key in its `CodingKeys`; the others name one in a `//! "key"` directive, whose key-path
  /// grammar cannot name them all (`KeyEvidence.isNameable`).
  func canName(_ key: String) -> Bool { self == .codable || KeyEvidence.isNameable(key) }

  /// `struct Name: DictionaryConvertible`, `class Name: JsonObject`, ….
  func declaration(_ name: String, snakeCase: Bool, requiredKeys: Bool) -> String {
    switch self {
    case .jsoncast: "struct \(name): DictionaryConvertible" + (snakeCase ? ", UnderscoreToCamelCase" : "")
    case .jsonobject: "class \(name): JsonObject"
    case .convertible: "class \(name): Convertible" + (snakeCase ? ", UnderscoreToCamelCase" : "") + (requiredKeys ? ", RequiredKeys" : "")
    case .nosce: "class \(name): NosceSerializationProtocol, NosceDeserializationProtocol"
    case .dson: "class \(name): Class"
    case .codable: "struct \(name): Codable"
    }
  }

  /// A property line without its directives: jsoncast's `let x: T` and jsonobject's `var x: T!`
  /// are required; convertible lists its required names apart; nosce and dson have no required.
  /// `type` is already optional for a property that is not required.
  func property(_ name: String, type: String, required: Bool) -> String {
    guard required else { return "var \(name): \(type)" }
    switch self {
    case .jsoncast, .codable: return "let \(name): \(type)"
    case .jsonobject: return "var \(name): \(type)!"
    case .convertible, .nosce, .dson: return "var \(name): \(type)?"
    }
  }

  /// Convertible's `var requiredKeys = [...]` for the required property names, if any.
  func requiredKeys(_ names: [String]) -> String? {
    guard self == .convertible, !names.isEmpty else { return nil }
    let plain = names.map { $0.replacingOccurrences(of: "`", with: "") }
    return "var requiredKeys = [" + plain.map { InferredSchema.literal($0) }.joined(separator: ", ") + "]"
  }
}
