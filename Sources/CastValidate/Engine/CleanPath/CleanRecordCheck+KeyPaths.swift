/// Key paths (`a/b`), index keys (`x[1]`) and `??` alternatives, read as the full walk reads them
/// (`RecordValidator+Paths`, `+PathObjects`): the scan reads the objects and arrays the paths
/// pass through for their members as it meets them, as the model's own object is read (a member
/// no path reads and a repeated one are findings, so doubts here), keeping the values the paths
/// lead to; once the object is read, each such property takes the value of its first key that leads to one,
/// and is written under its output key when the output keys are plain (`CleanSink.memberUnderOutputKey`).
extension CleanRecordCheck {
  /// The node of the member of tree node `node` whose key is `key`, if any.
  @inline(__always)
  func treeMember(_ key: JSONSpan, of node: Int, _ scanner: JSONScanner) -> Int? {
    let tree = treeNodes[node]
    let raw = scanner.bytes(key)
    let prefix = Self.prefix(of: raw, scanner)
    if tree.memberMask != 0 {
      var slot = KeyPrefix.hash(raw, prefix: prefix) & tree.memberMask
      while true {
        let position = Int(keyIndex[tree.memberTable &+ slot])
        guard position >= 0 else { return nil }
        let member = treeMembers[tree.firstMember &+ position]
        if equals(raw, prefix, member.key) { return member.node }
        slot = (slot &+ 1) & tree.memberMask
      }
    }
    for index in tree.firstMember..<tree.firstMember &+ tree.memberCount where equals(raw, prefix, treeMembers[index].key) {
      return treeMembers[index].node
    }
    return nil
  }

  /// Keeps the span of the value at the cursor as node `node`'s, reading past it: the members
  /// (or elements) paths go into, as they are met, or the whole value a property reads; false
  /// when the node already has one (a repeated key), or when the value is not what paths go into.
  func capture(_ node: Int, of model: CleanModel, at base: Int, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Bool {
    let slot = treeSpans + (base &+ node &- model.firstNode)
    guard slot.pointee.start < 0 else { return false }
    scanner.skipWhitespace()
    let start = scanner.offset
    let tree = treeNodes[node]
    if tree.isLeaf {
      try scanner.skipValue()
    } else {
      guard try members(of: node, tree, model, at: base, &scanner) else { return false }
    }
    slot.pointee = JSONSpan(start: start, end: scanner.offset)
    return true
  }

  /// Whether the objects the model's paths pass through are clean, its `//! super` object is
  /// there, and each property read through paths has a clean value or may be absent; each such
  /// value is written (`previous` being the last field written).
  func pathValues<Sink: CleanSink>(
    _ model: CleanModel, _ index: Int, at base: Int, _ scanner: JSONScanner, _ sink: Sink, after previous: inout Int
  ) throws(JSONSyntaxError) -> Bool {
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
          sink.memberUnderOutputKey(model: index, field: position, after: previous)
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

  /// Reads the object (or array) at the cursor that paths go into below `node`, keeping the
  /// values of the members (or elements) the tree names; any other value is a doubt.
  private func members(
    of node: Int, _ tree: CleanTreeNode, _ model: CleanModel, at base: Int, _ scanner: inout JSONScanner
  ) throws(JSONSyntaxError) -> Bool {
    guard scanner.position < scanner.end else { return false }
    if tree.memberCount > 0 {
      guard scanner.byte(at: scanner.position) == JSONByte.openBrace else { return false }
      try scanner.beginObject()
      var first = true
      // The keys no path reads, as a model's: a repeated one gets a finding.
      let keyBase = keyCount
      defer { keyCount = keyBase }
      var unreadFilter: UInt64 = 0
      while let key = try scanner.nextKey(&first) {
        guard !key.hasEscapes else { return false }
        guard let member = treeMember(key.span, of: node, scanner) else {
          guard ignoresUnknownKeys, noteUnreadKey(key.span, from: keyBase, &unreadFilter, scanner) else { return false }
          try scanner.skipValue()
          continue
        }
        guard try capture(member, of: model, at: base, &scanner) else { return false }
      }
      return !repeatsPastLimit(from: keyBase, scanner)
    }
    guard scanner.byte(at: scanner.position) == JSONByte.openBracket else { return false }
    try scanner.beginArray()
    var first = true
    var position = 0
    while try scanner.nextElement(&first) {
      var element: Int?
      for index in tree.firstElement..<tree.firstElement &+ tree.elementCount where treeElements[index].index == position {
        element = treeElements[index].node
      }
      if let element {
        guard try capture(element, of: model, at: base, &scanner) else { return false }
      } else {
        try scanner.skipValue()
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
