/// A model (`class` / `struct`) after resolution: inheritance flattened, keys computed.
package struct Model: Sendable, Hashable {
  /// The model's name.
  package var name: String
  /// `struct` rather than `class`.
  package var isStruct: Bool
  /// Its dialect: from its declaration, its superclass, or `--dialect`.
  package var dialect: Dialect
  /// The superclass, when it is a loaded model.
  package var superclass: String?
  /// `//! super "k"`: the superclass's properties live under this key.
  package var superKey: KeyPath?
  /// All properties, superclass first, in declaration order (ignored ones included).
  package var properties: [Property]
  /// Protocols and classes named after the `:`, as written.
  package var inheritance: [String]
  /// JSON keys follow the snake_case rule.
  package var usesSnakeCase: Bool
  /// The model name's position.
  package var range: SourceRange
  /// The name of the `CodingKeys` enum a Codable model declares in its body, if any: where
  /// `infer --seed` adds the keys of the properties it adds.
  package var codingKeys: SourceRange? = nil
  /// A Codable model with a hand-written `init(from:)`: code castctl cannot run, which may read
  /// any JSON value (a single-value container's string), so its values pass unchecked.
  package var hasCustomDecoding = false
  /// A Convertible model's `requiredKeys` or `optionalKeys` list (its own, else its nearest
  /// superclass's), which decides which of its properties are required.
  package var requirementList: RequirementList? = nil

  /// Properties that are read from JSON.
  package var mappedProperties: [Property] { properties.filter(\.isMapped) }
}

/// Convertible's `var requiredKeys = [...]` or `var optionalKeys = [...]`: where `infer --seed`
/// makes a property no longer required.
package struct RequirementList: Sendable, Hashable {
  /// `requiredKeys` (the names listed are required) rather than `optionalKeys` (all but them are).
  package var listsRequired: Bool
  /// The property names listed, as written.
  package var names: [String]
  /// The list's array literal.
  package var range: SourceRange
}

/// One case of an enum with its raw value.
package struct EnumCase: Sendable, Hashable {
  /// The case name.
  package var name: String
  /// The raw value (implicit ones computed as Swift does); the case name for enums without a raw type.
  package var rawValue: DefaultValue
  /// Where the case is declared.
  package var range: SourceRange
  /// `case circle(radius: Double)` in a `Codable` enum: its associated values as the properties
  /// of the object under the case's key (`"radius"`, `"_0"` for an unlabelled one); nil when the
  /// case has none (`{"none": {}}`).
  package var associatedValues: [Property]? = nil
}

/// An enum after resolution.
package struct EnumType: Sendable, Hashable {
  /// The enum's name.
  package var name: String
  /// The raw type, or nil when the enum maps by case name.
  package var rawType: ScalarType?
  /// Cases in declaration order.
  package var cases: [EnumCase]
  /// The name's position.
  package var range: SourceRange
  /// A `Codable` enum with a hand-written `init(from:)` or `encode(to:)`: code castctl cannot
  /// run, so its values are passed through unchecked.
  package var hasCustomCoding = false
  /// It conforms to `CodingKeyRepresentable` (in its declaration or an extension), so a
  /// `Codable` dictionary keyed by it is a JSON object, not an array of keys and values.
  package var isCodingKeyRepresentable = false
  /// It conforms to `Codable`, `Decodable` or `Encodable`: a schema of such enums alone reads a
  /// `--type` expression as `JSONDecoder` would.
  package var isCodable = false
}
