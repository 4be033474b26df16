/// The types of an ordinary `.swift` file that are no models: an API client, a view model, a
/// `typealias Completion = (Result<User, Error>) -> Void`. A real file keeps them beside its
/// `Codable` models; the synthesized conformance never reads them, and their members (closures,
/// `JSONDecoder()`) are no data. Such a type that castctl cannot read as a model is set aside with
/// a note instead of making every model of the file unusable.
///
/// Only a struct, class (generic or not) or typealias of a `.swift` file that names no dialect's
/// protocol, is in no inheritance relation, and that nothing else read uses: a type some model
/// uses keeps its errors.
struct NonModelTypes {
  /// Models that may be set aside, by name.
  private(set) var models: Set<String> = []
  /// Generic models (templates) that may be set aside, by name.
  private(set) var generics: Set<String> = []
  /// Typealiases that may be set aside, by name.
  private(set) var aliases: Set<String> = []

  var isEmpty: Bool { models.isEmpty && generics.isEmpty && aliases.isEmpty }

  /// The set-aside candidates of a build whose names are collected.
  init(_ builder: RegistryBuilder) {
    let symbols = builder.symbols
    let isSwift = { (file: Int) in builder.files[file].path.hasSuffix(".swift") }
    var inheritance: Set<String> = []
    for located in symbols.modelDecls + Array(symbols.generics.values) {
      inheritance.formUnion(located.syntax.inheritance.map(RegistryBuilder.typeName))
    }
    func mayBeSetAside(_ located: LocatedModel) -> Bool {
      let name = located.syntax.name.text
      return isSwift(located.file) && !inheritance.contains(name)
        && !located.syntax.inheritance.contains(where: {
          let inherited = RegistryBuilder.typeName($0)
          return symbols.models[inherited] != nil || symbols.generics[inherited] != nil
        })
        && builder.conformances(of: name, declared: located.syntax.inheritance).allSatisfy({ DialectRules.declaredDialect([$0]) == nil })
    }
    models = Set(symbols.modelDecls.filter(mayBeSetAside).map(\.syntax.name.text))
    generics = Set(symbols.generics.values.filter(mayBeSetAside).map(\.syntax.name.text))
    aliases = Set(symbols.aliases.filter { isSwift($0.value.file) }.keys)
    guard !isEmpty else { return }
    // What the types that stay use stays too, through any number of them.
    var used: Set<String> = []
    var pending: [Range<Int>] = []
    var pendingFiles: [Int] = []
    func read(_ range: Range<Int>, file: Int) {
      pending.append(range)
      pendingFiles.append(file)
    }
    func readModel(_ located: LocatedModel) {
      for row in builder.trees[located.file].properties(of: located.syntax) where !row.isComputed { read(row.range, file: located.file) }
    }
    for located in symbols.modelDecls where !models.contains(located.syntax.name.text) { readModel(located) }
    for located in symbols.generics.values where !generics.contains(located.syntax.name.text) { readModel(located) }
    for located in symbols.enums.values { read(located.syntax.range, file: located.file) }
    for (name, located) in symbols.aliases where !aliases.contains(name) { read(located.syntax.range, file: located.file) }
    while let range = pending.popLast(), let file = pendingFiles.popLast() {
      for name in Self.identifiers(in: builder.files[file].bytes[range]) where used.insert(name).inserted {
        if models.remove(name) != nil, let located = symbols.models[name] { readModel(located) }
        if generics.remove(name) != nil, let located = symbols.generics[name] { readModel(located) }
        if aliases.remove(name) != nil, let located = symbols.aliases[name] { read(located.syntax.range, file: located.file) }
      }
    }
  }

  /// The names of `located`'s stored properties' declarations (types, defaults).
  static func names(in located: LocatedModel, _ builder: RegistryBuilder) -> Set<String> {
    var names: Set<String> = []
    for row in builder.trees[located.file].properties(of: located.syntax) where !row.isComputed {
      names.formUnion(identifiers(in: builder.files[located.file].bytes[row.range]))
    }
    return names
  }

  /// The identifiers in some Swift text: what a declaration may name.
  static func identifiers(in text: ArraySlice<UInt8>) -> Set<String> {
    var names: Set<String> = []
    var start: Int?
    for index in text.indices {
      let byte = text[index]
      let isLetter = (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte >= 0x80
      let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      if isLetter || (isDigit && start != nil) {
        if start == nil { start = index }
      } else if let first = start {
        names.insert(String(decoding: text[first..<index], as: UTF8.self))
        start = nil
      }
    }
    if let first = start { names.insert(String(decoding: text[first...], as: UTF8.self)) }
    return names
  }
}

extension RegistryBuilder {
  /// Sets aside, as `setAside` was, the other such types that use one of it (`Screen` holding a
  /// `ViewModel` set aside): no model may name a type that is gone.
  mutating func setAsideUsers(of setAside: inout Set<String>, among candidates: Set<String>) {
    var changed = true
    while changed {
      changed = false
      for located in symbols.modelDecls where candidates.contains(located.name) && !setAside.contains(located.name) {
        guard let used = NonModelTypes.names(in: located, self).intersection(setAside).sorted().first else { continue }
        diagnostics.append(
          Diagnostic(
            SchemaMessages.nonModelSetAside(
              located.name, kind: located.syntax.isStruct ? "struct" : "class", reason: "it uses '\(used)', which is skipped"),
            at: SourceRange(file: located.file, bytes: located.syntax.name.range)))
        setAside.insert(located.name)
        changed = true
      }
    }
  }

  /// The diagnostics counted so far, this builder's and its resolver's: where a declaration's own
  /// begin (`setAsideIfUnreadable`).
  var diagnosticMark: (own: Int, resolver: Int) { (diagnostics.count, resolver.diagnostics.count) }

  /// Whether a declaration whose diagnostics begin at `mark` is set aside: it may be (`NonModelTypes`)
  /// and castctl cannot read it; its diagnostics are then dropped for a note at `name`.
  mutating func setAsideIfUnreadable(
    _ name: NameSyntax, file: Int, kind: String, since mark: (own: Int, resolver: Int)
  ) -> Bool {
    let own = diagnostics[mark.own...]
    let resolved = resolver.diagnostics[mark.resolver...]
    guard let first = (own + resolved).first(where: { $0.severity == .error }) else { return false }
    diagnostics.removeSubrange(mark.own...)
    resolver.dropDiagnostics(from: mark.resolver)
    diagnostics.append(
      Diagnostic(
        SchemaMessages.nonModelSetAside(name.text, kind: kind, reason: first.message), at: SourceRange(file: file, bytes: name.range),
        notes: [DiagnosticNote("castctl cannot read it here", at: first.range)]))
    return true
  }
}
