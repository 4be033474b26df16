/// Key paths (`a/b`), index keys (`x[1]`) and `??` alternatives, read as the full walk reads them
/// (`RecordValidator+Paths`, `+PathObjects`): the scan keeps the value of each first key of a
/// path; once the object is read, the objects and arrays the paths pass through are read for their
/// members, as the model's own object is (a member no path reads and a repeated one are findings,
/// so doubts here); then each such property takes the value of its first key that leads to one,
/// and is written under its output key when the output keys are plain (`CleanSink.pathMember`).
extension CleanRecordCheck {
  /// The node of the member of tree node `node` whose key is `key`, if any.
  @inline(__always)
  func treeMember(_ key: JSONSpan, of node: Int, _ scanner: JSONScanner) -> Int? {
    let tree = treeNodes[node]
    let raw = scanner.bytes(key)
    let prefix = Self.prefix(of: raw, scanner)
    for index in tree.firstMember..<tree.firstMember &+ tree.memberCount where equals(raw, prefix, treeMembers[index].key) {
      return treeMembers[index].node
    }
    return nil
  }

  /// Keeps the span of the value at the cursor as node `node`'s, skipping it; false when the node
  /// already has one (a repeated key).
  func capture(_ node: Int, of model: CleanModel, at base: Int, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Bool {
    let slot = treeSpans + (base &+ node &- model.firstNode)
    guard slot.pointee.start < 0 else { return false }
    scanner.skipWhitespace()
    let start = scanner.offset
    try scanner.skipValue()
    slot.pointee = JSONSpan(start: start, end: scanner.offset)
    return true
  }

  /// Whether the objects the model's paths pass through are clean, its `//! super` object is
  /// there, and each property read through paths has a clean value or may be absent; each such
  /// value is written (`previous` being the last field written).
  func pathValues<Sink: CleanSink>(
    _ model: CleanModel, _ index: Int, at base: Int, _ scanner: JSONScanner, _ sink: Sink, after previous: inout Int
  ) throws(JSONSyntaxError) -> Bool {
    guard try passedThrough(model.firstNode, of: model, at: base, scanner) else { return false }
    // NB: found once the objects on its way are read.
    if model.superNode >= 0 {
      let span = treeSpans[base &+ model.superNode &- model.firstNode]
      guard span.start >= 0 else { return false }
      let value = Self.scanner(over: span, scanner)
      guard value.position < value.end, value.byte(at: value.position) == JSONByte.openBrace else { return false }
    }
    for position in 0..<model.fieldCount {
      let paths = pathFields[model.firstField &+ position]
      guard paths.leafCount > 0 else { continue }
      let field = fields[model.firstField &+ position]
      var found = false
      for alternative in 0..<paths.leafCount {
        let span = treeSpans[base &+ leaves[paths.firstLeaf &+ alternative] &- model.firstNode]
        guard span.start >= 0 else { continue }
        var value = Self.scanner(over: span, scanner)
        if field.emptyIsAbsent, value.emptyStringAhead() { return false }
        // A null where an alternative follows may leave it to the next one: the walk says.
        let isNull = value.position < value.end && value.byte(at: value.position) == JSONByte.lowerN
        if paths.leafCount > 1, isNull { return false }
        if sink.writes {
          // A `null` is written as the model writes nil, not as read; an `Any`'s is its value.
          if isNull, !field.node.isAny {
            guard field.nullIsClean else { return false }
            sink.nullMember(model: index, field: position, after: previous)
            previous = position
            found = true
            break
          }
          sink.pathMember(model: index, field: position, after: previous)
          previous = position
        }
        guard try fieldValue(field, &value, sink) else { return false }
        found = true
        break
      }
      if !found, paths.isRequired { return false }
    }
    return true
  }

  /// Reads the value kept for tree node `node` when paths pass through it (the object or array
  /// they go into, whose members are the tree's; any other is a doubt), then the nodes below it.
  private func passedThrough(_ node: Int, of model: CleanModel, at base: Int, _ scanner: JSONScanner) throws(JSONSyntaxError) -> Bool {
    let tree = treeNodes[node]
    // The model's own object is the scan's; a value read whole is its property's.
    if node != model.firstNode {
      guard !tree.isLeaf else { return true }
      let span = treeSpans[base &+ node &- model.firstNode]
      guard span.start >= 0 else { return true }
      guard try members(of: node, tree, in: span, model, at: base, scanner) else { return false }
    }
    for index in tree.firstMember..<tree.firstMember &+ tree.memberCount {
      guard try passedThrough(treeMembers[index].node, of: model, at: base, scanner) else { return false }
    }
    for index in tree.firstElement..<tree.firstElement &+ tree.elementCount {
      guard try passedThrough(treeElements[index].node, of: model, at: base, scanner) else { return false }
    }
    return true
  }

  /// Keeps the values of the members (or elements) of the object (or array) at `span` that the
  /// tree names below `node`.
  private func members(
    of node: Int, _ tree: CleanTreeNode, in span: JSONSpan, _ model: CleanModel, at base: Int, _ scanner: JSONScanner
  ) throws(JSONSyntaxError) -> Bool {
    var inner = Self.scanner(over: span, scanner)
    guard inner.position < inner.end else { return false }
    if tree.memberCount > 0 {
      guard inner.byte(at: inner.position) == JSONByte.openBrace else { return false }
      try inner.beginObject()
      var first = true
      // The keys no path reads, as a model's: a repeated one gets a finding.
      let keyBase = keyCount
      defer { keyCount = keyBase }
      var unreadFilter: UInt64 = 0
      while let key = try inner.nextKey(&first) {
        guard !key.hasEscapes else { return false }
        guard let member = treeMember(key.span, of: node, inner) else {
          guard ignoresUnknownKeys, noteUnreadKey(key.span, from: keyBase, &unreadFilter, inner) else { return false }
          try inner.skipValue()
          continue
        }
        guard try capture(member, of: model, at: base, &inner) else { return false }
      }
      return !repeatsPastLimit(from: keyBase, inner)
    }
    guard inner.byte(at: inner.position) == JSONByte.openBracket else { return false }
    try inner.beginArray()
    var first = true
    var position = 0
    while try inner.nextElement(&first) {
      var element: Int?
      for index in tree.firstElement..<tree.firstElement &+ tree.elementCount where treeElements[index].index == position {
        element = treeElements[index].node
      }
      if let element {
        guard try capture(element, of: model, at: base, &inner) else { return false }
      } else {
        try inner.skipValue()
      }
      position &+= 1
    }
    return true
  }

  /// A scanner over one value of the record that the scan has already read, as the walk's
  /// `subScanner` makes one.
  static func scanner(over span: JSONSpan, _ scanner: JSONScanner) -> JSONScanner {
    let lower = span.start &- scanner.baseOffset
    let bytes = UnsafeRawBufferPointer(rebasing: scanner.buffer[lower..<lower &+ (span.end &- span.start)])
    var inner = JSONScanner(bytes, baseOffset: span.start, maxDepth: scanner.maxDepth)
    inner.skipWhitespace()
    return inner
  }
}
