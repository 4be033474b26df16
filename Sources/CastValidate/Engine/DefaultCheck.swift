import CastSchema

/// Defaults their property's own checks refuse (`var age: Int = 0 //! range 1...120`): such a
/// default is what an absent key decodes to, so `convert` would write a value `validate` then
/// rejects. Found when a schema loads, by the engine's checks themselves.
enum DefaultCheck {
  /// A `default-fails-check` warning for each such default a model declares.
  static func diagnostics(in registry: ModelRegistry) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for model in registry.models.values {
      for property in model.properties where property.declaredIn == model.name && !property.checks.isEmpty {
        guard let value = property.defaultValue?.jsonValue(in: registry), value != .null else { continue }
        let instance = Self.instance(value)
        for check in property.checks {
          guard let failure = CompiledCheck(check, type: property.type)?.failure(of: instance, isPairs: false) else { continue }
          diagnostics.append(
            Diagnostic(
              DiagnosticMessage(
                .defaultFailsCheck,
                text: "the default of '\(property.name)' fails its own check: \(failure); an absent key would decode to a value the check refuses"),
              at: property.range))
        }
      }
    }
    return diagnostics
  }

  /// A default's JSON as the engine holds a decoded value: objects as they are.
  private static func instance(_ value: JSONValue) -> Instance {
    switch value {
    case .null: .null
    case .bool(let flag): .bool(flag)
    case .number(let literal): .number(literal)
    case .string(let text): .string(text)
    case .array(let items): .array(items.map(instance))
    case .object: .json(value)
    }
  }
}
