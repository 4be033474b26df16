/// Reading one record's values into the evidence tree.
extension ShapeNode {
  /// Notes `value`, found at `trail` in the record that starts at byte `offset` of input `input`.
  func observe(_ value: JSONValue, input: Int, offset: Int, trail: inout PointerTrail, options: InferOptions) {
    occurrences += 1
    switch value {
    case .null:
      nulls += 1
      note(.null, input: input, offset: offset, pointer: trail.text)
    case .bool:
      booleans += 1
      note(.bool, input: input, offset: offset, pointer: trail.text)
    case .number(let literal):
      let before = numbers.fractions
      numbers.observe(literal, policy: options.numberRanges, float: options.trackAbsence)
      let fraction = numbers.fractions > before
      if options.trackAbsence, !fraction, let value = Int64(literal) {
        noteInteger(value, input: input, offset: offset, pointer: trail.text, options: options)
      }
      note(fraction ? .fraction : .integer, input: input, offset: offset, pointer: trail.text)
    case .string(let text):
      strings.observe(text, limit: StringSketch.limit(options))
      if options.trackAbsence { noteValue(text, input: input, offset: offset, pointer: trail.text, options: options) }
      note(.string, input: input, offset: offset, pointer: trail.text)
    case .array(let items):
      arrays += 1
      minElements = min(minElements, items.count)
      maxElements = max(maxElements, items.count)
      note(.array, input: input, offset: offset, pointer: trail.text)
      guard !items.isEmpty else { return }
      let node = element ?? ShapeNode()
      element = node
      for (index, item) in items.enumerated() {
        trail.steps.append(.index(index))
        node.observe(item, input: input, offset: offset, trail: &trail, options: options)
        trail.steps.removeLast()
      }
    case .object(let members):
      objects += 1
      note(.object, input: input, offset: offset, pointer: trail.text)
      // NB: a duplicate key counts twice here; `--strict` rejects duplicates anyway, which the
      // verification then reports, so no per-object bookkeeping is spent on them.
      for (position, member) in members.enumerated() {
        trail.steps.append(.key(member.key))
        defer { trail.steps.removeLast() }
        if fields == nil {
          keys.observe(member.key)
          let values = mapValues ?? ShapeNode()
          mapValues = values
          values.observe(member.value, input: input, offset: offset, trail: &trail, options: options)
          continue
        }
        let field: FieldEvidence
        if let known = fields?[FieldKey(member.key)] {
          field = known
        } else {
          // NB: the key facts are "every key", so a key is judged once, when first seen here.
          keys.observe(member.key)
          field = FieldEvidence()
          if options.trackAbsence { noteNewKey(field) }
          fields?[FieldKey(member.key)] = field
        }
        field.present += 1
        field.seenIn = objects
        field.position = min(field.position, position)
        field.shape.observe(member.value, input: input, offset: offset, trail: &trail, options: options)
        if (fields?.count ?? 0) > options.keyLimit { fold(options: options) }
      }
      if options.trackAbsence { noteAbsentKeys(input: input, offset: offset, pointer: trail.text, alternatives: options.alternativeKeys) }
    }
  }
}

/// The path to the value being read, kept as steps and spelled as a JSON Pointer only when an
/// example needs it (most values never do).
struct PointerTrail: Sendable {
  /// One step down.
  enum Step: Sendable {
    case key(String)
    case index(Int)
  }

  var steps: [Step] = []

  /// The RFC 6901 pointer.
  var text: String {
    steps.map { step in
      switch step {
      case .key(let key): "/" + JSONPointer.escape(key)
      case .index(let index): "/" + String(index)
      }
    }.joined()
  }
}
