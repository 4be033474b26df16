import CastSchema
import CastValidate

/// The text of `castctl schema` (and the REPL's `:show`): one table per model.
struct SchemaTable {
  let registry: ModelRegistry
  let style: TextStyle

  func render(_ selection: SchemaSelection) -> String {
    (selection.models.map(render) + selection.enums.map(render)).joined(separator: "\n")
  }

  func render(_ model: Model) -> String {
    var title = "\(model.isStruct ? "struct" : "class") \(style.bold(model.name))"
    if let superclass = model.superclass { title += ": \(superclass)" }
    var facts = ["dialect \(model.dialect.rawValue)"]
    if model.usesSnakeCase {
      // JsonObject reads every key through the JSON → property rule (`KeyFolding`).
      facts.append(model.dialect == .jsonobject ? "snake_case keys, read through the JSON → property rule" : "snake_case keys")
    }
    if let superKey = model.superKey { facts.append("superclass under \"\(superKey)\"") }
    facts.append(location(model.range))
    var table = TextTable(header: ["property", "type", "JSON key", "presence", "checks", "declared"])
    for property in model.properties {
      let inherited = property.declaredIn != model.name ? " (\(property.declaredIn))" : ""
      table.rows.append([
        property.name + inherited, Self.typeText(property), Self.keyText(property, of: model, registry: registry),
        Self.presence(property),
        property.checks.map(\.description).joined(separator: ", "), location(property.range),
      ])
    }
    if model.properties.isEmpty { table.rows.append(["(no properties)", "", "", "", "", ""]) }
    return "\(title)  \(style.dim("(" + facts.joined(separator: ", ") + ")"))\n" + table.render(style: style)
  }

  func render(_ enumType: EnumType) -> String {
    if enumType.hasPayloads { return renderKeyed(enumType) }
    let raw = enumType.rawType.map { ": \($0.rawValue)" } ?? ""
    var table = TextTable(header: ["case", "JSON value"])
    for item in enumType.cases {
      table.rows.append([item.name, Self.valueText(item.rawValue)])
    }
    return "enum \(style.bold(enumType.name))\(raw)  \(style.dim("(" + location(enumType.range) + ")"))\n"
      + table.render(style: style)
  }

  /// A `Codable` enum with associated values: each case as the object JSONDecoder reads, its
  /// values' keys and types inside (`{"pair": {"_0": Int, "name": String}}`).
  private func renderKeyed(_ enumType: EnumType) -> String {
    var table = TextTable(header: ["case", "JSON value", "declared"])
    for item in enumType.cases {
      let values = (item.associatedValues ?? []).filter(\.isMapped).map { Self.keyText($0) + ": " + Self.typeText($0) }
      // Under `convertFromSnakeCase` the case key is read as its values' keys are.
      var caseKey = item.name
      if case .string(let key) = item.rawValue { caseKey = key }
      let keys = registry.options.keyDecoding == .convertFromSnakeCase
        ? FoundationSnakeCase.keysReaching(caseKey) : [caseKey]
      let key = keys.map { "\"\($0)\"" }.joined(separator: " ?? ")
      table.rows.append([item.name, "{\(key): {\(values.joined(separator: ", "))}}", location(item.range)])
    }
    return "enum \(style.bold(enumType.name))  \(style.dim("(Codable, one case key; " + location(enumType.range) + ")"))\n"
      + table.render(style: style)
  }

  private func location(_ range: SourceRange) -> String {
    guard registry.files.indices.contains(range.file) else { return "" }
    let file = registry.files[range.file]
    return "\(file.path):\(file.location(of: range.bytes.lowerBound))"
  }

  static func typeText(_ property: Property) -> String {
    switch property.optionality {
    case .none: "\(property.type)"
    case .optional: "\(property.type)?"
    case .implicitlyUnwrapped: "\(property.type)!"
    }
  }

  static func keyText(_ property: Property) -> String {
    keyText(property, keys: property.keys)
  }

  /// The keys `property` of `model` is read by, as the walk tells them apart
  /// (`Model.distinctKeys`): alternatives joined by `??`, the first present winning.
  static func keyText(_ property: Property, of model: Model, registry: ModelRegistry) -> String {
    keyText(property, keys: model.distinctKeys(of: property, options: registry.options))
  }

  private static func keyText(_ property: Property, keys: [KeyPath]) -> String {
    guard property.isMapped else { return "—" }
    return keys.map { ($0.isVerbatim ? "v" : "") + "\"\($0)\"" }.joined(separator: " ?? ")
  }

  static func presence(_ property: Property) -> String {
    switch property.usage {
    case .ignored: return "ignored"
    case .skipJSON: return "ignored (json)"
    case .custom: return "custom (unchecked)"
    case .normal: break
    }
    if property.isRequired { return "required" }
    if let value = property.defaultValue { return "default " + valueText(value) }
    return "optional"
  }

  static func valueText(_ value: DefaultValue) -> String {
    switch value {
    case .null: "nil"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let text): text
    case .string(let text): ControlCharacters.quoted(text)
    case .array(let items): "[" + items.map(valueText).joined(separator: ", ") + "]"
    case .object(let members):
      members.isEmpty ? "[:]" : "[" + members.map { "\(ControlCharacters.quoted($0.key)): \(valueText($0.value))" }.joined(separator: ", ") + "]"
    case .enumCase(let name, _): ".\(name)"
    case .model(let name): "\(name)()"
    case .opaque(let text): ControlCharacters.escaped(text)
    }
  }
}
