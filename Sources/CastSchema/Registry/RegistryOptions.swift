/// Generator flags and overrides that shape how keys are computed (semantics §2).
public struct RegistryOptions: Sendable, Hashable {
  /// `-c`: capitalise the first letter of every key component, verbatim keys excepted.
  public var capitalizeKeys = false
  /// `-i`: case-insensitive key lookup (output keeps the declared keys).
  public var caseInsensitiveKeys = false
  /// `-n`: an empty string counts as absent for `String` properties.
  public var emptyStringIsAbsent = false
  /// `--dialect`: overrides every model's dialect.
  public var dialect: Dialect?
  /// `--date-decoding`: how a `codable` model's `Date` without a `//! date` directive is read and
  /// written (`JSONDecoder.dateDecodingStrategy`); by default `Date`'s own form.
  package var codableDateFormat: DateFormat = .referenceSeconds
  /// `--key-decoding`: JSONDecoder's key strategy for Codable models.
  package var keyDecoding = CodableKeyDecoding.useDefaultKeys
  /// `--non-conforming-floats`: the strings a Codable model's `Float` / `Double` reads as
  /// infinity, minus infinity and NaN and writes them as; nil is JSONDecoder's default, `throw`.
  package var nonConformingFloats: NonConformingFloats?
  /// `--key-encoding`: JSONEncoder's key strategy for Codable models, for what is written.
  package var keyEncoding = CodableKeyEncoding.useDefaultKeys
  /// The strategies the command line gave (`key-decoding`, …): a model file's own strategy line
  /// (`FileStrategies`) does not change them.
  package var commandLineStrategies: Set<String> = []

  /// Default options: no flags.
  public init(
    capitalizeKeys: Bool = false, caseInsensitiveKeys: Bool = false, emptyStringIsAbsent: Bool = false,
    dialect: Dialect? = nil
  ) {
    self.capitalizeKeys = capitalizeKeys
    self.caseInsensitiveKeys = caseInsensitiveKeys
    self.emptyStringIsAbsent = emptyStringIsAbsent
    self.dialect = dialect
  }
}

/// JSONEncoder's `keyEncodingStrategy`, for Codable models.
package enum CodableKeyEncoding: String, Sendable, Hashable, CaseIterable {
  /// The CodingKey is the JSON key.
  case useDefaultKeys = "use-default-keys"
  /// The CodingKey goes through `FoundationSnakeCase.toSnakeCase`.
  case convertToSnakeCase = "convert-to-snake-case"
}

/// JSONDecoder's `keyDecodingStrategy`, for Codable models.
package enum CodableKeyDecoding: String, Sendable, Hashable, CaseIterable {
  /// The CodingKey is the JSON key.
  case useDefaultKeys = "use-default-keys"
  /// The JSON key goes through `FoundationSnakeCase.fromSnakeCase` before it is compared.
  case convertFromSnakeCase = "convert-from-snake-case"
}

extension RegistryOptions {
  /// The key JSONEncoder writes for a CodingKey (a property's, or an enum case's).
  package func writtenKey(codingKey: String) -> String {
    keyEncoding == .convertToSnakeCase ? FoundationSnakeCase.toSnakeCase(codingKey) : codingKey
  }

  /// The key JSONEncoder writes for a Codable property with this CodingKey, where it is not the
  /// output key the decoding rules gave it (nil: the output key is written).
  package func encodedKey(codingKey: String, outputKey: KeyPath?) -> String? {
    let written = writtenKey(codingKey: codingKey)
    return outputKey?.isSimple == true && outputKey?.components.first?.key == written ? nil : written
  }
}
