import CastSchema

/// Whether a declared type holds every value seen at a path, exactly as `--strict` and a lossless
/// round trip need: the test `--seed` applies before it changes a type.
struct SeedFit {
  let registry: ModelRegistry
  let options: InferOptions
  /// Values a string enum must gain, by enum name, collected while a type is checked: kept only
  /// if the whole type fits.
  var enumValues: [String: Set<String>] = [:]
  /// The first place one of those values was seen, by enum name.
  var enumExamples: [String: ValueExample] = [:]

  /// A check against the seed's enums.
  init(registry: ModelRegistry, options: InferOptions) {
    self.registry = registry
    self.options = options
  }

  /// Whether `type` holds the values of `node`; `nullable` when a `null` is allowed here (the
  /// property's own `?`, handled apart, or an optional element); `date` is how the property
  /// reads a `Date`, its elements' and values' too.
  mutating func fits(_ type: TypeRef, _ node: ShapeNode, nullable: Bool, date: DateFormat = .iso8601) -> Bool {
    if node.nulls > 0, !nullable { return false }
    let kinds = Set(node.kinds)
    switch type {
    case .optional(let wrapped): return fits(wrapped, node, nullable: true, date: date)
    case .any: return true
    case .anyObject, .model: return kinds.isSubset(of: [.object])
    case .anyArray: return kinds.isSubset(of: [.array])
    case .array(let element), .set(let element):
      guard kinds.isSubset(of: [.array]) else { return false }
      guard let items = node.element else { return true }
      return fits(element, items, nullable: false, date: date)
    case .dictionary(let key, let value):
      guard kinds.isSubset(of: [.object]) else { return false }
      if case .scalar(let scalar) = key, scalar.isInteger, node.keys.any, !node.keys.allIntegers { return false }
      let values = ShapeNode.mapValues(of: node, options: options)
      return values.occurrences == 0 || fits(value, values, nullable: false, date: date)
    case .enumeration(let name):
      return fitsEnum(name, node, kinds: kinds)
    case .scalar(let scalar):
      return Self.fits(scalar, node, kinds: kinds, date: date)
    }
  }

  /// A string enum holds strings, an integer one integers within its raw type, each gaining the
  /// values it lacks (while the sketch knows them all).
  private mutating func fitsEnum(_ name: String, _ node: ShapeNode, kinds: Set<JSONKind>) -> Bool {
    guard let declared = registry.enums[name] else { return false }
    // A Codable enum with associated values is an object (`{"case": {…}}`): what it holds is
    // left to the verification, which reads it as JSONDecoder does.
    if declared.hasPayloads { return kinds.isSubset(of: [.object]) }
    if let raw = declared.rawType, raw.isInteger { return fitsIntegerEnum(declared, raw: raw, node, kinds: kinds) }
    guard kinds.isSubset(of: [.string]) else { return false }
    guard node.strings.count > 0 else { return true }
    // NB: past the sketch's bound the values are not known, so none can be added.
    guard let values = node.strings.distinct else { return false }
    let known = Set(declared.cases.map { SeedFit.rawText($0) })
    let missing = values.subtracting(known)
    // NB: an enum without a raw type maps by case name, which only an identifier can be.
    if declared.rawType == nil, !missing.allSatisfy({ InferNames.isIdentifier($0) && !InferNames.keywords.contains($0) }) {
      return false
    }
    if !missing.isEmpty { enumValues[name, default: []].formUnion(missing) }
    for value in missing {
      enumExamples[name] = ValueExample.earliest(enumExamples[name], node.valueExamples[value])
    }
    return true
  }

  /// An integer enum holds integers its raw type holds; those no case has are gained as cases.
  private mutating func fitsIntegerEnum(_ declared: EnumType, raw: ScalarType, _ node: ShapeNode, kinds: Set<JSONKind>) -> Bool {
    guard kinds.isSubset(of: [.integer]) else { return false }
    guard node.numbers.count > 0 else { return true }
    // NB: past the sketch's bound the values are not known, so none can be added.
    guard node.numbers.hugeIntegers == 0, let seen = node.integerValues.examples,
      Self.fits(raw, node, kinds: kinds, date: .iso8601)
    else { return false }
    let known = Set(declared.cases.compactMap { Int64(Self.rawText($0)) })
    let missing = seen.filter { !known.contains($0.key) }
    for (value, example) in missing {
      enumValues[declared.name, default: []].insert(String(value))
      enumExamples[declared.name] = ValueExample.earliest(enumExamples[declared.name], example)
    }
    return true
  }

  /// A case's raw value as the data writes it (a string's text, a number's literal).
  static func rawText(_ enumCase: EnumCase) -> String {
    switch enumCase.rawValue {
    case .string(let text), .number(let text): text
    default: enumCase.name
    }
  }

  /// Whether a scalar holds the values of `node` (with kinds `kinds`).
  static func fits(_ scalar: ScalarType, _ node: ShapeNode, kinds: Set<JSONKind>, date: DateFormat) -> Bool {
    let numbers = node.numbers
    let strings = node.strings
    switch scalar {
    case .bool: return kinds.isSubset(of: [.bool])
    case .string, .character, .data: return kinds.isSubset(of: [.string])
    case .url: return kinds.isSubset(of: [.string]) && strings.formats.contains(.url)
    case .uuid: return kinds.isSubset(of: [.string]) && strings.formats.contains(.uuid)
    case .date:
      switch date {
      case .iso8601: return kinds.isSubset(of: [.string]) && strings.formats.contains(.isoDate)
      case .pattern(let pattern) where pattern == "yyyy-MM-dd": return kinds.isSubset(of: [.string]) && strings.formats.contains(.dayDate)
      case .pattern: return kinds.isSubset(of: [.string])
      case .epochSeconds, .referenceSeconds: return kinds.isSubset(of: [.integer, .fraction]) && numbers.nonFinite == 0
      case .epochMilliseconds: return kinds.isSubset(of: [.integer]) && numbers.hugeIntegers == 0
      }
    case .decimal: return kinds.isSubset(of: [.integer, .fraction]) && numbers.beyondDecimal == 0
    case .number: return kinds.isSubset(of: [.integer, .fraction])
    case .float, .double, .cgFloat:
      // NB: a `Float` holds what the dialect's `Float` takes (`NumberEvidence.beyondFloat`, the
      // validator's rule): about ±3.4e38, and for a Codable model no number rounded to zero.
      return kinds.isSubset(of: [.integer, .fraction]) && (numbers.scalar == .int || numbers.scalar == .double)
        && !numbers.hasInexactInteger && (scalar != .float || numbers.beyondFloat == 0)
    default:
      guard let bounds = scalar.integerBounds, kinds.isSubset(of: [.integer]), numbers.hugeIntegers == 0 else { return false }
      guard numbers.integers > 0 else { return true }
      return numbers.minInteger >= bounds.min && (numbers.maxInteger < 0 || UInt64(numbers.maxInteger) <= bounds.max)
    }
  }
}

extension ShapeNode {
  /// Every member value of the objects at `node`, merged: what a map's values were.
  static func mapValues(of node: ShapeNode, options: InferOptions) -> ShapeNode {
    let values = ShapeNode()
    if let folded = node.mapValues { values.merge(folded, options: options) }
    for (_, field) in (node.fields ?? [:]).sorted(by: { $0.key < $1.key }) { values.merge(field.shape, options: options) }
    return values
  }
}
