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
    let canonical = schema.plans[model.plan].policy.keysCompareCanonically
    // NB: the top-level members are found through a table once there are many, so that a model
    // of many properties costs time in proportion to them, not to their square.
    var members: [JSONMember] = []
    var positions = MemberPositions(canonical: canonical)
    forEachWritten(model) { _, path, written in
      guard let component = path.first else { return }
      let value: JSONValue =
        switch written {
        case .value(let instance): encode(instance)
        case .nilValue(let literal): literal.json
        }
      if let existing = positions.position(of: component.key, in: members) {
        var child = members[existing].value
        members[existing].value = .null
        Self.place(value, at: component, then: path.dropFirst(), in: &child, canonical: canonical)
        members[existing].value = child
      } else {
        var child = Self.emptyChild(for: component)
        Self.place(value, at: component, then: path.dropFirst(), in: &child, canonical: canonical)
        members.append(JSONMember(key: component.key, value: child))
        positions.added(to: members)
      }
    }
    return .object(members)
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
    // NB: the container lets go of its members, so that they are changed in place, not copied.
    container = .null
    let existing = members.lastIndex { canonical ? $0.key == component.key : $0.key.utf8.elementsEqual(component.key.utf8) }
    var child = Self.emptyChild(for: component)
    if let existing { swap(&child, &members[existing].value) }
    place(value, at: component, then: path.dropFirst(), in: &child, canonical: canonical)
    if let existing {
      members[existing].value = child
    } else {
      members.append(JSONMember(key: component.key, value: child))
    }
    container = .object(members)
  }

  /// What a key holds before anything is written under it: an object, or an array for an index.
  private static func emptyChild(for component: KeyComponent) -> JSONValue {
    component.index == nil ? .object([]) : .array([])
  }

  /// Puts `value` in `child`, the value under `component`'s key, at `component`'s index if it has
  /// one and then at the rest of the path.
  private static func place(
    _ value: JSONValue, at component: KeyComponent, then rest: ArraySlice<KeyComponent>, in child: inout JSONValue, canonical: Bool
  ) {
    if let index = component.index {
      var items: [JSONValue] = []
      if case .array(let current) = child { items = current }
      child = .null
      while items.count <= index { items.append(.null) }
      var element = rest.isEmpty ? .null : (items[index] == .null ? .object([]) : items[index])
      insert(value, at: rest, into: &element, canonical: canonical)
      items[index] = element
      child = .array(items)
    } else if !rest.isEmpty {
      if case .object = child {} else { child = .object([]) }
      insert(value, at: rest, into: &child, canonical: canonical)
    } else {
      child = value
    }
  }
}

/// Where each key is among an object's members: searched while there are few, then found by
/// canonical equivalence (`String`'s equality, as the dialects that compare keys so need) through
/// a table and, for the others, confirmed byte for byte: a key canonically equal to another but
/// spelled differently is looked for one by one.
private struct MemberPositions {
  /// Members searched one by one before the table is made.
  static let searched = 16
  let canonical: Bool
  private var first: [String: Int] = [:]

  init(canonical: Bool) { self.canonical = canonical }

  /// The member with `key`, if any.
  func position(of key: String, in members: [JSONMember]) -> Int? {
    guard members.count > Self.searched else { return search(key, in: members) }
    guard let found = first[key] else { return nil }
    if canonical || members[found].key.utf8.elementsEqual(key.utf8) { return found }
    return search(key, in: members)
  }

  private func search(_ key: String, in members: [JSONMember]) -> Int? {
    members.lastIndex { canonical ? $0.key == key : $0.key.utf8.elementsEqual(key.utf8) }
  }

  /// Records the member just appended to `members`.
  mutating func added(to members: [JSONMember]) {
    guard members.count > Self.searched else { return }
    if members.count == Self.searched + 1 {
      for (position, member) in members.enumerated() where first[member.key] == nil { first[member.key] = position }
    } else if let last = members.last, first[last.key] == nil {
      first[last.key] = members.count - 1
    }
  }
}
