import CastSchema

/// Dictionaries read as key-value pairs (`Policy.otherKeysAsPairs`).
extension RecordValidator {
  /// `[K: V]` as `Dictionary`'s `Codable` conformance reads it when `K` is no coding key: an
  /// array of alternating keys and values (`["red", 1, "green", 2]`). As in `JSONDecoder`, an odd
  /// count fails before any element is read, and a repeated key's value replaces the earlier one,
  /// which keeps its place.
  mutating func pairs(
    key keyIndex: Int32, value valueIndex: Int32, null: ElementNull, _ scanner: inout JSONScanner,
    policy: Policy, declaration: SourceRange?, build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    let (keyNode, valueNode) = (schema.node(at: keyIndex), schema.node(at: valueIndex))
    let start = scanner.offset
    let count = try Self.elementCount(scanner)
    guard count.isMultiple(of: 2) else {
      try scanner.skipValue()
      let expected = ValueNode.pairs(key: keyIndex, value: valueIndex, null: null).pairsDescription(in: schema)
      let found = count == 1 ? "an array of 1 element" : "an array of \(count) elements"
      report(
        .invalidFormat, .error, "expected \(expected), found \(found): the last key has no value", at: start,
        declaration: declaration, expected: expected, found: found)
      return .unconvertible
    }
    try scanner.beginArray()
    var first = true
    var index = 0
    var items: [Instance] = []
    // Each key read so far, as Swift compares keys: where its pair is in `items`, and its offset.
    var places: [Instance: (item: Int, offset: Int)] = [:]
    var key: Instance?
    var keyStart = 0
    // The key identity and the earlier pair of the key just read.
    var identity: Instance?
    var earlier: (item: Int, offset: Int)?
    var mark = findingMark
    var failed = false
    while try scanner.nextElement(&first) {
      path.push(.index(index))
      defer {
        path.pop()
        index += 1
      }
      let elementStart = scanner.offset
      if index.isMultiple(of: 2) {
        keyStart = elementStart
        mark = findingMark
        // A key is built whatever the walk builds: it is compared with the keys before it.
        switch try value(keyNode, &scanner, policy: policy, declaration: declaration, build: true) {
        case .value(let item): key = item ?? .null
        case .null:
          key = nil
          let expected = keyNode.describe(in: schema)
          report(
            .nullNotAllowed, .error, "null key where \(expected) is expected", at: elementStart,
            declaration: declaration, expected: expected, found: "null")
        case .unconvertible: key = nil
        }
        // NB: a key holding a NaN has no identity: it equals no other key, and none equals it.
        identity = key.flatMap { SetElementIdentity.of($0, keyNode, in: schema) }
        earlier = identity.flatMap { places[$0] }
        if let earlier {
          report(
            .duplicateKey, policy.isStrict ? .error : .warning, "repeated key; its value replaces the earlier one's",
            at: keyStart, declaration: declaration, related: earlier.offset)
        }
        continue
      }
      var entry: Instance?
      switch try value(valueNode, &scanner, policy: policy, declaration: declaration, build: wantInstance) {
      case .value(let item): entry = item ?? .null
      case .null where null.isNil: entry = .null
      case .null: reportNullMember(null, valueNode, at: elementStart, what: "null", declaration: declaration)
      case .unconvertible: break
      }
      if let key, let entry {
        if let earlier {
          if wantInstance { items[earlier.item + 1] = entry }
        } else {
          if let identity { places[identity] = (items.count, keyStart) }
          if wantInstance { items += [key, entry] }
        }
        continue
      }
      dropOrFail(
        "this key-value pair could not be converted and is dropped", since: mark, at: keyStart, policy: policy,
        declaration: declaration, failed: &failed)
    }
    if failed { return .unconvertible }
    return .value(wantInstance ? .array(items) : nil)
  }

  /// The number of elements of the array at the cursor, read ahead without moving it.
  private static func elementCount(_ scanner: JSONScanner) throws(JSONSyntaxError) -> Int {
    var ahead = scanner
    try ahead.beginArray()
    var first = true
    var count = 0
    while try ahead.nextElement(&first) {
      try ahead.skipValue()
      count += 1
    }
    return count
  }
}

extension ValueNode {
  /// What a pairs dictionary's value must be, for messages: `[Color: Int] as an array of
  /// alternating keys and values`.
  func pairsDescription(in schema: CompiledSchema) -> String {
    "\(describe(in: schema)) as an array of alternating keys and values"
  }
}
