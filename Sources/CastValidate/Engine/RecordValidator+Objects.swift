import Foundation
import CastSchema

/// What became of one property while its object was scanned.
enum FieldStatus: UInt8 {
  case absent, value, null, emptyString
  /// Present and not convertible; reading it recorded the errors that say why.
  case unconvertible
  /// Present and not convertible, with no error of its own that says why.
  case unexplained
}

/// One property's state while its object is read: plain data, kept on a reused stack.
struct FieldSlot {
  var status = FieldStatus.absent
  // NB: beside `status`, in what would be padding: the slot stays three words.
  /// For a key path that ran into a value it cannot go into, how many of its steps (keys and
  /// indices) lead to that value, where findings about the property point (-1: all of them). For
  /// an absent one (no `alternative`, an `offset`), how many lead to the object or array where
  /// its next step is missing, at `offset`.
  var steps: Int16 = -1
  /// Which `??` alternative the value came from (-1: none yet).
  var alternative: Int32 = -1
  /// File offset of the value (-1: not seen).
  var offset = -1
  /// File offset just past the value.
  var end = -1
}

/// Models: one pass over the object's members against the plan, then deferred key paths, then
/// the required / default / nil decision for every property.
extension RecordValidator {
  mutating func model(
    _ index: Int, _ scanner: inout JSONScanner, declaration: SourceRange?, build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    let plan = schema.plans[index]
    let policy = plan.policy
    let objectStart = scanner.offset
    let errorsBefore = errorCount
    let fieldCount = plan.fields.count
    let slotBase = slots.push(FieldSlot(), count: fieldCount)
    let captureBase = captureStack.push(RootCapture.none, count: plan.deferredRoots.count)
    let valueBase = valueStack.count
    if wantInstance { valueStack.append(contentsOf: repeatElement(nil, count: fieldCount)) }
    if !wantInstance { transcript?.beginObject(fieldCount: fieldCount) }
    defer {
      slots.pop(fieldCount)
      captureStack.pop(plan.deferredRoots.count)
      if wantInstance { valueStack.removeLast(fieldCount) }
    }

    try scanner.beginObject()
    var first = true
    var guess = 0
    let hasRoots = !plan.deferredRoots.isEmpty
    // The keys no property reads, for spotting a repeated one; made at the first such key.
    var unread: DuplicateKeys?
    defer { unread?.release() }
    while let key = try scanner.nextKey(&first) {
      _ = try scanner.peekKind()
      let valueStart = scanner.offset
      let root = hasRoots ? plan.deferredRoots.firstIndex { Self.matches(key, $0, plan, scanner) } : nil
      if let fieldIndex = Self.matchDirect(plan, key, &guess, scanner) ?? Self.matchCanonically(plan, key, scanner) {
        let facts = plan.facts[fieldIndex]
        if slots[slotBase + fieldIndex].offset >= 0, policy.duplicateKeyFirstWins {
          reportDuplicate(
            key, previous: slots[slotBase + fieldIndex].offset, at: valueStart, declaration: facts.declaration, firstWins: true)
          try scanner.skipValue()
          continue
        }
        if slots[slotBase + fieldIndex].offset >= 0 {
          // The last value wins: what was found in the replaced one no longer counts.
          dropFindings(in: slots[slotBase + fieldIndex].offset..<slots[slotBase + fieldIndex].end)
          reportDuplicate(key, previous: slots[slotBase + fieldIndex].offset, at: valueStart, declaration: facts.declaration)
        }
        path.push(.key(key))
        if !wantInstance { transcript?.beginField(plan: index, field: fieldIndex) }
        let (status, instance) = try self.field(facts, of: index, at: fieldIndex, &scanner, policy: policy, build: wantInstance)
        if !wantInstance { transcript?.endField(fieldIndex, built: instance) }
        path.pop()
        slots[slotBase + fieldIndex].status = status
        slots[slotBase + fieldIndex].offset = valueStart
        slots[slotBase + fieldIndex].end = scanner.offset
        if wantInstance { valueStack[valueBase + fieldIndex] = instance }
      } else if root == nil {
        try unknownKey(key, plan, &scanner, at: valueStart)
        noteUnread(key, in: &unread, at: valueStart, scanner, plan)
        continue
      } else {
        if let root, captureStack[captureBase + root].value.start >= 0 {
          reportDuplicate(
            key, previous: captureStack[captureBase + root].value.start, at: valueStart, declaration: plan.declaration,
            firstWins: policy.duplicateKeyFirstWins)
          if policy.duplicateKeyFirstWins {
            try scanner.skipValue()
            continue
          }
        }
        try scanner.skipValue()
      }
      if let root {
        captureStack[captureBase + root] = RootCapture(key: key, value: JSONSpan(start: valueStart, end: scanner.offset))
      }
    }

    if plan.hasDeferredWork {
      let captures = Captures(stack: captureStack, base: captureBase)
      for fieldIndex in plan.deferredFields {
        let found = try deferredField(fieldIndex, plan, captures, build: wantInstance || transcript != nil)
        slots[slotBase + fieldIndex] = FieldSlot(
          status: found.status, steps: Int16(found.steps), alternative: Int32(found.alternative), offset: found.offset)
        if !wantInstance { transcript?.placeBuilt(fieldIndex, found.instance) }
        if wantInstance { valueStack[valueBase + fieldIndex] = found.instance }
      }
      if let superKey = plan.superKey, let route = plan.superRoute { checkSuperObject(superKey, route, plan, captures, at: objectStart) }
      if let tree = plan.pathTree { try checkPathObjects(tree, plan, captures) }
    }

    var result: [FieldValue?] = wantInstance ? Array(repeating: nil, count: fieldCount) : []
    for fieldIndex in 0..<fieldCount {
      let slot = slots[slotBase + fieldIndex]
      if slot.status == .value, !wantInstance { continue }
      // An absent optional settles silently; only building or writing needs to know how, and a
      // built one without a default is the nil `result` holds already.
      if slot.status == .absent, !plan.facts[fieldIndex].isRequired,
        wantInstance ? !plan.facts[fieldIndex].hasDefault : transcript == nil
      {
        continue
      }
      let field = plan.fields[fieldIndex]
      let valueOffset = slot.offset >= 0 ? slot.offset : objectStart
      let key = slot.alternative >= 0 ? field.property.keys[Int(slot.alternative)].leading(Int(slot.steps)) : nil
      // An absent key path that stopped on the way: an offset without an alternative (`FieldSlot.steps`).
      let stoppedAfter = slot.status == .absent && slot.alternative < 0 && slot.offset >= 0 ? Int(slot.steps) : nil
      let outcome = settle(
        field, slot.status, policy: policy, at: objectStart, valueAt: valueOffset, key: key, known: plan.knownKeyNames,
        spelledAsDeclared: !plan.foldsKeys, missingAfter: stoppedAfter)
      if !wantInstance { transcript?.settle(fieldIndex, outcome) }
      guard wantInstance else { continue }
      switch outcome {
      case .keep: result[fieldIndex] = valueStack[valueBase + fieldIndex].map { FieldValue(value: $0, origin: .input) }
      case .useDefault: result[fieldIndex] = field.defaultJSON.map { FieldValue(value: .json($0), origin: .defaulted) }
      case .nilValue: result[fieldIndex] = nil
      }
    }
    if !wantInstance { transcript?.endObject(plan) }
    guard errorCount == errorsBefore else { return .unconvertible }
    return .value(wantInstance ? .model(ModelInstance(model: plan.name, plan: index, values: result)) : nil)
  }

  // MARK: - One property

  /// Checks a property's value at the cursor; applies checks and `-n`, and demotes the findings
  /// of a value the dialect would drop.
  // NB: the property comes as its plain facts; its `FieldPlan` (model `planIndex`, field
  // `fieldIndex`) is looked up only when a value converted and has something more to do.
  mutating func field(
    _ facts: FieldFacts, of planIndex: Int, at fieldIndex: Int, _ scanner: inout JSONScanner, policy: Policy,
    build wantInstance: Bool
  ) throws(JSONSyntaxError) -> (FieldStatus, Instance?) {
    let start = scanner.offset
    // Nosce writes a nil nested model as `{}` (NO-08): read back, it is that nil again, as a
    // `null` is, so that what `convert` writes converts to itself.
    if facts.emptyObjectIsNil, scanner.emptyObjectAhead() {
      try scanner.skipValue()
      return (.null, nil)
    }
    let mark = findingMark
    // A check reads the value's raw bytes when it is in its plain form (`FieldPlan.plainForm`).
    let plain = facts.plainForm != nil && !wantInstance && transcript == nil && isPlain(facts.plainForm, &scanner, policy: policy)
    let valueStart = scanner.offset
    let needInstance = wantInstance || (facts.needsInstance && !plain)
    let outcome = try value(facts.node, &scanner, policy: policy, declaration: facts.declaration, build: needInstance)
    switch outcome {
    case .null:
      return (.null, nil)
    case .unconvertible:
      // The findings of a value the dialect drops or replaces become warnings; a required
      // property's cannot be dropped, so they stay errors: the root causes of the invalid record.
      if policy.unconvertible != .error, !facts.isRequired { demote(since: mark) }
      return (errorCount > mark.errors ? .unconvertible : .unexplained, nil)
    case .value(let instance):
      guard facts.hasWork else { return (.value, instance) }
      let field = schema.plans[planIndex].fields[fieldIndex]
      if field.emptyStringCheck, instance == .string("") {
        report(.emptyStringAbsent, .note, "-n: the empty string of '\(field.name)' is read as absent", at: start, declaration: field.declaration)
        return (.emptyString, nil)
      }
      if field.isCustom {
        report(.customUnchecked, .note, "'\(field.name)' is //! custom: its value is passed through unchecked", at: start, declaration: field.declaration)
      }
      if plain {
        runRawChecks(field, scanner, from: valueStart, at: start)
      } else if !field.checks.isEmpty {
        runChecks(field, instance, at: start, read: bytes(JSONSpan(start: valueStart, end: scanner.offset)))
      }
      return (.value, instance)
    }
  }

  /// The decision for a property once its object has been read.
  enum Settlement { case keep, useDefault, nilValue }

  mutating func settle(
    _ field: FieldPlan, _ status: FieldStatus, policy: Policy, at objectStart: Int, valueAt valueOffset: Int,
    key: KeyPath? = nil, known: @autoclosure () -> [String] = [], spelledAsDeclared: Bool,
    missingAfter steps: Int? = nil
  ) -> Settlement {
    // Where the value is, as the data spells its keys: findings about a present value point there.
    func suffix() -> String {
      if !spelledAsDeclared, let spelled = dataSuffix(from: objectStart, to: valueOffset) { return spelled }
      return keySuffix(field, key)
    }
    switch status {
    case .value:
      return .keep
    case .absent where steps != nil:
      // A key path that stops on the way: at the object (or array) its next step is missing from,
      // as a nested model's missing key is; the path there as the data spells it.
      guard let steps, let declared = field.property.keys.first else { return absent(field, at: objectStart, reason: nil, known: known()) }
      let full = keySuffix(field, declared)
      let reached = keySuffix(field, declared.leading(steps))
      let spelled = spelledAsDeclared ? reached : dataSuffix(from: objectStart, to: valueOffset) ?? reached
      return absent(field, at: valueOffset, reason: nil, suffix: spelled + full.dropFirst(reached.count), known: known())
    case .absent, .emptyString:
      return absent(field, at: objectStart, reason: nil, known: known())
    case .null:
      if policy.rejectsNull(optional: field.isOptional) {
        let rejecter = policy.nullRejectedByStrict ? OptionName.strict.spelled(schema.options.spelling) : "this dialect"
        report(
          .nullNotAllowed, .error, "'\(field.name)' is null, which \(rejecter) does not accept for \(SchemaTextual.type(field.property))",
          at: valueOffset, declaration: field.declaration, expected: SchemaTextual.type(field.property), found: "null",
          extraPath: suffix())
        return .nilValue
      }
      // NB: required before optional: a required `T!` (JSON Cast, JsonObject) fails on null as on absence.
      if field.nullMissesRequired { return absent(field, at: valueOffset, reason: "it is null", found: "null", suffix: suffix()) }
      if policy.nullIsPlainNil(optional: field.isOptional, required: false, hasDefault: field.hasDefault) { return .nilValue }
      // Where the dialect reads null as absent (JC-07, JC-28, JO-12, CV-26, NO-01), absent keeps
      // the default, for an optional as for any other (`String? = "as"`).
      if field.hasDefault {
        report(.nullReplacedByDefault, .warning, "'\(field.name)' is null; it keeps its default", at: valueOffset, declaration: field.declaration, extraPath: suffix())
        return .useDefault
      }
      // Nothing silent (§1.2): a non-optional left nil by a null says so.
      report(
        .nullReadAsAbsent, .warning, "'\(field.name)' is null, read as absent: \(SchemaTextual.type(field.property)) has no default, so it is left nil",
        at: valueOffset, declaration: field.declaration, expected: SchemaTextual.type(field.property), found: "null",
        extraPath: suffix())
      return .nilValue
    case .unconvertible, .unexplained:
      guard policy.unconvertible != .error else { return .nilValue }
      if field.isRequired {
        // A consequence, not a cause: where the value's own errors say why, this is a note.
        return absent(
          field, at: valueOffset, reason: "its value cannot be used", found: "an unusable value", suffix: suffix(),
          severity: status == .unconvertible ? .note : .error)
      }
      if field.hasDefault {
        report(.defaultSubstituted, .warning, "'\(field.name)' keeps its default instead of the bad value", at: valueOffset, declaration: field.declaration, extraPath: suffix())
        return .useDefault
      }
      return .nilValue
    }
  }

  private mutating func absent(
    _ field: FieldPlan, at offset: Int, reason: String?, found: String = "absent", suffix: String? = nil,
    known: @autoclosure () -> [String] = [], severity: Severity = .error
  ) -> Settlement {
    if field.isRequired {
      // A CodingKey no JSON key reaches (under convertFromSnakeCase) is still the key the decoder misses.
      let keys = (field.property.keys.isEmpty ? field.property.codingKey.map { [KeyPath(key: $0)] } ?? [] : field.property.keys)
        .map { "\"\($0)\"" }.joined(separator: " or ")
      let type = SchemaTextual.type(field.property)
      let hint = reason == nil
        ? nearMissKey(for: field.property.keys, known: known(), objectAt: offset).map { "; did you mean \"\($0)\", which is in the data?" } ?? ""
        : ""
      let message = reason.map { "'\(field.name)' (\(type)) is required, but \($0)" }
        ?? "missing required key \(keys) (property '\(field.name)': \(type))\(hint)"
      report(
        .missingRequired, severity, message, at: offset, declaration: field.declaration, expected: type,
        found: found, extraPath: suffix ?? keySuffix(field))
      return .nilValue
    }
    return field.hasDefault ? .useDefault : .nilValue
  }

  /// `/key` for the key a property's value was found under (by default its output key), appended
  /// to the object's path in findings about it.
  private func keySuffix(_ field: FieldPlan, _ found: KeyPath? = nil) -> String {
    guard let key = found ?? field.property.outputKey ?? field.property.codingKey.map({ KeyPath(key: $0) }) else { return "" }
    return key.components.map { component in
      "/" + JSONPointer.escape(component.key) + (component.index.map { "/\($0)" } ?? "")
    }.joined()
  }

  // MARK: - Keys

  /// A key as `matches` compares it with a declared key: the bytes that must equal it.
  static func comparedKey(_ key: JSONStringToken, _ plan: ModelPlan, _ scanner: JSONScanner) -> [UInt8] {
    if plan.keysFromSnakeCase { return Self.fromSnakeCase(key, scanner) }
    guard plan.caseInsensitive || plan.snakeCase else { return scanner.decodedBytes(key) }
    return plan.keyFolding.fold(bytes: scanner.decodedBytes(key))
  }

  static func matches(_ key: JSONStringToken, _ expected: [UInt8], _ plan: ModelPlan, _ scanner: JSONScanner) -> Bool {
    if plan.keysFromSnakeCase { return Self.fromSnakeCase(key, scanner) == expected }
    guard plan.caseInsensitive || plan.snakeCase else { return scanner.equals(key, expected) }
    return plan.keyFolding.folds(scanner.decodedBytes(key), to: expected)
  }

  /// A key as `.convertFromSnakeCase` turns it into a CodingKey's string value, as bytes.
  static func fromSnakeCase(_ key: JSONStringToken, _ scanner: JSONScanner) -> [UInt8] {
    Array(FoundationSnakeCase.fromSnakeCase(String(decoding: scanner.decodedBytes(key), as: UTF8.self)).utf8)
  }

  /// The field a key belongs to where Swift's `String` finds it and its bytes do not: a key in
  /// another Unicode normal form than the property's (`Policy.keysCompareCanonically`).
  static func matchCanonically(_ plan: ModelPlan, _ key: JSONStringToken, _ scanner: JSONScanner) -> Int? {
    guard plan.policy.keysCompareCanonically, !ASCIIText.isASCIIWithoutEscapes(scanner.bytes(key.span)) else { return nil }
    let converted = plan.keysFromSnakeCase ? String(decoding: fromSnakeCase(key, scanner), as: UTF8.self) : scanner.string(key)
    let text = plan.caseInsensitive ? converted.lowercased() : converted
    return plan.directFields.first { field in
      plan.fields[field].directKey.map { String(decoding: $0, as: UTF8.self) == text } ?? false
    }
  }

  /// The field a key belongs to, trying the field after the last match first (keys usually come
  /// in declaration order).
  // NB: static, so that the walker (a large struct, mutated around the call) is not copied for it.
  static func matchDirect(_ plan: ModelPlan, _ key: JSONStringToken, _ guess: inout Int, _ scanner: JSONScanner) -> Int? {
    let count = plan.directFields.count
    guard count > 0 else { return nil }
    // NB: a key with escapes is decoded once, for the literal keys and for folding.
    let decoded = key.hasEscapes ? scanner.decodedBytes(key) : nil
    if plan.matchesLiteralKeys {
      // A key equal to a property's literal key is that property's (and no other's) without
      // being folded or converted.
      let found =
        if let decoded { plan.literalKeyPositions.position(of: decoded) } else { plan.literalKeyPositions.position(of: scanner.bytes(key.span)) }
      if let position = found {
        guess = position + 1
        return plan.directFields[position]
      }
    }
    if plan.keysFromSnakeCase {
      // Converted once, then compared with every CodingKey.
      let converted = Self.fromSnakeCase(key, scanner)
      return plan.directFields.first { plan.fields[$0].directKey == converted }
    }
    var probe = guess < count ? guess : 0
    if plan.caseInsensitive || plan.snakeCase || key.hasEscapes {
      // Folded once, then compared with every property's key (`folds` is this comparison).
      let folded = plan.keyFolding.fold(bytes: decoded ?? scanner.decodedBytes(key))
      if let positions = plan.directKeyPositions {
        guard let position = positions.position(of: folded) else { return nil }
        guess = position + 1
        return plan.directFields[position]
      }
      for _ in 0..<count {
        let fieldIndex = plan.directFields[probe]
        if let expected = plan.fields[fieldIndex].directKey, expected == folded {
          guess = probe + 1
          return fieldIndex
        }
        probe = probe + 1 == count ? 0 : probe + 1
      }
      return nil
    }
    let raw = scanner.bytes(key.span)
    let length = raw.count
    let prefix = KeyPrefix.word(raw)
    let entries = plan.keyEntries
    for _ in 0..<count {
      let entry = entries[probe]
      if entry.length == length, entry.prefix == prefix,
        length <= 8 || memcmp(plan.keyBytes + entry.start + 8, raw.baseAddress.map { $0 + 8 } ?? UnsafeRawPointer(plan.keyBytes), length - 8) == 0
      {
        guess = probe + 1
        return entry.field
      }
      probe = probe + 1 == count ? 0 : probe + 1
    }
    return nil
  }

  private mutating func unknownKey(
    _ key: JSONStringToken, _ plan: ModelPlan, _ scanner: inout JSONScanner, at offset: Int
  ) throws(JSONSyntaxError) {
    try scanner.skipValue()
    // An ignored property's key is known, and not read: a note (semantics §1.2, nothing silent),
    // whatever `--unknown` says of the keys the model does not know.
    if !plan.ignoredKeys.isEmpty, let ignored = plan.ignoredKeys.first(where: { Self.matches(key, $0.bytes, plan, scanner) }) {
      path.push(.key(key))
      report(
        .ignoredKey, .note, Self.ignoredKeyMessage(scanner.string(key), writtenOnly: ignored.writtenOnly, of: plan.name),
        at: key.span.start - 1, declaration: ignored.declaration)
      path.pop()
      return
    }
    guard schema.options.unknownKeys != .ignore else { return }
    reportUnknownKey(key, known: plan.knownKeyCandidates, plan, scanner)
  }

  /// The `ignored-key` note's message: built only for a note that is kept.
  private static func ignoredKeyMessage(_ key: String, writtenOnly: Bool, of model: String) -> String {
    let whose =
      writtenOnly
      ? "a 'let' of \(model) with an initial value, which JSONDecoder never decodes (JSONEncoder writes the initial value)"
      : "an ignored property of \(model)"
    return "\"\(Excerpt.clip(key))\" is the key of \(whose); its value is not read"
  }

  /// Reports a key no property reads, under `--unknown warn|error`, with a "did you mean" over
  /// the keys read beside it.
  mutating func reportUnknownKey(
    _ key: JSONStringToken, known: @autoclosure () -> [NameSuggestion.Candidate], _ plan: ModelPlan, _ scanner: JSONScanner
  ) {
    let rule = schema.options.unknownKeys
    guard rule != .ignore else { return }
    let name = scanner.string(key)
    // NB: worked out only for a finding that is kept (a record of a million unknown keys keeps
    // a thousand), and within the record's allowance: thousands of unknown keys beside a model
    // of thousands of keys would cost their product.
    var hint = ""
    if keepsNextFinding {
      let candidates = known()
      if hintAllowance.spend(candidates.count) {
        hint = NameSuggestion.closest(to: name, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
      }
    }
    path.push(.key(key))
    report(
      .unknownKey, rule == .error ? .error : .warning, "unknown key \"\(Excerpt.clip(name))\" for \(plan.name)\(hint)",
      at: key.span.start - 1, declaration: plan.declaration)
    path.pop()
  }

  /// Forgets the findings about a value that a later duplicate key replaced. (Those past the
  /// record's `maxRecordFindings` were counted without their positions, and stay counted.)
  private mutating func dropFindings(in span: Range<Int>) {
    guard findings.contains(where: { span.contains($0.offset) }) else { return }
    errorCount -= findings.count { span.contains($0.offset) && $0.severity == .error }
    findings.removeAll { span.contains($0.offset) }
  }

  /// Notes a key no property (or path) reads in the object whose such keys `unread` holds (made
  /// at the first), reporting a repeat of one.
  mutating func noteUnread(
    _ key: JSONStringToken, in unread: inout DuplicateKeys?, at offset: Int, _ scanner: JSONScanner, _ plan: ModelPlan
  ) {
    if unread == nil {
      unread = DuplicateKeys(keyScratch, canonical: plan.policy.keysCompareCanonically, keepsFirst: plan.policy.duplicateKeyFirstWins)
    }
    guard let previous = unread?.insert(key, scanner: scanner) else { return }
    reportDuplicate(key, previous: valueStart(ofKeyAt: previous), at: offset, declaration: plan.declaration, unread: true)
  }

  mutating func reportDuplicate(
    _ key: JSONStringToken, previous: Int, at offset: Int, declaration: SourceRange, firstWins: Bool = false,
    unread: Bool = false
  ) {
    path.push(.key(key))
    let message = unread ? "duplicate key; the model does not read it" : Self.duplicateMessage(firstWins: firstWins)
    report(.duplicateKey, .warning, message, at: offset, declaration: declaration, related: previous)
    path.pop()
  }

  /// Where the value of the member whose key's opening quote is at `keyOffset` starts: a
  /// duplicate key's finding names the earlier value's position.
  func valueStart(ofKeyAt keyOffset: Int) -> Int {
    var scanner = subScanner(JSONSpan(start: keyOffset, end: documentBase + document.count))
    guard (try? scanner.readStringAtQuote()) != nil, (try? scanner.endKey()) != nil, (try? scanner.peekKind()) != nil
    else { return keyOffset }
    return scanner.offset
  }

  /// What a duplicate key's finding says: which of the two values is read.
  static func duplicateMessage(firstWins: Bool) -> String {
    firstWins
      ? "duplicate key; the earlier value is read and this one is not (JSONDecoder keeps the first)"
      : "duplicate key; this value replaces the earlier one"
  }
}

/// ASCII case folding for `-i` key matching.
enum ASCII {
  static func lower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}

/// Type spellings for messages.
enum SchemaTextual {
  static func type(_ property: Property) -> String {
    switch property.optionality {
    case .none: "\(property.type)"
    case .optional: "\(property.type)?"
    case .implicitlyUnwrapped: "\(property.type)!"
    }
  }
}
