/// What the synthesized `Codable` conformance decodes (checked against swiftc 6.3.1 and
/// Foundation's JSONDecoder): a `CodingKeys` enum names the keys, a property it leaves out is not
/// decoded, and a `let` with an initial value is never decoded but still encoded.
extension RegistryBuilder {
  /// The model's `CodingKeys` enum, declared in its body or in an extension, if any.
  func codingKeys(of decl: ModelDeclSyntax) -> EnumDeclSyntax? {
    let extensions = symbols.extensions[decl.name.text] ?? []
    for nested in decl.nested + extensions.flatMap(\.syntax.nested) {
      if case .enumeration(let keys) = nested, keys.name.text == "CodingKeys" { return keys }
    }
    return nil
  }

  /// Where `range` of the model's `CodingKeys` is: in the model's file, or in the extension's
  /// that declares them.
  func codingKeysFile(of decl: ModelDeclSyntax, file: Int, at range: Range<Int>) -> SourceRange {
    for located in symbols.extensions[decl.name.text] ?? [] {
      for case .enumeration(let keys) in located.syntax.nested where keys.name.text == "CodingKeys" {
        return SourceRange(file: located.file, bytes: range)
      }
    }
    return SourceRange(file: file, bytes: range)
  }

  /// A hand-written `init(from:)` or `encode(to:)`, in the body (`file`) or an extension.
  func customCoding(of decl: ModelDeclSyntax, file: Int) -> [(String, SourceRange)] {
    var result = decl.customCoding.map { ($0.text, SourceRange(file: file, bytes: $0.range)) }
    for located in symbols.extensions[decl.name.text] ?? [] {
      result += located.syntax.customCoding.map { ($0.text, SourceRange(file: located.file, bytes: $0.range)) }
    }
    return result
  }

  /// Applies the synthesized conformance's rules to a codable model's own properties.
  mutating func applyCodableRules(to properties: inout [Property], of decl: ModelDeclSyntax, file: Int) {
    let observation = ObservationMacro(decl)
    for wrapped in decl.propertyWrappers where !observation.isAttribute(wrapped.wrapper.text) {
      let type = properties.first { $0.name == wrapped.property.text }?.type.description ?? "its declared type"
      diagnostics.append(
        Diagnostic(
          SchemaMessages.codablePropertyWrapper(wrapped.wrapper.text, wrapped.property.text, type),
          at: SourceRange(file: file, bytes: wrapped.wrapper.range)))
    }
    checkCodingKeysShape(of: decl, file: file, needs: codingDirections(of: decl))
    var custom = customCoding(of: decl, file: file)
    if let stringValue = codingKeys(of: decl)?.stringValue, stringValue.keys == nil {
      // NB: `CodingKeys` whose keys only running their code tells decode as that code says.
      custom.insert(("CodingKeys.stringValue", codingKeysFile(of: decl, file: file, at: stringValue.name.range)), at: 0)
    }
    if let (what, range) = custom.first(where: { $0.0 != "encode(to:)" }) ?? custom.first {
      diagnostics.append(Diagnostic(SchemaMessages.codableCustomCoding(decl.name.text, what), at: range))
    }
    if custom.contains(where: { $0.0 != "encode(to:)" }) {
      // The model's own code decodes it: its value is passed through unchecked, not guessed.
      for index in properties.indices where properties[index].usage == .normal {
        properties[index].usage = .custom
        properties[index].isRequired = false
      }
      return
    }
    // NB: a hand-written `encode(to:)` alone leaves the synthesized `init(from:)` deciding what
    // decodes (checked with JSONDecoder): the model is read as one without it.
    if let superclass = superclassOf[decl.name.text].flatMap({ symbols.models[$0] }), traits(of: superclass).declaresDialect {
      // A subclass of a Codable class inherits its init(from:) and encode(to:), which know
      // nothing of its own properties (checked with JSONDecoder: they keep their initial values).
      let own = properties.indices.filter { properties[$0].usage == .normal }
      if !own.isEmpty {
        diagnostics.append(
          Diagnostic(
            SchemaMessages.codableSubclassProperties(decl.name.text, own.map { properties[$0].name }),
            at: SourceRange(file: file, bytes: decl.name.range)))
      }
      for index in own { ignore(&properties[index]) }
      return
    }
    // A `lazy var` is no part of the synthesized conformance: never decoded, never encoded
    // (checked with JSONDecoder and JSONEncoder).
    let lazy = Set(decl.lazyProperties.map(\.text))
    for index in properties.indices where lazy.contains(properties[index].name) { ignore(&properties[index]) }
    let codingKeys = self.codingKeys(of: decl)
    var keyByName: [String: String]?
    var caseIndex: [String: Int] = [:]
    var repeated: Set<String> = []
    if let codingKeys {
      repeated = repeatedRawValues(of: codingKeys, file: codingKeysFile(of: decl, file: file, at: 0..<0).file)
      var table: [String: String] = [:]
      for (position, entry) in codingKeys.cases.enumerated() {
        if let stringValue = codingKeys.stringValue {
          // The enum's own `stringValue` names its keys, whatever its raw values.
          table[entry.name.text] = stringValue.keys?[entry.name.text] ?? stringValue.defaultKey ?? entry.name.text
        } else if case .string(let raw, _) = entry.rawValue {
          table[entry.name.text] = raw
        } else {
          table[entry.name.text] = entry.name.text
        }
        caseIndex[entry.name.text] = caseIndex[entry.name.text] ?? position
      }
      keyByName = table
    }
    let needed = codingDirections(of: decl)
    for index in properties.indices {
      let property = properties[index]
      guard property.usage == .normal else { continue }
      if repeated.contains(property.name) {
        ignore(&properties[index])
        continue
      }
      let listed = keyByName?[property.name]
      if property.isLet, property.defaultValue != nil {
        // NB: the synthesized encode(to:) still writes it, so it keeps its key; the engine never
        // reads it (`Policy.letWithValueWrittenOnly`), so it is never missing.
        properties[index].isRequired = false
        if listed != nil {
          diagnostics.append(Diagnostic(SchemaMessages.codableLetWithValue(property.name), at: property.range))
        }
      }
      if keyByName != nil, listed == nil {
        if property.defaultValue == nil, !property.isImplicitlyNil {
          diagnostics.append(Diagnostic(SchemaMessages.codableKeyMissing(property.name), at: property.range))
        }
        ignore(&properties[index])
        continue
      }
      // NB: a template's parameters stand as `Any` while it is checked; a property CodingKeys
      // leaves out is never coded, so its type need not be Codable.
      if !resolver.isCheckingTemplate, let part = property.type.nonCodablePart {
        diagnostics.append(
          Diagnostic(SchemaMessages.codableNotCodable(property.name, property.type.description, part, decl.name.text), at: property.range))
      } else if !resolver.isCheckingTemplate, let (part, missing) = lacking(needed, in: property.type) {
        diagnostics.append(
          Diagnostic(
            SchemaMessages.codableNotCodable(property.name, property.type.description, part, decl.name.text, conformance: missing),
            at: property.range))
      }
      if let listed {
        properties[index].keys = [KeyPath(key: listed)]
        properties[index].keySource = .codingKeys
        properties[index].codingKeyIndex = Int32(caseIndex[property.name] ?? -1)
      }
      if options.keyDecoding == .convertFromSnakeCase {
        applySnakeCaseDecoding(to: &properties[index], codingKey: listed ?? property.name)
      }
      properties[index].encodedKey = options.encodedKey(codingKey: listed ?? property.name, outputKey: properties[index].outputKey)
      // NB: `= nil` is what the synthesized init leaves an absent optional anyway.
      if let value = property.defaultValue, value != .null, !property.isLet {
        diagnostics.append(
          Diagnostic(SchemaMessages.codableDefaultIgnored(property.name, optional: property.optionality != .none), at: property.range))
        // NB: `decodeIfPresent` sets an optional whatever its default: an absent key leaves it nil.
        if property.optionality != .none { properties[index].defaultValue = nil }
      }
    }
    guard let codingKeys else { return }
    // NB: a lazy var is no stored property to the synthesized conformance, so no CodingKey's.
    let names = Set(properties.map(\.name)).subtracting(lazy)
    for entry in codingKeys.cases where !names.contains(entry.name.text) {
      diagnostics.append(
        Diagnostic(
          SchemaMessages.codableUnknownKey(entry.name.text, decl.name.text),
          at: SourceRange(file: file, bytes: entry.name.range)))
    }
  }

  /// The JSON keys `convertFromSnakeCase` turns into `codingKey`: the one JSONEncoder's
  /// `convertToSnakeCase` writes first, when it comes back; a warning when it does not.
  private mutating func applySnakeCaseDecoding(to property: inout Property, codingKey: String) {
    let written = FoundationSnakeCase.toSnakeCase(codingKey)
    var reaching: [String] = []
    // The CodingKey first where it reaches itself: JSONDecoder names it in keyNotFound's path.
    for candidate in [codingKey, written, FoundationSnakeCase.reachingKey(codingKey)].compactMap(\.self)
    where FoundationSnakeCase.fromSnakeCase(candidate) == codingKey && !reaching.contains(candidate) {
      reaching.append(candidate)
    }
    if !reaching.contains(written) {
      diagnostics.append(
        Diagnostic(
          SchemaMessages.codableSnakeCaseUnreachable(
            property.name, written, FoundationSnakeCase.fromSnakeCase(written), reaching.first { $0 != codingKey } ?? reaching.first),
          at: property.range))
    }
    property.keys = reaching.map { KeyPath(key: $0) }
    property.keySource = .snakeCase
    property.codingKey = codingKey
  }

  /// Which halves of `Codable` a model's synthesized conformance needs of its properties' types.
  private func codingDirections(of decl: ModelDeclSyntax) -> (decodes: Bool, encodes: Bool) {
    let names = conformances(of: decl.name.text, declared: decl.inheritance)
    let both = names.contains("Codable")
    return (both || names.contains("Decodable"), both || names.contains("Encodable"))
  }

  /// The first model or enum `type` holds that lacks a half of `Codable` the property needs
  /// (`struct E: Encodable` in a `Decodable` model, which swiftc refuses), and that half's name.
  /// Under `--dialect` every model is taken to conform as the run reads it.
  private func lacking(_ needed: (decodes: Bool, encodes: Bool), in type: TypeRef) -> (String, String)? {
    switch type {
    case .model(let name), .enumeration(let name):
      guard options.dialect == nil, let names = inheritedConformances(of: name) else { return nil }
      let both = names.contains("Codable")
      if needed.decodes, !both, !names.contains("Decodable") { return (name, "Decodable") }
      if needed.encodes, !both, !names.contains("Encodable") { return (name, "Encodable") }
      return nil
    case .array(let element), .set(let element), .optional(let element): return lacking(needed, in: element)
    case .dictionary(let key, let value): return lacking(needed, in: key) ?? lacking(needed, in: value)
    case .scalar, .any, .anyObject, .anyArray: return nil
    }
  }

  /// What a declared model (its superclasses' too) or enum conforms to; nil for a name declared
  /// in no file read (a specialization is named by its generic model, whose clause it shares).
  private func inheritedConformances(of name: String) -> [String]? {
    if let decl = symbols.enums[name] { return conformances(of: decl.syntax.name.text, declared: decl.syntax.inheritance) }
    guard symbols.models[name] != nil else { return nil }
    var names: [String] = []
    var visited: Set<String> = []
    var current: String? = name
    while let next = current, visited.insert(next).inserted, let model = symbols.models[next] {
      names += conformances(of: model.syntax.name.text, declared: model.syntax.inheritance)
      current = superclassOf[next]
    }
    return names
  }

  /// Takes a property out of the JSON: neither read nor written.
  func ignore(_ property: inout Property) {
    property.usage = .ignored
    property.keys = []
    property.isRequired = false
  }
}

extension TypeRef {
  /// The part of the type that is not `Codable` (`Character`, `NSNumber`, `Any`), which swiftc
  /// refuses in a synthesized conformance; nil when every part is.
  fileprivate var nonCodablePart: String? {
    switch self {
    case .scalar(.character), .scalar(.number), .any, .anyObject, .anyArray: description
    case .scalar, .model, .enumeration: nil
    case .array(let element), .set(let element), .optional(let element): element.nonCodablePart
    case .dictionary(let key, let value): key.nonCodablePart ?? value.nonCodablePart
    }
  }
}
