import CastSchema

/// Which keys `convert` writes (`--keys`).
package enum KeyStyle: String, Sendable, CaseIterable {
  /// The model's JSON keys (the default): first `??` alternative, paths as nested objects.
  case json
  /// Property names, flat: what an NSCoding archive used.
  case property
  /// Every key component forced to snake_case.
  case snake
  /// Every key component forced to camelCase (lower-case first word: `PowerMode` → `powerMode`).
  case camel

  /// The path a property is written at.
  package func path(for property: Property) -> [KeyComponent] {
    switch self {
    case .property:
      return [KeyComponent(key: property.name)]
    case .json, .snake, .camel:
      guard let key = property.writtenKey else { return [KeyComponent(key: property.name)] }
      return key.components.map { component in
        var copy = component
        copy.key = restyle(component.key)
        return copy
      }
    }
  }

  /// A dictionary key or other free-standing key in this style.
  func restyle(_ key: String) -> String {
    switch self {
    case .json, .property: key
    case .snake: SnakeCase.jsonKey(for: key)
    // NB: through snake_case first, so a capitalised key (`-c`) loses its leading capital too.
    case .camel: SnakeCase.propertyName(for: SnakeCase.jsonKey(for: key))
    }
  }
}
