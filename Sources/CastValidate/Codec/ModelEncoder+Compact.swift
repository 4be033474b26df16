/// Compact JSON straight from a decoded instance into bytes: what `convert` writes for NDJSON,
/// without building a `JSONValue` tree for models whose output keys are plain (no key paths or
/// index keys), which is the common case and the costly one at millions of records.
extension ModelEncoder {
  /// Appends the compact JSON text of `instance`.
  package func writeCompact(_ instance: Instance, into output: inout [UInt8]) {
    switch instance {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let literal): output.append(contentsOf: literal.utf8)
    case .string(let text): JSONWriter.appendQuoted(text, to: &output)
    case .array(let items):
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writeCompact(item, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .dictionary(let members):
      output.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSONWriter.appendQuoted(member.key, to: &output)
        output.append(UInt8(ascii: ":"))
        writeCompact(member.value, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    case .json(let value):
      JSONWriter(style: .compact).write(value, into: &output)
    case .model(let model):
      guard let keys = plainKeys[model.plan] else {
        if let layout = nestedKeys[model.plan] { return writeNested(model, layout, into: &output) }
        JSONWriter(style: .compact).write(encode(model), into: &output)
        return
      }
      let plan = schema.plans[model.plan]
      output.append(UInt8(ascii: "{"))
      var first = true
      for (index, field) in plan.fields.enumerated() {
        let value = model.values.indices.contains(index) ? model.values[index] : nil
        let nilLiteral = value == nil ? field.nilLiteral(plan.policy) : nil
        if value == nil, nilLiteral == nil { continue }
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        output.append(contentsOf: keys[index])
        if let value {
          writeCompact(value.value, into: &output)
        } else if let nilLiteral {
          output.append(contentsOf: nilLiteral.text.utf8)
        }
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// A model with key paths, as `encode` and `insert` write it: each object made where the first
  /// property written into it is, which a nil left out moves; an object nothing is written into
  /// is not made.
  private func writeNested(_ model: ModelInstance, _ layout: NestedKeyLayout, into output: inout [UInt8]) {
    let plan = schema.plans[model.plan]
    let count = layout.nodeCount
    // Per node: its first child made, its last, and its next sibling (-2: not made).
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * count) { links in
      for node in 0..<count {
        links.initializeElement(at: node, to: -1)
        links.initializeElement(at: count + node, to: -1)
        links.initializeElement(at: 2 * count + node, to: node == 0 ? -1 : -2)
      }
      func value(_ index: Int) -> Instance? { model.values.indices.contains(index) ? model.values[index]?.value : nil }
      for (index, field) in plan.fields.enumerated() where value(index) != nil || field.nilLiteral(plan.policy) != nil {
        var node = layout.leaves[index]
        while links[2 * count + node] == -2 {
          links[2 * count + node] = -1
          let parent = layout.parents[node]
          if links[count + parent] < 0 { links[parent] = node } else { links[2 * count + links[count + parent]] = node }
          links[count + parent] = node
          node = parent
        }
      }
      func writeObject(_ node: Int) {
        output.append(UInt8(ascii: "{"))
        var child = links[node]
        while child >= 0 {
          if child != links[node] { output.append(UInt8(ascii: ",")) }
          output.append(contentsOf: layout.keys[child])
          let field = layout.fields[child]
          if field < 0 {
            writeObject(child)
          } else if let instance = value(field) {
            writeCompact(instance, into: &output)
          } else if let literal = plan.fields[field].nilLiteral(plan.policy) {
            output.append(contentsOf: literal.text.utf8)
          }
          child = links[2 * count + child]
        }
        output.append(UInt8(ascii: "}"))
      }
      writeObject(0)
    }
  }

  /// For each plan whose output keys are all single plain keys in this key style: each field's
  /// `"key":` bytes. Plans with key paths or index keys are absent (they go through `encode`).
  static func plainKeyTable(_ schema: CompiledSchema, _ keys: KeyStyle) -> [Int: [[UInt8]]] {
    var table: [Int: [[UInt8]]] = [:]
    for (index, plan) in schema.plans.enumerated() {
      var entries: [[UInt8]] = []
      var plain = !plan.sharesKeys
      for field in plan.fields {
        let path = keys.path(for: field.property)
        guard path.count == 1, path[0].index == nil else {
          plain = false
          break
        }
        var bytes: [UInt8] = []
        JSONWriter.appendQuoted(path[0].key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        entries.append(bytes)
      }
      if plain { table[index] = entries }
    }
    return table
  }
}
