import CastSchema

/// A decoded value, read as the model's init left it: model properties by their Swift names,
/// array elements by index, dictionary entries by key, scalars through typed accessors.
///
/// ```swift
/// let user = try validator.decode(Array(json.utf8))
/// let name = user["userName"]?.string      // a property, by its Swift name
/// let first = user["friends"]?[0]?["id"]?.int
/// ```
public struct DecodedValue: Sendable {
  private let storage: DeepInstance
  let schema: CompiledSchema
  /// For a model's property: whether its value is the declared default rather than the input's.
  public let isDefaulted: Bool

  init(_ instance: Instance, schema: CompiledSchema, isDefaulted: Bool = false, depth: Int) {
    self.storage = DeepInstance(instance, depth: depth)
    self.schema = schema
    self.isDefaulted = isDefaulted
  }

  var instance: Instance { storage.instance }
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
      guard model.values.indices.contains(field), let value = model.values[field] else { return DecodedValue(.null, schema: schema, depth: depth) }
      return DecodedValue(value.value, schema: schema, isDefaulted: value.origin == .defaulted, depth: depth)
    case .dictionary(let members):
      return members.first { $0.key == property }.map { DecodedValue($0.value, schema: schema, depth: depth) }
    case .json(.object(let members)):
      return members.first { $0.key == property }.map { DecodedValue(.json($0.value), schema: schema, depth: depth) }
    default:
      return nil
    }
  }

  /// An array's element; nil past the end or for a value that is not an array.
  public subscript(index: Int) -> DecodedValue? {
    guard let elements, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  /// An array's elements; nil for a value that is not an array.
  public var elements: [DecodedValue]? {
    switch instance {
    case .array(let items): items.map { DecodedValue($0, schema: schema, depth: depth) }
    case .json(.array(let items)): items.map { DecodedValue(.json($0), schema: schema, depth: depth) }
    default: nil
    }
  }

  /// A dictionary's entries (or an `Any` object's members), keys as written; nil otherwise.
  public var entries: [(key: String, value: DecodedValue)]? {
    switch instance {
    case .dictionary(let members): members.map { ($0.key, DecodedValue($0.value, schema: schema, depth: depth)) }
    case .json(.object(let members)): members.map { ($0.key, DecodedValue(.json($0.value), schema: schema, depth: depth)) }
    default: nil
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

  /// A number as the nearest `Double`.
  public var double: Double? { numberText.flatMap { Double($0) } }

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
    StackRoom.run(depth: depth) { tree = nil }
  }
}
