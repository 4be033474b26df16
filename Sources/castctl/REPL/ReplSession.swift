import CastSchema
import CastValidate

/// What a REPL session holds: the loaded files, the declarations typed at the prompt, the
/// registry built from both, the current model and the settings.
struct ReplSession {
  /// Settings changed with `:set`.
  struct Settings: Equatable {
    var strict = false
    var dialect: Dialect?
    var unknownKeys = UnknownKeyRule.ignore
    var keys = KeyStyle.json
    var capitalizeKeys = false
    var ignoreCase = false
    var nullEmpty = false
    /// `:set key-decoding`, `date-decoding`, `key-encoding`, `non-conforming-floats`: as the
    /// options of those names; one not set is left to the files' strategy lines.
    var strategies = CodableStrategies()
    /// `--werror`: a warning about the declarations stops a load as an error does.
    var werror = false

    /// Each setting `:set` knows and the values it takes, as its error message lists them; a
    /// value that ends in an upper-case placeholder (`formatted:PATTERN`) is completed up to it
    /// (`completion(of:)`).
    static let choices: [(name: String, values: [String])] = [
      ("strict", ["on", "off"]),
      ("dialect", Dialect.allCases.map(\.rawValue) + ["auto"]),
      ("unknown", UnknownKeyRule.allCases.map(\.rawValue)),
      ("keys", KeyStyle.allCases.map(\.rawValue)),
      ("flags", ["-c", "-i", "-n"]),
      ("key-decoding", CodableKeyDecoding.allCases.map(\.rawValue)),
      ("date-decoding", ["deferred-to-date", "seconds-since-1970", "milliseconds-since-1970", "iso8601", "formatted:PATTERN"]),
      ("key-encoding", CodableKeyEncoding.allCases.map(\.rawValue)),
      ("non-conforming-floats", ["throw", "+inf,-inf,nan"]),
    ]

    /// What TAB inserts for a value of `choices`: a template's text before its placeholder
    /// (`formatted:`, the user types the pattern), any other value whole.
    static func completion(of value: String) -> (text: String, isTemplate: Bool) {
      let placeholder = value.reversed().prefix { $0.isUppercase }
      guard !placeholder.isEmpty, placeholder.count < value.count, value.dropLast(placeholder.count).last == ":" else {
        return (value, false)
      }
      return (String(value.dropLast(placeholder.count)), true)
    }

    /// The settings `castctl repl`'s options start with.
    init(_ generator: GeneratorOptions, strict: Bool) {
      self.strict = strict
      dialect = generator.dialect
      capitalizeKeys = generator.capitalizeKeys
      ignoreCase = generator.ignoreCase
      nullEmpty = generator.nullEmpty
      werror = generator.werror
      strategies = generator.strategies
    }

    init() {}

    var registryOptions: RegistryOptions {
      strategies.applied(
        to: RegistryOptions(
          capitalizeKeys: capitalizeKeys, caseInsensitiveKeys: ignoreCase, emptyStringIsAbsent: nullEmpty, dialect: dialect))
    }

    var validationOptions: ValidationOptions {
      ValidationOptions(strict: strict, unknownKeys: unknownKeys)
    }
  }

  private(set) var files: [SourceFile] = []
  /// Declarations typed at the prompt, by name, in the order typed.
  private(set) var typed: [(names: [String], text: String)] = []
  private(set) var registry = ModelRegistry.empty
  /// What building `registry` reported (its warnings and notes: a registry with errors is not
  /// adopted), so that a rebuild can tell which of its warnings are new.
  private(set) var diagnostics: [Diagnostic] = []
  /// The model bare JSON is validated against.
  var currentModel: String?
  var settings = Settings()

  /// The registry the session would have with these files and declarations, or the diagnostics
  /// that stop it (errors); nothing changes until `adopt` is called.
  func build(files: [SourceFile], typed: [(names: [String], text: String)]) -> (ModelRegistry, [Diagnostic]) {
    // NB: the typed declarations come first so that, for a name also declared in a file, the
    // typed one wins; the file's declaration is then reported as a duplicate, which we drop.
    // Each typed input is a file of its own, so its line numbers are the ones the user typed.
    let replFiles = typed.map { SourceFile(path: "<repl>", text: $0.text) }
    let frontend = SchemaFrontend(files: replFiles + files, options: settings.registryOptions, werror: settings.werror)
    let (registry, diagnostics) = (frontend.registry, frontend.diagnostics)
    let typedNames = Set(typed.flatMap(\.names))
    let kept = diagnostics.filter { diagnostic in
      !(diagnostic.code == "duplicate-model" && diagnostic.range.file >= typed.count
        && typedNames.contains(where: { diagnostic.message.contains("'\($0)'") }))
    }
    return (registry, kept)
  }

  /// Takes a new state (after a successful build).
  mutating func adopt(files: [SourceFile], typed: [(names: [String], text: String)], registry: ModelRegistry, diagnostics: [Diagnostic]) {
    self.files = files
    self.typed = typed
    self.registry = registry
    self.diagnostics = diagnostics
    if let current = currentModel, registry.models[current] == nil { currentModel = nil }
    if currentModel == nil, let only = registry.rootModels.first, registry.rootModels.count == 1 {
      currentModel = only
    }
  }

  /// Rebuilds with the current files and declarations (after `:set` changed a flag).
  mutating func rebuild() -> [Diagnostic] {
    let (registry, diagnostics) = build(files: files, typed: typed)
    if !diagnostics.contains(where: { $0.severity == .error }) {
      adopt(files: files, typed: typed, registry: registry, diagnostics: diagnostics)
    }
    return diagnostics
  }

  /// Everything back to the start.
  mutating func reset() {
    self = ReplSession()
  }

  /// The compiled schema for a data command, through the front end the commands use: the
  /// same models compiled for the same target.
  func compiled(for target: ValidationTarget, maxDepth: Int? = nil) -> CompiledSchema {
    var options = settings.validationOptions
    if let maxDepth { options.maxDepth = maxDepth }
    return SchemaFrontend(registry: registry).compile(target, options: options)
  }
}
