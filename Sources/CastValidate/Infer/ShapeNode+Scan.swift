/// Reading one record straight from the scanner into the evidence tree, without building its
/// `JSONValue` first: the tree and its freeing were half the time of inferring. Strings are
/// decoded only where the evidence still needs their text (the distinct-value sketch is not full,
/// or some format is still possible); object keys always are, to find their field.
extension ShapeNode {
  /// Notes the value at the scanner's cursor, found at `trail` in the record that starts at byte
  /// `offset` of input `input`, and moves past it.
  func observe(
    scanner: inout JSONScanner, input: Int, offset: Int, trail: inout PointerTrail, options: InferOptions
  ) throws(JSONSyntaxError) {
    occurrences += 1
    switch try scanner.peekKind() {
    case .null:
      try scanner.readNull()
      nulls += 1
      note(.null, input: input, offset: offset, pointer: trail.text)
    case .bool:
      _ = try scanner.readBool()
      booleans += 1
      note(.bool, input: input, offset: offset, pointer: trail.text)
    case .number:
      let token = try scanner.readNumber()
      let fraction = !token.isInteger
      if fraction {
        numbers.observeFraction(scanner.double(token))
        numbers.observeRanges(token, scanner, policy: options.numberRanges, float: options.trackAbsence)
      } else {
        let value = scanner.int64(token)
        numbers.observeInteger(value)
        if options.trackAbsence, let value { noteInteger(value, input: input, offset: offset, pointer: trail.text, options: options) }
        // NB: every Int64 is within the range of Float, Double and Decimal: only larger integers are asked.
        if value == nil { numbers.observeRanges(token, scanner, policy: options.numberRanges, float: options.trackAbsence) }
      }
      note(fraction ? .fraction : .integer, input: input, offset: offset, pointer: trail.text)
    case .string:
      let token = try scanner.readString()
      if strings.needsText {
        let text = scanner.string(token)
        let raw = token.hasEscapes ? nil : ASCIIText.characterCount(scanner.bytes(token.span))
        strings.observe(text, limit: StringSketch.limit(options), length: raw ?? text.count)
        if options.trackAbsence { noteValue(text, input: input, offset: offset, pointer: trail.text, options: options) }
      } else {
        strings.observeUnread(length: scanner.characterCount(token))
      }
      note(.string, input: input, offset: offset, pointer: trail.text)
    case .array:
      try scanner.beginArray()
      arrays += 1
      note(.array, input: input, offset: offset, pointer: trail.text)
      var first = true
      var count = 0
      while try scanner.nextElement(&first) {
        let node = element ?? ShapeNode()
        element = node
        trail.steps.append(.index(count))
        try node.observe(scanner: &scanner, input: input, offset: offset, trail: &trail, options: options)
        trail.steps.removeLast()
        count += 1
      }
      minElements = min(minElements, count)
      maxElements = max(maxElements, count)
    case .object:
      try scanner.beginObject()
      objects += 1
      note(.object, input: input, offset: offset, pointer: trail.text)
      var first = true
      var position = 0
      while let token = try scanner.nextKey(&first) {
        let key = scanner.string(token)
        trail.steps.append(.key(key))
        if fields == nil {
          keys.observe(key)
          let values = mapValues ?? ShapeNode()
          mapValues = values
          try values.observe(scanner: &scanner, input: input, offset: offset, trail: &trail, options: options)
        } else {
          let field: FieldEvidence
          if let known = fields?[FieldKey(key)] {
            field = known
          } else {
            keys.observe(key)
            field = FieldEvidence()
            if options.trackAbsence { noteNewKey(field) }
            fields?[FieldKey(key)] = field
          }
          field.present += 1
          field.seenIn = objects
          field.position = min(field.position, position)
          try field.shape.observe(scanner: &scanner, input: input, offset: offset, trail: &trail, options: options)
          if (fields?.count ?? 0) > options.keyLimit { fold(options: options) }
        }
        trail.steps.removeLast()
        position += 1
      }
      if options.trackAbsence { noteAbsentKeys(input: input, offset: offset, pointer: trail.text, alternatives: options.alternativeKeys) }
    }
  }
}
