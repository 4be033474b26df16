import CastSchema

/// The models and enums `castctl schema` and the REPL's `:show` print: all of them, or what one
/// name picks (a model, an enum, or `Model.property`: that model with the one property).
struct SchemaSelection {
  var models: [Model]
  var enums: [EnumType]

  /// Every model and enum, in declaration order.
  static func all(in registry: ModelRegistry) -> SchemaSelection {
    SchemaSelection(models: Array(registry.models.values), enums: Array(registry.enums.values))
  }

  /// What `name` picks; on failure the message to print. `usage` is how the caller is invoked
  /// (`:show `), for the hint after a bare `Model.`.
  static func named(_ name: String, in registry: ModelRegistry, usage: String) -> Result<SchemaSelection, Failure> {
    // A whole name first: a nested type is known by a dotted one (`Company.Address`).
    if let model = registry.models[name] { return .success(SchemaSelection(models: [model], enums: [])) }
    if let enumType = registry.enums[name] { return .success(SchemaSelection(models: [], enums: [enumType])) }
    if let dot = name.lastIndex(of: "."), var model = registry.models[String(name[..<dot])] {
      let property = String(name[name.index(after: dot)...])
      guard !property.isEmpty else { return .failure(Failure("name a property: \(usage)\(model.name).PROPERTY")) }
      guard model.properties.contains(where: { $0.name == property }) else {
        let hint = NameSuggestion.closest(to: property, in: model.properties.map(\.name))
          .map { "; did you mean '\($0)'?" } ?? ""
        return .failure(Failure("\(model.name) has no property '\(property)'\(hint)"))
      }
      model.properties.removeAll { $0.name != property }
      return .success(SchemaSelection(models: [model], enums: []))
    }
    let hint = registry.suggestModel(for: name).map { "; did you mean '\($0)'?" } ?? ""
    return .failure(Failure("no model named '\(name)'\(hint)"))
  }

  /// Why a name picks nothing: the message, without the `error:` prefix.
  struct Failure: Error {
    let message: String

    init(_ message: String) {
      self.message = message
    }
  }
}
