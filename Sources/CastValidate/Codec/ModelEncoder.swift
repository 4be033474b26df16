import CastSchema

/// Writes a decoded instance the way its model's dialect writes it: output keys, nested paths,
/// defaults filled, nil omitted or `null` per dialect (the second half of every seed library).
package struct ModelEncoder: Sendable {
  package let schema: CompiledSchema
  package let keys: KeyStyle
  /// The `"key":` bytes of each field, for models with plain keys (see `writeCompact`).
  let plainKeys: [Int: [[UInt8]]]
  /// The objects the fields of models with key paths are written into (see `writeCompact`).
  let nestedKeys: [Int: NestedKeyLayout]

  /// Creates an encoder.
  package init(schema: CompiledSchema, keys: KeyStyle = .json) {
    self.schema = schema
    self.keys = keys
    self.plainKeys = Self.plainKeyTable(schema, keys)
    var nested: [Int: NestedKeyLayout] = [:]
    for (index, plan) in schema.plans.enumerated() where plainKeys[index] == nil {
      nested[index] = NestedKeyLayout(plan, keys: keys)
    }
    self.nestedKeys = nested
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
    var objects = WrittenObjects(canonical: schema.plans[model.plan].policy.keysCompareCanonically)
    forEachWritten(model) { _, path, written in
      let value: JSONValue =
        switch written {
        case .value(let instance): encode(instance)
        case .nilValue(let literal): literal.json
        }
      Self.insert(value, at: path, into: &root, objects: &objects)
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
    var entries: [(field: FieldPlan, path: [KeyComponent], written: Written, order: Int)] = []
    for (index, field) in plan.fields.enumerated() {
      let written: Written
      if let fieldValue = model.values.indices.contains(index) ? model.values[index] : nil {
        written = .value(fieldValue.value)
      } else if let literal = field.nilLiteral(plan.policy) {
        written = .nilValue(literal)
      } else {
        continue
      }
      guard plan.sharesKeys else {
        body(field, keys.path(for: field.property), written)
        continue
      }
      let order = field.property.codingKeyIndex >= 0 ? Int(field.property.codingKeyIndex) : index
      entries.append((field, keys.path(for: field.property), written, order))
    }
    // Two properties at one key (`ModelPlan.sharesKeys`): the synthesized `encode(to:)` encodes
    // in the order of the `CodingKeys` cases, and the last value written under a key is the one
    // JSONEncoder keeps (checked with it); a nil `encodeIfPresent` skips writes nothing.
    for entry in entries where !entries.contains(where: { $0.path == entry.path && $0.order > entry.order }) {
      body(entry.field, entry.path, entry.written)
    }
  }

  /// Puts `value` at a key path, creating (or merging into) intermediate objects; an index
  /// component writes an array padded with `null` up to the index. Keys are one key when their
  /// bytes are, or, where the dialect compares keys as `String` does (`canonical`, Codable's
  /// keyed container), when they are canonically equal. `objects` finds the members of the
  /// objects written so far (one per encoded model or default).
  static func insert(_ value: JSONValue, at path: [KeyComponent], into container: inout JSONValue, objects: inout WrittenObjects) {
    insert(value, at: path, from: 0, into: &container, objects: &objects)
  }

  /// `insert` of the path's components from `level` on, `container` being the value the earlier
  /// ones lead to.
  private static func insert(
    _ value: JSONValue, at path: [KeyComponent], from level: Int, into container: inout JSONValue, objects: inout WrittenObjects
  ) {
    guard level < path.count else {
      container = value
      return
    }
    guard case .object(var members) = container else { return }
    // NB: the container lets go of its members, so that they are changed in place, not copied.
    container = .null
    let component = path[level]
    let existing = objects.position(of: component.key, in: members, at: path[..<level])
    var child = component.index == nil ? JSONValue.object([]) : .array([])
    if let existing { swap(&child, &members[existing].value) }
    if let index = component.index {
      var items: [JSONValue] = []
      if case .array(let current) = child { items = current }
      child = .null
      while items.count <= index { items.append(.null) }
      let isLast = level + 1 == path.count
      var element = isLast ? .null : (items[index] == .null ? .object([]) : items[index])
      items[index] = .null
      insert(value, at: path, from: level + 1, into: &element, objects: &objects)
      items[index] = element
      child = .array(items)
    } else if level + 1 < path.count {
      if case .object = child {} else { child = .object([]) }
      insert(value, at: path, from: level + 1, into: &child, objects: &objects)
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

/// The objects one encoding writes values into at key paths, each found by the path to it, with
/// where each member is: searched while an object has few members, then through a table, so that
/// thousands of properties (at one level or through one object) cost time in proportion to them.
struct WrittenObjects {
  /// Whether keys are one key when canonically equal (else when their bytes are).
  let canonical: Bool
  /// Tables of the wide objects, by the bytes of the path to them.
  private var tables: [[UInt8]: MemberPositions] = [:]

  init(canonical: Bool) { self.canonical = canonical }

  /// The member `key` of the object at `route` (the components leading to it), whose members are
  /// `members`.
  mutating func position(of key: String, in members: [JSONMember], at route: ArraySlice<KeyComponent>) -> Int? {
    guard members.count > MemberPositions.searched else { return MemberPositions.search(key, in: members, canonical: canonical) }
    return tables[Self.identity(route), default: MemberPositions(canonical: canonical)].position(of: key, in: members)
  }

  /// A route's keys and indices as bytes, apart by a byte UTF-8 never holds.
  private static func identity(_ route: ArraySlice<KeyComponent>) -> [UInt8] {
    var bytes: [UInt8] = []
    for component in route {
      bytes += component.key.utf8
      bytes.append(0xFF)
      if let index = component.index { bytes += String(index).utf8 }
      bytes.append(0xFF)
    }
    return bytes
  }
}

/// Where each key is among an object's members, found by canonical equivalence (`String`'s
/// equality, as the dialects that compare keys so need) and, for the others, confirmed byte for
/// byte: a key canonically equal to another but spelled differently is looked for one by one.
/// Members are only ever appended; the table catches up with them at each look.
struct MemberPositions {
  /// Members searched one by one before a table is worth making.
  static let searched = 64
  let canonical: Bool
  private var first: [String: Int] = [:]
  private var indexed = 0

  init(canonical: Bool) { self.canonical = canonical }

  /// The member with `key`, if any.
  mutating func position(of key: String, in members: [JSONMember]) -> Int? {
    // NB: fewer members than indexed is another object at the same path (none replaces one
    // while paths cannot overlap, but a stale table must not answer for it).
    if indexed > members.count { (first, indexed) = ([:], 0) }
    while indexed < members.count {
      if first[members[indexed].key] == nil { first[members[indexed].key] = indexed }
      indexed += 1
    }
    guard let found = first[key] else { return nil }
    if canonical || members[found].key.utf8.elementsEqual(key.utf8) { return found }
    return Self.search(key, in: members, canonical: canonical)
  }

  /// The last member with `key`, one by one.
  static func search(_ key: String, in members: [JSONMember], canonical: Bool) -> Int? {
    members.lastIndex { canonical ? $0.key == key : $0.key.utf8.elementsEqual(key.utf8) }
  }
}
