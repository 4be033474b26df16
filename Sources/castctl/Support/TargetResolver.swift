import ArgumentParser
import CastSchema
import CastValidate

/// Decides what a data command decodes with: `--type`, `--model`, or the one root model.
enum TargetResolver {
  static func resolve(_ options: DataOptions, registry: ModelRegistry, color: Bool) throws -> (ValidationTarget, String) {
    if let expression = options.typeExpression {
      let parsed = SchemaLoader.parseType(expression, in: registry)
      guard let type = parsed.type, !parsed.diagnostics.contains(where: { $0.severity == .error }) else {
        let renderer = DiagnosticRenderer(files: registry.files + [parsed.file], style: TextStyle(enabled: color))
        Terminal.writeError(renderer.render(parsed.diagnostics))
        throw ExitCode.usage
      }
      let full: TypeRef = parsed.optional ? .optional(type) : type
      return (.type(full), "type \(expression)")
    }
    if let name = options.model {
      guard registry.models[name] != nil else {
        let hint = registry.suggestModel(for: name).map { "; did you mean '\($0)'?" } ?? ""
        Terminal.writeError("castctl: error: no model named '\(name)'\(hint)\n")
        throw ExitCode.usage
      }
      return (.model(name), "model \(name)")
    }
    let roots = registry.rootModels
    guard roots.count == 1, let only = roots.first else {
      let candidates = roots.isEmpty ? Array(registry.models.keys) : roots
      if candidates.isEmpty {
        Terminal.writeError("castctl: error: the schema declares no models; use --type for a plain type\n")
      } else {
        Terminal.writeError(
          "castctl: error: choose a model with --model; candidates: \(candidates.joined(separator: ", "))\n")
      }
      throw ExitCode.usage
    }
    return (.model(only), "model \(only)")
  }
}
