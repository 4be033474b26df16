import CastSchema

/// A registry compiled for validation: one plan per model and enum, built once and shared by
/// every record (and thread).
// NB: @unchecked because of the node table's raw memory, written once in `init` and then only
// read (and freed in `deinit`); the clean plan is built at most once, under its lock.
package final class CompiledSchema: @unchecked Sendable {
  /// The registry it was compiled from.
  package let registry: ModelRegistry
  /// Run options.
  package let options: ValidationOptions
  let plans: [ModelPlan]
  let enums: [EnumPlan]
  /// The policy for values outside any model (`--type`).
  let basePolicy: Policy
  /// Some model's policy wants `DecodingError` notes, so errors keep their coding path.
  let keepsCodingPaths: Bool
  /// Element, key and value nodes of collections, by index.
  private let nodeTable: UnsafeMutablePointer<ValueNode>
  private let nodeCount: Int
  /// Date formats of `Date` nodes, by index.
  let dateFormats: [DateFormat]
  /// The compiled pattern of each pattern date format, by the same index (nil: not a pattern, or
  /// one only `DateFormatter` reads), looked up once here rather than per value.
  let datePatterns: [DatePattern?]
  /// The JSON type each `Date` node reads, by index (`Policy.datesInTheirFormatOnly`).
  let dateInputs: [DateInput]
  /// Type expressions compiled for `--type` targets.
  private let typeNodes: [TypeRef: ValueNode]
  /// The types plans were compiled for, and the models they reach; nil: every model.
  private let roots: [TypeRef]?
  /// The clean plan, once a validator asked for it.
  private let cleanPlanCache = Locked<CleanPlan?>(nil)

  /// Compiles every model and enum of `registry`, and the given type expressions.
  package convenience init(registry: ModelRegistry, options: ValidationOptions = ValidationOptions(), types: [TypeRef] = []) {
    self.init(registry: registry, options: options, types: types, roots: nil)
  }

  /// Compiles the plans `target` can reach (every enum, and `target`'s type), for a run that
  /// decodes nothing else: a large schema's other models cost no time. Their slots hold empty
  /// plans that no node refers to.
  package convenience init(registry: ModelRegistry, options: ValidationOptions = ValidationOptions(), target: ValidationTarget) {
    self.init(registry: registry, options: options, types: [], roots: [target.rootType])
  }

  private init(registry: ModelRegistry, options: ValidationOptions, types: [TypeRef], roots: [TypeRef]?) {
    self.registry = registry
    self.options = options
    self.roots = roots
    let compiler = SchemaCompiler(registry: registry, options: options)
    let reachable = roots.map { ModelReach.models(from: $0 + types, in: registry) }
    // NB: an unreachable model is read in place, a field at a time: copying it whole (what
    // iterating the models gives) retains and releases its tables, cold memory in a large schema.
    var plans = registry.models.values.elements.withUnsafeBufferPointer { models in
      models.indices.map { index in
        guard let reachable, !reachable.contains(index) else { return compiler.plan(for: models[index], index: index) }
        return compiler.emptyPlan(
          index: index, name: models[index].name, dialect: models[index].dialect, superKey: models[index].superKey,
          declaration: models[index].range)
      }
    }
    var base = Policy.preset(for: registry.baseDialect).with(registry.options)
    if options.strict { base = base.strict() }
    basePolicy = base
    var compiledTypes: [TypeRef: ValueNode] = [:]
    for type in types {
      compiledTypes[type] = compiler.node(for: type, policy: Self.policy(of: type, plans: plans, base: base))
    }
    typeNodes = compiledTypes
    // NB: the base policy too: a `--type` over a schema of Codable enums alone has no plan.
    keepsCodingPaths = base.decodingErrorNotes || plans.contains { $0.policy.decodingErrorNotes }
    // A case's associated values are a struct of their own, planned after the models.
    enums = registry.enums.values.map { enumType in
      let payloadPlans = enumType.cases.map { enumCase -> Int? in
        guard let payload = enumCase.payloadModel(of: enumType.name) else { return nil }
        plans.append(compiler.plan(for: payload, index: plans.count))
        return plans.count - 1
      }
      return EnumPlan(enumType, registry: registry, payloadPlans: payloadPlans)
    }
    self.plans = plans
    nodeCount = compiler.nodes.count
    nodeTable = .allocate(capacity: max(nodeCount, 1))
    nodeTable.initialize(from: compiler.nodes, count: nodeCount)
    dateFormats = compiler.dateFormats
    datePatterns = compiler.dateFormats.map { format in
      guard case .pattern(let pattern) = format, case .compiled(let compiled) = DatePatterns.shared.compiled(pattern) else {
        return nil
      }
      return compiled
    }
    dateInputs = compiler.dateInputs
  }

  /// The same plans as plain tables, for the clean-record check; built on first use, since
  /// convert and roundtrip never ask.
  var cleanPlan: CleanPlan {
    cleanPlanCache.withLock { cached in
      if let cached { return cached }
      let plan = CleanPlan(
        plans: plans, base: basePolicy, enums: enums, nodes: Array(UnsafeBufferPointer(start: nodeTable, count: nodeCount)),
        dateInputs: dateInputs, dateFormats: dateFormats, datePatterns: datePatterns, options: options)
      cached = plan
      return plan
    }
  }

  deinit { nodeTable.deallocate() }

  /// The policy of a type expression's values outside any model: that of the model it holds
  /// (`[User]`, `[String: User?]`), else `base`.
  static func policy(of type: TypeRef, plans: [ModelPlan], base: Policy) -> Policy {
    var type = type
    while true {
      switch type {
      case .model(let name): return plans.first { $0.name == name }?.policy ?? base
      case .array(let element), .set(let element): type = element
      case .dictionary(_, let value): type = value
      case .optional(let wrapped): type = wrapped
      default: return base
      }
    }
  }

  /// The type a dictionary's keys are read as integers for, by name: an integer type, or an
  /// enum of integer raw values (`"01"` and `"+1"` are its case 1); nil for other keys.
  func integerKeyType(_ keyNode: ValueNode) -> String? {
    switch keyNode {
    case .scalar(let scalar) where scalar.isInteger: scalar.rawValue
    case .enumeration(let index) where enums[index].rawType?.isInteger == true: enums[index].name
    default: nil
    }
  }

  /// A collection's element (or key, or value) node.
  @inline(__always)
  func node(at index: Int32) -> ValueNode { nodeTable[Int(index)] }

  /// The node of a type compiled with this schema, if it was.
  func typeNode(_ type: TypeRef) -> ValueNode? { typeNodes[type] }

  /// The same registry and options, with `type` compiled too (for a `--type` target).
  func including(_ type: TypeRef) -> CompiledSchema {
    typeNodes[type] != nil
      ? self : CompiledSchema(registry: registry, options: options, types: Array(typeNodes.keys) + [type], roots: roots)
  }

  /// The node of a model, by name.
  func modelIndex(_ name: String) -> Int? {
    registry.models.index(forKey: name)
  }

}

/// What JSON a `Date` node reads.
enum DateInput: Sendable {
  case numberOrString, numberOnly, isoStringOnly, patternStringOnly

  init(_ format: DateFormat, inTheirFormatOnly: Bool) {
    switch format {
    case .referenceSeconds: self = .numberOnly
    case _ where !inTheirFormatOnly: self = .numberOrString
    case .epochSeconds, .epochMilliseconds: self = .numberOnly
    case .iso8601: self = .isoStringOnly
    case .pattern: self = .patternStringOnly
    }
  }
}

/// Turns models and types into plans and nodes, collecting collection nodes into one table.
final class SchemaCompiler {
  let registry: ModelRegistry
  let options: ValidationOptions
  private(set) var nodes: [ValueNode] = []
  private(set) var dateFormats: [DateFormat] = []
  private(set) var dateInputs: [DateInput] = []
  /// The policy of the model being compiled reads dates in their format's type only.
  private var datesInTheirFormatOnly = false
  /// The policy of the model being compiled reads some dictionaries as key-value pairs.
  var otherKeysAsPairs = false
  /// What a `null` element or dictionary value of an optional type is under the policy of the
  /// model being compiled (`nullForOptionals`).
  private var optionalElementNull = ElementNull.isNil

  init(registry: ModelRegistry, options: ValidationOptions) {
    self.registry = registry
    self.options = options
  }

  private func intern(_ node: ValueNode) -> Int32 {
    nodes.append(node)
    return Int32(nodes.count - 1)
  }

  func plan(for model: Model, index: Int) -> ModelPlan {
    var policy = Policy.preset(for: model.dialect).with(registry.options)
    if options.strict { policy = policy.strict() }
    datesInTheirFormatOnly = policy.datesInTheirFormatOnly
    optionalElementNull = Self.nullForOptionals(policy)
    let outerPairs = otherKeysAsPairs
    otherKeysAsPairs = policy.otherKeysAsPairs
    defer {
      datesInTheirFormatOnly = false
      optionalElementNull = .isNil
      otherKeysAsPairs = outerPairs
    }
    let caseInsensitive = registry.options.caseInsensitiveKeys
    // JsonObject reads every JSON key through the snake_case rule (`KeyFolding`).
    let snake = model.dialect == .jsonobject && model.usesSnakeCase
    let folding = KeyFolding(
      caseInsensitive: caseInsensitive, snakeCase: snake, acronyms: snake ? KeyFolding.acronyms(of: model.properties) : [:])
    var fields: [FieldPlan] = []
    var direct: [Int] = []
    var deferred: [Int] = []
    var roots: [[UInt8]] = []
    var ignored: [IgnoredKey] = []
    var known: [String] = []
    fields.reserveCapacity(model.properties.count)
    direct.reserveCapacity(model.properties.count)
    let shared = Self.sharedCodingKeys(of: model, policy: policy)
    known.reserveCapacity(model.properties.count)
    for property in model.properties {
      guard property.isMapped else {
        let key = model.usesSnakeCase ? SnakeCase.jsonKey(for: property.name) : property.name
        let bytes = folding.declared(registry.options.capitalizeKeys ? KeyPath(key: key).capitalized().description : key)
        ignored.append(IgnoredKey(bytes: bytes, declaration: property.range))
        continue
      }
      let node: ValueNode = property.usage == .custom ? .any : node(for: property.type, dateFormat: property.dateFormat)
      var directKey: [UInt8]?
      var literalKeys: [[UInt8]] = []
      if let codingKey = property.codingKey {
        // Every JSON key is converted and compared with the CodingKey (`keysFromSnakeCase`); the
        // keys known to convert to it are matched as they stand.
        directKey = Array(codingKey.utf8)
        let written = FoundationSnakeCase.toSnakeCase(codingKey)
        let reaching = FoundationSnakeCase.keysReaching(codingKey)
        literalKeys = (reaching.filter { $0 == written } + reaching.filter { $0 != written }).map { Array($0.utf8) }
      } else if property.keys.count == 1, let only = property.keys.first, only.isSimple {
        directKey = folding.declared(only.components[0].key)
      } else if snake, property.keys.allSatisfy(\.isSimple), let first = property.keys.first {
        // The snake_case key and the property name JsonObject also reads fold to one key (an
        // acronym's too: `KeyFolding.acronyms`).
        let folded = folding.declared(first.components[0].key)
        if property.keys.allSatisfy({ folding.declared($0.components[0].key) == folded }) {
          directKey = folded
        }
      }
      if shared.contains(property.codingKey ?? property.keys.first?.description ?? "") {
        // Read from the object's captured members after its scan, as a key path is: the
        // streaming match gives a key to one property only.
        directKey = nil
        literalKeys = []
      }
      if property.codingKey == nil, let directKey {
        // The declared keys the walk's folding takes to the direct key (all of them when keys are
        // compared as they are).
        literalKeys = property.keys.filter(\.isSimple).map { Array($0.components[0].key.utf8) }.filter {
          folding.folds($0, to: directKey)
        }
      }
      // `= nil` is no value to fill in: such a property is nil when its key is absent, and written
      // as its dialect writes nil (omitted in most), not as a `null` default.
      var defaultValue = property.defaultValue
      if case .null? = defaultValue { defaultValue = nil }
      let writtenOnly = policy.letWithValueWrittenOnly && property.isLet && property.defaultValue != nil
      let field = FieldPlan(
        property: property, node: node, isOptional: property.optionality != .none,
        isRequired: property.isRequired && !writtenOnly,
        defaultJSON: defaultValue.flatMap { $0.jsonValue(in: registry) }.map {
          policy.numbersWrittenAsStored ? EncoderNumberText.written($0, as: property.type) : $0
        },
        hasDefault: defaultValue != nil,
        checks: property.checks.isEmpty ? [] : property.checks.compactMap { CompiledCheck($0, type: property.type) },
        directKey: writtenOnly ? nil : directKey, literalKeys: writtenOnly ? [] : literalKeys, emptyStringIsAbsent: registry.options.emptyStringIsAbsent,
        readsInput: !writtenOnly, policy: policy)
      let index = fields.count
      fields.append(field)
      if writtenOnly {
        // Its key in the data is a known key nothing reads.
        for path in property.keys {
          ignored.append(IgnoredKey(bytes: folding.declared(path.components[0].key), declaration: property.range, writtenOnly: true))
        }
      } else if directKey != nil {
        direct.append(index)
      } else {
        deferred.append(index)
        // NB: under `.convertFromSnakeCase` a key is converted before it is compared, so the
        // root is the CodingKey.
        for path in property.codingKey.map({ [KeyPath(key: $0)] }) ?? property.keys {
          let root = folding.declared(path.components[0].key)
          if !roots.contains(root) { roots.append(root) }
        }
      }
      for path in property.keys { known.append(path.components[0].key) }
    }
    if let superKey = model.superKey {
      let root = folding.declared(superKey.components[0].key)
      if !roots.contains(root) { roots.append(root) }
    }
    return ModelPlan(
      index: index, name: model.name, policy: policy, fields: fields, directFields: direct, deferredRoots: roots,
      deferredFields: deferred, ignoredKeys: ignored, knownKeyNames: known, superKey: model.superKey,
      declaration: model.range, keyFolding: folding,
      keysFromSnakeCase: model.properties.contains { $0.codingKey != nil }, emptyStringIsAbsent: registry.options.emptyStringIsAbsent)
  }

  /// The keys two properties of a Codable model read, from `CodingKeys` whose own `stringValue`
  /// gives two cases one key: the synthesized `init(from:)` decodes each property from it
  /// (checked with JSONDecoder), and `encode(to:)` writes it once (`ModelEncoder.forEachWritten`).
  static func sharedCodingKeys(of model: Model, policy: Policy) -> Set<String> {
    guard model.dialect == .codable else { return [] }
    var seen: Set<String> = []
    var shared: Set<String> = []
    for property in model.properties {
      guard property.isMapped, property.keySource == .codingKeys || property.codingKey != nil,
        !(policy.letWithValueWrittenOnly && property.isLet && property.defaultValue != nil),
        let key = property.codingKey ?? property.keys.first?.description
      else { continue }
      if !seen.insert(key).inserted { shared.insert(key) }
    }
    return shared
  }

  /// A model no compiled node reaches: its name and place, no fields.
  func emptyPlan(index: Int, name: String, dialect: Dialect, superKey: KeyPath?, declaration: SourceRange) -> ModelPlan {
    ModelPlan(
      index: index, name: name, policy: Policy.preset(for: dialect).with(registry.options), fields: [], directFields: [],
      deferredRoots: [], deferredFields: [], ignoredKeys: [], knownKeyNames: [], superKey: superKey,
      declaration: declaration,
      keyFolding: KeyFolding(caseInsensitive: registry.options.caseInsensitiveKeys, snakeCase: false, acronyms: [:]),
      emptyStringIsAbsent: registry.options.emptyStringIsAbsent)
  }

  /// The node of a type expression (a `--type` target), read with `policy` (the walk's
  /// `targetPolicy`): its dates outside any model as the base dialect reads them.
  func node(for type: TypeRef, policy: Policy) -> ValueNode {
    datesInTheirFormatOnly = policy.datesInTheirFormatOnly
    optionalElementNull = Self.nullForOptionals(policy)
    otherKeysAsPairs = policy.otherKeysAsPairs
    defer {
      datesInTheirFormatOnly = false
      optionalElementNull = .isNil
      otherKeysAsPairs = false
    }
    return node(for: type, dateFormat: registry.baseDateFormat)
  }

  func node(for type: TypeRef, dateFormat: DateFormat) -> ValueNode {
    switch type {
    case .scalar(.date):
      dateFormats.append(dateFormat)
      dateInputs.append(DateInput(dateFormat, inTheirFormatOnly: datesInTheirFormatOnly))
      return .date(Int32(dateFormats.count - 1))
    case .scalar(let scalar): return .scalar(scalar)
    case .any: return .any
    case .anyObject: return .anyObject
    case .anyArray: return .anyArray
    case .optional(let wrapped): return node(for: wrapped, dateFormat: dateFormat)
    case .array(let element), .set(let element):
      var null = ElementNull.refused
      if case .optional = element { null = optionalElementNull }
      var isSet = false
      if case .set = type { isSet = true }
      return .array(element: intern(node(for: element.unwrapped, dateFormat: dateFormat)), null: null, isSet: isSet)
    case .dictionary(let key, let value):
      var null = ElementNull.refused
      if case .optional = value { null = optionalElementNull }
      let keyIndex = intern(node(for: key, dateFormat: dateFormat))
      let valueIndex = intern(node(for: value.unwrapped, dateFormat: dateFormat))
      return otherKeysAsPairs && !isCodingKey(key)
        ? .pairs(key: keyIndex, value: valueIndex, null: null)
        : .dictionary(key: keyIndex, value: valueIndex, null: null)
    case .model(let name):
      // A hand-written init(from:) is code castctl cannot run: any value passes, unchecked.
      guard let index = registry.models.index(forKey: name), !registry.models.values[index].hasCustomDecoding else { return .any }
      return .model(index)
    case .enumeration(let name):
      // A hand-written init(from:) is code castctl cannot run: any value passes, unchecked.
      guard let index = registry.enums.index(forKey: name), !registry.enums.values[index].hasCustomCoding else { return .any }
      return .enumeration(index)
    }
  }

  /// What a `null` element or dictionary value of an optional type (`[Int?]`, `[String: Int?]`)
  /// is under `policy`: the element's nil, unless the dialect takes no null at all (DSON) or
  /// drops a null element whatever its type (`Policy.dropsNullElements`: JsonObject, Nosce).
  private static func nullForOptionals(_ policy: Policy) -> ElementNull {
    policy.rejectsNull(optional: true) || policy.dropsNullElements ? .refusedOptional : .isNil
  }

  /// Whether `Dictionary`'s `Codable` conformance keys a JSON object by `key`: `String`, `Int`
  /// and `CodingKeyRepresentable` enums (SE-0320), checked against `JSONDecoder` on Swift 6.3.1.
  private func isCodingKey(_ key: TypeRef) -> Bool {
    switch key {
    case .scalar(.string), .scalar(.int), .any: true
    case .enumeration(let name): registry.enums[name]?.isCodingKeyRepresentable ?? true
    default: false
    }
  }
}
