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
  static func load(_ paths: [String], options: RegistryOptions) throws -> SchemaSession {
    let (files, unreadable) = read(paths)
    if unreadable > 0 { throw ExitCode.unreadableInput }
    return load(files, options: options)
  }

  /// Reads every file of `paths` that can be read, printing why for each one that cannot; the
  /// files read, and how many could not be.
  static func read(_ paths: [String]) -> (files: [SourceFile], unreadable: Int) {
    var files: [SourceFile] = []
    var unreadable = 0
    for path in paths {
      do {
        files.append(try SourceFile.read(path: path))
      } catch {
        Terminal.writeError("castctl: error: cannot read schema \(error)\n")
        unreadable += 1
      }
    }
    return (files, unreadable)
  }

  /// Loads files already read.
  static func load(_ files: [SourceFile], options: RegistryOptions) -> SchemaSession {
    let (registry, diagnostics) = SchemaLoader.load(files, options: options)
    return SchemaSession(registry: registry, diagnostics: diagnostics)
  }

  /// Diagnostics as text.
  func renderDiagnostics(color: Bool, minimum: Severity = .note) -> String {
    DiagnosticRenderer(files: registry.files, style: TextStyle(enabled: color))
      .render(diagnostics.filter { $0.severity >= minimum })
  }
}
