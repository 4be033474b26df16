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
