import CastSchema

/// A decoded value, read as the model's init left it: model properties by their Swift names,
/// array elements by index, dictionary entries by key, scalars through typed accessors.
///
/// ```swift
/// let user = try validator.decode(Array(json.utf8))
/// let name = user["userName"]?.string      // a property, by its Swift name
/// let first = user["friends"]?[0]?["id"]?.int
/// ```
public struct DecodedValue: Sendable, Equatable {
  private let storage: DeepInstance
  let schema: CompiledSchema
  /// What the value was read as, where known: a Codable dictionary read from key-value pairs
  /// (`ValueNode.pairs`) is an array in the instance and a dictionary to its reader.
  let node: ValueNode?
  /// For a model's property: whether its value is the declared default rather than the input's.
  public let isDefaulted: Bool

  init(_ instance: Instance, schema: CompiledSchema, node: ValueNode?, isDefaulted: Bool = false, depth: Int) {
    self.storage = DeepInstance(instance, depth: depth)
    self.schema = schema
    self.node = node
    self.isDefaulted = isDefaulted
  }

  /// A value inside this one, read as `node`.
  private func inner(_ instance: Instance, _ node: ValueNode?, isDefaulted: Bool = false) -> DecodedValue {
    DecodedValue(instance, schema: schema, node: node, isDefaulted: isDefaulted, depth: depth)
  }

  var instance: Instance { storage.instance }

  /// The same value (whether it was defaulted included); the schema it came from is not compared.
  public static func == (lhs: DecodedValue, rhs: DecodedValue) -> Bool {
    lhs.isDefaulted == rhs.isDefaulted && lhs.instance == rhs.instance
  }

  /// How deeply the value nests, at most: the document's nesting, for the stack encoding it
  /// recurses on (`StackRoom`).
  var depth: Int { storage.depth }

  /// The model's name, for an instance of a model.
  public var modelName: String? {
    if case .model(let model) = instance { model.model } else { nil }
  }

  /// A model's property names, in declaration order (those the model maps to JSON).
  public var propertyNames: [String] {
    guard case .model(let model) = instance else { return [] }
    return schema.plans[model.plan].fields.map(\.name)
  }

  /// A model's property by its Swift name (`.null` when it ended up nil), or an `Any` object's
  /// member by key; nil when there is no such property or member.
  public subscript(property: String) -> DecodedValue? {
    switch instance {
    case .model(let model):
      guard let field = schema.plans[model.plan].fields.firstIndex(where: { $0.name == property }) else { return nil }
      let node = schema.plans[model.plan].fields[field].node
      guard model.values.indices.contains(field), let value = model.values[field] else { return inner(.null, node) }
      return inner(value.value, node, isDefaulted: value.origin == .defaulted)
    case .dictionary, .json(.object), .array:
      // NB: an `Any` object keeps a repeated key as read; the later value is the one YAML and a
      // model's property (under every dialect but codable) take.
      return entries?.last { $0.key == property }?.value
    default:
      return nil
    }
  }

  /// An array's element; nil past the end or for a value that is not an array.
  public subscript(index: Int) -> DecodedValue? {
    guard let elements, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  /// An array's (or a set's) elements; nil for a value that is not an array.
  public var elements: [DecodedValue]? {
    switch (instance, node) {
    case (.array, .pairs?): nil
    case (.array(let items), .array(let element, _, _)?): items.map { inner($0, schema.node(at: element)) }
    case (.array(let items), _): items.map { inner($0, nil) }
    case (.json(.array(let items)), _): items.map { inner(.json($0), .any) }
    default: nil
    }
  }

  /// A dictionary's entries (or an `Any` object's members), keys as written; nil otherwise. A
  /// Codable dictionary written as key-value pairs (`["red", 1, "green", 2]`) is one too.
  public var entries: [(key: String, value: DecodedValue)]? {
    switch (instance, node) {
    case (.dictionary(let members), .dictionary(_, let value, _)?):
      let valueNode = schema.node(at: value)
      return members.map { ($0.key, inner($0.value, valueNode)) }
    case (.dictionary(let members), _): return members.map { ($0.key, inner($0.value, nil)) }
    case (.json(.object(let members)), _): return members.map { ($0.key, inner(.json($0.value), .any)) }
    case (.array(let items), .pairs(_, let value, _)?):
      let valueNode = schema.node(at: value)
      return stride(from: 0, to: items.count - 1, by: 2).map { index in
        (Self.keyText(items[index]), inner(items[index + 1], valueNode))
      }
    default: return nil
    }
  }

  /// A pairs dictionary's key as a JSON object would spell it: a string, an integer's digits or
  /// an enum's raw value.
  private static func keyText(_ key: Instance) -> String {
    switch key {
    case .string(let text), .number(let text): text
    case .bool(let flag): String(flag)
    default: ""
    }
  }

  /// True for `nil` / JSON `null`.
  public var isNull: Bool {
    switch instance {
    case .null, .json(.null): true
    default: false
    }
  }

  /// A string's value.
  public var string: String? {
    switch instance {
    case .string(let text), .json(.string(let text)): text
    default: nil
    }
  }

  /// A Boolean's value.
  public var bool: Bool? {
    switch instance {
    case .bool(let value), .json(.bool(let value)): value
    default: nil
    }
  }

  /// A number as its literal text, every digit kept (the input's, unless a coercion made it).
  public var numberText: String? {
    switch instance {
    case .number(let text), .json(.number(let text)): text
    default: nil
    }
  }

  /// A number that is an integer within `Int`'s range (`1.0` and `1e2` count; `1.5` does not).
  public var int: Int? {
    guard var text = numberText else { return nil }
    if let value = Int(text) { return value }
    // NB: read from the digits, exactly: through a `Double`, 9007199254740993.0 was ...992 and
    // 1.0000000000000001 was 1.
    return text.withUTF8 { DecimalLiteral(UnsafeRawBufferPointer($0)).integralInt64 }.flatMap { Int(exactly: $0) }
  }

  /// A number as the nearest `Double`; for a `Float` or `Double` read from one of the
  /// `nonConformingFloatStrings`, infinity, minus infinity or NaN, as `JSONDecoder` reads it.
  public var double: Double? {
    if let numberText { return Double(numberText) }
    guard case .string(let text) = instance, case .scalar(let type)? = node, type == .float || type == .double || type == .cgFloat,
      let floats = schema.registry.options.nonConformingFloats
    else { return nil }
    return floats.value(of: text)
  }

  /// The value as JSON with the model's JSON keys: what `castctl convert` writes for it.
  public var json: JSONValue {
    StackRoom.run(depth: depth) { ModelEncoder(schema: schema).encode(instance) }
  }
}

/// A decoded value's instance, released where the stack has room for it: releasing a tree
/// recurses once per level, and a program may drop a deep value on a thread with a small stack.
final class DeepInstance: @unchecked Sendable {
  // NB: changed only in `deinit`, when no other reference is left.
  private(set) var instance: Instance
  let depth: Int

  init(_ instance: Instance, depth: Int) {
    self.instance = instance
    self.depth = depth
  }

  deinit {
    guard !StackRoom.hasRoom(forDepth: depth) else { return }
    var tree: Instance? = instance
    instance = .null
    // NB: taken, so that the tree is released on the thread with room for its depth.
    StackRoom.run(depth: depth) { _ = tree.take() }
  }
}

/// A decoded value printed as the JSON `castctl convert --compact` writes for it.
extension DecodedValue: CustomStringConvertible {
  /// The value as compact JSON with the model's JSON keys.
  public var description: String { JSONWriter(style: .compact).write(json) }
}
