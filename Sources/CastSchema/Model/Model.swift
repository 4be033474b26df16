/// The five declaration styles castctl speaks; each is a preset of policies (semantics §3).
public enum Dialect: String, Sendable, Hashable, CaseIterable {
  case jsoncast, jsonobject, convertible, nosce, dson
}

/// A model (`class` / `struct`) after resolution: inheritance flattened, keys computed.
public struct Model: Sendable, Hashable {
  /// The model's name.
  public var name: String
  /// `struct` rather than `class`.
  public var isStruct: Bool
  /// Its dialect: from its declaration, its superclass, or `--dialect`.
  public var dialect: Dialect
  /// The superclass, when it is a loaded model.
  public var superclass: String?
  /// `//! super "k"`: the superclass's properties live under this key.
  public var superKey: KeyPath?
  /// All properties, superclass first, in declaration order (ignored ones included).
  public var properties: [Property]
  /// Protocols and classes named after the `:`, as written.
  public var inheritance: [String]
  /// JSON keys follow the snake_case rule.
  public var usesSnakeCase: Bool
  /// The model name's position.
  public var range: SourceRange

  /// Properties that are read from JSON.
  public var mappedProperties: [Property] { properties.filter(\.isMapped) }
}

/// One case of an enum with its raw value.
public struct EnumCase: Sendable, Hashable {
  /// The case name.
  public var name: String
  /// The raw value (implicit ones computed as Swift does); the case name for enums without a raw type.
  public var rawValue: DefaultValue
  /// Where the case is declared.
  public var range: SourceRange
}

/// An enum after resolution.
public struct EnumType: Sendable, Hashable {
  /// The enum's name.
  public var name: String
  /// The raw type, or nil when the enum maps by case name.
  public var rawType: ScalarType?
  /// Cases in declaration order.
  public var cases: [EnumCase]
  /// The name's position.
  public var range: SourceRange
}
