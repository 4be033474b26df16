/// How a property's type was marked.
package enum Optionality: String, Sendable, Hashable {
  /// `T`
  case none
  /// `T?`
  case optional
  /// `T!`
  case implicitlyUnwrapped
}

/// What castctl does with a property.
package enum PropertyUsage: String, Sendable, Hashable {
  /// Read from and written to JSON.
  case normal
  /// `//! ignore`: not in JSON at all.
  case ignored
  /// `//! ignore json` / `//! skip json`: not in JSON (kept only in NSCoding archives).
  case skipJSON
  /// `//! custom`: the raw JSON value is passed through unchecked.
  case custom
}

/// Where a property's JSON key came from, for `castctl schema` and "did you mean" messages.
package enum KeySource: String, Sendable, Hashable {
  /// The property name.
  case propertyName = "name"
  /// A `//! "key"` directive.
  case directive
  /// A `//! v"key"` directive, exempt from `-c`.
  case verbatim
  /// Derived by the snake_case rule.
  case snakeCase = "snake_case"
  /// A Convertible `keyMapping` entry.
  case keyMapping
  /// A case of a Codable model's `CodingKeys` enum.
  case codingKeys = "CodingKeys"
}

/// One stored property of a model, after resolution: everything the engine needs.
// NB: the fields are in order of size, so that the one-byte ones share the last word: a large
// schema holds thousands of these, and 144 bytes each became 120.
package struct Property: Sendable, Hashable {
  /// The Swift property name.
  package var name: String
  /// The model that declares it (differs from the owner for inherited properties).
  package var declaredIn: String
  /// The property name's position in its `.cast` file.
  package var range: SourceRange
  /// The evaluated `= default`, if any.
  package var defaultValue: DefaultValue?
  /// JSON key paths to try in order (`a ?? b`); the first is the output key. Empty for ignored.
  package var keys: [KeyPath]
  /// Declarative checks (`//! range`, `//! pattern`, …).
  package var checks: [Check]
  /// How a `Date` is written (`//! date …`).
  package var dateFormat: DateFormat
  /// The value type, without the outer `?` / `!`.
  package var type: TypeRef
  /// The `CodingKey`'s string value where it is not the JSON key (a `codable` model read with
  /// `convertFromSnakeCase`): what `JSONDecoder` names in its coding paths, even when no JSON key
  /// reaches it.
  package var codingKey: String? = nil
  /// The key a Codable model's JSONEncoder writes where it is not the output key
  /// (`--key-encoding convert-to-snake-case`, or a CodingKey no key reaches under
  /// `convertFromSnakeCase`); reading never looks at it.
  package var encodedKey: String? = nil
  /// `T`, `T?` or `T!`.
  package var optionality: Optionality
  /// Whether an absent value fails the model's init (per dialect, semantics §3).
  package var isRequired: Bool
  /// Where the key came from.
  package var keySource: KeySource
  /// Normal, ignored, JSON-skipped or custom.
  package var usage: PropertyUsage
  /// Ignored by a Convertible `ignoredKeys` list alone (no directive): a subclass whose own list
  /// leaves it out reads it again.
  package var ignoredByKeyList = false
  /// `let` rather than `var`.
  package var isLet: Bool
  /// A `var` whose type is written `T?` or `T!`: Swift gives it the initial value `nil`. One
  /// spelled `Optional<T>`, or through an alias of an optional, gets none.
  package var isImplicitlyNil = false
  /// A Codable property whose type is a generic parameter filled with an optional (`var value:
  /// T` of `Box<Int?>`): the synthesized code decodes and encodes it with `decode` and `encode`,
  /// not their `IfPresent` forms, so its key is required, `null` is its nil, and nil is written
  /// as `null`.
  package var nilIsKeyed = false
  /// The position of its case in its Codable model's `CodingKeys`, the order the synthesized
  /// `init(from:)` decodes in (-1: no `CodingKeys`, so declaration order).
  package var codingKeyIndex: Int32 = -1

  /// Whether the engine reads this property from JSON at all.
  package var isMapped: Bool { usage == .normal || usage == .custom }

  /// The output key: the first alternative.
  package var outputKey: KeyPath? { keys.first }
  /// The key path the value is written at: the encoder's key, else the output key.
  package var writtenKey: KeyPath? { encodedKey.map { KeyPath(key: $0) } ?? outputKey }
}
