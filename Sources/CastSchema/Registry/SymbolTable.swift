/// A declaration with the index of the file it came from.
struct Located<Syntax: Sendable>: Sendable {
  var syntax: Syntax
  var file: Int
}

/// A model declaration with the index of its file, shared rather than copied.
// NB: the builder reads each model's declaration several times; a struct copy of it is half a
// dozen retains and releases each time, a shared object's is one.
final class LocatedModel: Sendable {
  let syntax: ModelDeclSyntax
  let file: Int
  /// Its slot in the builder's per-model tables: its position in `SymbolTable.modelOrder` as
  /// collected (before any type is set aside, `NonModelTypes`), or after those for a generic
  /// model's specialization.
  let index: Int
  /// The model's name: the declared one, or a specialization's (`Page<User>`).
  let name: String

  init(syntax: ModelDeclSyntax, file: Int, index: Int, name: String? = nil) {
    self.syntax = syntax
    self.file = file
    self.index = index
    self.name = name ?? syntax.name.text
  }
}

/// Every declared name across all loaded files, before resolution (first declaration wins).
struct SymbolTable {
  var models: [String: LocatedModel] = [:]
  var modelOrder: [String] = []
  /// The declarations of `modelOrder`, in that order.
  var modelDecls: [LocatedModel] = []
  /// Generic models (`struct Page<T>`): templates, lowered once per specialization.
  var generics: [String: LocatedModel] = [:]
  var enums: [String: Located<EnumDeclSyntax>] = [:]
  var enumOrder: [String] = []
  var aliases: [String: Located<TypealiasDeclSyntax>] = [:]
  /// `typealias Model = Codable & Sendable` and `protocol Model: Codable`: the protocols each
  /// such alias names, or each protocol inherits.
  var protocolAliases: [String: [String]] = [:]
  /// `extension Name …` blocks, by the model name they extend.
  var extensions: [String: [Located<ModelDeclSyntax>]] = [:]
  /// Already-resolved aliases (when the table is rebuilt from a registry).
  var aliasTypes: [String: TypeRef] = [:]
  /// Nested declarations' names and the names that hide a built-in type.
  var nested = NestedNames()

  /// Names a type can be written with, for "did you mean".
  var allTypeNames: [String] {
    ScalarType.allCases.map(\.rawValue) + ["Any", "Set", "Array", "Dictionary", "Optional"]
      + modelOrder + generics.keys.sorted() + enumOrder + aliases.keys.sorted() + aliasTypes.keys.sorted()
  }

  /// Where a name is first declared, if anywhere.
  func declaration(of name: String) -> SourceRange? {
    if let model = models[name] ?? generics[name] { return SourceRange(file: model.file, bytes: model.syntax.name.range) }
    if let decl = enums[name] { return SourceRange(file: decl.file, bytes: decl.syntax.name.range) }
    if let alias = aliases[name] { return SourceRange(file: alias.file, bytes: alias.syntax.name.range) }
    return nil
  }

  /// What a declaration names after its `:`, in it and in its extensions, by last name, with
  /// protocol aliases (`typealias Model = Codable & Sendable`) and protocols
  /// (`protocol Model: Codable`) expanded into what they stand for or inherit, through any
  /// number of them.
  func conformances(of name: String, declared inheritance: [TypeSyntax]) -> [String] {
    let extensions = extensions[name] ?? []
    var names: [String] = []
    var expanded: Set<String> = []
    var pending = (inheritance + extensions.flatMap(\.syntax.inheritance)).map(RegistryBuilder.typeName).reversed() as [String]
    while let next = pending.popLast() {
      guard let inherited = protocolAliases[next] else {
        names.append(next)
        continue
      }
      // NB: a protocol met again (`protocol A: B`, `protocol B: A`) adds nothing new.
      if expanded.insert(next).inserted { pending += inherited.reversed() }
    }
    return names
  }
}
