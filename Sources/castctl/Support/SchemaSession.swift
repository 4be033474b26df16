import ArgumentParser
import CastSchema

/// Loads schema files for a command: reads them (exit 66 when one can't be read), builds the
/// registry and renders its diagnostics.
struct SchemaSession {
  let registry: ModelRegistry
  let diagnostics: [Diagnostic]

  /// True when any diagnostic is an error.
  var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// Reads and loads `paths`; when a file cannot be read prints why (for every such file) and
  /// throws exit 66.
  static func load(_ paths: [String], options: GeneratorOptions) throws -> SchemaSession {
    let (files, unreadable) = read(paths)
    if !unreadable.isEmpty { throw ExitCode.unreadableInput }
    return load(files, options: options)
  }

  /// Reads every file of `paths` that can be read, printing why for each one that cannot; the
  /// files read, and the errors of those that could not be.
  static func read(_ paths: [String]) -> (files: [SourceFile], unreadable: [SourceReadError]) {
    var files: [SourceFile] = []
    var unreadable: [SourceReadError] = []
    for path in paths {
      do {
        files.append(try SourceFile.read(path: path))
      } catch {
        Terminal.writeError("castctl: error: cannot read schema \(error)\n")
        unreadable.append(error)
      }
    }
    return (files, unreadable)
  }

  /// Loads files already read; with `--werror` every warning is an error (a misspelt directive
  /// then fails a build).
  static func load(_ files: [SourceFile], options: GeneratorOptions) -> SchemaSession {
    var (registry, diagnostics) = SchemaLoader.load(files, options: options.registryOptions)
    if options.werror {
      for index in diagnostics.indices where diagnostics[index].severity == .warning { diagnostics[index].severity = .error }
    }
    return SchemaSession(registry: registry, diagnostics: diagnostics)
  }

  /// Diagnostics as text.
  func renderDiagnostics(color: Bool, minimum: Severity = .note) -> String {
    DiagnosticRenderer(files: registry.files, style: TextStyle(enabled: color))
      .render(diagnostics.filter { $0.severity >= minimum })
  }
}
