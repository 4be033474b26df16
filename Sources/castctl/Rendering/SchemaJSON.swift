import CastSchema
import CastValidate

/// `castctl schema --format json`: the same facts as the table, for programs.
enum SchemaJSON {
  static func document(_ selection: SchemaSelection, registry: ModelRegistry) -> String {
    let modelValues = selection.models.map { model(for: $0, registry: registry) }
    let enumValues = selection.enums.map { enumeration(for: $0, registry: registry) }
    return JSONWriter(style: .pretty(indent: 2)).write(
      .object([
        JSONMember(key: "models", value: .array(modelValues)),
        JSONMember(key: "enums", value: .array(enumValues)),
      ]))
  }

  static func model(for model: Model, registry: ModelRegistry) -> JSONValue {
    var members = [
      JSONMember(key: "name", value: .string(model.name)),
      JSONMember(key: "kind", value: .string(model.isStruct ? "struct" : "class")),
      JSONMember(key: "dialect", value: .string(model.dialect.rawValue)),
      JSONMember(key: "superclass", value: model.superclass.map { .string($0) } ?? .null),
      JSONMember(key: "superKey", value: model.superKey.map { .string($0.description) } ?? .null),
      JSONMember(key: "snakeCase", value: .bool(model.usesSnakeCase)),
    ]
    members += DiagnosticJSON.position(model.range, files: registry.files)
    members.append(
      JSONMember(key: "properties", value: .array(model.properties.map { property(for: $0, of: model, registry: registry) })))
    return .object(members)
  }

  /// `model`: the property's model, whose key rule says which of its declared keys are one
  /// (`Model.distinctKeys`); nil for an enum case's associated value.
  static func property(for property: Property, of model: Model? = nil, registry: ModelRegistry) -> JSONValue {
    let presence: String
    switch property.usage {
    case .ignored: presence = "ignored"
    case .skipJSON: presence = "ignoredJSON"
    case .custom: presence = "custom"
    case .normal: presence = property.isRequired ? "required" : property.defaultValue != nil ? "default" : "optional"
    }
    var members = [
      JSONMember(key: "name", value: .string(property.name)),
      JSONMember(key: "type", value: .string(SchemaTable.typeText(property))),
      JSONMember(
        key: "keys",
        value: .array(
          (model?.distinctKeys(of: property, options: registry.options) ?? property.keys).map {
            .string($0.description)
          })),
      JSONMember(key: "verbatim", value: .bool(property.keys.first?.isVerbatim ?? false)),
      JSONMember(key: "keySource", value: .string(property.keySource.rawValue)),
      JSONMember(key: "presence", value: .string(presence)),
      JSONMember(key: "default", value: property.defaultValue.flatMap { $0.jsonValue(in: registry) } ?? .null),
      JSONMember(key: "checks", value: .array(property.checks.map { .string($0.description) })),
      JSONMember(key: "declaredIn", value: .string(property.declaredIn)),
    ]
    members += DiagnosticJSON.position(property.range, files: registry.files)
    return .object(members)
  }

  static func enumeration(for enumType: EnumType, registry: ModelRegistry) -> JSONValue {
    let cases = enumType.cases.map { item in
      var members = [
        JSONMember(key: "name", value: .string(item.name)),
        JSONMember(key: "value", value: item.rawValue.jsonValue(in: registry) ?? .null),
      ]
      // A Codable enum's case with associated values: they are the properties of its object.
      if let values = item.associatedValues {
        members.append(
          JSONMember(key: "associatedValues", value: .array(values.map { property(for: $0, registry: registry) })))
      }
      return JSONValue.object(members)
    }
    return .object(
      [
        JSONMember(key: "name", value: .string(enumType.name)),
        JSONMember(key: "rawType", value: enumType.rawType.map { .string($0.rawValue) } ?? .null),
        JSONMember(key: "cases", value: .array(cases)),
      ] + DiagnosticJSON.position(enumType.range, files: registry.files))
  }
}
