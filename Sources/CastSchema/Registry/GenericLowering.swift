/// Generic models: each specialization (`Page<User>`) is the template lowered with its parameters
/// substituted (`TypeResolver.parameters`), an ordinary model from then on; the template itself
/// is lowered once with its parameters as `Any`, only for what it reports.
extension RegistryBuilder {
  /// Reports what is wrong in each generic model's own declaration, whether or not anything
  /// specializes it (as Swift checks a generic type it never uses); one of `candidates` that
  /// castctl cannot read is set aside instead (`NonModelTypes`).
  mutating func checkGenericTemplates(evaluator: DefaultEvaluator, settingAside candidates: Set<String>) {
    let templates = symbols.generics.values.sorted {
      ($0.file, $0.syntax.name.range.lowerBound) < ($1.file, $1.syntax.name.range.lowerBound)
    }
    resolver.isCheckingTemplate = true
    defer { resolver.isCheckingTemplate = false }
    for template in templates {
      let located = LocatedModel(syntax: template.syntax, file: template.file, index: addSlot())
      resolver.parameters = Dictionary(
        template.syntax.genericParameters.map { ($0.text, TypeRef.any) }, uniquingKeysWith: { first, _ in first })
      let mark = diagnosticMark
      lowerOwnProperties(of: located, evaluator: evaluator)
      _ = model(of: located)
      if candidates.contains(located.name),
        setAsideIfUnreadable(located.syntax.name, file: located.file, kind: located.syntax.isStruct ? "struct" : "class", since: mark)
      {
        symbols.generics[located.name] = nil
      }
    }
    resolver.parameters = [:]
  }

  /// Reports what is wrong in a generic typealias's own type (`typealias PU<T> = Page<T>`), with
  /// its parameters as `Any`, as `checkGenericTemplates` checks a generic model; whether it resolved.
  mutating func checkGenericAlias(_ alias: Located<TypealiasDeclSyntax>) -> Bool {
    resolver.isCheckingTemplate = true
    resolver.parameters = Dictionary(alias.syntax.genericParameters.map { ($0.text, TypeRef.any) }) { first, _ in first }
    defer {
      resolver.isCheckingTemplate = false
      resolver.parameters = [:]
    }
    return resolver.resolve(alias.syntax.type, file: alias.file) != nil
  }

  /// Gives each specialization named and not yet registered its slot and its declaration, under
  /// its name in the symbol table: a subclass's superclass (`Base<Int>`) is found there.
  mutating func registerPendingSpecializations() {
    while !resolver.pendingSpecializations.isEmpty {
      let next = resolver.pendingSpecializations.removeFirst()
      guard let generic = symbols.generics[next.generic] else { continue }
      let located = LocatedModel(syntax: generic.syntax, file: generic.file, index: addSlot(), name: next.name)
      symbols.models[next.name] = located
      unlowered.append((located, next))
    }
  }

  /// Lowers the own properties of every specialization named so far, and of those these name in
  /// turn; their models are built (`model(of:)`) once all are lowered, a superclass's included.
  /// What they report that their template already did (the same code at the same place) is
  /// left out: one declaration, one report.
  mutating func lowerSpecializations() -> [LocatedModel] {
    let evaluator = DefaultEvaluator(enums: enums, symbols: symbols)
    let start = diagnostics.count
    var lowered: [LocatedModel] = []
    registerPendingSpecializations()
    while !unlowered.isEmpty {
      let (located, specialization) = unlowered.removeFirst()
      resolver.parameters = Dictionary(
        zip(located.syntax.genericParameters.map(\.text), specialization.arguments), uniquingKeysWith: { first, _ in first })
      resolver.specializationDepth = specialization.depth
      lowerOwnProperties(of: located, evaluator: evaluator)
      lowered.append(located)
      registerPendingSpecializations()
    }
    resolver.parameters = [:]
    resolver.specializationDepth = 0
    dropRepeatedDiagnostics(since: start)
    return lowered
  }

  /// Lowers the specializations named since the registry was built into models.
  mutating func lowerPendingSpecializations() -> [Model] {
    models(of: lowerSpecializations())
  }

  /// The models of lowered specializations, without reporting again what their template did.
  mutating func models(of specializations: [LocatedModel]) -> [Model] {
    let start = diagnostics.count
    let models = specializations.map { model(of: $0) }
    dropRepeatedDiagnostics(since: start)
    return models
  }

  /// Drops the diagnostics from `start` on that repeat an earlier one's code and place: a
  /// template's problem, met again in each specialization.
  private mutating func dropRepeatedDiagnostics(since start: Int) {
    var seen = Set(diagnostics[..<start].map { DiagnosticPlace(code: $0.code, range: $0.range) })
    let fresh = diagnostics[start...].filter { seen.insert(DiagnosticPlace(code: $0.code, range: $0.range)).inserted }
    diagnostics.replaceSubrange(start..., with: fresh)
  }
}

/// A diagnostic's code and place: what makes two reports of one template's problem the same.
private struct DiagnosticPlace: Hashable {
  var code: String
  var range: SourceRange
}

/// What a registry with generic models keeps to specialize them later, for a type named only
/// at run time (`--model 'Page<User>'`, `--type '[Page<User>]'`): the builder's tables.
struct Specializer: Sendable {
  var builder: RegistryBuilder
}

extension ModelRegistry {
  /// Resolves a type written against this registry, specializing the generic models it names;
  /// the registry returned holds those specializations as models. `file` is the index the
  /// type's diagnostics point at.
  func resolving(_ syntax: TypeSyntax, file: Int) -> (type: TypeRef?, optional: Bool, registry: ModelRegistry, diagnostics: [Diagnostic]) {
    // A dictionary outside any model is keyed as the dialect of such values keys it.
    let anyCodableKey = baseDialect == .codable
    guard var builder = specializer?.builder else {
      var resolver = TypeResolver(symbols: SymbolTable(registry: self))
      resolver.anyCodableKey = anyCodableKey
      let resolved = resolver.resolveProperty(syntax, file: file)
      return (resolved?.0, resolved.map { $0.1 != .none } ?? false, self, resolver.diagnostics)
    }
    builder.resolver.anyCodableKey = anyCodableKey
    let resolved = builder.resolver.resolveProperty(syntax, file: file)
    builder.resolver.anyCodableKey = false
    let known = builder.diagnostics.count
    let models = builder.lowerPendingSpecializations()
    let diagnostics = builder.resolver.takeDiagnostics() + builder.diagnostics[known...]
    guard !models.isEmpty else { return (resolved?.0, resolved.map { $0.1 != .none } ?? false, self, diagnostics) }
    var all = self.models
    for model in models { all[model.name] = model }
    let registry = ModelRegistry(
      files: files, models: all, enums: enums, aliases: aliases, options: options, syntax: self.syntax,
      specializer: Specializer(builder: builder))
    return (resolved?.0, resolved.map { $0.1 != .none } ?? false, registry, diagnostics)
  }

  /// This registry with the specializations `type` names (a target's root type, `Page<User>`)
  /// lowered in, so that a compiled schema finds them; itself when it has them all.
  package func including(_ type: TypeRef) -> ModelRegistry {
    guard specializer != nil else { return self }
    let missing = type.referencedNames.filter { models[$0] == nil && $0.contains("<") }
    guard !missing.isEmpty else { return self }
    var registry = self
    for name in missing {
      let (syntax, _, _) = SchemaLoader.parseTypeSyntax(name, fileIndex: files.count)
      registry = registry.resolving(syntax, file: files.count).registry
    }
    return registry
  }

  /// The generic models' names with their parameters (`Page` → `["T"]`), whether each is a
  /// struct, and where its name is declared, in declaration order.
  package var genericModels: [(name: String, parameters: [String], isStruct: Bool, range: SourceRange)] {
    guard let symbols = specializer?.builder.symbols else { return [] }
    return symbols.generics.values
      .sorted { ($0.file, $0.syntax.name.range.lowerBound) < ($1.file, $1.syntax.name.range.lowerBound) }
      .map { template in
        let syntax = template.syntax
        return (syntax.name.text, syntax.genericParameters.map(\.text), syntax.isStruct, SourceRange(file: template.file, bytes: syntax.name.range))
      }
  }

  /// The generic typealiases' parameters by name (`PU` → `["T"]`): each names a type only with
  /// its arguments (`PU<User>`).
  package var genericAliases: [String: [String]] {
    guard let symbols = specializer?.builder.symbols else { return [:] }
    return symbols.aliases.filter(\.value.syntax.isGeneric).mapValues { $0.syntax.genericParameters.map(\.text) }
  }
}
