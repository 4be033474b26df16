/// Resolves written types against the symbol table: scalars, collections, models, enums and
/// typealiases (with cycle detection).
struct TypeResolver {
  let symbols: SymbolTable
  private var aliasCache: [String: TypeRef] = [:]
  private var resolvingAliases: [String] = []
  /// Aliases in a reported cycle or too-long chain: they fail silently from then on.
  private var failedAliases: Set<String> = []
  private var reported: Set<Diagnostic> = []
  private(set) var diagnostics: [Diagnostic] = []
  /// While a generic model is lowered: what its parameters stand for (`T` → `User`).
  var parameters: [String: TypeRef] = [:]
  /// How deep the specialization being lowered is: 0 outside one, 1 for one a declared model
  /// or a use site asked for.
  var specializationDepth = 0
  /// Whether the depth limit and `maxSpecializations` have been reported.
  private var reportedSpecializationLimit = (depth: false, count: false)
  /// A template is lowered only to check it: the specializations it names are not wanted.
  var isCheckingTemplate = false
  /// The model whose properties (or the enum whose associated values) are being lowered, if
  /// any: where a nested type's name is looked up from, and no example argument for a generic
  /// model it uses.
  var loweringModel: String?
  /// Each class's superclass, once linked: a nested type a class inherits is in its scope.
  var superclassOf: [String: String] = [:]
  /// The model being lowered is read in the codable dialect, where a dictionary may be keyed by
  /// any scalar, model, array or set (Swift asks `Hashable` of it): keyed by anything but `String`,
  /// `Int` or a `CodingKeyRepresentable` enum it is key-value pairs.
  var anyCodableKey = false
  /// Specializations named and not yet lowered, in the order they were first named.
  var pendingSpecializations: [Specialization] = []
  /// Every specialization named so far, lowered or pending.
  private var specializationNames: Set<String> = []

  init(symbols: SymbolTable) {
    self.symbols = symbols
  }

  /// A property's type: the outer `?` / `!` become its optionality.
  mutating func resolveProperty(_ syntax: TypeSyntax, file: Int) -> (TypeRef, Optionality)? {
    switch syntax {
    case .optional(let wrapped, let range):
      return resolveProperty(wrapped, suffix: TypeSuffixSyntax(isImplicitlyUnwrapped: false, range: range), file: file)
    case .implicitlyUnwrapped(let wrapped, let range):
      return resolveProperty(wrapped, suffix: TypeSuffixSyntax(isImplicitlyUnwrapped: true, range: range), file: file)
    default:
      return resolveProperty(syntax, suffix: nil, file: file)
    }
  }

  /// A property's type as the parser keeps it: what the outermost `?` / `!` wraps, and that suffix.
  mutating func resolveProperty(_ syntax: TypeSyntax, suffix: TypeSuffixSyntax?, file: Int) -> (TypeRef, Optionality)? {
    if let suffix {
      return resolve(syntax, file: file).map { ($0.unwrapped, Self.optionality(suffix)) }
    }
    guard let type = resolve(syntax, file: file) else { return nil }
    // `typealias MaybeInt = Int?` used as a property type is an optional property.
    if case .optional(let wrapped) = type { return (wrapped.unwrapped, .optional) }
    return (type, .none)
  }

  /// A property's type kept as a plain name (`PropertyDeclSyntax.plainTypeName`), with its
  /// suffix: a scalar's spelling is matched as bytes, without a String or a `TypeSyntax`.
  mutating func resolvePlainProperty(
    _ name: Range<Int>, in source: SourceFile, suffix: TypeSuffixSyntax?, file: Int
  ) -> (TypeRef, Optionality)? {
    // NB: where a declaration hides a name, every name takes the general path, which knows that.
    let scalar =
      symbols.nested.shadowed.isEmpty
      ? source.bytes.withUnsafeBytes { ScalarType.spelled(UnsafeRawBufferPointer(rebasing: $0[name])) } : nil
    guard let scalar else {
      return resolveProperty(.plainName(at: name, in: source), suffix: suffix, file: file)
    }
    return (.scalar(scalar), suffix.map(Self.optionality) ?? .none)
  }

  /// What a property's outermost `?` or `!` makes it.
  private static func optionality(_ suffix: TypeSuffixSyntax) -> Optionality {
    suffix.isImplicitlyUnwrapped ? .implicitlyUnwrapped : .optional
  }

  /// Any type; nil after reporting why it cannot be resolved.
  mutating func resolve(_ syntax: TypeSyntax, file: Int) -> TypeRef? {
    switch syntax {
    case .optional(let wrapped, _), .implicitlyUnwrapped(let wrapped, _):
      return resolve(wrapped, file: file).map { .optional($0) }
    case .array(let element, _):
      return resolve(element, file: file).map { .array($0) }
    default:
      return resolveInner(syntax, file: file)
    }
  }

  /// A type that is not an optional or an array of another.
  // NB: kept out of `resolve`, so that its frame stays small: within the nesting limit a type
  // may still wrap a few thousand `?` and `[…]` deep (every bracket level carries suffixes).
  @inline(never)
  private mutating func resolveInner(_ syntax: TypeSyntax, file: Int) -> TypeRef? {
    switch syntax {
    case .missing:
      return nil
    case .optional, .implicitlyUnwrapped, .array:
      return resolve(syntax, file: file)
    case .dictionary(let key, let value, _):
      guard let keyType = resolve(key, file: file), let valueType = resolve(value, file: file) else { return nil }
      return dictionary(key: keyType, value: valueType, keySyntax: key, file: file)
    case .named(let name, let arguments, let range):
      return resolveNamed(name, arguments: arguments, range: range, file: file)
    }
  }

  private mutating func resolveNamed(
    _ name: NameSyntax, arguments: [TypeSyntax], range: Range<Int>, file: Int
  ) -> TypeRef? {
    // Most types are plain names: only generic ones go through the generic spellings.
    if !arguments.isEmpty { return resolveGeneric(name, arguments: arguments, range: range, file: file) }
    // A generic parameter hides any type of its name, as in Swift.
    if !parameters.isEmpty, let bound = parameters[name.text] { return bound }
    // A declared type hides a built-in or outer one of its name (`NestedNames`); rarely any does.
    if !symbols.nested.shadowed.isEmpty, let declared = declaredType(name, file: file) { return declared }
    // NB: scalars first, the commonest; no scalar spelling is one of the names below.
    if let scalar = ScalarType.named(name.text) { return .scalar(scalar) }
    switch name.text {
    case "Any", "AnyObject", "AnyHashable", "JSONValue", "id": return .any
    case "NSDictionary", "NSMutableDictionary": return .anyObject
    case "NSArray", "NSMutableArray": return .anyArray
    default: break
    }
    let bare = QualifiedName.lastPart(of: name.text)
    if symbols.models[bare] != nil { return .model(bare) }
    if symbols.enums[bare] != nil { return .enumeration(bare) }
    if let alias = symbols.aliases[bare] { return resolveAlias(bare, alias, use: name, file: file) }
    if let type = symbols.aliasTypes[bare] { return type }
    if let generic = symbols.generics[bare] {
      reportArgumentCount(of: generic, given: 0, at: name.range, file: file)
      return nil
    }
    // The parser keeps a tuple or function type as its text: a known form, which JSON cannot map.
    if name.text.hasPrefix("(") {
      let reason = name.text.contains("->")
        ? "a function is not data" : "JSON has no tuples; declare a struct (or use an array)"
      report(SchemaMessages.unsupportedType(name.text, reason), at: name.range, file: file)
      return nil
    }
    var notes: [DiagnosticNote] = []
    if let nested = symbols.nested.qualified(bare) {
      notes.append(DiagnosticNote("only types nested in others have this name: \(nested.map { "'\($0)'" }.joined(separator: ", "))"))
    } else if let suggestion = NameSuggestion.closest(to: name.text, in: symbols.allTypeNames) {
      notes.append(DiagnosticNote("did you mean '\(suggestion)'?"))
    }
    report(SchemaMessages.unknownType(name.text), at: name.range, file: file, notes: notes)
    return nil
  }

  /// The declared type a name spelled with a shadowed last part stands for where it is written:
  /// inside `loweringModel`, then its superclasses, then each type around it, innermost first, as
  /// Swift looks it up; nil to look it up as any other name.
  private mutating func declaredType(_ name: NameSyntax, file: Int) -> TypeRef? {
    let text = name.text
    guard symbols.nested.shadowed.contains(QualifiedName.lastPart(of: text)),
      !text.hasPrefix("Swift."), !text.hasPrefix("Foundation.")
    else { return nil }
    var scope = loweringModel.map { symbols.nested.path(of: $0) }
    if let own = loweringModel, let path = scope {
      if let type = declared(path + "." + text, use: name, file: file) { return type }
      var superclass = superclassOf[own]
      // NB: chains are cut at 100 classes (`RegistryBuilder.inheritanceLimit`); cycles are cut too.
      for _ in 0..<100 {
        guard let current = superclass else { break }
        if let type = declared(symbols.nested.path(of: current) + "." + text, use: name, file: file) { return type }
        superclass = superclassOf[current]
      }
      scope = Self.enclosing(path)
    }
    while true {
      let candidate = scope.map { $0 + "." + text } ?? text
      if let type = declared(candidate, use: name, file: file) { return type }
      guard let outer = scope else { break }
      scope = Self.enclosing(outer)
    }
    return QualifiedName.hasDot(text) ? declared(QualifiedName.lastPart(of: text), use: name, file: file) : nil
  }

  /// The path of the type around the one at `path` (`A.B` of `A.B.C`); nil at top level.
  private static func enclosing(_ path: String) -> String? {
    path.lastIndex(of: ".").map { String(path[..<$0]) }
  }

  /// A model, enum or typealias registered under exactly `registered`.
  private mutating func declared(_ registered: String, use: NameSyntax, file: Int) -> TypeRef? {
    if symbols.models[registered] != nil { return .model(registered) }
    if symbols.enums[registered] != nil { return .enumeration(registered) }
    if let alias = symbols.aliases[registered] { return resolveAlias(registered, alias, use: use, file: file) }
    return symbols.aliasTypes[registered]
  }

  /// `Array<T>`, `Set<T>`, `Optional<T>`, `Dictionary<K, V>`: nil after a report (or after an
  /// argument failed to resolve).
  private mutating func resolveGeneric(
    _ name: NameSyntax, arguments: [TypeSyntax], range: Range<Int>, file: Int
  ) -> TypeRef? {
    let resolvedArguments = arguments.map { resolve($0, file: file) }
    if resolvedArguments.contains(where: { $0 == nil }) { return nil }
    let args = resolvedArguments.compactMap { $0 }
    let bare = QualifiedName.lastPart(of: name.text)
    if let generic = symbols.generics[bare] {
      return specialize(generic, arguments: args, range: range, file: file)
    }
    if let alias = symbols.aliases[bare], alias.syntax.isGeneric {
      return resolveAlias(bare, alias, arguments: args, use: name, range: range, file: file)
    }
    // NB: `Swift.Optional<Int>` is `Optional<Int>`, as `Swift.Int` is `Int` (`ScalarType.named`).
    let spelled = name.text.hasPrefix("Swift.") || name.text.hasPrefix("Foundation.") ? QualifiedName.lastPart(of: name.text) : name.text
    switch (spelled, args.count) {
    case ("Array", 1), ("NSArray", 1), ("ContiguousArray", 1): return .array(args[0])
    case ("Set", 1), ("NSSet", 1):
      if let part = unhashablePart(of: arguments[0]) {
        report(SchemaMessages.unhashable(part.name, "a Set's element", part.why), at: arguments[0].range, file: file)
        return nil
      }
      return .set(args[0])
    case ("Optional", 1), ("ImplicitlyUnwrappedOptional", 1): return .optional(args[0])
    case ("Dictionary", 2):
      return dictionary(key: args[0], value: args[1], keySyntax: arguments[0], file: file)
    default:
      report(SchemaMessages.unsupportedType(name.text, "unexpected generic arguments"), at: range, file: file)
      return nil
    }
  }

  /// The most specializations one schema may name: each is a model, and a generic model that
  /// names itself with two growing arguments (`Box<[T]>` and `Box<[String: T]>` in `Box<T>`)
  /// would name 2^100 within the depth limit.
  static let maxSpecializations = 10_000

  /// `Page<User>`: the model the generic one is with its parameters substituted, named as Swift
  /// spells it; it is lowered (`RegistryBuilder.lowerPendingSpecializations`) after this.
  private mutating func specialize(
    _ generic: LocatedModel, arguments: [TypeRef], range: Range<Int>, file: Int
  ) -> TypeRef? {
    let parameters = generic.syntax.genericParameters
    // NB: a pack takes any number of types, whose properties are tuples of them: no model.
    if let pack = generic.syntax.parameterPacks.first {
      report(
        SchemaMessages.unsupportedType(
          generic.syntax.name.text, "its parameter pack 'each \(pack.text)' takes any number of types, which castctl cannot specialize"),
        at: range, file: file)
      return nil
    }
    guard arguments.count == parameters.count else {
      reportArgumentCount(of: generic, given: arguments.count, at: range, file: file)
      return nil
    }
    let name = Specialization.name(generic.syntax.name.text, arguments: arguments)
    guard !isCheckingTemplate else { return .model(name) }
    if specializationNames.contains(name) { return .model(name) }
    // Each limit is reported once: every further use past it is the same mistake.
    guard specializationDepth < Parser.maxNesting else {
      if !reportedSpecializationLimit.depth {
        report(SchemaMessages.genericExpansionTooDeep(name, Parser.maxNesting), at: range, file: file)
        reportedSpecializationLimit.depth = true
      }
      return nil
    }
    guard specializationNames.count < Self.maxSpecializations else {
      if !reportedSpecializationLimit.count {
        report(SchemaMessages.tooManySpecializations(name, Self.maxSpecializations), at: range, file: file)
        reportedSpecializationLimit.count = true
      }
      return nil
    }
    specializationNames.insert(name)
    pendingSpecializations.append(
      Specialization(name: name, generic: generic.syntax.name.text, arguments: arguments, depth: specializationDepth + 1))
    return .model(name)
  }

  /// A generic model named with `given` type arguments where it takes another number.
  private mutating func reportArgumentCount(of generic: LocatedModel, given: Int, at range: Range<Int>, file: Int) {
    reportArgumentCount(generic.syntax.name.text, generic.syntax.genericParameters, given: given, at: range, file: file)
  }

  /// A generic model or typealias `name` of `parameters` named with `given` type arguments.
  private mutating func reportArgumentCount(_ name: String, _ parameters: [NameSyntax], given: Int, at range: Range<Int>, file: Int) {
    // The example puts a declared model in place of each parameter, as a user would (not the
    // model the use is in, which would then contain itself).
    let argument = symbols.modelOrder.first { $0 != loweringModel } ?? "String"
    let example = "\(name)<\(Array(repeating: argument, count: parameters.count).joined(separator: ", "))>"
    report(
      SchemaMessages.genericArguments(name, parameters: parameters.map(\.text), given: given, example: example),
      at: range, file: file)
  }

  /// Hands over the diagnostics reported so far; later ones start a new list.
  /// Forgets the diagnostics from `count` on (those of a declaration set aside, `NonModelTypes`).
  mutating func dropDiagnostics(from count: Int) {
    diagnostics.removeSubrange(count...)
  }

  mutating func takeDiagnostics() -> [Diagnostic] {
    defer { diagnostics = [] }
    return diagnostics
  }

  /// What an alias stands for where `use` names it; a generic one (`typealias PU<T> = Page<T>`)
  /// with its parameters standing for `arguments` (`PU<User>` is `Page<User>`), as in Swift,
  /// and a report where it has none or another number.
  private mutating func resolveAlias(
    _ name: String, _ alias: Located<TypealiasDeclSyntax>, arguments: [TypeRef] = [], use: NameSyntax, range: Range<Int>? = nil,
    file: Int
  ) -> TypeRef? {
    if alias.syntax.isGeneric || !arguments.isEmpty {
      guard arguments.count == alias.syntax.genericParameters.count else {
        reportArgumentCount(name, alias.syntax.genericParameters, given: arguments.count, at: range ?? use.range, file: file)
        return nil
      }
      // The alias's own parameters, and no others, are in scope in its type.
      let outer = parameters
      parameters = Dictionary(zip(alias.syntax.genericParameters.map(\.text), arguments)) { first, _ in first }
      defer { parameters = outer }
      return resolveAliasedType(name, alias, use: use, file: file)
    }
    // NB: an alias to a dictionary is resolved under the key rule of the model using it.
    let cacheKey = anyCodableKey ? "pairs:" + name : name
    if let cached = aliasCache[cacheKey] { return cached }
    let type = resolveAliasedType(name, alias, use: use, file: file)
    if let type { aliasCache[cacheKey] = type }
    return type
  }

  /// The type an alias is written as, resolved where it is declared, with cycles and overlong
  /// chains reported once.
  private mutating func resolveAliasedType(
    _ name: String, _ alias: Located<TypealiasDeclSyntax>, use: NameSyntax, file: Int
  ) -> TypeRef? {
    guard !failedAliases.contains(name) else { return nil }
    if let start = resolvingAliases.firstIndex(of: name) {
      // One report per cycle, where resolution entered it; its other aliases stay silent.
      let cycle = Array(resolvingAliases[start...]) + [name]
      failedAliases.formUnion(cycle)
      report(SchemaMessages.typealiasCycle(cycle), at: alias.syntax.name.range, file: alias.file)
      return nil
    }
    guard resolvingAliases.count < Parser.maxNesting else {
      failedAliases.formUnion(resolvingAliases)
      report(SchemaMessages.typealiasChainTooLong(name, Parser.maxNesting), at: use.range, file: file)
      return nil
    }
    resolvingAliases.append(name)
    defer { resolvingAliases.removeLast() }
    return resolve(alias.syntax.type, file: alias.file)
  }

  private mutating func dictionary(key: TypeRef, value: TypeRef, keySyntax: TypeSyntax, file: Int) -> TypeRef? {
    if let part = unhashablePart(of: keySyntax) {
      report(SchemaMessages.unhashable(part.name, "a dictionary's key", part.why), at: keySyntax.range, file: file)
      return nil
    }
    switch key {
    case .scalar(let scalar) where scalar == .string || scalar.isInteger || scalar == .character:
      break
    case .enumeration, .any:
      break
    case .scalar where anyCodableKey, .model where anyCodableKey, .array where anyCodableKey, .set where anyCodableKey:
      break
    default:
      let keys = anyCodableKey
        ? "castctl reads Codable dictionaries keyed by a scalar, an enum, a model, an array or a set"
        : "castctl reads dictionaries keyed by String, an integer type or an enum"
      report(SchemaMessages.unsupportedType("\(key)", keys), at: keySyntax.range, file: file)
      return nil
    }
    if key == .scalar(.string), value == .any { return .dictionary(key: key, value: .any) }
    return .dictionary(key: key, value: value)
  }

  private mutating func report(
    _ message: DiagnosticMessage, at range: Range<Int>, file: Int, notes: [DiagnosticNote] = []
  ) {
    let diagnostic = Diagnostic(message, at: SourceRange(file: file, bytes: range), notes: notes)
    if reported.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
  }
}
