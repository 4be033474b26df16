/// A `Codable` enum as the synthesized conformance reads it (SE-0295, checked against swiftc and
/// JSONDecoder on Swift 6.3.1): each case's associated values are the properties of the object
/// under the case's key, keyed by label, or `_0`, `_1`… by position for an unlabelled one; a
/// non-optional is required whatever its default. `CodingKeys` renames the case keys (a case it
/// leaves out is never decoded), `<Case>CodingKeys` a case's value keys (a value it leaves out
/// keeps its default, which it must have). A hand-written `init(from:)` or `encode(to:)` is code
/// castctl cannot run: the enum's values are passed through unchecked.
extension RegistryBuilder {
  /// Whether an enum's cases with associated values are read: it conforms to `Codable` (in its
  /// declaration, an extension or a protocol alias), or every model is read as `codable`.
  func readsPayloads(_ located: Located<EnumDeclSyntax>) -> Bool {
    if options.dialect == .codable { return true }
    return conformances(of: located.syntax.name.text, declared: located.syntax.inheritance)
      .contains(where: DialectRules.codableProtocols.contains)
  }

  /// Whether an enum conforms to `CodingKeyRepresentable`, in its declaration or an extension.
  func isCodingKeyRepresentable(_ located: Located<EnumDeclSyntax>) -> Bool {
    conformances(of: located.syntax.name.text, declared: located.syntax.inheritance).contains("CodingKeyRepresentable")
  }

  /// Whether the enum conforms to `Codable`, `Decodable` or `Encodable`, here or in an extension.
  func isCodable(_ located: Located<EnumDeclSyntax>) -> Bool {
    declaresCodable(located.syntax.name.text, located.syntax.inheritance)
  }

  /// Types the associated values of the cases `EnumBuilder` kept with a payload, and applies the
  /// enum's coding keys.
  mutating func lowerAssociatedValues(of enumType: inout EnumType?, _ located: Located<EnumDeclSyntax>) {
    guard var resolved = enumType, readsPayloads(located) else { return }
    let extensions = symbols.extensions[located.syntax.name.text] ?? []
    let custom = located.syntax.customCoding.map { ($0.text, SourceRange(file: located.file, bytes: $0.range)) }
      + extensions.flatMap { extended in
        extended.syntax.customCoding.map { ($0.text, SourceRange(file: extended.file, bytes: $0.range)) }
      }
    if let (what, range) = custom.first {
      diagnostics.append(Diagnostic(SchemaMessages.codableCustomCodingEnum(resolved.name, what), at: range))
      resolved.hasCustomCoding = true
      enumType = resolved
      return
    }
    guard resolved.rawType == nil else { return }
    if resolved.cases.isEmpty, isCodable(located) {
      // swiftc: "cannot automatically synthesize 'Decodable' conformance for empty enum".
      diagnostics.append(Diagnostic(SchemaMessages.codableEmptyEnum(resolved.name), at: resolved.range))
    }
    resolver.loweringModel = located.syntax.name.text
    defer { resolver.loweringModel = nil }
    for (index, enumCase) in resolved.cases.enumerated() where enumCase.associatedValues != nil {
      guard let syntax = located.syntax.cases.first(where: { $0.name.text == enumCase.name })?.associatedValues else {
        continue
      }
      let keysName = enumCase.name.prefix(1).uppercased() + enumCase.name.dropFirst() + "CodingKeys"
      let valueKeys = nestedEnum(keysName, of: located)
      let table = valueKeys.map { Self.keyTable($0.decl) }
      var values: [Property] = []
      for (position, value) in syntax.enumerated() {
        guard
          let property = associatedValue(
            value, position: position, of: "\(resolved.name).\(enumCase.name)", file: located.file, keys: table)
        else { continue }
        values.append(property)
      }
      if let valueKeys {
        let names = Set(values.map(\.name))
        for entry in valueKeys.decl.cases where !names.contains(entry.name.text) {
          diagnostics.append(
            Diagnostic(
              SchemaMessages.codableUnknownCase(entry.name.text, keysName, "associated value of case '\(enumCase.name)'"),
              at: SourceRange(file: valueKeys.file, bytes: entry.name.range)))
        }
      }
      resolved.cases[index].associatedValues = values
    }
    if let caseKeys = nestedEnum("CodingKeys", of: located) {
      let table = Self.keyTable(caseKeys.decl)
      var kept: [EnumCase] = []
      for var enumCase in resolved.cases {
        guard let key = table[enumCase.name] else {
          diagnostics.append(Diagnostic(SchemaMessages.codableCaseNotInCodingKeys(enumCase.name), at: enumCase.range))
          continue
        }
        enumCase.rawValue = .string(key)
        kept.append(enumCase)
      }
      let names = Set(resolved.cases.map(\.name))
      for entry in caseKeys.decl.cases where !names.contains(entry.name.text) {
        diagnostics.append(
          Diagnostic(
            SchemaMessages.codableUnknownCase(entry.name.text, "CodingKeys", "case of '\(resolved.name)'"),
            at: SourceRange(file: caseKeys.file, bytes: entry.name.range)))
      }
      resolved.cases = kept
    }
    enumType = resolved
  }

  /// An enum nested in the enum's body or in an extension of it, by name.
  private func nestedEnum(_ name: String, of located: Located<EnumDeclSyntax>) -> (decl: EnumDeclSyntax, file: Int)? {
    for case .enumeration(let nested) in located.syntax.nested where nested.name.text == name {
      return (nested, located.file)
    }
    for extended in symbols.extensions[located.syntax.name.text] ?? [] {
      for case .enumeration(let nested) in extended.syntax.nested where nested.name.text == name {
        return (nested, extended.file)
      }
    }
    return nil
  }

  /// A coding-keys enum's keys by case name: its string raw value, or the name.
  private static func keyTable(_ keys: EnumDeclSyntax) -> [String: String] {
    var table: [String: String] = [:]
    for entry in keys.cases {
      if case .string(let raw, _) = entry.rawValue { table[entry.name.text] = raw } else { table[entry.name.text] = entry.name.text }
    }
    return table
  }

  private mutating func associatedValue(
    _ syntax: AssociatedValueSyntax, position: Int, of owner: String, file: Int, keys table: [String: String]?
  ) -> Property? {
    guard let (type, optionality) = resolver.resolveProperty(syntax.type, file: file) else { return nil }
    let name = syntax.label?.text ?? "_\(position)"
    let range = SourceRange(file: file, bytes: syntax.label?.range ?? syntax.range)
    var property = Property(
      name: name, declaredIn: owner, range: range, defaultValue: nil, keys: [KeyPath(key: name)], checks: [],
      dateFormat: DialectRules.defaultDateFormat(.codable, options: options), type: type, optionality: optionality,
      isRequired: optionality == .none, keySource: .propertyName, usage: .normal, isLet: true)
    if let table, table[name] == nil {
      // Left out of `<Case>CodingKeys`: never decoded or encoded; Swift needs a default for it.
      if syntax.defaultValue == nil {
        diagnostics.append(Diagnostic(SchemaMessages.codableKeyMissing(name), at: range))
      }
      property.usage = .ignored
      property.keys = []
      property.isRequired = false
      return property
    }
    if let listed = table?[name] {
      property.keys = [KeyPath(key: listed)]
      property.keySource = .codingKeys
    }
    if syntax.defaultValue != nil {
      diagnostics.append(Diagnostic(SchemaMessages.codableDefaultIgnored(name, optional: optionality != .none), at: range))
    }
    if options.keyDecoding == .convertFromSnakeCase {
      property.keys = FoundationSnakeCase.keysReaching(table?[name] ?? name).map { KeyPath(key: $0) }
      property.keySource = .snakeCase
      // NB: as a model's property: every key is converted and compared with the CodingKey, so
      // of two keys that convert alike the first in the data is read, not the first spelling.
      property.codingKey = table?[name] ?? name
    }
    property.encodedKey = options.encodedKey(codingKey: table?[name] ?? name, outputKey: property.outputKey)
    return property
  }
}
