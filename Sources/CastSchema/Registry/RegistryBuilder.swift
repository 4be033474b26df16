import OrderedCollections

/// Builds the registry from parsed files: collects names, resolves types and enums, detects
/// inheritance cycles, flattens inheritance (superclass first) and checks keys. Generic models are
/// lowered once per specialization (`Page<User>`), into ordinary models.
struct RegistryBuilder: Sendable {
  let files: [SourceFile]
  let options: RegistryOptions
  /// The files' trees, by file index, once `build` has them.
  var trees: [SourceFileSyntax] = []
  var diagnostics: [Diagnostic] = []
  var symbols = SymbolTable()
  var resolver: TypeResolver
  var enums: [String: EnumType] = [:]
  var superclassOf: [String: String] = [:]
  /// By model index (`LocatedModel.index`), as the two below.
  private var traits: [ModelTraits?] = []
  var ownProperties: [[Property]] = []
  /// The Convertible configuration lists each model declares, by its index in `modelDecls`.
  var convertibleConfigs: [Int: ConvertibleConfig] = [:]
  private var flattened: [String: [Property]] = [:]
  /// Key directives already parsed.
  var parsedKeys = ParsedKeyCache()
  /// The properties (by declaration) already warned `snake-case-not-invertible`: a Convertible
  /// subclass's lists make the keys of what it declares and inherits again, once per class.
  var snakeCaseWarned: Set<SourceRange> = []
  /// Specializations registered (`registerPendingSpecializations`) and not yet lowered.
  var unlowered: [(LocatedModel, Specialization)] = []

  init(files: [SourceFile], options: RegistryOptions) {
    self.files = files
    self.options = options
    self.resolver = TypeResolver(symbols: SymbolTable())
  }

  mutating func build(_ trees: [SourceFileSyntax]) -> ModelRegistry {
    var trees = trees
    symbols.nested = NestedNames(qualifying: &trees)
    self.trees = trees
    reserveTables(for: trees)
    for (file, tree) in trees.enumerated() {
      for decl in tree.declarations { collect(decl, file: file) }
      for stray in tree.strayDirectives {
        diagnostics.append(
          Diagnostic(
            SchemaMessages.misplacedDirective(
              "//!" + stray.text(in: files[file]), "directives belong inside a model"),
            at: SourceRange(file: file, bytes: stray.range)))
      }
    }
    resolver = TypeResolver(symbols: symbols)
    var enumBuilder = EnumBuilder(symbols: symbols)
    var resolvedEnums = OrderedDictionary<String, EnumType>()
    for name in symbols.enumOrder {
      guard let located = symbols.enums[name] else { continue }
      resolvedEnums[name] = enumBuilder.build(located, readsPayloads: readsPayloads(located))
      resolvedEnums[name]?.isCodingKeyRepresentable = isCodingKeyRepresentable(located)
      resolvedEnums[name]?.isCodable = isCodable(located)
      lowerAssociatedValues(of: &resolvedEnums[name], located)
    }
    diagnostics += enumBuilder.diagnostics
    enums = Dictionary(uniqueKeysWithValues: resolvedEnums.map { ($0.key, $0.value) })

    var aliases: [String: TypeRef] = [:]
    // An alias to a dictionary keyed by a model or any scalar is fine where Codable models may use it; a
    // model of another dialect that does is told so where it resolves the alias.
    resolver.anyCodableKey = options.dialect == .codable || symbols.modelDecls.contains {
      declaresCodable($0.syntax.name.text, $0.syntax.inheritance)
    }
    let nonModels = NonModelTypes(self)
    for (name, alias) in symbols.aliases.sorted(by: { $0.key < $1.key }) {
      let mark = diagnosticMark
      if alias.syntax.isGeneric {
        // A template, as a generic model is: it stands for a type only where a use fills its
        // parameters (`PU<User>`), so it is checked with them as `Any` and kept out of `aliases`.
        if !checkGenericAlias(alias), nonModels.aliases.contains(name) {
          _ = setAsideIfUnreadable(alias.syntax.name, file: alias.file, kind: "typealias", since: mark)
        }
      } else if let type = resolver.resolve(.named(alias.syntax.name, arguments: [], range: alias.syntax.name.range), file: alias.file) {
        aliases[name] = type
      } else if nonModels.aliases.contains(name) {
        _ = setAsideIfUnreadable(alias.syntax.name, file: alias.file, kind: "typealias", since: mark)
      }
    }
    resolver.anyCodableKey = false

    traits = Array(repeating: nil, count: symbols.modelDecls.count)
    ownProperties = Array(repeating: [], count: symbols.modelDecls.count)
    linkSuperclasses()
    resolver.superclassOf = superclassOf
    // A generic superclass (`class Sub: Base<Int>`) is a model before its subclass is lowered.
    registerPendingSpecializations()
    let evaluator = DefaultEvaluator(enums: enums, symbols: symbols)
    var setAside: Set<String> = []
    for located in symbols.modelDecls {
      let mark = diagnosticMark
      lowerOwnProperties(of: located, evaluator: evaluator)
      if nonModels.models.contains(located.name),
        setAsideIfUnreadable(located.syntax.name, file: located.file, kind: located.syntax.isStruct ? "struct" : "class", since: mark)
      {
        setAside.insert(located.name)
      }
    }
    if !setAside.isEmpty {
      setAsideUsers(of: &setAside, among: nonModels.models)
      symbols.modelDecls.removeAll { setAside.contains($0.name) }
      symbols.modelOrder.removeAll { setAside.contains($0) }
      for name in setAside { symbols.models[name] = nil }
    }
    var specializations: [LocatedModel] = []
    if !symbols.generics.isEmpty {
      checkGenericTemplates(evaluator: evaluator, settingAside: nonModels.generics)
      specializations = lowerSpecializations()
    }
    var models: [Model] = []
    models.reserveCapacity(symbols.modelDecls.count + specializations.count)
    for located in symbols.modelDecls { models.append(model(of: located)) }
    checkListsOfSuperclasses(models)
    models += self.models(of: specializations)
    let names = symbols.modelOrder + specializations.map(\.name)
    checkConstructedDefaults(models)
    checkRecursiveValueTypes(models)
    limitConstructedDefaults(&models)
    diagnostics += resolver.takeDiagnostics()
    // NB: declared names are unique (a taken name is reported, not declared), and a
    // specialization's has a `<`, so the table is built in one go rather than looked up before
    // each insertion.
    return ModelRegistry(
      files: files, models: OrderedDictionary(uncheckedUniqueKeys: names, values: models),
      enums: resolvedEnums, aliases: aliases, options: options, syntax: trees,
      specializer: symbols.generics.isEmpty && !symbols.aliases.values.contains(where: \.syntax.isGeneric)
        ? nil : Specializer(builder: self))
  }

  /// A model whose own properties are lowered: inheritance flattened, its keys checked.
  mutating func model(of located: LocatedModel) -> Model {
    let declared = located.syntax.name.text
    let traits = traits(of: located)
    var model = Model(
      name: located.name, isStruct: located.syntax.isStruct, dialect: traits.dialect,
      superclass: superclassOf[declared], superKey: superKey(of: declared), properties: flatten(located),
      inheritance: traits.inheritance, usesSnakeCase: traits.usesSnakeCase,
      range: SourceRange(file: located.file, bytes: located.syntax.name.range))
    if traits.dialect == .codable {
      for case .enumeration(let keys) in located.syntax.nested where keys.name.text == "CodingKeys" {
        model.codingKeys = SourceRange(file: located.file, bytes: keys.name.range)
      }
      // NB: `CodingKeys` whose `stringValue` castctl cannot read leave the keys unknown: the
      // value passes whole, as with a hand-written `init(from:)`.
      model.hasCustomDecoding = customCoding(of: located.syntax, file: located.file).contains { $0.0 == "init(from:)" }
        || codingKeys(of: located.syntax)?.stringValue.map { $0.keys == nil } == true
    }
    if traits.dialect == .convertible { model.requirementList = effectiveConfig(of: located).requirementList }
    checkKeys(model)
    checkOutputOverlaps(model)
    return model
  }

  /// A fresh slot in the per-model tables, for a model lowered after the declared ones.
  mutating func addSlot() -> Int {
    traits.append(nil)
    ownProperties.append([])
    return traits.count - 1
  }

  // MARK: - Collecting names

  /// Sizes the per-model tables for the top-level declarations, which is most of them: a large
  /// schema otherwise rehashes each table several times over.
  private mutating func reserveTables(for trees: [SourceFileSyntax]) {
    let count = trees.reduce(0) { $0 + $1.declarations.count }
    symbols.models.reserveCapacity(count)
    symbols.modelOrder.reserveCapacity(count)
    symbols.modelDecls.reserveCapacity(count)
  }

  private mutating func collect(_ decl: DeclSyntax, file: Int) {
    switch decl {
    case .model(let model):
      guard !model.name.text.isEmpty else { return }
      if model.isExtension {
        symbols.extensions[symbols.nested.extended(model), default: []].append(Located(syntax: model, file: file))
      } else if model.isGeneric {
        // A template: its slot in the per-model tables comes when it is lowered.
        if declare(model.name, file: file) { symbols.generics[model.name.text] = LocatedModel(syntax: model, file: file, index: -1) }
      } else if declare(model.name, file: file) {
        let located = LocatedModel(syntax: model, file: file, index: symbols.modelDecls.count)
        symbols.models[model.name.text] = located
        symbols.modelOrder.append(model.name.text)
        symbols.modelDecls.append(located)
      }
      // A model's CodingKeys are its keys (`applyCodableRules`), not an enum of its own; so are
      // an enum's `<Case>CodingKeys`, declared in an extension (`lowerAssociatedValues`).
      for nested in model.nested where !NestedNames.isCodingKeys(nested) { collect(nested, file: file) }
    case .enumeration(let decl):
      guard !decl.name.text.isEmpty else { return }
      if declare(decl.name, file: file) {
        symbols.enums[decl.name.text] = Located(syntax: decl, file: file)
        symbols.enumOrder.append(decl.name.text)
      }
      // A namespace enum's types (`enum API { struct Item … }`); its coding keys are its own.
      for nested in decl.nested where !NestedNames.isCodingKeys(nested) { collect(nested, file: file) }
    case .typealias(let alias):
      if let protocols = alias.protocolNames {
        symbols.protocolAliases[alias.name.text] = protocols
      } else if declare(alias.name, file: file) {
        symbols.aliases[alias.name.text] = Located(syntax: alias, file: file)
      }
    case .protocol(let decl):
      symbols.protocolAliases[decl.name.text] = decl.inheritance.map(Self.typeName)
    case .skipped:
      break
    }
  }

  /// Records a name; false (after a diagnostic) when it is taken.
  private mutating func declare(_ name: NameSyntax, file: Int) -> Bool {
    guard let previous = symbols.declaration(of: name.text) else { return true }
    diagnostics.append(
      Diagnostic(
        SchemaMessages.duplicateModel(name.text), at: SourceRange(file: file, bytes: name.range),
        notes: [DiagnosticNote("first declared here", at: previous)]))
    return false
  }

  // MARK: - Inheritance

  private mutating func linkSuperclasses() {
    for name in symbols.modelOrder {
      guard let located = symbols.models[name], !located.syntax.isStruct else { continue }
      for entry in located.syntax.inheritance {
        // `class Sub: Outer.Base`: the dotted name where a nested class is known by it.
        var entryName = Self.typeName(entry)
        if case .named(let written, _, _) = entry, written.text != entryName, symbols.models[written.text] != nil { entryName = written.text }
        if symbols.models[entryName] != nil {
          superclassOf[name] = entryName
          break
        }
        // `Base<Int>`: the generic class's specialization is the superclass.
        if symbols.generics[entryName]?.syntax.isStruct == false, case .named(_, let arguments, _) = entry, !arguments.isEmpty {
          if case .model(let specialization)? = resolver.resolve(entry, file: located.file) { superclassOf[name] = specialization }
          break
        }
      }
    }
    // Cycles: follow each chain; the first model of a cycle (in declaration order) reports it
    // and loses its superclass link, so everything after can proceed. A chain stops at a model
    // already followed, so the whole pass is linear in the number of models.
    var settled: Set<String> = []
    // A model without a superclass ends every chain that reaches it, so only the others start one.
    for name in symbols.modelOrder where superclassOf[name] != nil && !settled.contains(name) {
      var chain = [name]
      var onChain: Set<String> = [name]
      var current = name
      defer { settled.formUnion(chain) }
      while let next = superclassOf[current], !settled.contains(next) {
        if onChain.contains(next), let start = chain.firstIndex(of: next) {
          let cycle = Array(chain[start...]) + [next]
          if let located = symbols.models[chain[start]] {
            diagnostics.append(
              Diagnostic(
                SchemaMessages.inheritanceCycle(cycle),
                at: SourceRange(file: located.file, bytes: located.syntax.name.range)))
          }
          superclassOf[chain[chain.count - 1]] = nil
          break
        }
        chain.append(next)
        onChain.insert(next)
        current = next
      }
    }
    limitInheritanceDepth()
  }

  /// The most superclasses a class may have. Each class holds its inherited properties, so a
  /// chain of n classes holds n²/2 of them: 50,000 classes (2 MB of `.cast`) took over 24 GB.
  static let inheritanceLimit = 100

  /// Cuts every chain of superclasses at `inheritanceLimit` (no cycles are left), with an error at
  /// the class that has one too many.
  private mutating func limitInheritanceDepth() {
    var depth: [String: Int] = [:]
    for name in symbols.modelOrder where superclassOf[name] != nil && depth[name] == nil {
      // Up to the first class whose depth is known, then down again, without recursion.
      var chain = [name]
      while let next = superclassOf[chain[chain.count - 1]], depth[next] == nil { chain.append(next) }
      var below = superclassOf[chain[chain.count - 1]].flatMap { depth[$0] } ?? -1
      for name in chain.reversed() {
        var own = below + 1
        if own > Self.inheritanceLimit, let located = symbols.models[name] {
          diagnostics.append(
            Diagnostic(
              SchemaMessages.inheritanceTooDeep(name, Self.inheritanceLimit),
              at: SourceRange(file: located.file, bytes: located.syntax.name.range)))
          superclassOf[name] = nil
          own = 0
        }
        depth[name] = own
        below = own
      }
    }
  }

  /// The dialect (declared, or the superclass's) and snake_case keys (declared, or the
  /// superclass's) of a model; the inheritance clause is read once for both.
  mutating func traits(of model: LocatedModel) -> ModelTraits {
    if let known = traits[model.index] { return known }
    let names = conformances(of: model.syntax.name.text, declared: model.syntax.inheritance)
    let inherited = superclassOf[model.syntax.name.text].flatMap { symbols.models[$0] }.map { traits(of: $0) }
    // A superclass's named dialect before the model's own; a superclass that names none (`class
    // Base {}` under `class K: Base, Codable`) leaves the model its own.
    let named = options.dialect ?? inherited.flatMap { $0.declaresDialect ? $0.dialect : nil } ?? DialectRules.declaredDialect(names)
    let result = ModelTraits(
      dialect: named ?? .jsoncast, declaresDialect: named != nil,
      usesSnakeCase: DialectRules.declaresSnakeCase(names) || inherited?.usesSnakeCase == true, inheritance: names)
    traits[model.index] = result
    return result
  }

  /// What a declaration names after its `:` (`SymbolTable.conformances`).
  func conformances(of name: String, declared inheritance: [TypeSyntax]) -> [String] {
    symbols.conformances(of: name, declared: inheritance)
  }

  /// Whether a declaration's conformances make it `Codable` (no other dialect's protocol first).
  func declaresCodable(_ name: String, _ inheritance: [TypeSyntax]) -> Bool {
    DialectRules.declaredDialect(conformances(of: name, declared: inheritance)) == .codable
  }

  private func superKey(of name: String) -> KeyPath? {
    guard superclassOf[name] != nil, let located = symbols.models[name] else { return nil }
    for syntax in located.syntax.directives {
      let (parsed, _) = DirectiveParser.parse(syntax, file: located.file, source: files[located.file])
      for item in parsed {
        if case .superKey(let key) = item.directive,
          case .success(let paths) = KeySpec.parse(key, verbatim: true), let first = paths.first
        {
          return first
        }
      }
    }
    return nil
  }

  private mutating func flatten(_ model: LocatedModel) -> [Property] {
    let name = model.name
    // Without a superclass there is nothing to merge (own properties have distinct names
    // already), nor anything worth remembering.
    guard let superclass = superclassOf[model.syntax.name.text].flatMap({ symbols.models[$0] }) else {
      return ownProperties[model.index]
    }
    if let done = flattened[name] { return done }
    let prefix = superKey(of: model.syntax.name.text)
    // A Codable class's synthesized coding knows only its own properties when its superclass is
    // not Codable (it calls `super.init()`): what it inherits is neither decoded nor encoded.
    let codesInherited = traits(of: model).dialect != .codable || traits(of: superclass).declaresDialect
    var result = flatten(superclass).map { property in
      var copy = property
      if let prefix { copy.keys = copy.keys.map { $0.prefixed(by: prefix) } }
      if !codesInherited, copy.usage == .normal { ignore(&copy) }
      return copy
    }
    let inheritedCount = result.count
    let own = ownProperties[model.index]
    for property in own {
      if let clash = result.first(where: { $0.name == property.name }) {
        diagnostics.append(
          Diagnostic(
            SchemaMessages.duplicateProperty(property.name, name), at: property.range,
            notes: [DiagnosticNote("inherited from '\(clash.declaredIn)', declared here", at: clash.range)]))
        continue
      }
      result.append(property)
    }
    if traits(of: model).dialect == .convertible {
      applyInheritedConfig(to: &result, inheritedCount: inheritedCount, of: model, superclass: superclass, prefix: prefix)
    }
    flattened[name] = result
    return result
  }

  /// Convertible's configuration is a set of instance properties, which a subclass inherits and
  /// may override list by list, and which apply to every property the instance has: the
  /// subclass's own lists to what it inherits, and the nearest superclass's lists to what the
  /// subclass declares where it declares none of its own.
  private mutating func applyInheritedConfig(
    to properties: inout [Property], inheritedCount: Int, of model: LocatedModel, superclass: LocatedModel, prefix: KeyPath?
  ) {
    let own = convertibleConfigs[model.index] ?? ConvertibleConfig()
    let inherited = effectiveConfig(of: superclass)
    let config = own.overriding(inherited)
    guard !config.ranges.isEmpty else { return }
    // NB: a class's lists also name what its subclasses declare: those are checked once every
    // model is flattened (`checkListsOfSuperclasses`).
    if !own.ranges.isEmpty, !hasSubclasses(model) { checkConfigNames(own, against: Set(properties.map(\.name))) }
    // A key recomputed for a list keeps the snake_case rule the class follows.
    let snakeCase = traits(of: model).usesSnakeCase
    // The lists a property's own lowering did not apply: the subclass's, to what it inherits;
    // the superclass's it does not override, to its own.
    let forInherited = Set(own.ranges.keys)
    let forOwn = Set(inherited.ranges.keys).subtracting(forInherited)
    for index in properties.indices {
      let lists = index < inheritedCount ? forInherited : forOwn
      let name = properties[index].name
      // The subclass's ignoredKeys replaces the superclass's: what that list alone ignored is read
      // again (a property keyed by a directive, whose key ignoring dropped, stays ignored).
      var restored = false
      if lists.contains("ignoredKeys"), properties[index].ignoredByKeyList, !config.ignoredKeys.contains(name),
        properties[index].keySource == .propertyName || properties[index].keySource == .keyMapping
      {
        properties[index].usage = .normal
        properties[index].ignoredByKeyList = false
        restored = true
      }
      guard !lists.isEmpty, properties[index].usage == .normal else { continue }
      if lists.contains("ignoredKeys"), config.ignoredKeys.contains(name) {
        ignore(&properties[index])
        properties[index].ignoredByKeyList = true
        continue
      }
      // The key again, as the property's lowering makes it (a mapping overridden without this
      // property's entry leaves it its own name), under the superclass key of what it inherits.
      if lists.contains("keyMapping") || restored,
        [.propertyName, .keyMapping, .snakeCase].contains(properties[index].keySource)
      {
        properties[index].keys = []
        properties[index].keySource = .propertyName
        computeKeys(&properties[index], snakeCase: snakeCase, dialect: .convertible, config: config, file: properties[index].range.file)
        if index < inheritedCount, let prefix { properties[index].keys = properties[index].keys.map { $0.prefixed(by: prefix) } }
      }
      if lists.contains("requiredKeys") || lists.contains("optionalKeys") || restored {
        properties[index].isRequired = Self.isRequired(properties[index], dialect: .convertible, config: config)
      }
    }
  }

  /// Whether a class is the superclass of another.
  func hasSubclasses(_ model: LocatedModel) -> Bool {
    superclassOf.values.contains(model.syntax.name.text)
  }

  /// Convertible's lists are instance properties, which a subclass inherits: a class's own lists
  /// may name what its subclasses declare, so they are checked against the names of the class's
  /// properties and of every class below it.
  mutating func checkListsOfSuperclasses(_ models: [Model]) {
    for located in symbols.modelDecls where hasSubclasses(located) {
      guard let config = convertibleConfigs[located.index] else { continue }
      let name = located.syntax.name.text
      var names: Set<String> = []
      for model in models where model.name == name || descends(model.name, from: name) {
        names.formUnion(model.properties.map(\.name))
      }
      checkConfigNames(config, against: names)
    }
  }

  /// Whether `model`'s superclass chain reaches `ancestor`.
  private func descends(_ model: String, from ancestor: String) -> Bool {
    var current = model
    // NB: bounded, whatever the superclass links hold.
    for _ in symbols.modelDecls.indices {
      guard let superclass = superclassOf[current] else { return false }
      if superclass == ancestor { return true }
      current = superclass
    }
    return false
  }

  /// The lists a Convertible model has: each its own, else its nearest superclass's.
  private func effectiveConfig(of model: LocatedModel) -> ConvertibleConfig {
    var config = convertibleConfigs[model.index] ?? ConvertibleConfig()
    var current = model
    // NB: bounded, whatever the superclass links hold.
    for _ in symbols.modelDecls.indices {
      guard let superclass = superclassOf[current.syntax.name.text].flatMap({ symbols.models[$0] }) else { break }
      config = config.overriding(convertibleConfigs[superclass.index] ?? ConvertibleConfig())
      current = superclass
    }
    return config
  }

  // MARK: - Key checks

  private mutating func checkKeys(_ model: Model) {
    var seen = FirstSeen<Int>(capacity: model.properties.count)
    // NB: through the buffer, whose elements are read in place: a `Property` copied whole (what
    // the array's subscript gives) is a dozen retains and releases.
    model.properties.withUnsafeBufferPointer { properties in
      for index in properties.indices {
        // NB: the stored field, not `isMapped`, which copies the whole property to ask.
        let usage = properties[index].usage
        guard usage == .normal || usage == .custom, let key = properties[index].keys.first else { continue }
        let description = key.isSimple ? key.components[0].key : key.description
        let text = options.caseInsensitiveKeys ? description.lowercased() : description
        if let firstIndex = seen.record(text, index) {
          let property = properties[index]
          let first = properties[firstIndex]
          // Report once, where the later declaration is, unless both are inherited.
          // Two `CodingKeys` cases whose own `stringValue` is one key (the same bytes; two keys
          // that meet only under `-i` are castctl's doing): swiftc compiles it, and JSONDecoder
          // reads both properties from that key (`ModelPlan.sharesKeys`), checked against it.
          // (Under `.convertFromSnakeCase` the CodingKey is theirs, and only `CodingKeys` give two one.)
          let shared =
            property.keySource == .codingKeys && first.keySource == .codingKeys && first.keys.first == key
            || property.codingKey != nil && property.codingKey == first.codingKey
          if !shared, property.declaredIn == model.name || first.declaredIn == model.name {
            diagnostics.append(
              Diagnostic(
                SchemaMessages.duplicateJSONKey(key.description, first.name, property.name), at: property.range,
                notes: [DiagnosticNote("'\(first.name)' declared here", at: first.range)]))
          }
        }
      }
    }
  }

  static func typeName(_ type: TypeSyntax) -> String {
    switch type {
    case .named(let name, _, _):
      QualifiedName.lastPart(of: name.text)
    case .optional(let wrapped, _), .implicitlyUnwrapped(let wrapped, _): typeName(wrapped)
    default: ""
    }
  }
}
