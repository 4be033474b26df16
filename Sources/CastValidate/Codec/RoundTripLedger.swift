import CastSchema

/// Compares a record with its trip through the model (decode → encode) and lists every change,
/// classified by kind, model-aware: it knows which keys are alternatives, paths, ignored or unknown.
public struct RoundTripLedger {
  let schema: CompiledSchema
  let offsets: [String: Int]
  let fallbackOffset: Int
  /// Input pointers of elements the decoder dropped (from its findings).
  let droppedElements: Set<String>
  var recordLine: Int?
  public private(set) var entries: [LedgerEntry] = []

  /// Prepares a comparison for one record; `offsets` maps the input's JSON Pointers to byte offsets.
  public init(schema: CompiledSchema, offsets: [String: Int], recordOffset: Int, findings: [Finding], recordLine: Int?) {
    self.schema = schema
    self.offsets = offsets
    self.fallbackOffset = recordOffset
    self.recordLine = recordLine
    droppedElements = Set(
      findings.filter { $0.code == FindingCode.elementDropped.rawValue || $0.code == FindingCode.duplicateElement.rawValue }
        .map(\.path))
  }

  /// Compares a record decoded against `target`.
  public mutating func compare(target: ValidationTarget, input: JSONValue, output: JSONValue, path: String) {
    let node: ValueNode
    switch target {
    case .model(let name):
      guard let index = schema.modelIndex(name) else { return }
      node = .model(index)
    case .type(let type):
      guard let typeNode = schema.typeNode(type) else { return }
      node = typeNode
    }
    value(node, input, output, inPath: path, outPath: path)
  }

  // MARK: - Values

  private mutating func value(_ node: ValueNode, _ input: JSONValue, _ output: JSONValue, inPath: String, outPath: String) {
    switch (node, input, output) {
    case (.model(let index), .object(let inMembers), .object):
      model(index, inMembers, output, inPath: inPath, outPath: outPath)
    case (.array(let elementIndex, _, _), .array(let inItems), .array(let outItems)):
      let element = schema.node(at: elementIndex)
      var outIndex = 0
      for (index, item) in inItems.enumerated() {
        let itemPath = inPath + "/\(index)"
        if droppedElements.contains(itemPath) || outIndex >= outItems.count {
          add(.elementDropped, itemPath, before: item, after: nil)
          continue
        }
        value(element, item, outItems[outIndex], inPath: itemPath, outPath: outPath + "/\(outIndex)")
        outIndex += 1
      }
    case (.dictionary(_, let valueIndex, _), .object(let inMembers), .object(let outMembers)):
      let valueNode = schema.node(at: valueIndex)
      collapsedDuplicates(inMembers, inPath: inPath)
      for member in Self.lastOccurrences(inMembers) {
        let memberPath = inPath + "/" + JSONPointerText.escape(member.key)
        guard let outValue = outMembers.last(where: { $0.key == member.key })?.value else {
          add(.elementDropped, memberPath, before: member.value, after: nil)
          continue
        }
        value(valueNode, member.value, outValue, inPath: memberPath, outPath: outPath + "/" + JSONPointerText.escape(member.key))
      }
    default:
      scalar(node, input, output, inPath: inPath)
    }
  }

  private mutating func scalar(_ node: ValueNode, _ input: JSONValue, _ output: JSONValue, inPath: String) {
    guard input != output else { return }
    if case .number(let a) = input, case .number(let b) = output, let x = Double(a), let y = Double(b), x == y {
      add(.numberTextChanged, inPath, before: input, after: output)
      return
    }
    switch node {
    case .date, .scalar(.url), .scalar(.uuid):
      if case .string = output {
        add(.valueNormalized, inPath, before: input, after: output)
        return
      }
    default:
      break
    }
    add(.valueCoerced, inPath, before: input, after: output)
  }

  // MARK: - Models

  private mutating func model(_ index: Int, _ inMembers: [JSONMember], _ output: JSONValue, inPath: String, outPath: String) {
    let plan = schema.plans[index]
    let input = JSONValue.object(inMembers)
    collapsedDuplicates(inMembers, inPath: inPath)
    var consumed: Set<String> = []
    for field in plan.fields {
      let keys = field.property.keys
      for key in keys { consumed.insert(fold(key.components[0].key, plan)) }
      let hit = keys.lazy.compactMap { key in Self.lookup(key, in: input, plan: plan).map { (key, $0) } }.first
      let outKey = field.property.outputKey ?? KeyPath(key: field.name)
      let outValue = Self.lookup(outKey, in: output, plan: nil)
      let outPointer = outPath + Self.pointer(outKey)
      switch (hit, outValue) {
      case (nil, nil):
        continue
      case (nil, let after?):
        add(after == .null ? .absentWrittenAsNull : .defaultFilled, outPointer, before: nil, after: after, offsetPath: inPath)
      case (let (key, before)?, nil):
        let pointer = inPath + Self.pointer(key)
        add(before == .null ? .nullWrittenAsAbsent : .valueDropped, pointer, before: before, after: nil)
      case (let (key, before)?, let after?):
        let pointer = inPath + Self.pointer(key)
        droppedSiblings(of: key, in: input, inPath: inPath, plan: plan)
        if Self.pointer(key) != Self.pointer(outKey) {
          add(.keyMoved, pointer, before: before, after: after, outputPath: outPointer)
        }
        if before == .null {
          if after != .null { add(.defaultFilled, pointer, before: before, after: after) }
          continue
        }
        value(field.node, before, after, inPath: pointer, outPath: outPointer)
      }
    }
    if let superKey = plan.superKey { consumed.insert(fold(superKey.components[0].key, plan)) }
    for member in Self.lastOccurrences(inMembers) where !consumed.contains(fold(member.key, plan)) {
      let memberPath = inPath + "/" + JSONPointerText.escape(member.key)
      let ignored = plan.ignoredKeys.contains(Array(fold(member.key, plan).utf8))
      add(ignored ? .ignoredKeyDropped : .unknownKeyDropped, memberPath, before: member.value, after: nil)
    }
  }

  /// An index key (`second[1]`) reads one element; the others of that array are not written back.
  private mutating func droppedSiblings(of key: KeyPath, in input: JSONValue, inPath: String, plan: ModelPlan) {
    for (position, component) in key.components.enumerated() {
      guard let index = component.index else { continue }
      var prefix = key
      prefix.components = Array(key.components[...position])
      prefix.components[position].index = nil
      guard case .array(let items)? = Self.lookup(prefix, in: input, plan: plan) else { continue }
      let arrayPath = inPath + Self.pointer(prefix)
      for (other, item) in items.enumerated() where other != index {
        add(.elementDropped, arrayPath + "/\(other)", before: item, after: nil)
      }
    }
  }

  private func fold(_ key: String, _ plan: ModelPlan) -> String {
    plan.caseInsensitive ? key.lowercased() : key
  }

  private mutating func collapsedDuplicates(_ members: [JSONMember], inPath: String) {
    var seen: [String: Int] = [:]
    for member in members { seen[member.key, default: 0] += 1 }
    var emitted: [String: Int] = [:]
    for member in members where (seen[member.key] ?? 0) > 1 {
      emitted[member.key, default: 0] += 1
      if emitted[member.key] == seen[member.key] { continue }
      add(.duplicateKeyCollapsed, inPath + "/" + JSONPointerText.escape(member.key), before: member.value, after: nil, offsetPath: inPath)
    }
  }

  private mutating func add(
    _ kind: LedgerKind, _ path: String, before: JSONValue?, after: JSONValue?, outputPath: String? = nil,
    offsetPath: String? = nil
  ) {
    let offset = offsets[offsetPath ?? path] ?? offsets[offsetPath ?? ""] ?? fallbackOffset
    entries.append(
      LedgerEntry(kind: kind, path: path, offset: offset, before: before, after: after, outputPath: outputPath, recordLine: recordLine))
  }

  // MARK: - Lookup

  /// The value at a key path, following `[n]` indices; nil when absent.
  static func lookup(_ key: KeyPath, in root: JSONValue, plan: ModelPlan?) -> JSONValue? {
    var current = root
    for component in key.components {
      guard case .object(let members) = current else { return nil }
      let insensitive = plan?.caseInsensitive ?? false
      guard let member = members.last(where: { insensitive ? $0.key.lowercased() == component.key.lowercased() : $0.key == component.key })
      else { return nil }
      current = member.value
      if let index = component.index {
        guard case .array(let items) = current, items.indices.contains(index) else { return nil }
        current = items[index]
      }
    }
    return current
  }

  static func pointer(_ key: KeyPath) -> String {
    key.components.map { "/" + JSONPointerText.escape($0.key) + ($0.index.map { "/\($0)" } ?? "") }.joined()
  }

  static func lastOccurrences(_ members: [JSONMember]) -> [JSONMember] {
    var last: [String: Int] = [:]
    for (index, member) in members.enumerated() { last[member.key] = index }
    return members.enumerated().filter { last[$0.element.key] == $0.offset }.map(\.element)
  }
}
