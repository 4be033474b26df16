/// JSON values as YAML, in the block style Yams writes (`Yams.serialize(node:allowUnicode: true)`),
/// byte for byte: mappings keep their order, strings that would read back as another type are
/// double-quoted, numbers keep their literal text (an exponent spelled as YAML 1.1 reads it,
/// `floatText`). Written directly (`YAMLBlockEmitter`) rather than through Yams's nodes, its
/// regular-expression resolver and libyaml's events, which cost 15 times the CPU on the users
/// benchmark; `YAMLWriterDifferentialTests` holds the text to theirs.
package enum YAMLOutput {
  /// The YAML text of one document (ends in a newline).
  // NB: throwing as Yams's serializer did, so its callers stay as they are; nothing throws.
  package static func write(_ value: JSONValue) throws -> String {
    String(decoding: bytes(value), as: UTF8.self)
  }

  /// The YAML text of one document (ends in a newline), as UTF-8.
  package static func bytes(_ value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    append(value, to: &output)
    return output
  }

  /// Appends the YAML text of one document (ending in a newline) to `output`; the keys merged
  /// on the way (`lastOfEachKey`).
  @discardableResult
  package static func append(_ value: JSONValue, to output: inout [UInt8]) -> MergedKeys {
    var emitter = YAMLBlockEmitter(appendingTo: output)
    output = []
    emitter.document(value)
    output = emitter.output
    return emitter.mergedKeys
  }

  /// Appends the YAML text of one document (ending in a newline) given as compact JSON, as the
  /// transcript writes a valid record (`RecordResult.encoded`): the text `append(_:to:)` writes
  /// for its value, without the value.
  @discardableResult
  package static func append(compactJSON json: [UInt8], to output: inout [UInt8]) throws(JSONSyntaxError) -> MergedKeys {
    let start = output.count
    var emitter = YAMLBlockEmitter(appendingTo: output)
    output = []
    do {
      try emitter.document(compactJSON: json.span)
      output = emitter.output
      return MergedKeys()
    } catch {
      // A repeated key, or text the cursor does not expect: the record again, from its tree.
      output = emitter.output
      output.removeSubrange(start...)
      return append(try JSONValue.parse(json), to: &output)
    }
  }

  /// A JSON number with a fraction or an exponent, spelled so that YAML 1.1 readers (PyYAML)
  /// read a number too: their float has a `.` and a signed exponent, so `1e3` is written
  /// `1.0e+3` (YAML 1.2 reads both alike); the value is unchanged.
  static func floatText(_ literal: String) -> String {
    let bytes = Array(literal.utf8)
    guard let e = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { return literal }
    var text = bytes[..<e]
    if !text.contains(UInt8(ascii: ".")) { text += Array(".0".utf8) }
    text.append(bytes[e])
    let exponent = bytes[(e + 1)...]
    if let sign = exponent.first, sign != UInt8(ascii: "-"), sign != UInt8(ascii: "+") { text.append(UInt8(ascii: "+")) }
    text += exponent
    return String(decoding: text, as: UTF8.self)
  }

  /// The members of an object with each key once: YAML forbids a mapping key twice, so of
  /// repeated keys (which an `Any` value passes through) the last value is kept, in its own
  /// place, as a model's dictionary keeps it. Keys compare as Swift strings, canonically, as a
  /// Swift dictionary and Yams's reader compare them (`é` and `e` + U+0301 are one key).
  static func lastOfEachKey(_ members: [JSONMember]) -> [JSONMember] {
    guard members.count > 1 else { return members }
    var lastIndex: [String: Int] = [:]
    lastIndex.reserveCapacity(members.count)
    for (index, member) in members.enumerated() { lastIndex[member.key] = index }
    guard lastIndex.count < members.count else { return members }
    return members.indices.filter { lastIndex[members[$0].key] == $0 }.map { members[$0] }
  }
}
