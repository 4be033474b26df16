import CastSchema

/// Turns the evidence tree into models, enums and property types: the rules of `castctl infer`,
/// each a plain function of the merged counts, so the same data in any order gives the same model.
struct ShapeDecider {
  let options: InferOptions
  private(set) var models: [ModelDraft] = []
  private(set) var enums: [EnumDraft] = []
  /// Models by structure, so identical shapes are declared once.
  private var modelsByStructure: [String: Int] = [:]
  private var enumsByValues: [[String]: Int] = [:]
  /// The paths of the objects decided, as `--map` and `--object` name them.
  private(set) var objectPaths: Set<String> = []
  /// The `--object` paths whose objects have too many distinct keys to be a model: maps still.
  private(set) var tooWideForModels: [String] = []

  /// A decider with these thresholds.
  init(options: InferOptions) {
    self.options = options
  }

  /// The type chosen for one path, with the `//! date` it needs and the reason.
  struct Choice {
    var type: InferredType
    var dateDirective: String?
    var reason: String
  }

  /// The model of the objects at `path`.
  mutating func model(_ node: ShapeNode, path: String, suggestion: String) -> Int {
    var draft = ModelDraft(suggestion: suggestion, path: path)
    // Keys no directive can name are left out (only the root and `--object` paths get here
    // with such keys; elsewhere they make a map); the verification then reports them dropped.
    let members = (node.fields ?? [:]).filter { options.dialect.canName($0.key.text) }
      .sorted { ($0.value.position, $0.key) < ($1.value.position, $1.key) }.map { (key: $0.key.text, value: $0.value) }
    draft.leftOut = (node.fields ?? [:]).keys.filter { !options.dialect.canName($0.text) }.sorted().map(\.text)
    // The snake rule is worth declaring when it names some key exactly; the others get a key.
    // NB: only jsoncast and convertible have the rule `UnderscoreToCamelCase` declares; the
    // other dialects name every such key with a directive.
    draft.snakeCase = options.dialect.hasSnakeRule && members.contains { key, _ in key.utf8.contains(UInt8(ascii: "_")) && Self.snakeInverts(key) }
    var used = options.dialect.reservedPropertyNames
    for (key, field) in members {
      let childPath = path + "/" + JSONPointer.escape(key)
      let choice = type(of: field.shape, path: childPath, suggestion: key)
      let required = field.present >= node.objects && field.shape.nulls == 0
      // A dialect without the snake rule still gets camelCase names, each with its key.
      var (name, explicitKey) = Self.propertyName(for: key, snakeCase: draft.snakeCase, camelCase: !options.dialect.hasSnakeRule)
      let free = InferNames.claim(name, in: &used)
      if free != name { (name, explicitKey) = (free, true) }
      let evidence = PropertyEvidence(
        path: childPath, node: field.shape, objects: node.objects, present: field.present,
        reason: (required ? "" : field.shape.nulls > 0 ? "optional (null seen); " : "optional (absent from some); ") + choice.reason,
        sketchLimit: StringSketch.limit(options))
      draft.properties.append(
        PropertyDraft(
          key: key, name: InferNames.spelled(name), explicitKey: explicitKey,
          type: required ? choice.type : .optional(choice.type), required: required,
          dateDirective: choice.dateDirective, evidence: evidence))
    }
    draft.structureKey = (draft.snakeCase ? "snake;" : "") + draft.properties.map { property in
      property.key + ":" + property.name + ":" + property.type.structure(models: models, enums: enums) + (property.dateDirective ?? "")
    }.joined(separator: ",")
    if let shared = modelsByStructure[draft.structureKey] { return shared }
    models.append(draft)
    modelsByStructure[draft.structureKey] = models.count - 1
    return models.count - 1
  }

  /// How deep a property's type may nest arrays, maps and optionals: the model language allows
  /// 100 levels, and a property's own `?` and its model's body take two of them.
  static let typeNestingLimit = 98

  /// The type of the values at `path`, without the optional that nulls or absence add, for a
  /// type already `nesting` arrays, maps and optionals deep.
  mutating func type(of node: ShapeNode, path: String, suggestion: String, nesting: Int = 0) -> Choice {
    let kinds = node.kinds
    guard let kind = kinds.first else { return alwaysNull }
    if kinds.count > 1 {
      if kinds == [.integer, .fraction] { return number(node.numbers) }
      return Choice(type: .scalar("Any"), reason: "mixed types (\(kinds.map(\.rawValue).joined(separator: ", "))): Any")
    }
    switch kind {
    case .null: return alwaysNull
    case .bool: return Choice(type: .scalar("Bool"), reason: "booleans")
    case .integer, .fraction: return number(node.numbers)
    case .string: return string(node.strings, suggestion: suggestion)
    case .array:
      guard let element = node.element else {
        // NB: `Any` is no Codable type; an empty array is read as any array.
        if options.dialect == .codable { return Choice(type: .array(.scalar("String")), reason: "always empty: [String] (Any is not Codable)") }
        return Choice(type: .scalar("[Any]"), reason: "always empty: [Any]")
      }
      let inside = nesting + (element.nulls > 0 ? 2 : 1)
      guard inside <= Self.typeNestingLimit else { return Self.tooDeep }
      let inner = type(
        of: element, path: path + "/[]", suggestion: InferNames.singular(InferNames.typeName(suggestion, fallback: "Element")),
        nesting: inside)
      // NB: no `//! date` reaches an element; ISO-8601 in UTC is what `[Date]` writes anyway, and
      // only a day-only pattern needs the directive.
      let elementType = inner.dateDirective == "date \"yyyy-MM-dd\"" ? InferredType.scalar("String") : inner.type
      return Choice(type: .array(element.nulls > 0 ? .optional(elementType) : elementType), reason: "arrays of " + inner.reason)
    case .object:
      return object(node, path: path, suggestion: suggestion, nesting: nesting)
    }
  }

  /// Values that were only ever `null`: `Any`, or for a Codable model (where `Any` is no Codable
  /// type) `String`, whose optional reads `null` as any optional does.
  private var alwaysNull: Choice {
    options.dialect == .codable
      ? Choice(type: .scalar("String"), reason: "always null: String (Any is not Codable; any optional reads null)")
      : Choice(type: .scalar("Any"), reason: "always null: Any")
  }

  /// Arrays or maps nested deeper than a type can be written: what is inside them is `Any`.
  private static let tooDeep = Choice(type: .scalar("Any"), reason: "nested deeper than a type can be written: Any")

  /// `Int`, `Double`, `Decimal` or `NSNumber`: the narrowest that holds every number seen exactly
  /// and within its range as the dialect reads it (`NumberEvidence.scalar`).
  private func number(_ numbers: NumberEvidence) -> Choice {
    let inexact = numbers.hugeIntegers > 0 ? "integers beyond Int64" : "integers beyond 2^53 beside fractions"
    switch numbers.scalar {
    case .int: return Choice(type: .scalar("Int"), reason: "integers")
    case .double: return Choice(type: .scalar("Double"), reason: numbers.integers > 0 ? "integers and fractions: Double" : "fractions")
    case .decimal:
      let why = numbers.exactInDouble ? "numbers beyond Double's range" : inexact
      return Choice(type: .scalar("Decimal"), reason: why + ": Decimal")
    case .number:
      let why = numbers.exactInDouble || numbers.beyondDouble > 0 ? "numbers beyond Double's and Decimal's range" : inexact + " and numbers beyond Decimal's range"
      return Choice(type: .scalar("NSNumber"), reason: why + ": NSNumber")
    }
  }

  /// A format, an enum, or `String`.
  private mutating func string(_ strings: StringEvidence, suggestion: String) -> Choice {
    if options.dialect == .codable {
      // One date strategy for the whole model (`//! date-decoding iso8601`), which reads and
      // writes whole seconds in UTC only; a seed's own strategy may read no string at all.
      if options.codableDates != .iso8601, strings.formats.contains(.isoDate) || strings.formats.contains(.dayDate) {
        return Choice(type: .scalar("String"), reason: "dates the model's date-decoding \(options.codableDates.strategyName) would not read: String")
      }
      if strings.formats.contains(.plainISODate) {
        return Choice(type: .scalar("Date"), dateDirective: "date iso8601", reason: "ISO-8601 dates in UTC, whole seconds: Date")
      }
      if strings.formats.contains(.isoDate) || strings.formats.contains(.dayDate) {
        return Choice(type: .scalar("String"), reason: "dates JSONDecoder's .iso8601 would not read back as written: String")
      }
    }
    if strings.formats.contains(.isoDate) {
      return Choice(type: .scalar("Date"), dateDirective: "date iso8601", reason: "ISO-8601 dates in UTC: Date")
    }
    if strings.formats.contains(.dayDate) {
      return Choice(type: .scalar("Date"), dateDirective: "date \"yyyy-MM-dd\"", reason: "calendar days: Date")
    }
    if strings.formats.contains(.uuid) { return Choice(type: .scalar("UUID"), reason: "UUIDs: UUID") }
    if strings.formats.contains(.url), options.dialect != .codable || strings.formats.contains(.foundationURL) {
      return Choice(type: .scalar("URL"), reason: "http(s) URLs: URL")
    }
    if let values = strings.distinct, values.count >= options.enumMinCases, values.count <= options.enumMaxCases,
      strings.count >= values.count * options.enumMinRatio, Self.looksLikeCases(values)
    {
      let sorted = values.sorted()
      let index: Int
      if let known = enumsByValues[sorted] {
        index = known
      } else {
        enums.append(EnumDraft(suggestion: InferNames.typeName(suggestion, fallback: "Kind"), values: sorted))
        index = enums.count - 1
        enumsByValues[sorted] = index
      }
      return Choice(type: .enumeration(index), reason: "\(values.count) distinct values in \(strings.count) strings: enum")
    }
    var reason = "strings"
    if strings.looseFormats.contains(.isoDate) {
      reason = "ISO-8601 dates not all in UTC: String (Date would rewrite them)"
    } else if strings.looseFormats.contains(.uuid) {
      reason = "lower-case UUIDs: String (UUID would write them in upper case)"
    } else if let values = strings.distinct, values.count <= options.enumMaxCases {
      let why = values.count < options.enumMinCases ? "fewer than \(options.enumMinCases) distinct values"
        : strings.count < values.count * options.enumMinRatio ? "too few occurrences per value" : "values that are not case-like"
      reason = "\(values.count) distinct values in \(strings.count) strings, \(why) for an enum: String"
    }
    return Choice(type: .scalar("String"), reason: reason)
  }

  /// A model, or a map when the keys look like data.
  private mutating func object(_ node: ShapeNode, path: String, suggestion: String, nesting: Int) -> Choice {
    objectPaths.insert(path)
    let fields = node.fields ?? [:]
    var mapReason: String?
    if options.forcedModels.contains(path), node.fields != nil {
      // NB: keys no directive can name are left out of the model, as at the root.
      mapReason = nil
    } else if options.forcedMaps.contains(path) {
      mapReason = "forced by --map"
    } else if node.fields == nil {
      if options.forcedModels.contains(path) { tooWideForModels.append(path) }
      mapReason = "more than \(options.keyLimit) distinct keys"
    } else if !node.keys.allNameable {
      mapReason = "keys a key directive cannot name"
    } else if node.keys.any, node.keys.allIntegers {
      mapReason = "integer keys"
    } else if node.keys.any, node.keys.allUUIDs {
      mapReason = "UUID keys"
    } else if fields.count >= options.mapMinKeys,
      fields.values.filter({ $0.present * 2 >= node.objects }).count * 2 < fields.count
    {
      mapReason = "\(fields.count) distinct keys, most in few objects"
    }
    guard let mapReason else {
      guard !fields.isEmpty else {
        if options.dialect == .codable {
          return Choice(type: .map(key: "String", value: .scalar("String")), reason: "always empty: [String: String] (Any is not Codable)")
        }
        return Choice(type: .scalar("[String: Any]"), reason: "always empty: [String: Any]")
      }
      let index = model(node, path: path, suggestion: InferNames.typeName(suggestion, fallback: "Item"))
      return Choice(type: .model(index), reason: "objects: model")
    }
    let values = ShapeNode()
    if let folded = node.mapValues { values.merge(folded, options: options) }
    for (_, field) in fields.sorted(by: { $0.key < $1.key }) { values.merge(field.shape, options: options) }
    let inside = nesting + (values.nulls > 0 ? 2 : 1)
    guard inside <= Self.typeNestingLimit else { return Self.tooDeep }
    let inner = type(
      of: values, path: path + "/*", suggestion: InferNames.singular(InferNames.typeName(suggestion, fallback: "Value")),
      nesting: inside)
    let valueType = inner.dateDirective == "date \"yyyy-MM-dd\"" ? InferredType.scalar("String") : inner.type
    let keyType = node.keys.any && node.keys.allIntegers ? "Int" : "String"
    return Choice(
      type: .map(key: keyType, value: values.nulls > 0 ? .optional(valueType) : valueType),
      reason: "map (\(mapReason)) of " + inner.reason)
  }

  /// Whether the values read as names of cases: each a short word-like token (letters first;
  /// letters, digits, `_`, `-`, `.`, spaces), and not hexadecimal codes such as colours, which
  /// repeat in real data without being a closed set.
  static func looksLikeCases(_ values: Set<String>) -> Bool {
    values.allSatisfy { value in
      let bytes = Array(value.utf8)
      guard let first = bytes.first, InferNames.isLetter(first), bytes.count <= 32 else { return false }
      let wordLike = bytes.allSatisfy { byte in
        InferNames.isLetter(byte) || InferNames.isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
          || byte == UInt8(ascii: ".") || byte == UInt8(ascii: " ")
      }
      let hexCode = bytes.count >= 3 && bytes.contains(where: InferNames.isDigit)
        && bytes.allSatisfy { InferNames.isDigit($0) || (($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "f")) }
      return wordLike && !hexCode
    }
  }

  /// Whether the snake rule maps `key` to a property name and back to `key` exactly.
  static func snakeInverts(_ key: String) -> Bool {
    let name = SnakeCase.propertyName(for: key)
    return InferNames.isIdentifier(name) && SnakeCase.jsonKey(for: name) == key
  }

  /// The property name for `key`, and whether it needs an explicit `//! "key"`. `camelCase`: a
  /// snake_case key the rule inverts gets its camelCase name all the same, with its key (a
  /// dialect without the rule, a Codable model's CodingKeys).
  static func propertyName(for key: String, snakeCase: Bool, camelCase: Bool = false) -> (name: String, explicitKey: Bool) {
    if snakeCase {
      if snakeInverts(key) { return (SnakeCase.propertyName(for: key), false) }
      return (InferNames.propertyName(for: key), true)
    }
    if camelCase, key.utf8.contains(UInt8(ascii: "_")), snakeInverts(key) { return (SnakeCase.propertyName(for: key), true) }
    if InferNames.isIdentifier(key) { return (key, false) }
    return (InferNames.propertyName(for: key), true)
  }
}
