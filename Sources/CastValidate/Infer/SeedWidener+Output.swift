import CastSchema
import Foundation

/// What widening adds to the seed's text: new properties, new enum cases, and the models and
/// enums the inferrer drafted, named once every one is known.
extension SeedWidener {
  /// Keys the objects had that no property of the model reads: new optional properties.
  mutating func addNewKeys(_ model: Model, _ node: ShapeNode, path: (String?) -> String) {
    guard let fields = node.fields else { return }
    let known = Set(model.properties.flatMap { $0.keys.compactMap { $0.components.first.map { FieldKey($0.key) } } })
    let new = fields.filter { !known.contains($0.key) && model.dialect.canName($0.key.text) }
      .sorted { ($0.value.position, $0.key) < ($1.value.position, $1.key) }.map { (key: $0.key.text, value: $0.value) }
    guard !new.isEmpty, let brace = text.closingBrace(afterName: model.range.bytes.upperBound) else { return }
    var (offset, ownLine) = text.insertion(beforeBrace: brace)
    // The brace follows something else on its line: the new lines go after that (no space left
    // at its end), and the brace to a line of its own, once they are in.
    if !ownLine { offset = text.contentEnd(beforeBrace: brace) }
    let modelLine = model.range.bytes.lowerBound
    // NB: a property on the model's own line sets no indentation for a line of its own.
    let indent =
      model.properties.last.map {
        text.sameLine($0.range.bytes.lowerBound, modelLine) ? text.indentation(at: modelLine) + "    " : text.indentation(at: $0.range.bytes.lowerBound)
      } ?? text.indentation(at: modelLine) + "    "
    defer {
      if !ownLine { text.edit(offset..<brace, "\n" + text.indentation(at: modelLine)) }
    }
    // A Codable model names its keys in its CodingKeys, which gets a case for each new property;
    // without one, a property reads the key of its own name.
    let codable = model.dialect == .codable
    let codingKeys = model.codingKeys.flatMap { text.closingBrace(afterName: $0.bytes.upperBound) }.map { text.insertion(beforeBrace: $0) }
    // NB: as a new model's are (`ShapeDecider`), clear of the names the dialect gives a meaning.
    var names = Set(model.properties.map(\.name)).union(model.dialect.reservedPropertyNames)
    // The cases of a CodingKeys the model gets when a new key is no property's name, and it has none.
    var cases: [String] = []
    var needsCodingKeys = false
    for (key, field) in new {
      let childPath = path(key) + "/" + JSONPointer.escape(key)
      let choice = decider.type(of: field.shape, path: childPath, suggestion: key)
      var (name, explicitKey) = ShapeDecider.propertyName(for: key, snakeCase: model.usesSnakeCase, camelCase: codable && codingKeys != nil)
      let free = InferNames.claim(name, in: &names)
      if free != name { (name, explicitKey) = (free, true) }
      name = InferNames.spelled(name)
      if codable, codingKeys == nil {
        cases.append("case " + name + (explicitKey ? " = " + InferredSchema.literal(key) : ""))
        needsCodingKeys = needsCodingKeys || explicitKey
      }
      var tail = ""
      if !codable {
        if explicitKey { tail += " //! " + InferredSchema.literal(key) }
        if let date = choice.dateDirective { tail += " //! " + date }
      } else if let (at, ownLine) = codingKeys {
        // As indented as the enum's last line.
        let entry = text.indentation(at: max(at - 1, 0)) + "case " + name + (explicitKey ? " = " + InferredSchema.literal(key) : "")
        text.edit(at..<at, ownLine ? entry + "\n" : "\n" + entry)
      }
      pending.append((choice.type, field.shape, childPath, model.name))
      // NB: a new property is optional; a list of the optional ones must say so.
      if model.requirementList?.listsRequired == false {
        loosen(name, of: model, path: childPath, example: field.absent ?? Self.example(of: field.shape, avoiding: .any))
      }
      let line = indent + "var " + name + ": " + "\u{0}\(pending.count - 1)\u{0}?" + tail
      text.edit(offset..<offset, ownLine ? line + "\n" : "\n" + line)
      changes.append(
        SeedChange(
          path: childPath, subject: model.name + "." + name, before: "(none)", after: "\u{0}\(pending.count - 1)\u{0}?",
          reason: "new key, in \(field.present) of \(node.objects) objects",
          example: Self.example(of: field.shape, avoiding: .any)))
    }
    if needsCodingKeys, !model.hasCustomDecoding {
      // Every property the synthesized init decodes, as it reads it now, and then the new ones.
      let own = model.mappedProperties.compactMap { property -> String? in
        guard let key = property.codingKey ?? property.keys.first?.components.map(\.key).joined(separator: ".") else { return nil }
        return "case " + InferNames.spelled(property.name) + (key == property.name ? "" : " = " + InferredSchema.literal(key))
      }
      let inner = indent + indent
      let lines = [indent + "enum CodingKeys: String, CodingKey {"] + (own + cases).map { inner + $0 } + [indent + "}"]
      let block = lines.joined(separator: "\n")
      text.edit(offset..<offset, ownLine ? block + "\n" : "\n" + block)
    }
  }

  // MARK: - Enums

  mutating func gain(_ name: String, _ values: Set<String>, path: String, example: ValueExample?) {
    if var known = enumGains[name] {
      known.values.formUnion(values)
      known.example = ValueExample.earliest(known.example, example)
      enumGains[name] = known
    } else {
      enumGains[name] = (values, path, example)
    }
  }

  /// New cases for each widened enum, in its layout: `, c` after a case list on the closing
  /// brace's line (`enum S: String { case a, b }`), else a `case c` line before the brace,
  /// indented as the cases are.
  mutating func addEnumCases() {
    for (name, gain) in enumGains.sorted(by: { $0.key < $1.key }) {
      guard let declared = registry.enums[name], let brace = text.closingBrace(afterName: declared.range.bytes.upperBound) else { continue }
      var used = Set(declared.cases.map(\.name))
      var entries: [String] = []
      // An integer enum's values are integers, in their order; a case is named after its value.
      let integer = declared.rawType?.isInteger == true
      let values = integer ? gain.values.sorted { (Int64($0) ?? 0) < (Int64($1) ?? 0) } : gain.values.sorted()
      for value in values {
        if integer {
          entries.append(InferNames.claim(InferredSchema.caseName(integer: value), in: &used) + " = " + value)
          continue
        }
        let caseName = InferNames.claim(InferredSchema.caseName(value), in: &used)
        entries.append(caseName + (caseName == value && declared.rawType != nil || declared.rawType == nil ? "" : " = " + InferredSchema.literal(value)))
      }
      insertCases(entries, into: declared, brace: brace)
      let old = declared.cases.map { SeedFit.rawText($0) }
      changes.append(
        SeedChange(
          path: gain.path, subject: "enum " + name, before: old.joined(separator: ", "),
          after: (old + values).joined(separator: ", "),
          reason: "\(gain.values.count) new value\(gain.values.count == 1 ? "" : "s")", example: gain.example))
    }
  }

  /// Writes `entries` (`c`, `d = "in-transit"`) into `declared`, whose `}` is at `brace`.
  private mutating func insertCases(_ entries: [String], into declared: EnumType, brace: Int) {
    let enumLine = declared.range.bytes.lowerBound
    let last = declared.cases.last?.range.bytes
    if let last, let end = text.caseListEnd(from: last.upperBound, beforeBrace: brace) {
      return text.edit(end..<end, entries.map { ", " + $0 }.joined())
    }
    // NB: a case on the enum's own line sets no indentation for a line of its own.
    let indent = last.map { text.sameLine($0.lowerBound, enumLine) ? text.indentation(at: enumLine) + "    " : text.indentation(at: $0.lowerBound) }
      ?? text.indentation(at: enumLine) + "    "
    let lines = entries.map { indent + "case " + $0 }
    let (offset, ownLine) = text.insertion(beforeBrace: brace)
    if ownLine { return text.edit(offset..<offset, lines.map { $0 + "\n" }.joined()) }
    // The brace follows something else on its line: it moves to a line of its own.
    let end = text.contentEnd(beforeBrace: brace)
    text.edit(end..<brace, lines.map { "\n" + $0 }.joined() + "\n" + text.indentation(at: enumLine))
  }

  // MARK: - The text

  /// Names the inferrer's types (unique beside the seed's names), spells them into the edits
  /// and the report, and appends the models and enums they need.
  mutating func finish() -> String {
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
