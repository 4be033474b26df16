/// The associated values of a `Codable` enum's cases, typed as the synthesized conformance
/// decodes them (SE-0295, checked against JSONDecoder on Swift 6.3.1): each case's values are
/// the properties of the object under the case's key, keyed by label, or `_0`, `_1`… by position
/// for an unlabelled one; a non-optional is required whatever its default.
extension RegistryBuilder {
  /// Whether an enum's cases with associated values are read: it conforms to `Codable` (in its
  /// declaration, an extension or a protocol alias), or every model is read as `codable`.
  func readsPayloads(_ located: Located<EnumDeclSyntax>) -> Bool {
    if options.dialect == .codable { return true }
    let extensions = symbols.extensions[located.syntax.name.text] ?? []
    let names = (located.syntax.inheritance + extensions.flatMap(\.syntax.inheritance)).map(Self.typeName)
      .flatMap { symbols.protocolAliases[$0] ?? [$0] }
    return names.contains(where: DialectRules.codableProtocols.contains)
  }

  /// Types the associated values of the cases `EnumBuilder` kept with a payload.
  mutating func lowerAssociatedValues(of enumType: inout EnumType?, _ located: Located<EnumDeclSyntax>) {
    guard var resolved = enumType, resolved.cases.contains(where: { $0.associatedValues != nil }) else { return }
    for (index, enumCase) in resolved.cases.enumerated() where enumCase.associatedValues != nil {
      guard let syntax = located.syntax.cases.first(where: { $0.name.text == enumCase.name })?.associatedValues else {
        continue
      }
      resolved.cases[index].associatedValues = syntax.enumerated().compactMap { position, value in
        associatedValue(value, position: position, of: "\(resolved.name).\(enumCase.name)", file: located.file)
      }
    }
    enumType = resolved
  }

  private mutating func associatedValue(
    _ syntax: AssociatedValueSyntax, position: Int, of owner: String, file: Int
  ) -> Property? {
    guard let (type, optionality) = resolver.resolveProperty(syntax.type, file: file) else { return nil }
    let name = syntax.label?.text ?? "_\(position)"
    let range = SourceRange(file: file, bytes: syntax.label?.range ?? syntax.range)
    if syntax.defaultValue != nil, optionality == .none {
      diagnostics.append(Diagnostic(SchemaMessages.codableDefaultIgnored(name), at: range))
    }
    var keys = [KeyPath(key: name)]
    var keySource = KeySource.propertyName
    if options.keyDecoding == .convertFromSnakeCase {
      keys = FoundationSnakeCase.keysReaching(name).map { KeyPath(key: $0) }
      keySource = .snakeCase
    }
    return Property(
      name: name, declaredIn: owner, range: range, defaultValue: nil, keys: keys, checks: [],
      dateFormat: DialectRules.defaultDateFormat(.codable, options: options), type: type, optionality: optionality,
      isRequired: optionality == .none, keySource: keySource, usage: .normal, isLet: true)
  }
}
