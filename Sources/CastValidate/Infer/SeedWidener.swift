import CastSchema
import Foundation

/// `castctl infer --seed`: the seed model, widened only where the data needs it. Each model the
/// data reaches from the root is checked against every object it describes (merged, so a model
/// used at two paths is widened once for both): a required key seen absent becomes optional, a
/// type that does not hold a value is widened (an integer to the number the data needs, an enum
/// given the new values) or else replaced by the type `infer` would choose, and keys the model
/// lacks become optional properties. The rest of the seed is kept as written.
public struct SeedWidener {
  /// What the widening gave.
  public struct Result: Sendable {
    /// The seed's text with the changes (the seed unchanged when the data fits it).
    public var text: String
    public var changes: [SeedChange]
  }

  let registry: ModelRegistry
  let options: InferOptions
  private var text: SeedText
  private var fit: SeedFit
  private var decider: ShapeDecider
  /// The objects each model describes, in the order the models are met from the root.
  private var usages: [String: [(node: ShapeNode, path: String)]] = [:]
  private var order: [String] = []
  /// Values each enum gains, and the first place one was needed.
  private var enumGains: [String: (values: Set<String>, path: String, example: ValueExample?)] = [:]
  private var changes: [SeedChange] = []
  /// Types the inferrer chose (named once every one is known), and the edits that spell them.
  private var pending: [(type: InferredType, node: ShapeNode, path: String, owner: String)] = []
  /// The seed model whose property is being widened (the owner of the types drafted for it).
  private var owner = ""

  /// A widener for the seed `registry` (its first file is the seed's text).
  public init(registry: ModelRegistry, options: InferOptions) {
    self.registry = registry
    self.options = options
    text = SeedText(bytes: registry.files.first?.bytes ?? [])
    fit = SeedFit(registry: registry, options: options)
    decider = ShapeDecider(options: options)
  }

  /// Widens model `root` for the records `inferrer` read.
  public mutating func widen(root: String, inferrer: Inferrer) -> Result {
    collect(root, inferrer.root, path: "")
    var nodes: [String: ShapeNode] = [:]
    for name in order {
      guard let found = usages[name], let first = found.first else { continue }
      if found.count == 1 {
        nodes[name] = first.node
      } else {
        let node = ShapeNode()
        for usage in found { node.merge(usage.node, options: options) }
        nodes[name] = node
      }
    }
    // NB: a property is widened once, for every model met that has it (a superclass's property
    // inherited by two models is one line of text, which must hold the values of both).
    var done: Set<String> = []
    for name in order {
      guard let model = registry.models[name], let node = nodes[name] else { continue }
      for property in model.properties where property.usage == .normal {
        guard done.insert(property.declaredIn + "." + property.name).inserted else { continue }
        widen(property, sharedBy: order, nodes: nodes)
      }
      addNewKeys(model, node, path: firstPath(of: name))
    }
    addEnumCases()
    return Result(text: finish(), changes: changes)
  }

  /// The first path where the objects of `model` had `key` (else the first path of all), for the report.
  private func firstPath(of model: String) -> (String?) -> String {
    let found = (usages[model] ?? []).map { ($0.path, $0.node.fields) }
    return { key in
      (key.flatMap { key in found.first { $0.1?[key] != nil } } ?? found.first)?.0 ?? ""
    }
  }

  // MARK: - Which objects each model describes

  /// Notes that `model` describes the objects at `node`, and follows its properties' types.
  private mutating func collect(_ model: String, _ node: ShapeNode, path: String) {
    guard let declared = registry.models[model], node.objects > 0 else { return }
    if usages[model] == nil { order.append(model) }
    usages[model, default: []].append((node, path))
    for property in declared.properties where property.usage == .normal {
      guard let found = lookup(property, in: node) else { continue }
      follow(property.type, found.node, path: found.path(path))
    }
  }

  /// Follows a type down to the models in it, through arrays, sets, maps and optionals.
  private mutating func follow(_ type: TypeRef, _ node: ShapeNode, path: String) {
    let kinds = Set(node.kinds)
    switch type {
    case .model(let name): if kinds == [.object] { collect(name, node, path: path) }
    case .optional(let wrapped): follow(wrapped, node, path: path)
    case .array(let element), .set(let element):
      if kinds == [.array], let items = node.element { follow(element, items, path: path + "/[]") }
    case .dictionary(_, let value):
      if kinds == [.object] { follow(value, ShapeNode.mapValues(of: node, options: options), path: path + "/*") }
    default: break
    }
  }

  /// A property's values in the objects at `node`: its key (a path of plain keys) followed down.
  private func lookup(_ property: Property, in node: ShapeNode) -> Found? {
    guard property.keys.count == 1, let key = property.keys.first,
      key.components.allSatisfy({ $0.index == nil })
    else { return nil }
    var current = node
    var field: FieldEvidence?
    var absent: ValueExample?
    for component in key.components {
      guard let next = current.fields?[component.key] else {
        return nil
      }
      absent = ValueExample.earliest(absent, next.absent)
      field = next
      current = next.shape
    }
    guard let field else { return nil }
    return Found(node: field.shape, present: field.present, absent: absent, keys: key.components.map(\.key))
  }

  /// A property's values found in the data.
  private struct Found {
    var node: ShapeNode
    /// Objects at the innermost level that had the key.
    var present: Int
    var absent: ValueExample?
    var keys: [String]

    func path(_ parent: String) -> String {
      parent + keys.map { "/" + JSONPointerText.escape($0) }.joined()
    }
  }

  // MARK: - Widening one model

  /// Widens `property` for the objects of every model in `models` that has it.
  private mutating func widen(_ property: Property, sharedBy models: [String], nodes: [String: ShapeNode]) {
    var objects = 0
    var firstObject: ValueExample?
    var founds: [Found] = []
    var path: String?
    for name in models {
      guard let node = nodes[name],
        let own = registry.models[name]?.properties.first(where: { $0.declaredIn == property.declaredIn && $0.name == property.name })
      else { continue }
      objects += node.objects
      firstObject = ValueExample.earliest(firstObject, node.exampleSlots[JSONKind.object.slot])
      if let found = lookup(own, in: node) {
        founds.append(found)
        if path == nil { path = found.path(firstPath(of: name)(found.keys.first)) }
      }
      if path == nil, let key = own.outputKey {
        path = firstPath(of: name)(nil) + key.components.map { "/" + JSONPointerText.escape($0.key) }.joined()
      }
    }
    guard objects > 0 else { return }
    var merged = founds.first
    if founds.count > 1, var combined = founds.first {
      let values = ShapeNode()
      combined.present = 0
      combined.absent = nil
      for found in founds {
        values.merge(found.node, options: options)
        combined.present += found.present
        combined.absent = ValueExample.earliest(combined.absent, found.absent)
      }
      combined.node = values
      merged = combined
    }
    widen(property, found: merged, objects: objects, firstObject: firstObject, path: path ?? "")
  }

  /// Widens one property for its values (`found`, nil when no object had the key) in `objects`
  /// objects, the first of them `firstObject`; `childPath` is where the report says it is.
  private mutating func widen(_ property: Property, found: Found?, objects: Int, firstObject: ValueExample?, path childPath: String) {
    guard property.keys.count == 1, let key = property.outputKey else { return }
    owner = property.declaredIn
    let subject = property.declaredIn + "." + property.name
    let present = found?.present ?? 0
    let nulls = found?.node.nulls ?? 0
    let absent = present < objects
    let absentNeedsOptional = property.isRequired && absent
    let nullNeedsOptional = nulls > 0 && property.optionality == .none
    // NB: a default fills an absent key on the way back, which the round trip reports: the
    // default goes, and the property becomes optional.
    let defaultFills = property.defaultValue != nil && absent
    let makeOptional = absentNeedsOptional || nullNeedsOptional || defaultFills
    guard let typeRange = text.typeRange(afterName: property.range.bytes.upperBound) else { return }
    let before = String(decoding: text.bytes[typeRange], as: UTF8.self)
    var widened: Widening?
    if let found {
      var trial = fit
      trial.enumValues = [:]
      trial.enumExamples = [:]
      if trial.fits(property.type, found.node, nullable: true, date: property.dateFormat) {
        for (name, values) in trial.enumValues { gain(name, values, path: childPath, example: trial.enumExamples[name]) }
      } else {
        var widening = Widening()
        let spelled = widen(property.type, found.node, nullable: true, path: childPath, suggestion: key.components.last?.key ?? property.name, into: &widening)
        widening.spelled = spelled
        widened = widening
      }
    }
    let optional = property.optionality != .none || makeOptional
    var after = before
    if let widened {
      after = widened.spelled + (optional ? "?" : "")
    } else if makeOptional {
      after = before.hasSuffix("!") ? String(before.dropLast()) + "?" : before.hasSuffix("?") ? before : before + "?"
    }
    guard after != before || defaultFills else { return }
    let replaced = defaultFills ? typeRange.lowerBound..<text.declarationEnd(from: typeRange.upperBound) : typeRange
    text.edit(replaced, after)
    if let date = widened?.date, !text.hasComment(from: typeRange.upperBound) {
      let end = text.lineEnd(at: typeRange.upperBound)
      text.edit(end..<end, " //! " + date)
    }
    let shownBefore = defaultFills ? String(decoding: text.bytes[replaced], as: UTF8.self) : before
    let typeAfter = (widened?.spelled ?? "") + (property.optionality != .none ? "?" : "")
    if let widened {
      changes.append(
        SeedChange(
          path: childPath, subject: subject, before: shownBefore, after: makeOptional ? typeAfter : after, reason: widened.reason,
          example: widened.example))
    }
    if makeOptional {
      var reasons: [String] = []
      if absentNeedsOptional || defaultFills { reasons.append("absent from \(objects - present) of \(objects) objects") }
      if defaultFills { reasons.append("a default would be written back where the key was absent") }
      if nullNeedsOptional { reasons.append("null in \(nulls) of \(present) values") }
      let example = absentNeedsOptional || defaultFills
        ? (found?.absent ?? firstObject) : found?.node.exampleSlots[JSONKind.null.slot]
      // NB: one line per change: a type widened and made optional is reported as both.
      let from = widened == nil ? shownBefore : typeAfter
      changes.append(SeedChange(path: childPath, subject: subject, before: from, after: after, reason: reasons.joined(separator: "; "), example: example))
    }
  }

  /// A type widened part by part: what it became, why, and the first value that needed it.
  private struct Widening {
    var spelled = ""
    var reason = ""
    var example: ValueExample?
    /// A `//! date` the inferred type needs.
    var date: String?
  }

  /// `type` widened to hold `node`'s values: arrays, sets and maps keep their shape and widen
  /// their elements; anything else becomes the inferrer's choice. The text may name types the
  /// inferrer drafted (`\0n\0`), spelled once every name is known.
  private mutating func widen(
    _ type: TypeRef, _ node: ShapeNode, nullable: Bool, path: String, suggestion: String, into widening: inout Widening
  ) -> String {
    var trial = fit
    trial.enumValues = [:]
    trial.enumExamples = [:]
    if trial.fits(type, node, nullable: nullable) {
      for (name, values) in trial.enumValues { gain(name, values, path: path, example: trial.enumExamples[name]) }
      return type.description
    }
    let kinds = Set(node.kinds)
    if node.nulls > 0, !nullable {
      if case .optional = type {} else {
        return widen(type, node, nullable: true, path: path, suggestion: suggestion, into: &widening) + "?"
      }
    }
    switch type {
    case .optional(let wrapped):
      return widen(wrapped, node, nullable: true, path: path, suggestion: suggestion, into: &widening) + "?"
    case .array(let element) where kinds == [.array] && node.element != nil:
      guard let items = node.element else { break }
      let singular = InferNames.singular(suggestion)
      return "[" + widen(element, items, nullable: false, path: path + "/[]", suggestion: singular, into: &widening) + "]"
    case .set(let element) where kinds == [.array] && node.element != nil:
      guard let items = node.element else { break }
      let singular = InferNames.singular(suggestion)
      return "Set<" + widen(element, items, nullable: false, path: path + "/[]", suggestion: singular, into: &widening) + ">"
    case .dictionary(let key, let value) where kinds == [.object] && (key == .scalar(.string) || node.keys.allIntegers):
      let values = ShapeNode.mapValues(of: node, options: options)
      return "[" + key.description + ": " + widen(value, values, nullable: false, path: path + "/*", suggestion: suggestion, into: &widening) + "]"
    default:
      break
    }
    let choice = decider.type(of: node, path: path, suggestion: suggestion)
    let numeric = Self.isNumber(type) && kinds.isSubset(of: [.integer, .fraction])
    let kindList = node.kinds.map(\.rawValue).joined(separator: ", ")
    if widening.reason.isEmpty {
      let held = numeric ? (node.numbers.rangeText ?? kindList) + " exactly" : kindList
      widening.reason = "\(type) cannot hold \(held): " + choice.reason
      widening.example = Self.example(of: node, avoiding: type)
      widening.date = choice.dateDirective
    }
    pending.append((choice.type, node, path, owner))
    return "\u{0}\(pending.count - 1)\u{0}"
  }

  /// Whether a type is a number type (its change is a widening, not a replacement).
  private static func isNumber(_ type: TypeRef) -> Bool {
    if case .scalar(let scalar) = type { return scalar.isNumeric }
    return false
  }

  /// The first value the old type could not have held: one of a kind it does not take, else
  /// the first value of any kind.
  private static func example(of node: ShapeNode?, avoiding type: TypeRef) -> ValueExample? {
    guard let node else { return nil }
    var accepted: Set<JSONKind> = []
    if case .scalar(let scalar) = type {
      if scalar.isInteger { accepted = [.integer] } else if scalar.isNumeric { accepted = [.integer, .fraction] }
      if scalar == .string || scalar == .url || scalar == .uuid || scalar == .date { accepted = [.string] }
      if scalar == .bool { accepted = [.bool] }
    }
    let examples = JSONKind.allCases.filter { $0 != .null }.compactMap { kind in
      accepted.contains(kind) ? nil : node.exampleSlots[kind.slot]
    }
    let all = JSONKind.allCases.compactMap { node.exampleSlots[$0.slot] }
    return (examples.isEmpty ? all : examples).reduce(nil) { ValueExample.earliest($0, $1) }
  }

  /// Keys the objects had that no property of the model reads: new optional properties.
  private mutating func addNewKeys(_ model: Model, _ node: ShapeNode, path: (String?) -> String) {
    guard let fields = node.fields else { return }
    let known = Set(model.properties.flatMap { $0.keys.compactMap { $0.components.first?.key } })
    let new = fields.filter { !known.contains($0.key) && KeyEvidence.isNameable($0.key) }
      .sorted { ($0.value.position, $0.key) < ($1.value.position, $1.key) }
    guard !new.isEmpty, let brace = text.closingBrace(afterName: model.range.bytes.upperBound) else { return }
    let (offset, ownLine) = text.insertion(beforeBrace: brace)
    let indent = model.properties.last.map { text.indentation(at: $0.range.bytes.lowerBound) } ?? "    "
    var names = Set(model.properties.map(\.name))
    for (key, field) in new {
      let childPath = path(key) + "/" + JSONPointerText.escape(key)
      let choice = decider.type(of: field.shape, path: childPath, suggestion: key)
      var (name, explicitKey) = ShapeDecider.propertyName(for: key, snakeCase: model.usesSnakeCase)
      if names.contains(name) {
        var number = 2
        while names.contains(name + String(number)) { number += 1 }
        name += String(number)
        explicitKey = true
      }
      names.insert(name)
      if InferNames.keywords.contains(name) { name = "`\(name)`" }
      var tail = explicitKey ? " //! " + InferredSchema.literal(key) : ""
      if let date = choice.dateDirective { tail += " //! " + date }
      pending.append((choice.type, field.shape, childPath, model.name))
      let line = indent + "var " + name + ": " + "\u{0}\(pending.count - 1)\u{0}?" + tail
      text.edit(offset..<offset, ownLine ? line + "\n" : "\n" + line)
      changes.append(
        SeedChange(
          path: childPath, subject: model.name + "." + name, before: "(none)", after: "\u{0}\(pending.count - 1)\u{0}?",
          reason: "new key, in \(field.present) of \(node.objects) objects",
          example: Self.example(of: field.shape, avoiding: .any)))
    }
  }

  // MARK: - Enums

  private mutating func gain(_ name: String, _ values: Set<String>, path: String, example: ValueExample?) {
    if var known = enumGains[name] {
      known.values.formUnion(values)
      known.example = ValueExample.earliest(known.example, example)
      enumGains[name] = known
    } else {
      enumGains[name] = (values, path, example)
    }
  }

  /// New cases before each widened enum's closing brace.
  private mutating func addEnumCases() {
    for (name, gain) in enumGains.sorted(by: { $0.key < $1.key }) {
      guard let declared = registry.enums[name], let brace = text.closingBrace(afterName: declared.range.bytes.upperBound) else { continue }
      let (offset, ownLine) = text.insertion(beforeBrace: brace)
      let indent = declared.cases.last.map { text.indentation(at: $0.range.bytes.lowerBound) } ?? "    "
      var used = Set(declared.cases.map(\.name))
      var lines: [String] = []
      for value in gain.values.sorted() {
        var caseName = InferredSchema.caseName(value)
        if used.contains(caseName) {
          var number = 2
          while used.contains(caseName + String(number)) { number += 1 }
          caseName += String(number)
        }
        used.insert(caseName)
        lines.append(indent + "case " + caseName + (caseName == value && declared.rawType != nil || declared.rawType == nil ? "" : " = " + InferredSchema.literal(value)))
      }
      let block = ownLine ? lines.map { $0 + "\n" }.joined() : lines.map { "\n" + $0 }.joined() + "\n"
      text.edit(offset..<offset, block)
      let old = declared.cases.map { SeedFit.rawText($0) }
      changes.append(
        SeedChange(
          path: gain.path, subject: "enum " + name, before: old.joined(separator: ", "),
          after: (old + gain.values.sorted()).joined(separator: ", "),
          reason: "\(gain.values.count) new value\(gain.values.count == 1 ? "" : "s")", example: gain.example))
    }
  }

  // MARK: - The text

  /// Names the inferrer's types (unique beside the seed's names), spells them into the edits
  /// and the report, and appends the models and enums they need.
  private mutating func finish() -> String {
    guard !pending.isEmpty else { return text.applied() }
    // Each seed model's new types are held by a stand-in of its name, under one root.
    var models = decider.models
    var holders: [String: Int] = [:]
    var slots: [(holder: Int, property: Int)] = []
    for (index, item) in pending.enumerated() {
      let holder = holders[item.owner] ?? models.count
      if holders[item.owner] == nil {
        holders[item.owner] = holder
        models.append(ModelDraft(suggestion: item.owner, path: ""))
      }
      let evidence = PropertyEvidence(
        path: item.path, node: item.node, objects: 0, present: 0, reason: "", sketchLimit: StringSketch.limit(options))
      slots.append((holder, models[holder].properties.count))
      models[holder].properties.append(
        PropertyDraft(key: "p\(index)", name: "p\(index)", explicitKey: false, type: item.type, required: true, dateDirective: nil, evidence: evidence))
    }
    var root = ModelDraft(suggestion: "", path: "")
    for (owner, holder) in holders.sorted(by: { $0.value < $1.value }) {
      let evidence = PropertyEvidence(path: "", node: ShapeNode(), objects: 0, present: 0, reason: "", sketchLimit: 0)
      root.properties.append(
        PropertyDraft(key: owner, name: owner, explicitKey: false, type: .model(holder), required: true, dateDirective: nil, evidence: evidence))
    }
    models.append(root)
    let taken = Set(registry.models.keys).union(registry.enums.keys).union(registry.aliases.keys)
    var rootName = "SeedTypes"
    while taken.contains(rootName) { rootName += "_" }
    var schema = InferredSchema(
      root: models.count - 1, drafts: models, enumDrafts: decider.enums, rootName: rootName, records: 0, reserved: taken,
      presets: Dictionary(uniqueKeysWithValues: holders.map { ($0.value, $0.key) }))
    schema.dialect = options.dialect
    let spelled = slots.map { schema.spelledType(model: $0.holder, property: $0.property) }
    let spell = { (text: String) -> String in
      guard text.contains("\u{0}") else { return text }
      var out = text
      for (number, type) in spelled.enumerated() { out = out.replacingOccurrences(of: "\u{0}\(number)\u{0}", with: type) }
      return out
    }
    text.substitute(spell)
    for index in changes.indices {
      changes[index].before = spell(changes[index].before)
      changes[index].after = spell(changes[index].after)
    }
    var out = text.applied()
    let declarations = schema.render(omitting: Set(holders.keys).union([rootName]))
    if !declarations.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      if !out.hasSuffix("\n") { out += "\n" }
      out += "\n" + declarations
    }
    return out
  }
}
