import CastSchema

extension DefaultValue {
  /// The JSON a default stands for: enum cases as raw values, `Model()` as the model's defaults.
  /// Returns nil for defaults castctl cannot evaluate (`Date()`).
  public func jsonValue(in registry: ModelRegistry, depth: Int = 0) -> JSONValue? {
    switch self {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .number(let literal): return .number(literal)
    case .string(let text): return .string(text)
    case .array(let items):
      return .array(items.compactMap { $0.jsonValue(in: registry, depth: depth) })
    case .object(let members):
      return .object(members.compactMap { member in
        member.value.jsonValue(in: registry, depth: depth).map { JSONMember(key: member.key, value: $0) }
      })
    case .enumCase(_, let raw):
      return raw.jsonValue(in: registry, depth: depth)
    case .model(let name):
      // NB: a model whose default contains itself would recurse forever; Swift would too.
      guard depth < 32, let model = registry.models[name] else { return .object([]) }
      var members: [JSONMember] = []
      for property in model.properties where property.isMapped {
        guard let key = property.outputKey, let value = property.defaultValue?.jsonValue(in: registry, depth: depth + 1),
          value != .null
        else { continue }
        members.append(JSONMember(key: key.description, value: value))
      }
      return .object(members)
    case .opaque:
      return nil
    }
  }
}
