import CastSchema

/// The objects that key paths, index keys and `//! super` pass through, below the model's own
/// object: their members get the checks the scan gives the model's own keys (semantics §4), a
/// repeated key and a key no path reads, which the properties' lookups pass over.
extension RecordValidator {
  /// Walks the tree's objects from the first keys the scan captured.
  mutating func checkPathObjects(_ tree: PathTree, _ plan: ModelPlan, _ captures: Captures) throws(JSONSyntaxError) {
    for member in tree.nodes[0].members where !tree.nodes[member.node].isLeaf {
      guard let root = plan.deferredRoots.firstIndex(of: member.key), let capture = captures[root] else { continue }
      path.push(.key(capture.key))
      try walk(capture.value, tree, member.node, plan)
      path.pop()
    }
  }

  private mutating func walk(_ span: JSONSpan, _ tree: PathTree, _ index: Int, _ plan: ModelPlan) throws(JSONSyntaxError) {
    let node = tree.nodes[index]
    var scanner = subScanner(span)
    switch try scanner.peekKind() {
    // NB: a value of another shape is reported by the properties whose paths are blocked by it.
    case .object where !node.members.isEmpty || node.elements.isEmpty:
      try walkObject(&scanner, tree, node, plan)
    case .array where !node.elements.isEmpty:
      try walkArray(&scanner, tree, node, plan)
    default:
      return
    }
  }

  private mutating func walkObject(
    _ scanner: inout JSONScanner, _ tree: PathTree, _ node: PathTree.Node, _ plan: ModelPlan
  ) throws(JSONSyntaxError) {
    // The last occurrence of each member: the one the properties read, and the only one walked.
    var found = [RootCapture](repeating: .none, count: node.members.count)
    try scanner.beginObject()
    var first = true
    // The keys no path reads, for spotting a repeated one; made at the first such key.
    var unread: DuplicateKeys?
    defer { unread?.release() }
    while let key = try scanner.nextKey(&first) {
      _ = try scanner.peekKind()
      let start = scanner.offset
      try scanner.skipValue()
      guard let slot = node.member(key, plan, scanner) else {
        // Known here means read by some path through this object, whichever property's it is.
        if schema.options.unknownKeys != .ignore { reportUnknownKey(key, known: node.members.map { NameSuggestion.Candidate($0.name) }, plan, scanner) }
        noteUnread(key, in: &unread, at: start, scanner, plan)
        continue
      }
      if found[slot].value.start >= 0 {
        reportDuplicate(
          key, previous: found[slot].value.start, at: start, declaration: tree.nodes[node.members[slot].node].declaration)
      }
      found[slot] = RootCapture(key: key, value: JSONSpan(start: start, end: scanner.offset))
    }
    for (slot, member) in node.members.enumerated() where found[slot].value.start >= 0 && !tree.nodes[member.node].isLeaf {
      path.push(.key(found[slot].key))
      try walk(found[slot].value, tree, member.node, plan)
      path.pop()
    }
  }

  private mutating func walkArray(
    _ scanner: inout JSONScanner, _ tree: PathTree, _ node: PathTree.Node, _ plan: ModelPlan
  ) throws(JSONSyntaxError) {
    try scanner.beginArray()
    var first = true
    var position = 0
    while try scanner.nextElement(&first) {
      _ = try scanner.peekKind()
      let start = scanner.offset
      try scanner.skipValue()
      if let element = node.element(position), !tree.nodes[element.node].isLeaf {
        path.push(.index(position))
        try walk(JSONSpan(start: start, end: scanner.offset), tree, element.node, plan)
        path.pop()
      }
      position += 1
    }
  }
}

extension PathTree.Node {
  /// How many members or elements are searched one by one; more are looked up in the tables.
  static let searched = 16

  /// The position of the member `key` is, compared as the plan compares keys.
  func member(_ key: JSONStringToken, _ plan: ModelPlan, _ scanner: JSONScanner) -> Int? {
    guard members.count > Self.searched else {
      return members.firstIndex { RecordValidator.matches(key, $0.key, plan, scanner) }
    }
    return memberPositions[RecordValidator.comparedKey(key, plan, scanner)]
  }

  /// The element at `index`, if a key reads it.
  func element(_ index: Int) -> PathTree.Element? {
    guard elements.count > Self.searched else { return elements.first { $0.index == index } }
    return elementPositions[index].map { elements[$0] }
  }
}
