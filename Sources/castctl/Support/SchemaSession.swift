import ArgumentParser
import CastSchema

/// Loads schema files for a command: reads them (exit 66 when one can't be read), builds the
/// registry and renders its diagnostics.
struct SchemaSession {
  let registry: ModelRegistry
  let diagnostics: [Diagnostic]

  /// True when any diagnostic is an error.
  var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// Reads and loads `paths`; on an unreadable file prints why and throws exit 66.
  static func load(_ paths: [String], options: RegistryOptions) throws -> SchemaSession {
    var files: [SourceFile] = []
    for path in paths {
      do {
        files.append(try SourceFile.read(path: path))
      } catch {
        Terminal.writeError("castctl: error: cannot read schema \(error)\n")
        throw ExitCode.unreadableInput
      }
    }
    let (registry, diagnostics) = SchemaLoader.load(files, options: options)
    return SchemaSession(registry: registry, diagnostics: diagnostics)
  }

  /// Diagnostics as text.
  func renderDiagnostics(color: Bool, minimum: Severity = .note) -> String {
    DiagnosticRenderer(files: registry.files, style: TextStyle(enabled: color))
      .render(diagnostics.filter { $0.severity >= minimum })
  }
}
