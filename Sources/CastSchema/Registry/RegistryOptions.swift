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

/// JSONDecoder's `keyDecodingStrategy`, for Codable models.
package enum CodableKeyDecoding: String, Sendable, Hashable, CaseIterable {
  /// The CodingKey is the JSON key.
  case useDefaultKeys = "use-default-keys"
  /// The JSON key goes through `FoundationSnakeCase.fromSnakeCase` before it is compared.
  case convertFromSnakeCase = "convert-from-snake-case"
}
