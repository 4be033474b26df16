/// What swiftc asks of a Codable model's `CodingKeys` before it reads their keys (checked with
/// swiftc 6.3.1). They must be an enum: from a struct or class it synthesizes nothing ("cannot
/// automatically synthesize 'Decodable' because 'CodingKeys' is not an enum", and the same for
/// `Encodable`), so one compiles only where the halves it would synthesize are written by hand.
/// And, being an enum, no two cases may have one raw value ("raw value for enum case is not
/// unique"), whatever their own `stringValue` says.
extension RegistryBuilder {
  /// Reports a `struct` or `class CodingKeys: CodingKey` of a Codable model, in its body or an
  /// extension, where the model needs a half of `Codable` synthesized.
  mutating func checkCodingKeysShape(of decl: ModelDeclSyntax, file: Int, needs: (decodes: Bool, encodes: Bool)) {
    var declared = decl.nested.map { ($0, file) }
    for located in symbols.extensions[decl.name.text] ?? [] { declared += located.syntax.nested.map { ($0, located.file) } }
    guard let (keys, keysFile) = declared.lazy.compactMap({ nested, file -> (ModelDeclSyntax, Int)? in
      guard case .model(let keys) = nested, NestedNames.isCodingKeys(nested) else { return nil }
      return (keys, file)
    }).first
    else { return }
    let written = Set(customCoding(of: decl, file: file).map(\.0))
    var halves: [String] = []
    if needs.decodes, !written.contains("init(from:)") { halves.append("Decodable") }
    if needs.encodes, !written.contains("encode(to:)") { halves.append("Encodable") }
    guard !halves.isEmpty else { return }
    diagnostics.append(
      Diagnostic(
        SchemaMessages.codableCodingKeysNotEnum(keys.isStruct ? "struct" : "class", decl.name.text, halves),
        at: SourceRange(file: keysFile, bytes: keys.name.range)))
  }

  /// Reports the cases of a model's `CodingKeys` enum whose raw value an earlier case has
  /// (`case a = "k", b = "k"`, or `case a = "b", b`), as `duplicate-raw-value`, and returns
  /// their names: the model does not load, so their properties need no key of their own (which
  /// would only add a `duplicate-json-key` for the same mistake).
  mutating func repeatedRawValues(of keys: EnumDeclSyntax, file: Int) -> Set<String> {
    var builder = EnumBuilder(symbols: symbols)
    let built = builder.build(Located(syntax: keys, file: file))
    let repeated = builder.diagnostics.filter { $0.code == SchemaCode.duplicateRawValue.rawValue }
    guard !repeated.isEmpty else { return [] }
    diagnostics += repeated
    var seen: Set<DefaultValue> = []
    return Set(built.cases.filter { !seen.insert($0.rawValue).inserted }.map(\.name))
  }
}
