/// Random corpus models from a seed: a root struct with scalars of every kind, optionals,
/// arrays, sets, maps, a nested struct, a raw-value enum and an enum with associated values,
/// and sometimes `CodingKeys` with renamed and left-out properties.
struct ModelGenerator {
  private var rng: SplitMix

  init(seed: UInt64) { rng = SplitMix(seed: seed) }

  mutating func model(_ index: Int) -> CorpusModel {
    let root = "G\(index)"
    let kind = root + "Kind", shape = root + "Shape", part = root + "Part"
    var types: [TypeShape] = []
    let rawInt = rng.chance(0.3)
    types.append(.rawEnum(
      name: kind, rawType: rawInt ? "Int" : "String",
      cases: rawInt ? [("one", "1"), ("two", "2"), ("ten", "10")] : [("alpha", nil), ("beta", "B-ta"), ("gammaRay", nil)]))
    types.append(.associatedEnum(name: shape, cases: [
      ("circle", [("radius", scalar())]), ("pair", [(nil, .integer(rng.pick(IntegerKind.allCases))), ("name", .string)]),
      ("none", []),
    ]))
    types.append(structure(part, count: Int.random(in: 1...3, using: &rng), named: [kind]))
    types.append(structure(root, count: Int.random(in: 3...8, using: &rng), named: [kind, shape, part]))
    var model = CorpusModel(root: root, types: Self.reachable(from: root, in: types), origin: "generated")
    if model.containsDate {
      model.strategies.append(rng.pick([.secondsSince1970, .millisecondsSince1970, .iso8601]))
    }
    if index % 5 == 0 { model.strategies.append(.snakeCase) }
    return model
  }

  /// The types `root` uses, directly or not (in declaration order): an unused enum would only
  /// lengthen the oracle's compile.
  static func reachable(from root: String, in types: [TypeShape]) -> [TypeShape] {
    let byName = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var used: Set<String> = [root]
    var pending = [root]
    while let name = pending.popLast() {
      let fields: [FieldType]
      switch byName[name] {
      case .structure(_, let properties, _)?: fields = properties.map(\.type)
      case .associatedEnum(_, let cases)?: fields = cases.flatMap { $0.parameters.map(\.type) }
      default: fields = []
      }
      for field in fields {
        for named in field.namedTypes where used.insert(named).inserted { pending.append(named) }
      }
    }
    return types.filter { used.contains($0.name) }
  }

  private mutating func structure(_ name: String, count: Int, named: [String]) -> TypeShape {
    let codingKeys = rng.chance(0.35)
    var properties: [PropertyShape] = []
    for offset in 0..<count {
      var property = PropertyShape(name: propertyName(offset), type: fieldType(named: named, depth: 0))
      property.isLet = rng.chance(0.6)
      if codingKeys, rng.chance(0.4) { property.key = property.name + "_key" }
      properties.append(property)
    }
    if codingKeys, rng.chance(0.4) {
      properties.append(PropertyShape(name: "cache", type: .integer(.int), isLet: false, initial: "0", excluded: true))
    }
    if rng.chance(0.3) {
      // A default on a non-optional `var`: the synthesized init still requires the key.
      properties.append(PropertyShape(name: "label", type: .string, isLet: false, initial: "\"x\""))
    }
    return .structure(name: name, properties: properties, codingKeys: codingKeys)
  }

  private mutating func propertyName(_ offset: Int) -> String {
    rng.pick(["id", "name", "count", "userName", "createdAt", "value", "score", "flags", "items", "homePage", "b2b", "isOn"])
      + "\(offset)"
  }

  private mutating func scalar() -> FieldType {
    let scalars: [FieldType] = IntegerKind.allCases.map { .integer($0) }
      + [.double, .float, .bool, .string, .url, .uuid, .date, .data, .decimal, .string, .double, .integer(.int)]
    return rng.pick(scalars)
  }

  private mutating func fieldType(named: [String], depth: Int) -> FieldType {
    let roll = Int.random(in: 0..<20, using: &rng)
    switch roll {
    case 0..<9: return scalar()
    case 9, 10:
      let wrapped = depth < 1 ? fieldType(named: named, depth: depth + 1) : scalar()
      return .optional(wrapped.isOptional ? scalar() : wrapped)
    case 11, 12: return .array(depth < 1 ? fieldType(named: named, depth: depth + 1) : scalar())
    case 13: return .set(rng.pick([.integer(.int), .string, .uuid, .integer(.uint8)]))
    case 14: return .stringMap(depth < 1 ? fieldType(named: named, depth: depth + 1) : scalar())
    case 15: return .intMap(scalar())
    default: return .named(rng.pick(named))
    }
  }
}
