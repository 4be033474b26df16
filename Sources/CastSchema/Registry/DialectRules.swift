/// Which dialect a declaration speaks, and what "required" means in each (semantics §1 and §3).
package enum DialectRules {
  static let convertibleProtocols: Set<String> = [
    "UnderscoreToCamelCase", "CustomKeyMapping", "IgnoredKeys", "RequiredKeys", "OptionalKeys",
  ]
  static let nosceProtocols: Set<String> = ["NosceSerializationProtocol", "NosceDeserializationProtocol"]
  static let codableProtocols: Set<String> = ["Codable", "Decodable", "Encodable"]

  /// Every name an inheritance clause is read for (`declaredDialect`, `declaresSnakeCase`): what
  /// the dialects' models inherit, which no model of castctl's own making may be named.
  package static let inheritedNames: Set<String> = convertibleProtocols.union(nosceProtocols).union(codableProtocols)
    .union(["DictionaryConvertible", "JsonObject", "Convertible", "Class", "MapsUnderscoreCaseToCamelCase"])

  /// The dialect a model's own inheritance clause names, if any.
  // NB: an inheritance clause names a handful of types; scanning it beats hashing it into a Set.
  static func declaredDialect(_ names: [String]) -> Dialect? {
    if names.contains("DictionaryConvertible") { return .jsoncast }
    if names.contains("JsonObject") { return .jsonobject }
    if names.contains(where: { $0 == "Convertible" || convertibleProtocols.contains($0) }) { return .convertible }
    if names.contains(where: nosceProtocols.contains) { return .nosce }
    if names.contains("Class") { return .dson }
    if names.contains(where: codableProtocols.contains) { return .codable }
    return nil
  }

  /// How a `Date` property without a `//! date` directive is read and written.
  static func defaultDateFormat(_ dialect: Dialect, options: RegistryOptions) -> DateFormat {
    dialect == .codable ? options.codableDateFormat : .iso8601
  }

  /// Whether an inheritance clause names a snake_case protocol.
  // NB: two names, compared rather than hashed, as in `declaredDialect`.
  static func declaresSnakeCase(_ names: [String]) -> Bool {
    names.contains { $0 == "UnderscoreToCamelCase" || $0 == "MapsUnderscoreCaseToCamelCase" }
  }

  /// Whether an absent value fails the init.
  static func isRequired(
    dialect: Dialect, optionality: Optionality, hasDefault: Bool, name: String, config: ConvertibleConfig
  ) -> Bool {
    switch dialect {
    case .jsoncast:
      return optionality != .optional && !hasDefault
    case .jsonobject:
      return optionality == .implicitlyUnwrapped && !hasDefault
    case .convertible:
      if let required = config.requiredKeys { return required.contains(name) }
      if let optional = config.optionalKeys { return !optional.contains(name) }
      return false
    case .nosce, .dson:
      return false
    case .codable:
      // The synthesized init decodes every non-optional with `decode`, whatever its default.
      return optionality == .none
    }
  }
}

/// Convertible's in-body configuration (`var keyMapping = [...]` and friends).
package struct ConvertibleConfig {
  var keyMapping: [String: String] = [:]
  var ignoredKeys: Set<String> = []
  // NB: in written order, which `Model.requirementList` keeps for `infer --seed`'s edits.
  var requiredKeys: [String]?
  var optionalKeys: [String]?
  /// Where each list was written, to point at unknown names in it; a list is declared when it is here.
  var ranges: [String: SourceRange] = [:]

  /// These lists, and `other`'s where these declare none (a subclass's over its superclass's).
  func overriding(_ other: ConvertibleConfig) -> ConvertibleConfig {
    var merged = self
    for (list, range) in other.ranges where ranges[list] == nil {
      merged.ranges[list] = range
      switch list {
      case "keyMapping": merged.keyMapping = other.keyMapping
      case "ignoredKeys": merged.ignoredKeys = other.ignoredKeys
      case "requiredKeys": merged.requiredKeys = other.requiredKeys
      case "optionalKeys": merged.optionalKeys = other.optionalKeys
      default: break
      }
    }
    return merged
  }

  /// The list that decides which properties are required, as `Model.requirementList` holds it:
  /// `requiredKeys` where there is one (it wins over `optionalKeys`, CV-22).
  var requirementList: RequirementList? {
    if let names = requiredKeys, let range = ranges["requiredKeys"] {
      return RequirementList(listsRequired: true, names: names, range: range)
    }
    if let names = optionalKeys, let range = ranges["optionalKeys"] {
      return RequirementList(listsRequired: false, names: names, range: range)
    }
    return nil
  }

  package static let propertyNames: Set<String> = ["keyMapping", "ignoredKeys", "requiredKeys", "optionalKeys"]
}
