import ArgumentParser
import CastSchema
import CastValidate

/// `infer --seed FILE`: the seed model loaded, and the root model to widen chosen.
struct InferSeed {
  let path: String
  let registry: ModelRegistry
  /// The model the records are, from `--model-name` or the seed's one root model.
  let root: String

  /// Loads the seed: exit 66 when it cannot be read, 2 when it has errors (printed as `check`
  /// prints them; with `werror`, its warnings are errors), 64 when the root model is not named
  /// and cannot be told.
  static func load(_ path: String, modelName: String?, werror: Bool, color: Bool) throws -> InferSeed {
    var options = try GeneratorOptions.parse([])
    options.werror = werror
    let session = try SchemaSession.load([path], options: options)
    if session.hasErrors {
      Terminal.writeError(session.renderDiagnostics(color: color, minimum: .error))
      Terminal.writeError("castctl: error: the seed \(path) has errors; fix them first (castctl check \(path))\n")
      throw ExitCode.schemaErrors
    }
    let registry = session.registry
    if let modelName {
      guard registry.models[modelName] != nil else {
        let known = registry.models.keys.joined(separator: ", ")
        throw usage("--model-name \(modelName): no such model in the seed \(path) (it declares \(known))")
      }
      return InferSeed(path: path, registry: registry, root: modelName)
    }
    let roots = registry.rootModels
    guard !registry.models.isEmpty else {
      throw usage("the seed \(path) declares no model to start from")
    }
    guard roots.count == 1, let root = roots.first else {
      let listed = roots.isEmpty ? registry.models.keys.joined(separator: ", ") : roots.joined(separator: ", ")
      throw usage("the seed \(path) has several models that could be the root (\(listed)): choose one with --model-name")
    }
    return InferSeed(path: path, registry: registry, root: root)
  }

  /// A usage error found once the seed is loaded: said as the other commands say theirs, exit 64.
  private static func usage(_ message: String) -> ExitCode {
    Terminal.writeError("castctl: error: \(message)\n")
    return ExitCode.usage
  }
}
