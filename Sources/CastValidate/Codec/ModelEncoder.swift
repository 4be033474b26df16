import CastSchema

/// Writes a decoded instance the way its model's dialect writes it: output keys, nested paths,
/// defaults filled, nil omitted or `null` per dialect (the second half of every seed library).
package struct ModelEncoder: Sendable {
  package let schema: CompiledSchema
  package let keys: KeyStyle
  /// The `"key":` bytes of each field, for models with plain keys (see `writeCompact`).
  let plainKeys: [Int: [[UInt8]]]

  /// Creates an encoder.
  package init(schema: CompiledSchema, keys: KeyStyle = .json) {
    self.schema = schema
    self.keys = keys
    self.plainKeys = Self.plainKeyTable(schema, keys)
  }

  /// The JSON representation of an instance.
  package func encode(_ instance: Instance) -> JSONValue {
    switch instance {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .number(let literal): return .number(literal)
    case .string(let text): return .string(text)
    case .array(let items): return .array(items.map(encode))
    case .dictionary(let members):
      return .object(members.map { JSONMember(key: $0.key, value: encode($0.value)) })
    case .json(let value): return value
    case .model(let model): return encode(model)
    }
  }

  /// A model: every mapped property in declaration order (superclass first) at its output path.
  package func encode(_ model: ModelInstance) -> JSONValue {
    var root = JSONValue.object([])
    let canonical = schema.plans[model.plan].policy.keysCompareCanonically
    forEachWritten(model) { _, path, written in
      let value: JSONValue =
        switch written {
        case .value(let instance): encode(instance)
        case .nilValue(let literal): literal.json
        }
      Self.insert(value, at: path[...], into: &root, canonical: canonical)
    }
    return root
  }

  /// What a model writes for one property: its value, or the nil its dialect writes.
  enum Written {
    case value(Instance)
    case nilValue(NilLiteral)
  }

  /// Each property a model writes, in declaration order (superclass first), at its output path;
  /// a nil the dialect leaves out is skipped. The JSON and property-list encoders both walk it.
  func forEachWritten(_ model: ModelInstance, _ body: (FieldPlan, [KeyComponent], Written) -> Void) {
    let plan = schema.plans[model.plan]
    for (index, field) in plan.fields.enumerated() {
      if let fieldValue = model.values.indices.contains(index) ? model.values[index] : nil {
        body(field, keys.path(for: field.property), .value(fieldValue.value))
      } else if let literal = field.nilLiteral(plan.policy) {
        body(field, keys.path(for: field.property), .nilValue(literal))
      }
    }
  }

  /// Puts `value` at a key path, creating (or merging into) intermediate objects; an index
  /// component writes an array padded with `null` up to the index. Keys are one key when their
  /// bytes are, or, where the dialect compares keys as `String` does (`canonical`, Codable's
  /// keyed container), when they are canonically equal.
  static func insert(_ value: JSONValue, at path: ArraySlice<KeyComponent>, into container: inout JSONValue, canonical: Bool = false) {
    guard let component = path.first else {
      container = value
      return
    }
    guard case .object(var members) = container else { return }
    let existing = members.lastIndex { canonical ? $0.key == component.key : $0.key.utf8.elementsEqual(component.key.utf8) }
    var child = existing.map { members[$0].value } ?? (component.index == nil ? .object([]) : .array([]))
    if let index = component.index {
      var items: [JSONValue] = []
      if case .array(let current) = child { items = current }
      while items.count <= index { items.append(.null) }
      var element = path.count > 1 ? (items[index] == .null ? .object([]) : items[index]) : .null
      insert(value, at: path.dropFirst(), into: &element, canonical: canonical)
      items[index] = element
      child = .array(items)
    } else if path.count > 1 {
      if case .object = child {} else { child = .object([]) }
      insert(value, at: path.dropFirst(), into: &child, canonical: canonical)
    } else {
      child = value
    }
    if let existing {
      members[existing].value = child
    } else {
      members.append(JSONMember(key: component.key, value: child))
    }
    container = .object(members)
  }
}
