import CastSchema

extension DefaultValue {
  /// The JSON a default stands for: enum cases as raw values, `Model()` as the model's defaults.
  /// Returns nil for defaults castctl cannot evaluate (`Date()`).
  package func jsonValue(in registry: ModelRegistry, depth: Int = 0) -> JSONValue? {
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
      // `Model()` is the instance of every default, written as the encoder writes any instance
      // of the model: at output paths, nil as its dialect writes nil; so a default converts to
      // what the same value read from the data converts to.
      // NB: a default deeper than the limit is made opaque at load (`unsupported-default`), and
      // one that contains itself is a `.cast` error (`recursive-default`); the guard keeps the
      // registry of such a schema finite all the same.
      guard depth < Self.constructedDepthLimit, let model = registry.models[name] else { return .object([]) }
      let policy = Policy.preset(for: model.dialect)
      var root = JSONValue.object([])
      var objects = WrittenObjects(canonical: policy.keysCompareCanonically)
      for property in model.properties where property.isMapped {
        guard let key = property.writtenKey else { continue }
        var value = property.defaultValue?.jsonValue(in: registry, depth: depth + 1)
        if value == .null { value = nil }
        if value == nil {
          var isModel = false
          if case .model = property.type { isModel = true }
          value = policy.nilLiteral(isModel: isModel, keyed: property.nilIsKeyed, optional: property.optionality != .none)?.json
        }
        if let value { ModelEncoder.insert(value, at: key.components, into: &root, objects: &objects) }
      }
      return root
    case .opaque:
      return nil
    }
  }
}
