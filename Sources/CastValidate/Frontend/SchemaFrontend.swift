import CastSchema

/// The one road from schema files to a validator that every command and the REPL take: load the
/// files into a registry with its diagnostics, choose the target, compile what it reaches.
/// Nothing here prints or exits; callers render the values and map them to exit codes.
package struct SchemaFrontend: Sendable {
  package let registry: ModelRegistry
  package let diagnostics: [Diagnostic]

  /// True when any diagnostic is an error.
  package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// Loads files already read; with `werror` every warning is an error (a misspelt directive
  /// then fails a build).
  package init(files: [SourceFile], options: RegistryOptions, werror: Bool = false) {
    var (registry, diagnostics) = Self.load(files, options: options)
    if werror {
      for index in diagnostics.indices where diagnostics[index].severity == .warning { diagnostics[index].severity = .error }
    }
    self.init(registry: registry, diagnostics: diagnostics)
  }

  /// The files' models and every diagnostic: the loader's, and the engine's on defaults their
  /// own checks refuse (`DefaultCheck`), in file and position order.
  package static func load(_ files: [SourceFile], options: RegistryOptions) -> (ModelRegistry, [Diagnostic]) {
    let (registry, diagnostics) = SchemaLoader.load(files, options: options)
    guard !diagnostics.contains(where: { $0.severity == .error }) else { return (registry, diagnostics) }
    let defaults = DefaultCheck.diagnostics(in: registry)
    return (registry, defaults.isEmpty ? diagnostics : SchemaLoader.sorted(diagnostics + defaults))
  }

  /// A registry already built (the REPL keeps its own, rebuilt on `:load` and `:set`).
  package init(registry: ModelRegistry, diagnostics: [Diagnostic] = []) {
    self.registry = registry
    self.diagnostics = diagnostics
  }

  /// Reads every path that can be read: the files, and the errors of those that could not be.
  package static func read(_ paths: [String]) -> (files: [SourceFile], unreadable: [SourceReadError]) {
    var files: [SourceFile] = []
    var unreadable: [SourceReadError] = []
    for path in paths {
      do {
        files.append(try SourceFile.read(path: path))
      } catch {
        unreadable.append(error)
      }
    }
    return (files, unreadable)
  }

  /// The diagnostics at `minimum` or above, as text.
  package func renderDiagnostics(style: TextStyle, minimum: Severity = .note) -> String {
    DiagnosticRenderer(files: registry.files, style: style).render(diagnostics.filter { $0.severity >= minimum })
  }

  /// The compiled plans of what `target` reaches, the same set for every command: a large
  /// schema's other models cost nothing. A generic model's specialization the target names
  /// (`Page<User>`) is lowered first.
  package func compile(_ target: ValidationTarget, options: ValidationOptions) -> CompiledSchema {
    CompiledSchema(registry: registry.including(target.rootType), options: options, target: target)
  }
}
