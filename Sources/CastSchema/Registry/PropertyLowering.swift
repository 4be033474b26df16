/// Turns a model's own property declarations into resolved `Property` values: type, default,
/// directives, JSON keys and requirement.
extension RegistryBuilder {
  /// Lowers a model's own properties; `evaluator` reads their defaults (one for every model: it
  /// holds the symbol tables, which copied per model cost a retain and a release each).
  mutating func lowerOwnProperties(of located: LocatedModel, evaluator shared: DefaultEvaluator) {
    let name = located.name
    let decl = located.syntax
    resolver.loweringModel = decl.name.text
    defer { resolver.loweringModel = nil }
    // A constructed default (`= Address()`) names its type from inside the model too.
    var evaluator = shared
    if !symbols.nested.shadowed.isEmpty { evaluator.scope = decl.name.text }
    let file = located.file
    let traits = traits(of: located)
    let dialect = traits.dialect
    resolver.anyCodableKey = dialect == .codable
    defer { resolver.anyCodableKey = false }
    let snake = traits.usesSnakeCase
    let config = dialect == .convertible ? convertibleConfig(decl, file: file, evaluator: evaluator) : ConvertibleConfig()
    lowerModelDirectives(decl, file: file)

    let tree = trees[file]
    let source = files[file]
    let rows = tree.properties(of: decl)
    // The synthesized conformance never reads nor writes a property its `CodingKeys` leave out
    // (it must have an initial value): a closure or a formatter there is no data, and no error.
    let codingKeyNames = dialect == .codable ? codingKeys(of: decl).map { Set($0.cases.map(\.name.text)) } : nil
    let observation = dialect == .codable ? ObservationMacro(decl) : nil
    var properties: [Property] = []
    var seen = FirstSeen<Range<Int>>(capacity: rows.count)
    properties.reserveCapacity(rows.count)
    // NB: each property is finished where it is stored: a `Property` copied whole is a handful
    // of retains and releases, thousands of times over in a large schema.
    for row in rows where !row.isComputed && !row.nameRange.isEmpty {
      let propertyName = observation?.storedName(of: source.name(at: row.nameRange), isLet: row.isLet) ?? source.name(at: row.nameRange)
      let range = SourceRange(file: file, bytes: row.nameRange)
      if let first = seen.record(propertyName, row.nameRange) {
        diagnostics.append(
          Diagnostic(
            SchemaMessages.duplicateProperty(propertyName, name), at: range,
            notes: [DiagnosticNote("first declared here", at: SourceRange(file: file, bytes: first))]))
        continue
      }
      // NB: after the duplicate check: a data property named as one of these is declared twice.
      if dialect == .convertible, ConvertibleConfig.propertyNames.contains(propertyName) { continue }
      let mark = diagnosticMark
      guard
        let (type, optionality, defaultValue) = resolveTypeAndDefault(
          NameSyntax(text: propertyName, range: row.nameRange), of: row, in: tree, source: source, file: file,
          evaluator: evaluator, defaultIsUsed: dialect != .codable || row.isLet, writtenOnly: dialect == .codable && row.isLet)
      else {
        if let codingKeyNames, !codingKeyNames.contains(propertyName),
          row.defaultValueIndex != nil || (!row.isLet && row.typeSuffix != nil)
        {
          diagnostics.removeSubrange(mark.own...)
          resolver.dropDiagnostics(from: mark.resolver)
        }
        continue
      }
      properties.append(
        Property(
          name: propertyName, declaredIn: name, range: range, defaultValue: defaultValue, keys: [], checks: [],
          dateFormat: DialectRules.defaultDateFormat(dialect, options: options), type: type, optionality: optionality, isRequired: false,
          keySource: .propertyName,
          usage: .normal, isLet: row.isLet, isImplicitlyNil: !row.isLet && row.typeSuffix != nil))
      if dialect == .codable, row.typeSuffix == nil, isOptionalParameter(tree.baseType(of: row, in: source)) {
        properties[properties.count - 1].nilIsKeyed = true
      }
      applyDirectives(tree.directives(of: row), to: &properties[properties.count - 1], file: file, source: source)
      finish(&properties[properties.count - 1], dialect: dialect, snakeCase: snake, config: config, file: file)
    }
    if let observation, observation.isObservable {
      properties.append(observation.registrar(of: name, at: SourceRange(file: file, bytes: decl.name.range)))
      finish(&properties[properties.count - 1], dialect: dialect, snakeCase: snake, config: config, file: file)
    }
    if dialect == .codable { applyCodableRules(to: &properties, of: decl, file: file) }
    if !config.ranges.isEmpty {
      convertibleConfigs[located.index] = config
      // NB: a subclass's lists also name what it inherits, and a superclass's what its subclasses
      // declare: checked once they are flattened.
      if superclassOf[decl.name.text] == nil, !hasSubclasses(located) { checkConfigNames(config, against: Set(properties.map(\.name))) }
    }
    ownProperties[located.index] = properties
  }

  /// Usage, keys and requirement, once the directives are applied.
  private mutating func finish(
    _ property: inout Property, dialect: Dialect, snakeCase: Bool, config: ConvertibleConfig, file: Int
  ) {
    if !config.ignoredKeys.isEmpty, config.ignoredKeys.contains(property.name) {
      property.ignoredByKeyList = property.usage == .normal
      property.usage = .ignored
    }
    computeKeys(&property, snakeCase: snakeCase, dialect: dialect, config: config, file: file)
    // NB: a custom property's parser is user code castctl cannot run, so it can never be missing.
    if property.usage == .normal { property.isRequired = Self.isRequired(property, dialect: dialect, config: config) }
    if property.usage == .custom {
      diagnostics.append(Diagnostic(SchemaMessages.customProperty(property.name), at: property.range))
    }
  }

  /// Whether a normal property's absence fails the init: always for a Codable key a parameter
  /// filled with an optional keeps, else by the dialect's rule.
  static func isRequired(_ property: Property, dialect: Dialect, config: ConvertibleConfig) -> Bool {
    property.nilIsKeyed || DialectRules.isRequired(
      dialect: dialect, optionality: property.optionality, hasDefault: property.defaultValue != nil,
      name: property.name, config: config)
  }

  // MARK: - Type and default

  /// Whether a property's type (without a `?` or `!` of its own) is a generic parameter of the
  /// specialization being lowered that is filled with an optional (`T` of `Box<Int?>`).
  private func isOptionalParameter(_ type: TypeSyntax?) -> Bool {
    guard !resolver.parameters.isEmpty, case .named(let name, let arguments, _)? = type, arguments.isEmpty,
      case .optional? = resolver.parameters[name.text]
    else { return false }
    return true
  }

  /// `defaultIsUsed`: false for a Codable `var`, whose default the synthesized `init(from:)` never
  /// reads and `encode(to:)` never writes, so one castctl cannot evaluate needs no word.
  /// `writtenOnly`: a Codable `let`, never decoded and always encoded (`Policy.letWithValueWrittenOnly`),
  /// so one castctl cannot evaluate is a value JSONEncoder writes and castctl does not.
  private mutating func resolveTypeAndDefault(
    _ name: NameSyntax, of row: PropertyDeclSyntax, in tree: SourceFileSyntax, source: SourceFile, file: Int,
    evaluator: DefaultEvaluator, defaultIsUsed: Bool, writtenOnly: Bool = false
  ) -> (TypeRef, Optionality, DefaultValue?)? {
    let range = SourceRange(file: file, bytes: name.range)
    let defaultValue = tree.defaultValue(of: row)
    var type: TypeRef
    var optionality = Optionality.none
    if let plain = row.plainTypeName {
      guard let resolved = resolver.resolvePlainProperty(plain, in: source, suffix: row.typeSuffix, file: file)
      else { return nil }
      (type, optionality) = resolved
    } else if let typeSyntax = tree.baseType(of: row, in: source) {
      guard let resolved = resolver.resolveProperty(typeSyntax, suffix: row.typeSuffix, file: file) else { return nil }
      (type, optionality) = resolved
    } else {
      guard let expression = defaultValue else {
        diagnostics.append(Diagnostic(SchemaMessages.cannotInferType(name.text), at: range))
        return nil
      }
      let evaluated = evaluator.evaluate(expression, as: nil, optional: false)
      reportCollapsed(evaluator, name.text, file: file)
      switch evaluated {
      case .success(let (value, inferred)):
        return (inferred, .none, value)
      case .failure(.duplicateKey(let key, let repeated, let first)):
        reportDuplicate(SchemaMessages.duplicateDictionaryKey(name.text, key), at: repeated, first: first, file: file)
      case .failure(let failure):
        let literalType = evaluator.inferredType(of: expression)
        if case .unsupported = failure, let literalType {
          // Typed by its literal (`let id = "u-\(n)"` is a String), its value unknown.
          if defaultIsUsed {
            diagnostics.append(
              Diagnostic(
                SchemaMessages.unsupportedDefault(name.text, writtenOnly: writtenOnly ? source.text(expression.range) : nil),
                at: SourceRange(file: file, bytes: expression.range)))
          }
          return (literalType, .none, .opaque(source.text(expression.range)))
        }
        // A literal has the type Swift gives it, which its value may not fit (`var f = 1e400`,
        // `var xs = [1, 1e400]`).
        if case .mismatch(let reason) = failure, let literalType {
          diagnostics.append(
            Diagnostic(
              SchemaMessages.defaultTypeMismatch(name.text, "\(literalType)", reason),
              at: SourceRange(file: file, bytes: expression.range)))
          return nil
        }
        if case .unsupported = expression {
          diagnostics.append(Diagnostic(SchemaMessages.unsupportedDefault(name.text), at: range))
        }
        diagnostics.append(Diagnostic(SchemaMessages.cannotInferType(name.text), at: range))
      }
      return nil
    }
    guard let expression = defaultValue else { return (type, optionality, nil) }
    let declared = optionality == .none ? type : TypeRef.optional(type)
    let evaluated = evaluator.evaluate(expression, as: declared, optional: optionality != .none)
    reportCollapsed(evaluator, name.text, file: file)
    switch evaluated {
    case .success(let (value, _)):
      return (type, optionality, value)
    case .failure(.unsupported):
      if defaultIsUsed {
        diagnostics.append(
          Diagnostic(
            SchemaMessages.unsupportedDefault(name.text, writtenOnly: writtenOnly ? source.text(expression.range) : nil),
            at: SourceRange(file: file, bytes: expression.range)))
      }
      return (type, optionality, .opaque(source.text(expression.range)))
    case .failure(.cannotInfer):
      diagnostics.append(Diagnostic(SchemaMessages.cannotInferType(name.text), at: range))
      return (type, optionality, nil)
    case .failure(.duplicateKey(let key, let repeated, let first)):
      reportDuplicate(SchemaMessages.duplicateDictionaryKey(name.text, key), at: repeated, first: first, file: file)
      return (type, optionality, nil)
    case .failure(.mismatch(let reason)):
      let shown = optionality == .none ? "\(type)" : "\(type)\(optionality == .optional ? "?" : "!")"
      diagnostics.append(
        Diagnostic(
          SchemaMessages.defaultTypeMismatch(name.text, shown, reason),
          at: SourceRange(file: file, bytes: expression.range)))
      return (type, optionality, nil)
    }
  }

  /// The repeated elements of the default's `Set` literals, which Swift keeps once: warnings.
  private mutating func reportCollapsed(_ evaluator: DefaultEvaluator, _ property: String, file: Int) {
    for element in evaluator.collapsed.take() {
      reportDuplicate(SchemaMessages.duplicateSetElement(property, element.text), at: element.at, first: element.first, file: file)
    }
  }

  /// A repeated dictionary key or `Set` element of a default, with the first one in a note.
  private mutating func reportDuplicate(
    _ message: DiagnosticMessage, at repeated: Range<Int>, first: Range<Int>, file: Int
  ) {
    diagnostics.append(
      Diagnostic(
        message, at: SourceRange(file: file, bytes: repeated),
        notes: [DiagnosticNote("first written here", at: SourceRange(file: file, bytes: first))]))
  }

  // MARK: - Directives

  private mutating func applyDirectives(
    _ directives: ArraySlice<DirectiveSyntax>, to property: inout Property, file: Int, source: SourceFile
  ) {
    for syntax in directives {
      // Nearly every directive of a large schema is a plain key: no list of one to build.
      if let plain = DirectiveParser.plainKey(syntax, in: source) {
        let paths = source.bytes.withUnsafeBytes {
          parsedKeys.parse(UnsafeRawBufferPointer(rebasing: $0[plain.key]), verbatim: plain.verbatim)
        }
        applyKey(
          paths, text: source.text(plain.key), verbatim: plain.verbatim, to: &property,
          at: SourceRange(file: file, bytes: plain.range))
        continue
      }
      let (parsed, problems) = DirectiveParser.parse(syntax, file: file, source: source)
      diagnostics += problems
      for item in parsed {
        let range = SourceRange(file: file, bytes: item.range)
        switch item.directive {
        case .key(let text, let verbatim):
          applyKey(parsedKeys.parse(text, verbatim: verbatim), text: text, verbatim: verbatim, to: &property, at: range)
        case .ignore: property.usage = .ignored
        case .ignoreJSON: property.usage = .skipJSON
        case .custom: property.usage = .custom
        case .check(let check):
          if let problem = Self.checkProblem(check, for: property.type) {
            diagnostics.append(Diagnostic(SchemaMessages.misplacedDirective(check.description, problem), at: range))
          } else if case .pattern(let pattern) = check, let problem = Pattern.problem(in: pattern) {
            diagnostics.append(
              Diagnostic(SchemaMessages.invalidPattern(pattern, problem.description), at: range, notes: [SchemaMessages.patternSubset]))
          } else {
            property.checks.append(check)
          }
        case .date(let format):
          if property.type.unwrapped == .scalar(.date) {
            property.dateFormat = format
          } else {
            diagnostics.append(
              Diagnostic(SchemaMessages.misplacedDirective("date", "'\(property.name)' is not a Date"), at: range))
          }
        case .superKey, .awake, .awakeFromRead, .initializer, .nscoding, .nolog:
          diagnostics.append(
            Diagnostic(
              SchemaMessages.misplacedDirective(
                source.text(item.range), "it applies to a model; write it on a line of its own in the body"),
              at: range))
        }
      }
    }
  }

  /// Sets the keys a key directive gave, or reports why its text (read only then) is no key.
  private mutating func applyKey(
    _ paths: Result<[KeyPath], KeySpecError>, text: @autoclosure () -> String, verbatim: Bool,
    to property: inout Property, at range: SourceRange
  ) {
    switch paths {
    case .success(let paths):
      // A key named twice is read once, at its first place: the repeat is dropped, with a warning.
      var distinct: [KeyPath] = []
      for path in paths {
        if distinct.contains(path) {
          diagnostics.append(Diagnostic(SchemaMessages.repeatedAlternative(path.description), at: range))
        } else {
          distinct.append(path)
        }
      }
      property.keys = distinct
      property.keySource = verbatim ? .verbatim : .directive
    case .failure(let error):
      diagnostics.append(Diagnostic(SchemaMessages.invalidKeyPath(text(), error.reason), at: range))
    }
  }

  static func checkProblem(_ check: Check, for type: TypeRef) -> String? {
    let base = type.unwrapped
    switch check {
    case .range(let lower, let upper, _):
      guard case .scalar(let scalar) = base, scalar.isNumeric else { return "ranges apply to numbers" }
      if let lower, let upper, let low = ExactDecimal(lower), let high = ExactDecimal(upper), high < low {
        return "the lower bound is above the upper bound"
      }
      return nil
    case .length(let lower, let upper):
      guard case .scalar(let scalar) = base, scalar == .string || scalar == .url else { return "length applies to strings" }
      return boundsProblem(lower, upper)
    case .count(let lower, let upper):
      switch base {
      case .array, .set, .dictionary, .anyArray, .anyObject: return boundsProblem(lower, upper)
      default: return "count applies to arrays, sets and dictionaries"
      }
    case .pattern:
      guard case .scalar(let scalar) = base, scalar == .string || scalar == .url else {
        return "patterns apply to strings"
      }
      return nil
    }
  }

  /// What is wrong with a length's or count's bounds, which no value could meet.
  private static func boundsProblem(_ lower: Int?, _ upper: Int?) -> String? {
    if let lower, lower < 0 { return "a length or count is never below 0" }
    if let upper, upper < 0 { return "a length or count is never below 0" }
    if let lower, let upper, upper < lower { return "the lower bound is above the upper bound" }
    return nil
  }

  private mutating func lowerModelDirectives(_ decl: ModelDeclSyntax, file: Int) {
    guard !decl.directives.isEmpty else { return }
    let source = files[file]
    for syntax in decl.directives {
      let (parsed, problems) = DirectiveParser.parse(syntax, file: file, source: source)
      diagnostics += problems
      for item in parsed {
        let range = SourceRange(file: file, bytes: item.range)
        switch item.directive {
        case .superKey(let key):
          if superclassOf[decl.name.text] == nil {
            diagnostics.append(
              Diagnostic(
                SchemaMessages.misplacedDirective("super \"\(key)\"", "'\(decl.name.text)' has no superclass model"),
                at: range))
          }
        case .awake: note(SchemaMessages.noModelCode("awake"), range)
        case .awakeFromRead: note(SchemaMessages.noModelCode("awakeFromRead"), range)
        case .initializer: note(SchemaMessages.noModelCode("init"), range)
        case .nscoding: note(SchemaMessages.noModelCode("nscoding"), range)
        case .nolog: note(SchemaMessages.noModelCode("nolog"), range)
        default:
          diagnostics.append(
            Diagnostic(
              SchemaMessages.misplacedDirective(
                source.text(item.range), "it applies to a property; write it on the property's line"),
              at: range))
        }
      }
    }
  }

  private mutating func note(_ message: DiagnosticMessage, _ range: SourceRange) {
    diagnostics.append(Diagnostic(message, at: range))
  }

  // MARK: - Keys

  mutating func computeKeys(
    _ property: inout Property, snakeCase: Bool, dialect: Dialect, config: ConvertibleConfig, file: Int
  ) {
    guard property.isMapped else {
      property.keys = []
      return
    }
    if property.keys.isEmpty {
      if let mapped = config.keyMapping[property.name] {
        property.keys = [KeyPath(key: mapped)]
        property.keySource = .keyMapping
      } else if snakeCase {
        let key = SnakeCase.jsonKey(for: property.name)
        property.keys = [KeyPath(key: key)]
        property.keySource = .snakeCase
        let back = SnakeCase.propertyName(for: key)
        // One warning per declaration, however many classes make its key again (a subclass's
        // `keyMapping` recomputes what it inherits, a superclass's what the subclass declares).
        if back != property.name, snakeCaseWarned.insert(property.range).inserted {
          diagnostics.append(
            Diagnostic(SchemaMessages.snakeCaseNotInvertible(property.name, key, back), at: property.range))
        }
        // JsonObject also matched the exact property name.
        if dialect == .jsonobject, key != property.name {
          property.keys.append(KeyPath(key: property.name))
        }
      } else {
        property.keys = [KeyPath(key: property.name)]
      }
    }
    if options.capitalizeKeys {
      property.keys = property.keys.map { $0.capitalized() }
    }
  }

  // MARK: - Convertible configuration

  private mutating func convertibleConfig(
    _ decl: ModelDeclSyntax, file: Int, evaluator: DefaultEvaluator
  ) -> ConvertibleConfig {
    var config = ConvertibleConfig()
    let tree = trees[file]
    let source = files[file]
    for property in tree.properties(of: decl) {
      let propertyName = source.name(at: property.nameRange)
      guard ConvertibleConfig.propertyNames.contains(propertyName), let expression = tree.defaultValue(of: property) else {
        continue
      }
      let range = SourceRange(file: file, bytes: expression.range)
      let evaluated = evaluator.evaluate(expression, as: nil, optional: false)
      // NB: the property's own lowering reports its default's repeated elements.
      _ = evaluator.collapsed.take()
      var read = false
      // NB: an empty literal has no type to infer, and is the empty list or mapping.
      let emptyLiteral: DefaultValue? =
        switch expression {
        case .array(let items, _) where items.isEmpty: .array([])
        case .dictionary(let items, _) where items.isEmpty: .object([])
        default: nil
        }
      if let value = emptyLiteral ?? (try? evaluated.get())?.0 {
        config.ranges[propertyName] = range
        switch (propertyName, value) {
        case ("keyMapping", .object(let members)):
          read = members.allSatisfy { if case .string = $0.value { true } else { false } }
          for member in members {
            if case .string(let key) = member.value { config.keyMapping[member.key] = key }
          }
        case ("ignoredKeys", .array(let items)):
          config.ignoredKeys = Set(Self.strings(items))
          read = Self.strings(items).count == items.count
        case ("requiredKeys", .array(let items)):
          config.requiredKeys = Self.strings(items)
          read = Self.strings(items).count == items.count
        case ("optionalKeys", .array(let items)):
          config.optionalKeys = Self.strings(items)
          read = Self.strings(items).count == items.count
        default: break
        }
      }
      // A value castctl cannot read as the list or mapping of names it must be would leave the
      // model read differently from what its author wrote, without a word.
      if !read {
        let shape = propertyName == "keyMapping" ? "a [String: String] literal" : "a [String] literal"
        diagnostics.append(
          Diagnostic(SchemaMessages.misplacedDirective(propertyName, "castctl reads only \(shape)"), at: range))
      }
    }
    return config
  }

  mutating func checkConfigNames(_ config: ConvertibleConfig, against names: Set<String>) {
    let lists: [(String, [String])] = [
      ("keyMapping", Array(config.keyMapping.keys)), ("ignoredKeys", Array(config.ignoredKeys)),
      ("requiredKeys", Array(config.requiredKeys ?? [])), ("optionalKeys", Array(config.optionalKeys ?? [])),
    ]
    for (list, entries) in lists {
      guard let range = config.ranges[list] else { continue }
      for entry in Set(entries).sorted() where !names.contains(entry) {
        let notes = NameSuggestion.closest(to: entry, in: names).map { [DiagnosticNote("did you mean '\($0)'?")] } ?? []
        diagnostics.append(
          Diagnostic(
            SchemaMessages.misplacedDirective("\(list) entry \"\(entry)\"", "no property of that name"),
            at: range, notes: notes))
      }
    }
  }

  private static func strings(_ values: [DefaultValue]) -> [String] {
    values.compactMap { if case .string(let text) = $0 { text } else { nil } }
  }
}
