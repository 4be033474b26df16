/// Names of nested types, as Swift scopes them. A nested type is known by its own name, as
/// castctl has always read it, unless another type or a built-in one has that name: then it is
/// known by its dotted path (`Company.Address` beside `User.Address` or a top-level `Address`;
/// `Response.Data`), and a type written inside its parent, or a subclass of it, finds it first,
/// as in Swift. A top-level type hides a built-in one of its name in every file.
struct NestedNames: Sendable {
  /// Nested declarations whose name another declaration, or a built-in type, has: now their
  /// dotted paths.
  private(set) var renamed: Set<String> = []
  /// The dotted path of each nested declaration, by the name it is registered under.
  private(set) var paths: [String: String] = [:]
  /// Last parts of names that a declaration takes from a built-in type or from another
  /// declaration: a type spelled with one is looked up among the declarations, by scope, first.
  private(set) var shadowed: Set<String> = []

  /// Renames, in `trees`, every nested declaration whose name is declared more than once or is a
  /// built-in type's.
  init(qualifying trees: inout [SourceFileSyntax]) {
    var counts: [String: Int] = [:]
    var hasNested = false
    for tree in trees {
      for decl in tree.declarations { Self.count(decl, depth: 0, into: &counts, hasNested: &hasNested) }
    }
    for name in counts.keys where Self.isBuiltIn(name) { shadowed.insert(name) }
    guard hasNested else { return }
    for file in trees.indices {
      for index in trees[file].declarations.indices {
        qualify(&trees[file].declarations[index], path: nil, counts: counts)
      }
    }
  }

  /// No nested declaration renamed, no built-in name shadowed.
  init() {}

  /// What the names of an existing registry shadow (for types written later: `--type`).
  init(registered names: some Sequence<String>) {
    for name in names {
      if QualifiedName.hasDot(name) {
        renamed.insert(name)
        shadowed.insert(QualifiedName.lastPart(of: name))
      } else if Self.isBuiltIn(name) {
        shadowed.insert(name)
      }
    }
  }

  /// The dotted path of a declaration by its registered name (its name at top level).
  func path(of name: String) -> String { paths[name] ?? name }

  /// The dotted names a name was given in the scopes that declare it, in order; nil if none.
  func qualified(_ name: String) -> [String]? {
    guard shadowed.contains(name) else { return nil }
    let names = renamed.filter { QualifiedName.lastPart(of: $0) == name }.sorted()
    return names.isEmpty ? nil : names
  }

  /// The name an extension extends: its dotted path where that names a renamed type.
  func extended(_ model: ModelDeclSyntax) -> String {
    if let path = model.extendedPath, renamed.contains(path) { return path }
    return model.name.text
  }

  /// Counts the names that `RegistryBuilder.collect` declares.
  private static func count(_ decl: DeclSyntax, depth: Int, into counts: inout [String: Int], hasNested: inout Bool) {
    if depth > 0 { hasNested = true }
    switch decl {
    case .model(let model):
      if !model.isExtension, !model.name.text.isEmpty { counts[model.name.text, default: 0] += 1 }
      for nested in model.nested where !isCodingKeys(nested) {
        count(nested, depth: depth + 1, into: &counts, hasNested: &hasNested)
      }
    case .enumeration(let decl):
      if !decl.name.text.isEmpty { counts[decl.name.text, default: 0] += 1 }
      for nested in decl.nested where !isCodingKeys(nested) {
        count(nested, depth: depth + 1, into: &counts, hasNested: &hasNested)
      }
    case .typealias(let alias):
      if alias.protocolNames == nil { counts[alias.name.text, default: 0] += 1 }
    case .protocol, .skipped:
      break
    }
  }

  /// Gives `decl` (nested in `path`, nil at top level) and what it holds their registered names.
  private mutating func qualify(_ decl: inout DeclSyntax, path: String?, counts: [String: Int]) {
    switch decl {
    case .model(var model):
      // NB: most declarations are top-level models holding no types, left as they are.
      guard path != nil || !model.nested.isEmpty else { return }
      let own = model.isExtension ? model.extendedPath ?? model.name.text : name(&model.name, path: path, counts: counts)
      for index in model.nested.indices where !Self.isCodingKeys(model.nested[index]) {
        qualify(&model.nested[index], path: own, counts: counts)
      }
      decl = .model(model)
    case .enumeration(var enumeration):
      guard path != nil || !enumeration.nested.isEmpty else { return }
      let own = name(&enumeration.name, path: path, counts: counts)
      for index in enumeration.nested.indices where !Self.isCodingKeys(enumeration.nested[index]) {
        qualify(&enumeration.nested[index], path: own, counts: counts)
      }
      decl = .enumeration(enumeration)
    case .typealias(var alias):
      guard path != nil, alias.protocolNames == nil else { return }
      _ = name(&alias.name, path: path, counts: counts)
      decl = .typealias(alias)
    case .protocol, .skipped:
      break
    }
  }

  /// Renames a nested declaration whose name is taken more than once, or by a built-in type; its
  /// dotted path.
  private mutating func name(_ name: inout NameSyntax, path: String?, counts: [String: Int]) -> String {
    guard let path, !name.text.isEmpty else { return name.text }
    let dotted = path + "." + name.text
    // NB: a built-in name too: a nested `Data` is that struct inside its parent only, and
    // Foundation's elsewhere.
    if (counts[name.text] ?? 0) > 1 || Self.isBuiltIn(name.text) {
      shadowed.insert(name.text)
      renamed.insert(dotted)
      name.text = dotted
    }
    paths[name.text] = dotted
    return dotted
  }

  /// A model's `CodingKeys`, or an enum's `<Case>CodingKeys`: its keys, not a type of its own;
  /// so is a `struct CodingKeys: CodingKey` (`codable-coding-keys-not-enum`).
  static func isCodingKeys(_ decl: DeclSyntax) -> Bool {
    switch decl {
    case .enumeration(let keys): keys.name.text.hasSuffix("CodingKeys")
    case .model(let keys): keys.name.text == "CodingKeys" && keys.inheritance.contains { RegistryBuilder.typeName($0) == "CodingKey" }
    default: false
    }
  }

  /// A name `TypeResolver` reads as a built-in type before looking among the declarations.
  private static func isBuiltIn(_ name: String) -> Bool {
    if ScalarType.named(name) != nil { return true }
    return switch name {
    case "Any", "AnyObject", "AnyHashable", "JSONValue", "id", "NSDictionary", "NSMutableDictionary", "NSArray",
      "NSMutableArray":
      true
    default: false
    }
  }
}
