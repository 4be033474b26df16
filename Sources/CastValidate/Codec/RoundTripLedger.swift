import CastSchema
import Foundation

/// Compares a record with its trip through the model (decode → encode) and lists every change,
/// classified by kind, model-aware: it knows which keys are alternatives, paths, ignored or unknown.
package struct RoundTripLedger {
  let schema: CompiledSchema
  let offsets: PointerOffsets
  let fallbackOffset: Int
  /// Input pointers of elements the decoder dropped (from its findings).
  let droppedElements: Set<String>
  /// Set elements equal to an earlier one, written once.
  let duplicateElements: Set<String>
  /// Input pointers of `??` alternatives the decoder set aside as not convertible.
  let skippedAlternatives: Set<String>
  /// Pointers of bad values the decoder replaced by the property's default.
  let defaulted: Set<String>
  /// The decoder's duplicate-key findings by path: where each repeat starts and where the
  /// occurrence before it does, in order (the input's offsets only know the last one).
  let duplicateKeys: [String: [(offset: Int, earlier: Int?)]]
  /// The policy of the model being compared (at first the record's target's): whether of a key's
  /// occurrences the first is read, and the key strategies its dictionaries' keys follow.
  private var policy = Policy.preset(for: .jsoncast)
  /// Of a key's occurrences the first is read (`Policy.duplicateKeyFirstWins`), not the last.
  private var firstWins: Bool { policy.duplicateKeyFirstWins }
  var recordLine: Int?
  package private(set) var entries: [LedgerEntry] = []
  /// The keys each model reads, shared by the records of a run.
  private let keyTrees: LedgerKeyTrees

  /// Prepares a comparison for one record; `offsets` maps the input's JSON Pointers to byte
  /// offsets. `keyTrees` may be shared by every record of a run.
  package init(
    schema: CompiledSchema, offsets: PointerOffsets, recordOffset: Int, findings: [Finding], recordLine: Int?,
    keyTrees: LedgerKeyTrees = LedgerKeyTrees()
  ) {
    self.schema = schema
    self.keyTrees = keyTrees
    self.offsets = offsets
    self.fallbackOffset = recordOffset
    self.recordLine = recordLine
    droppedElements = Set(findings.filter { $0.code == FindingCode.elementDropped.rawValue }.map(\.path))
    duplicateElements = Set(findings.filter { $0.code == FindingCode.duplicateElement.rawValue }.map(\.path))
    skippedAlternatives = Set(findings.filter { $0.code == FindingCode.alternativeSkipped.rawValue }.map(\.path))
    defaulted = Set(findings.filter { $0.code == FindingCode.defaultSubstituted.rawValue }.map(\.path))
    var duplicates: [String: [(offset: Int, earlier: Int?)]] = [:]
    for finding in findings where finding.code == FindingCode.duplicateKey.rawValue {
      duplicates[finding.path, default: []].append((finding.offset, finding.relatedOffset))
    }
    duplicateKeys = duplicates
  }

  /// Compares a record decoded against `target`.
  package mutating func compare(target: ValidationTarget, input: JSONValue, output: JSONValue, path: String) {
    let node: ValueNode
    switch target {
    case .model(let name):
      guard let index = schema.modelIndex(name) else { return }
      node = .model(index)
    case .type(let type):
      guard let typeNode = schema.typeNode(type) else { return }
      node = typeNode
    }
    policy = schema.targetPolicy(target)
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
        if duplicateElements.contains(itemPath) {
          add(.duplicateElementCollapsed, itemPath, before: item, after: nil)
          continue
        }
        if droppedElements.contains(itemPath) || outIndex >= outItems.count {
          add(.elementDropped, itemPath, before: item, after: nil)
          continue
        }
        value(element, item, outItems[outIndex], inPath: itemPath, outPath: outPath + "/\(outIndex)")
        outIndex += 1
      }
    case (.dictionary(let keyIndex, let valueIndex, _), .object(let inMembers), .object(let outMembers)):
      let valueNode = schema.node(at: valueIndex)
      // An integer key is written as its number (`"01"` → `"1"`), and a key strategy may convert
      // a key both ways (`"dark_red"` → `darkRed` → `"dark_red"`): keys equal as written are one
      // key, each occurrence named by its own spelling.
      let rule = DictionaryKeyRule(key: schema.node(at: keyIndex), policy: policy, schema: schema)
      let keys = inMembers.map { compared(rule.changesKeys ? rule.written(rule.read($0.key) ?? $0.key) : $0.key) }
      collapsedDuplicates(inMembers, inPath: inPath, keys: keys)
      // NB: looked up by key, not searched for: a dictionary of n keys is compared in n steps.
      var written: [ComparedKey: JSONValue] = [:]
      for member in outMembers { written[compared(member.key)] = member.value }
      for (member, key) in keptOccurrences(inMembers, keys: keys) {
        // NB: each occurrence's key as written (`ComparedKey.text`).
        let writtenKey = key.text
        let writtenPath = outPath + "/" + JSONPointer.escape(writtenKey)
        let memberPath = inPath + "/" + JSONPointer.escape(member.key)
        guard let outValue = written[key] else {
          add(.elementDropped, memberPath, before: member.value, after: nil)
          continue
        }
        if writtenKey != member.key { add(.keyMoved, memberPath, before: member.value, after: outValue, outputPath: writtenPath) }
        value(valueNode, member.value, outValue, inPath: memberPath, outPath: writtenPath)
      }
    case (.pairs(let keyIndex, let valueIndex, _), .array(let inItems), .array(let outItems)):
      pairs(schema.node(at: keyIndex), schema.node(at: valueIndex), inItems, outItems, inPath: inPath, outPath: outPath)
    case (.enumeration(let index), .object(let inMembers), .object(let outMembers))
    where outMembers.count == 1 && !inMembers.isEmpty && inMembers.allSatisfy({ $0.key == outMembers[0].key }):
      // A Codable enum's one case key: what changed is inside its associated values. The same
      // key repeated is a duplicate the decoder collapsed, one occurrence read.
      let plan = schema.enums[index]
      let key = outMembers[0].key
      let keys = inMembers.map { compared($0.key) }
      collapsedDuplicates(inMembers, inPath: inPath, keys: keys)
      guard let kept = keptOccurrences(inMembers, keys: keys).first?.member,
        let caseIndex = plan.caseKeys.firstIndex(of: key), let payload = plan.payloadPlans[caseIndex],
        case .object(let values) = kept.value
      else { return scalar(node, .object(Array(inMembers.prefix(1))), output, inPath: inPath) }
      let step = "/" + JSONPointer.escape(key)
      model(payload, values, outMembers[0].value, inPath: inPath + step, outPath: outPath + step)
    default:
      scalar(node, input, output, inPath: inPath)
    }
  }

  private mutating func scalar(_ node: ValueNode, _ input: JSONValue, _ output: JSONValue, inPath: String) {
    guard input != output else { return }
    if output == .null {
      // The dialect writes nil as null: the value could not be used.
      add(.valueDropped, inPath, before: input, after: output)
      return
    }
    // A model that could not be read from a value that is no object, written as the nil Nosce
    // writes for a model (`{}`): dropped as well, not converted.
    if case .model = node, output == policy.nilLiteral(isModel: true, keyed: false, optional: true)?.json {
      if case .object = input {} else {
        add(.valueDropped, inPath, before: input, after: output)
        return
      }
    }
    if case .number(let a) = input, case .number(let b) = output, let x = Double(a), let y = Double(b), x == y {
      add(.numberTextChanged, inPath, before: input, after: output)
      return
    }
    switch node {
    case .date(let format):
      guard case .string = output else { break }
      // A pattern without the time of day (`yyyy-MM-dd`) writes another instant than an ISO
      // 8601 date or epoch seconds read: a value changed, not a spelling.
      let written = schema.dateFormats[Int(format)]
      // NB: within half a millisecond, the same instant (one text and one number of it may round apart).
      if let before = Self.instant(input, format: written), let after = Self.instant(output, format: written), abs(before - after) > 0.0005 {
        add(.valueCoerced, inPath, before: input, after: output)
      } else {
        add(.valueNormalized, inPath, before: input, after: output)
      }
      return
    case .scalar(.url), .scalar(.uuid), .scalar(.data):
      if case .string = output {
        add(.valueNormalized, inPath, before: input, after: output)
        return
      }
    default:
      break
    }
    add(.valueCoerced, inPath, before: input, after: output)
  }

  /// The instant (seconds since 2001) a date value stands for, read as the engine reads a date
  /// of `format`: its own text, else ISO 8601, else epoch seconds; nil when it is none of them.
  private static func instant(_ value: JSONValue, format: DateFormat) -> Double? {
    switch value {
    case .string(let text):
      if let seconds = ModelEncoder.seconds(written: text, format: format) { return seconds }
      let since1970 = Array(text.utf8).withUnsafeBytes { DateText.parseFoundationISO8601($0) }
      return since1970.map { $0 - Date.timeIntervalBetween1970AndReferenceDate }
    case .number(let literal):
      return Double(literal).map { $0 - Date.timeIntervalBetween1970AndReferenceDate }
    default:
      return nil
    }
  }

  // MARK: - Models

  private mutating func model(_ index: Int, _ inMembers: [JSONMember], _ output: JSONValue, inPath: String, outPath: String) {
    let plan = schema.plans[index]
    let outerPolicy = policy
    policy = plan.policy
    defer { policy = outerPolicy }
    // Under -i or a snake rule, keys that fold alike are one key: one of them is read.
    let folded = inMembers.map { fold($0.key, plan) }
    collapsedDuplicates(inMembers, inPath: inPath, keys: folded)
    let keys = modelKeys(index, plan)
    let read = keys.tree
    // NB: each object's members looked up by key once: a model of many properties searched them
    // once per property.
    let inputMembers = MemberLookup(inMembers, keys: folded, firstWins: firstWins)
    let outMembers: [JSONMember] = if case .object(let members) = output { members } else { [] }
    let outputMembers = MemberLookup(outMembers, keys: outMembers.map { compared($0.key) }, firstWins: false)
    // NB: only the properties whose keys the input or the output holds, found from the members:
    // most properties of a wide model are absent on both sides, with nothing to say.
    // The objects key paths go into, each read into a table once (keyed by its pointer).
    var nestedInput: [String: MemberLookup] = [:]
    var nestedOutput: [String: MemberLookup] = [:]
    var reached = Set<Int>()
    for key in folded { reached.formUnion(keys.byInputKey[key] ?? []) }
    for member in outMembers { reached.formUnion(keys.byOutputKey[compared(member.key)] ?? []) }
    if plan.sharesKeys { reached = Self.oneOfEachKey(reached, plan) }
    for fieldIndex in reached.sorted() {
      let field = plan.fields[fieldIndex]
      let keys = field.property.keys
      // The alternatives present in the input, and the one the decoder used: the first that is
      // neither null (nor empty under -n) nor set aside as not convertible.
      // (Once each: keys that fold to one, JsonObject's `is_public` and `isPublic`, find one member.)
      var present: [Located] = []
      for key in keys {
        if let found = locate(key, in: inputMembers, nested: &nestedInput, plan: plan),
          !present.contains(where: { $0.pointer == found.pointer })
        {
          present.append(found)
        }
      }
      let outKey = field.property.writtenKey ?? KeyPath(key: field.name)
      let outValue = lookup(outKey, in: outputMembers, nested: &nestedOutput)
      let used = present.first { candidate in
        !skippedAlternatives.contains(inPath + candidate.pointer)
          && candidate.value != .null && !(field.emptyStringCheck && candidate.value == .string(""))
      }
      let outRelative = Self.pointer(outKey)
      let outPointer = outPath + outRelative
      if !field.readsInput, !present.isEmpty {
        // A Codable `let` with an initial value: what the input holds under its key is never
        // read, and the initial value is written in its place.
        for other in present where other.value != outValue {
          add(.defaultFilled, inPath + other.pointer, before: other.value, after: outValue)
        }
        continue
      }
      var slotCovered = false
      for other in present where other.pointer != used?.pointer {
        let pointer = inPath + other.pointer
        if used == nil, other.pointer == outRelative, let after = outValue {
          // The value under the output's own key was unusable: it is replaced by the default (or null).
          slotCovered = true
          if other.value != after {
            // NB: a null written as the dialect's nil that is not null (Nosce's `{}` for a model)
            // is a nil's spelling changed, as an absent key written so is.
            let kind: LedgerKind = after == .null ? .valueDropped : other.value == .null && !field.hasDefault ? .nullWrittenAsAbsent : .defaultFilled
            add(kind, pointer, before: other.value, after: after)
          }
        } else if used != nil, other.pointer == outRelative, let after = outValue {
          // Not lost to the property, and its key is written: with another alternative's value,
          // which the entry names (a null too, which is not left out but replaced).
          add(.alternativeUnused, pointer, before: other.value, after: after)
        } else if used != nil, other.value != .null {
          // Not lost to the property: another alternative gave it its value.
          add(.alternativeUnused, pointer, before: other.value, after: nil)
        } else {
          add(other.value == .null ? .nullWrittenAsAbsent : .valueDropped, pointer, before: other.value, after: nil)
        }
      }
      guard let used else {
        if !slotCovered, let after = outValue {
          // NB: without a default the value written is the dialect's nil: `null`, or Nosce's `{}`.
          let writesNil = after == .null || !field.hasDefault
          // Named where the input lacks it (an element's index counts the input's elements, the
          // dropped ones too), and where it is written when that differs.
          let absentPath = inPath + outRelative
          add(
            writesNil ? .absentWrittenAsNull : .defaultFilled, absentPath, before: nil, after: after,
            outputPath: absentPath == outPointer ? nil : outPointer, offsetPath: inPath)
        }
        continue
      }
      let pointer = inPath + used.pointer
      guard let after = outValue else {
        add(.valueDropped, pointer, before: used.value, after: nil)
        continue
      }
      // NB: by bytes: a key read by canonical equivalence (`cafe\u0301` for `café`) is written
      // as the model spells it, which changes the document.
      if !used.pointer.utf8.elementsEqual(outRelative.utf8) {
        add(.keyMoved, pointer, before: used.value, after: after, outputPath: outPointer)
      }
      if used.value != after, defaulted.contains(pointer) || defaulted.contains(inPath + Self.pointer(used.key)) {
        add(.defaultFilled, pointer, before: used.value, after: after)
        continue
      }
      value(field.node, used.value, after, inPath: pointer, outPath: outPointer)
    }
    unread(inMembers, read, plan: plan, inPath: inPath, output: output, topLevel: true)
    // NB: only a model with key paths has objects or arrays on the way to pad.
    if read.leadsToElements { paddings(read, input: .object(inMembers), output: output, plan: plan, inPath: inPath, outPath: outPath) }
  }

  /// The `null`s an index key's array is padded with before its index (`list[2]` writes
  /// `[null, null, v]`) where the input had no element: written, though absent. (Elements the
  /// input had there are dropped, written as that `null`: `unread`.)
  private mutating func paddings(
    _ tree: KeyTree, input: JSONValue?, output: JSONValue?, plan: ModelPlan, inPath: String, outPath: String
  ) {
    guard tree.leadsToElements, case .object(let outMembers)? = output else { return }
    // The input's member of each key, as the decoder reads it (first or last of a repeated one).
    var inMembers: [ComparedKey: JSONMember] = [:]
    if case .object(let members)? = input {
      for member in members {
        let key = fold(member.key, plan)
        inMembers[key] = firstWins ? inMembers[key] ?? member : member
      }
    }
    for member in outMembers {
      let key = fold(member.key, plan)
      guard let child = tree.children[key], !child.isLeaf, child.leadsToElements else { continue }
      let read = inMembers[key]
      let inStep = inPath + "/" + JSONPointer.escape(read?.key ?? member.key)
      let outStep = outPath + "/" + JSONPointer.escape(member.key)
      guard !child.elements.isEmpty else {
        paddings(child, input: read?.value, output: member.value, plan: plan, inPath: inStep, outPath: outStep)
        continue
      }
      guard case .array(let items) = member.value else { continue }
      var inItems: [JSONValue] = []
      if case .array(let values)? = read?.value { inItems = values }
      for (position, item) in items.enumerated() {
        if let element = child.elements[position] {
          if !element.isLeaf {
            let inElement = inItems.indices.contains(position) ? inItems[position] : nil
            paddings(element, input: inElement, output: item, plan: plan, inPath: inStep + "/\(position)", outPath: outStep + "/\(position)")
          }
        } else if position >= inItems.count {
          add(.absentWrittenAsNull, outStep + "/\(position)", before: nil, after: item, offsetPath: read == nil ? inPath : inStep)
        }
      }
    }
  }

  /// `fields` with one property of those that share a key (`ModelPlan.sharesKeys`): they read one
  /// value and write one, under that key, so one entry says what became of it. The last in
  /// `CodingKeys` order, whose value the encoder writes.
  private static func oneOfEachKey(_ fields: Set<Int>, _ plan: ModelPlan) -> Set<Int> {
    var chosen: [KeyPath: Int] = [:]
    var kept = Set<Int>()
    for index in fields {
      let property = plan.fields[index].property
      guard let key = property.keys.first else {
        kept.insert(index)
        continue
      }
      if let other = chosen[key], plan.fields[other].property.codingKeyIndex > property.codingKeyIndex { continue }
      chosen[key] = index
    }
    return kept.union(chosen.values)
  }

  /// The keys the model of `plan` reads.
  private func modelKeys(_ index: Int, _ plan: ModelPlan) -> ModelKeys {
    if let keys = keyTrees.byPlan[index] { return keys }
    var keys = ModelKeys()
    for (fieldIndex, field) in plan.fields.enumerated() {
      for key in field.property.keys {
        keys.tree.insert(key.components[...], leaf: true) { fold($0, plan) }
        if let first = key.components.first { keys.byInputKey[fold(first.key, plan), default: []].append(fieldIndex) }
      }
      keys.byOutputKey[compared(field.property.writtenKey?.components.first?.key ?? field.name), default: []].append(fieldIndex)
    }
    if let superKey = plan.superKey { keys.tree.insert(superKey.components[...], leaf: false) { fold($0, plan) } }
    keyTrees.byPlan[index] = keys
    return keys
  }

  /// Reports the members that no property reads (unknown or ignored keys; inside the objects and
  /// arrays that key paths, index keys and `//! super` pass through, every other member and
  /// element): none of them is written back.
  private mutating func unread(
    _ members: [JSONMember], _ tree: KeyTree, plan: ModelPlan, inPath: String, output: JSONValue?, topLevel: Bool
  ) {
    for (member, key) in keptOccurrences(members, keys: members.map { fold($0.key, plan) }) {
      let path = inPath + "/" + JSONPointer.escape(member.key)
      guard let child = tree.children[key] else {
        let ignored = topLevel && plan.ignoredKeys.contains { $0.bytes.elementsEqual(key.text.utf8) }
        add(ignored ? .ignoredKeyDropped : .unknownKeyDropped, path, before: member.value, after: nil)
        continue
      }
      if child.isLeaf { continue }
      var written: JSONValue?
      if case .object(let outMembers)? = output {
        written = outMembers.last { fold($0.key, plan) == key }?.value
      }
      guard !child.elements.isEmpty else {
        passedThrough(member.value, child, plan: plan, path: path, output: written)
        continue
      }
      guard case .array(let items) = member.value, !(items.isEmpty && written == nil) else {
        add(member.value == .null ? .nullWrittenAsAbsent : .valueDropped, path, before: member.value, after: nil)
        continue
      }
      for (position, item) in items.enumerated() {
        var writtenElement: JSONValue?
        if case .array(let outItems)? = written, outItems.indices.contains(position) { writtenElement = outItems[position] }
        guard let element = child.elements[position] else {
          // Before the index, the `null` it is padded with stands in its place.
          add(.elementDropped, path + "/\(position)", before: item, after: writtenElement)
          continue
        }
        if element.isLeaf { continue }
        passedThrough(item, element, plan: plan, path: path + "/\(position)", output: writtenElement)
      }
    }
  }

  /// An object a key path passes through: its other members are not written back, nor is the
  /// object itself when it is not an object or is empty and nothing is written in its place.
  private mutating func passedThrough(_ value: JSONValue, _ tree: KeyTree, plan: ModelPlan, path: String, output: JSONValue?) {
    guard case .object(let members) = value, !(members.isEmpty && output == nil) else {
      add(value == .null ? .nullWrittenAsAbsent : .valueDropped, path, before: value, after: nil)
      return
    }
    collapsedDuplicates(members, inPath: path, keys: members.map { compared($0.key) })
    unread(members, tree, plan: plan, inPath: path, output: output, topLevel: false)
  }

  /// A model's key compared as its decoder compares it (`KeyFolding`: `-i`, JsonObject's
  /// snake_case; `ComparedKey`).
  private func fold(_ key: String, _ plan: ModelPlan) -> ComparedKey {
    let canonical = plan.policy.keysCompareCanonically
    guard plan.caseInsensitive || plan.snakeCase else { return ComparedKey(key, canonical: canonical) }
    return ComparedKey(plan.keyFolding.fold(key), canonical: canonical)
  }

  /// A key compared as the policy being read compares it (`ComparedKey`).
  private func compared(_ key: String) -> ComparedKey {
    ComparedKey(key, canonical: policy.keysCompareCanonically)
  }

  /// `keys`: each member's key as the model compares it (`fold`, `compared`).
  private mutating func collapsedDuplicates(_ members: [JSONMember], inPath: String, keys: [ComparedKey]) {
    var seen: [ComparedKey: Int] = [:]
    for name in keys { seen[name, default: 0] += 1 }
    guard seen.count < members.count else { return }
    // The decoder's duplicate-key findings know where each value not read was: the repeats
    // themselves when the first is read, else the occurrences each repeat replaced. They are at
    // the repeats' own keys, which fold alike (`user_name` and `userName` under snake_case), so
    // they are gathered by the folded key, in document order.
    var findings: [ComparedKey: [(offset: Int, earlier: Int?)]] = [:]
    var gathered: Set<String> = []
    for (member, name) in zip(members, keys) where (seen[name] ?? 0) > 1 {
      let path = inPath + "/" + JSONPointer.escape(member.key)
      if gathered.insert(path).inserted { findings[name, default: []] += duplicateKeys[path] ?? [] }
    }
    var emitted: [ComparedKey: Int] = [:]
    for (member, name) in zip(members, keys) where (seen[name] ?? 0) > 1 {
      emitted[name, default: 0] += 1
      let occurrence = emitted[name] ?? 1
      let count = seen[name] ?? 0
      if occurrence == (firstWins ? 1 : count) { continue }
      let path = inPath + "/" + JSONPointer.escape(member.key)
      // The occurrences the findings place (each a repeat and the one before it) are the last
      // ones; an occurrence before them, or a key the model does not read, points at the object.
      let placed = Set((findings[name] ?? []).flatMap { [$0.offset] + ($0.earlier.map { [$0] } ?? []) }).sorted()
      let position = occurrence - 1 - (count - placed.count)
      add(
        .duplicateKeyCollapsed, path, before: member.value, after: nil, offsetPath: inPath,
        offset: placed.indices.contains(position) ? placed[position] : nil)
    }
  }

  /// Key-value pairs (`Policy.otherKeysAsPairs`): the output holds each key once, at its first
  /// place, with its last value. A repeated key is known by the decoder's duplicate-key finding
  /// at it, which points at its first occurrence.
  private mutating func pairs(
    _ keyNode: ValueNode, _ valueNode: ValueNode, _ inItems: [JSONValue], _ outItems: [JSONValue], inPath: String,
    outPath: String
  ) {
    let count = inItems.count / 2
    // For each input pair, the pair its key first appeared in.
    var firstPair = Array(0..<count)
    var pairAtOffset: [Int: Int] = [:]
    // NB: only a repeated key needs offsets, which would otherwise be read for every record.
    for pair in 0..<count where !duplicateKeys.isEmpty {
      let keyPath = inPath + "/\(2 * pair)"
      if let offset = offsets[keyPath] { pairAtOffset[offset] = pair }
      if let earlier = duplicateKeys[keyPath]?.first?.earlier, let first = pairAtOffset[earlier] { firstPair[pair] = first }
    }
    var lastPair: [Int: Int] = [:]
    for pair in 0..<count { lastPair[firstPair[pair]] = pair }
    var written: [Int: Int] = [:]
    for pair in 0..<count {
      let first = firstPair[pair]
      let (keyPath, valuePath) = (inPath + "/\(2 * pair)", inPath + "/\(2 * pair + 1)")
      if first != pair {
        add(.duplicateKeyCollapsed, keyPath, before: inItems[2 * pair], after: nil)
      } else {
        written[pair] = written.count
      }
      guard let place = written[first], 2 * place + 1 < outItems.count else { continue }
      if first == pair {
        value(keyNode, inItems[2 * pair], outItems[2 * place], inPath: keyPath, outPath: outPath + "/\(2 * place)")
      }
      guard lastPair[first] == pair else {
        add(.duplicateKeyCollapsed, valuePath, before: inItems[2 * pair + 1], after: nil)
        continue
      }
      let outValuePath = outPath + "/\(2 * place + 1)"
      if first != pair { add(.keyMoved, valuePath, before: inItems[2 * pair + 1], after: outItems[2 * place + 1], outputPath: outValuePath) }
      value(valueNode, inItems[2 * pair + 1], outItems[2 * place + 1], inPath: valuePath, outPath: outValuePath)
    }
  }

  private mutating func add(
    _ kind: LedgerKind, _ path: String, before: JSONValue?, after: JSONValue?, outputPath: String? = nil,
    offsetPath: String? = nil, offset known: Int? = nil
  ) {
    // NB: a value the input does not hold (an absent key) is placed at its record.
    let offset = known ?? offsets[offsetPath ?? path] ?? fallbackOffset
    entries.append(
      LedgerEntry(kind: kind, path: path, offset: offset, before: before, after: after, outputPath: outputPath, recordLine: recordLine))
  }

  // MARK: - Lookup

  /// The value at a key path of the output (keys as declared), following `[n]` indices; nil when absent.
  private func lookup(_ key: KeyPath, in root: MemberLookup, nested: inout [String: MemberLookup]) -> JSONValue? {
    var current: JSONValue = .null
    for (position, component) in key.components.enumerated() {
      let wanted = compared(component.key)
      let found: JSONMember?
      if position == 0 {
        found = root[wanted]
      } else if case .object(let members) = current {
        found = nested.member(wanted, at: Self.pointer(key.components[..<position]), in: members) { compared($0.key) }
      } else {
        found = nil
      }
      guard let member = found else { return nil }
      current = member.value
      if let index = component.index {
        guard case .array(let items) = current, items.indices.contains(index) else { return nil }
        current = items[index]
      }
    }
    return current
  }

  /// A key path's value in the input, with its JSON Pointer spelled with the input's own keys
  /// (which differ from the declared ones under `-i`); nil when absent.
  private func locate(_ key: KeyPath, in root: MemberLookup, nested: inout [String: MemberLookup], plan: ModelPlan) -> Located? {
    var current: JSONValue = .null
    var pointer = ""
    for (position, component) in key.components.enumerated() {
      let wanted = fold(component.key, plan)
      let found: JSONMember?
      if position == 0 {
        found = root[wanted]
      } else if case .object(let members) = current {
        found = nested.member(wanted, at: pointer, in: members, firstWins: firstWins) { fold($0.key, plan) }
      } else {
        found = nil
      }
      guard let member = found else { return nil }
      pointer += "/" + JSONPointer.escape(member.key)
      current = member.value
      if let index = component.index {
        guard case .array(let items) = current, items.indices.contains(index) else { return nil }
        pointer += "/\(index)"
        current = items[index]
      }
    }
    return Located(key: key, pointer: pointer, value: current)
  }

  static func pointer(_ key: KeyPath) -> String {
    pointer(key.components[...])
  }

  static func pointer(_ components: ArraySlice<KeyComponent>) -> String {
    components.map { "/" + JSONPointer.escape($0.key) + ($0.index.map { "/\($0)" } ?? "") }.joined()
  }

  /// Each key's occurrence the decoder reads, its first or its last (`firstWins`), with its key
  /// as compared (`keys`, aligned with `members`).
  private func keptOccurrences(_ members: [JSONMember], keys: [ComparedKey]) -> [(member: JSONMember, key: ComparedKey)] {
    var kept: [ComparedKey: Int] = [:]
    for (index, key) in keys.enumerated() where !firstWins || kept[key] == nil { kept[key] = index }
    return zip(members, keys).enumerated().filter { kept[$0.element.1] == $0.offset }.map(\.element)
  }
}

/// The keys each model reads, by plan index: the same for every record of a run.
package final class LedgerKeyTrees {
  fileprivate var byPlan: [Int: ModelKeys] = [:]

  /// No trees yet.
  package init() {}
}

/// The keys a model reads: as a tree, and the properties by the first component of the keys
/// they read (folded) and of the key they are written under.
private struct ModelKeys {
  var tree = KeyTree()
  var byInputKey: [ComparedKey: [Int]] = [:]
  var byOutputKey: [ComparedKey: [Int]] = [:]
}

/// An object's members by key: each key's first or last occurrence, as the decoder reads it.
private struct MemberLookup {
  private let members: [JSONMember]
  private var indices: [ComparedKey: Int] = [:]

  /// The members under `keys`, theirs as compared (`ComparedKey`, folded for `-i` and the snake
  /// rules).
  init(_ members: [JSONMember], keys: [ComparedKey], firstWins: Bool) {
    self.members = members
    indices.reserveCapacity(members.count)
    for (index, name) in keys.enumerated() where !firstWins || indices[name] == nil { indices[name] = index }
  }

  subscript(_ key: ComparedKey) -> JSONMember? { indices[key].map { members[$0] } }
}

extension [String: MemberLookup] {
  /// The member `wanted` of the object at `pointer`, whose members are `members`: searched when
  /// they are few, else through a table of the object made the first time.
  fileprivate mutating func member(
    _ wanted: ComparedKey, at pointer: @autoclosure () -> String, in members: [JSONMember], firstWins: Bool = false,
    key: (JSONMember) -> ComparedKey
  ) -> JSONMember? {
    guard members.count > MemberPositions.searched else {
      return firstWins ? members.first { key($0) == wanted } : members.last { key($0) == wanted }
    }
    let pointer = pointer()
    if let known = self[pointer] { return known[wanted] }
    let made = MemberLookup(members, keys: members.map(key), firstWins: firstWins)
    self[pointer] = made
    return made[wanted]
  }
}

/// A key path's value found in the input.
private struct Located {
  let key: KeyPath
  /// Relative JSON Pointer, in the input's spelling of the keys.
  let pointer: String
  let value: JSONValue
}

/// The key paths a model reads, as a tree of (folded) key components: what a member is for.
fileprivate struct KeyTree {
  /// A property reads the value here.
  var isLeaf = false
  var children: [ComparedKey: KeyTree] = [:]
  /// Index keys: the elements read from the array here.
  var elements: [Int: KeyTree] = [:]
  /// Whether an index key is read here or below: an array on the way is padded with `null`.
  var leadsToElements = false

  /// Adds a key path (`leaf` false for a `//! super` object, whose members the properties read).
  mutating func insert(_ components: ArraySlice<KeyComponent>, leaf: Bool, fold: (String) -> ComparedKey) {
    insert(components, lastIndex: components.lastIndex { $0.index != nil }, leaf: leaf, fold: fold)
  }

  /// `insert`, `lastIndex` being the position of the path's last index key.
  private mutating func insert(_ components: ArraySlice<KeyComponent>, lastIndex: Int?, leaf: Bool, fold: (String) -> ComparedKey) {
    if let lastIndex, lastIndex >= components.startIndex { leadsToElements = true }
    guard let first = components.first else {
      if leaf { isLeaf = true }
      return
    }
    let key = fold(first.key)
    // NB: taken out while it changes, so that its tables are changed in place, not copied.
    var child = children.removeValue(forKey: key) ?? KeyTree()
    if let index = first.index {
      var element = child.elements.removeValue(forKey: index) ?? KeyTree()
      element.insert(components.dropFirst(), lastIndex: lastIndex, leaf: leaf, fold: fold)
      child.leadsToElements = true
      child.elements[index] = element
    } else {
      child.insert(components.dropFirst(), lastIndex: lastIndex, leaf: leaf, fold: fold)
    }
    children[key] = child
  }
}
