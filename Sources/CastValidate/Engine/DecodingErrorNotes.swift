import CastSchema

/// One step of a coding path: a key of a keyed container or an index of an unkeyed one.
package enum CodingStep: Sendable, Hashable {
  case key(String)
  case index(Int)
}

/// The decoder's view of an error, for machine output: the `DecodingError` case and its coding path.
package struct DecoderView: Sendable, Hashable {
  /// `typeMismatch`, `valueNotFound`, `keyNotFound` or `dataCorrupted`.
  package var errorCase: String
  /// The coding path as a JSON Pointer (for `keyNotFound`, with the missing key).
  package var codingPath: String
  /// Whether this is the error `JSONDecoder` throws (the first in decoding order).
  package var isFirst: Bool
}

/// The `DecodingError` `JSONDecoder` throws for each error of a `codable` record, as notes beside
/// the errors, so a developer can match castctl's findings to what the app logged. `JSONDecoder`
/// stops at its first error, which is the first in decoding order (properties in the order of
/// their `CodingKeys` cases or their declarations, elements in array order), not necessarily the
/// first in the document: that one is named.
struct DecodingErrorNotes {
  let schema: CompiledSchema
  /// The record's type.
  let root: ValueNode

  /// The findings with a `decoding-error` note after each error that has a coding path.
  func annotate(_ findings: [Finding]) -> [Finding] {
    let errors = findings.indices.filter { findings[$0].severity == .error && findings[$0].codingPath != nil }
    guard !errors.isEmpty else { return findings }
    let walks = Dictionary(
      uniqueKeysWithValues: errors.map {
        (
          $0,
          walk(
            findings[$0].codingPath ?? [], endsAtCodingKey: findings[$0].code == FindingCode.missingRequired.rawValue,
            declaration: findings[$0].declaration)
        )
      })
    let first = errors.min { lhs, rhs in
      let (a, b) = (walks[lhs]?.order ?? [], walks[rhs]?.order ?? [])
      return a.lexicographicallyPrecedes(b) || (a == b && findings[lhs].offset < findings[rhs].offset)
    }
    var annotated: [Finding] = []
    annotated.reserveCapacity(findings.count + errors.count)
    for (index, finding) in findings.enumerated() {
      annotated.append(finding)
      guard let walk = walks[index], let error = decodingError(finding, walk) else { continue }
      let lead = index == first ? "JSONDecoder throws this error first: " : "JSONDecoder: "
      var note = Finding(
        code: FindingCode.decodingError.rawValue, severity: .note, message: lead + error.text, path: finding.path,
        offset: finding.offset, recordLine: finding.recordLine, declaration: finding.declaration)
      note.recordLineStart = finding.recordLineStart
      note.decoderView = DecoderView(
        errorCase: String(error.text.prefix { $0.isLetter }), codingPath: Self.pointer(error.at), isFirst: index == first)
      annotated.append(note)
    }
    return annotated
  }

  /// Where a coding path leads: the decoding order of each step and the node at its end.
  struct Walk {
    /// The path as the decoder's: a model's keys as its CodingKeys.
    var steps: [CodingStep] = []
    var order: [Int] = []
    var node: ValueNode?
    /// The node of a dictionary's keys, when the path ends at one of its entries.
    var keyNode: ValueNode?
  }

  /// Follows a coding path (the data's keys; `endsAtCodingKey`: its last one a missing key, named
  /// by its CodingKey already) through the schema from the record's type. Where two properties
  /// read one key (`ModelPlan.sharesKeys`), the property the finding is declared by is the one
  /// meant: the property, not the key, fixes the type and the decoding order.
  func walk(_ steps: [CodingStep], endsAtCodingKey: Bool = false, declaration: SourceRange? = nil) -> Walk {
    var walk = Walk(node: root)
    // The policy of the innermost model so far, whose key strategies a dictionary's keys follow.
    var policy = schema.basePolicy
    for (position, step) in steps.enumerated() {
      walk.steps.append(step)
      switch (walk.node, step) {
      case (.model(let index)?, .key(let key)):
        let plan = schema.plans[index]
        policy = plan.policy
        // The decoder's path holds the CodingKey the data's key was converted to.
        let codingKey = plan.keysFromSnakeCase && !(endsAtCodingKey && position == steps.count - 1)
          ? FoundationSnakeCase.fromSnakeCase(key) : key
        let fields = plan.fields
        let declared = { (field: FieldPlan) in field.property.codingKey ?? field.property.keys.first?.components.first?.key }
        let field =
          plan.sharesKeys && position == steps.count - 1
          ? fields.firstIndex { declared($0) == codingKey && $0.declaration == declaration } ?? fields.firstIndex { declared($0) == codingKey }
          : fields.firstIndex { declared($0) == codingKey }
        // NB: a key read by canonical equivalence (`cafe\u0301`) is the CodingKey's spelling there.
        walk.steps[position] = .key(field.flatMap { declared(fields[$0]) } ?? codingKey)
        // The synthesized init(from:) decodes in the order of CodingKeys' cases, else of the declarations.
        walk.order.append(field.map { fields[$0].property.codingKeyIndex >= 0 ? Int(fields[$0].property.codingKeyIndex) : $0 } ?? Int.max)
        walk.node = field.map { fields[$0].node }
      case (.array(let element, _, _)?, .index(let position)):
        walk.order.append(position)
        walk.node = schema.node(at: element)
      case (.pairs(let key, let value, _)?, .index(let position)):
        walk.order.append(position)
        walk.node = schema.node(at: position.isMultiple(of: 2) ? key : value)
      case (.enumeration(let index)?, .key(let key)):
        // A case key of an enum in the synthesized form: its value is a keyed container, of the
        // case's associated values when it has some.
        let plan = schema.enums[index]
        walk.order.append(0)
        walk.node = plan.caseKeys.firstIndex(of: key).flatMap { plan.payloadPlans[$0] }.map { .model($0) } ?? .anyObject
      case (.dictionary(let key, let value, _)?, _):
        // NB: a dictionary decodes its keys in hash order; the document's order stands in.
        walk.order.append(0)
        if case .key(let text) = step, policy.dictionaryKeysFromSnakeCase, schema.node(at: key).followsKeyStrategies {
          walk.steps[position] = .key(FoundationSnakeCase.fromSnakeCase(text))
        }
        walk.keyNode = keyNode(walk.node)
        walk.node = schema.node(at: value)
        continue
      default:
        walk.order.append(0)
        walk.node = nil
      }
      walk.keyNode = nil
    }
    return walk
  }

  private func keyNode(_ node: ValueNode?) -> ValueNode? {
    guard case .dictionary(let key, _, _)? = node else { return nil }
    return schema.node(at: key)
  }

  /// The `DecodingError` case for a finding, in `case(Type, codingPath: path)` form.
  func decodingError(_ finding: Finding, _ walk: Walk) -> (text: String, at: [CodingStep])? {
    let steps = walk.steps
    let path = Self.codingPathText(steps)
    // NB: a key that is no key of the dictionary's type is reported without an expected value.
    let node = finding.expected == nil ? walk.keyNode ?? walk.node : walk.node
    let type = node.map(typeName) ?? finding.expected ?? "Any"
    switch FindingCode(rawValue: finding.code) {
    case .missingRequired?:
      guard case .key(let key)? = steps.last else { return nil }
      return ("keyNotFound(\"\(key)\", codingPath: \(Self.codingPathText(steps.dropLast())))", steps)
    case .nullNotAllowed?:
      // Foundation's Bool alone checks the value's type before its nullness.
      if case .scalar(.bool)? = walk.node { return ("typeMismatch(Bool, codingPath: \(path))", steps) }
      return ("valueNotFound(\(walk.node.map(nullTypeName) ?? type), codingPath: \(path))", steps)
    case .outOfRange?:
      // A date text beyond castctl's years 0000–9999 is one JSONDecoder reads (`10000-01-01`):
      // the limit is castctl's own, with no error of the decoder to name.
      if case .date? = walk.node { return nil }
      return (#"dataCorrupted(codingPath: [], "The given data was not valid JSON.")"#, [])
    case .typeMismatch?:
      // A number the integer type cannot hold exactly fails in JSONDecoder's parser, which
      // reports it as invalid JSON at the top.
      if finding.found?.hasPrefix("the number") == true, Self.isNumber(walk.node) {
        return (#"dataCorrupted(codingPath: [], "The given data was not valid JSON.")"#, [])
      }
      // A key no case of a `CodingKeyRepresentable` enum has: its `init?(codingKey:)` fails.
      if finding.expected == nil, case .enumeration? = walk.keyNode {
        return ("dataCorrupted(codingPath: \(path))", steps)
      }
      // An enum object without exactly one case key: the decoder names the enum itself.
      if finding.found?.hasSuffix(" case keys") == true, let expected = finding.expected {
        return ("typeMismatch(\(expected), codingPath: \(path))", steps)
      }
      return ("typeMismatch(\(type), codingPath: \(path))", steps)
    case .unknownEnumValue? where Self.isFractionForIntegerRaw(finding, walk.node, schema):
      return (#"dataCorrupted(codingPath: [], "The given data was not valid JSON.")"#, [])
    case .invalidFormat? where Self.isISODate(walk.node, schema):
      // The iso8601 strategy throws with its container's path, not the date's own.
      return ("dataCorrupted(codingPath: \(Self.codingPathText(steps.dropLast())))", Array(steps.dropLast()))
    case .unknownEnumValue?, .invalidFormat?:
      return ("dataCorrupted(codingPath: \(path))", steps)
    // JSONDecoder throws for none of these: a Set collapses its repeats, the first of two equal
    // keys is read and an unknown key is passed over. They are errors only under --strict.
    case .checkFailed?, .duplicateElement?, .duplicateKey?, .unknownKey?:
      return nil
    default:
      return ("dataCorrupted(codingPath: \(path))", steps)
    }
  }

  /// A coding path as a JSON Pointer (`/items/1/name`), unambiguous where keys hold dots.
  static func pointer(_ steps: [CodingStep]) -> String {
    steps.map { step in
      switch step {
      case .key(let key): "/" + JSONPointer.escape(key)
      case .index(let index): "/\(index)"
      }
    }.joined()
  }

  /// `items[1].name`, as the keys and indices read; `[]` at the top. A key that would read as
  /// something else (empty, or holding `.`, `[`, `]` or `"`) is quoted: `scores."1.5"`, `ids.""`.
  static func codingPathText(_ steps: some Collection<CodingStep>) -> String {
    guard !steps.isEmpty else { return "[]" }
    var text = ""
    for step in steps {
      switch step {
      case .key(let key): text += (text.isEmpty ? "" : ".") + quotedIfAmbiguous(key)
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  static func quotedIfAmbiguous(_ key: String) -> String {
    key.isEmpty || key.contains(where: { ".[]\"".contains($0) }) ? "\"" + key.replacingOccurrences(of: "\"", with: "\\\"") + "\"" : key
  }

  /// A number with a fraction for an enum with an integer raw type: its raw value fails in the
  /// decoder's number parser, like any integer's.
  private static func isFractionForIntegerRaw(_ finding: Finding, _ node: ValueNode?, _ schema: CompiledSchema) -> Bool {
    guard case .enumeration(let index)? = node, schema.enums[index].rawType?.isInteger == true,
      let found = finding.found, let value = Double(found)
    else { return false }
    return value != value.rounded(.towardZero) || !value.isFinite
  }

  private static func isISODate(_ node: ValueNode?, _ schema: CompiledSchema) -> Bool {
    guard case .date(let index)? = node else { return false }
    return schema.dateInputs[Int(index)] == .isoStringOnly
  }

  private static func isNumber(_ node: ValueNode?) -> Bool {
    if case .scalar(let scalar)? = node { return scalar.isNumeric }
    return false
  }

  /// The type `JSONDecoder` names in `valueNotFound` for a null where a node's value belongs: the
  /// Foundation types by their own names, other values by the container they would open.
  private func nullTypeName(_ node: ValueNode) -> String {
    switch node {
    case .scalar(let scalar):
      switch scalar {
      case .url: "URL"
      case .data: "Data"
      case .uuid, .character: "String"
      case .cgFloat: "Double"
      default: scalar.rawValue
      }
    case .date: "Date"
    default: typeName(node)
    }
  }

  /// The type `JSONDecoder` names for a value of a node.
  private func typeName(_ node: ValueNode) -> String {
    switch node {
    case .scalar(let scalar):
      switch scalar {
      case .url, .uuid, .data, .character: "String"
      case .cgFloat: "Double"
      default: scalar.rawValue
      }
    case .date(let index): [.isoStringOnly, .patternStringOnly].contains(schema.dateInputs[Int(index)]) ? "String" : "Double"
    case .any: "Any"
    case .anyObject, .model: "Dictionary<String, Any>"
    case .anyArray, .array, .pairs: "Array<Any>"
    case .dictionary: "Dictionary<String, Any>"
    // NB: an enum without a raw type is read as an object only where notes are written.
    case .enumeration(let index):
      schema.enums[index].rawType.map { $0 == .character ? "String" : $0.rawValue } ?? "Dictionary<String, Any>"
    }
  }
}
