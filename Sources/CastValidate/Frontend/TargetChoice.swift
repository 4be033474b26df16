import CastSchema

/// What a data run decodes with, and how its summary line names it (`model User`, `type [Int]`).
package struct TargetChoice: Sendable {
  package let target: ValidationTarget
  package let name: String

  /// What `--format json` and CI reports call it: the model's name, or `type …` whole.
  package var label: String {
    if case .model(let model) = target { return model }
    return name
  }
}

/// Why no target could be chosen; `render` gives the text a command prints (exit 64).
package enum TargetProblem: Error, Sendable {
  /// The type expression did not parse or names nothing; its diagnostics point into it.
  case badType([Diagnostic], SourceFile)
  /// No model has that name; the closest one, if any is close.
  case unknownModel(String, suggestion: String?)
  /// The schema declares no models and no type was given.
  case noModels
  /// Several root models and none chosen.
  case ambiguous([String])
  /// A generic model named without type arguments.
  case genericModel(GenericModelUse)
  /// An enum named where a model is wanted (`--model Color`): a type, given with `--type`.
  case enumNamed(String)

  package func render(files: [SourceFile], style: TextStyle) -> String {
    switch self {
    case .badType(let diagnostics, let file):
      return DiagnosticRenderer(files: files + [file], style: style).render(diagnostics)
    case .unknownModel(let name, let suggestion):
      return "castctl: error: no model named '\(name)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "")\n"
    case .noModels:
      return "castctl: error: the schema declares no models; use --type for a plain type\n"
    case .ambiguous(let candidates):
      return "castctl: error: choose a model with --model; candidates: \(candidates.joined(separator: ", "))\n"
    case .genericModel(let use):
      return "castctl: error: " + use.message { "--model '\($0)'" } + "\n"
    case .enumNamed(let name):
      return "castctl: error: '\(name)' is an enum, not a model; to read values of it, use --type '\(name)' (or '[\(name)]')\n"
    }
  }
}

extension SchemaFrontend {
  /// The type expression if one is given, else the model named, else the one root model.
  package func resolve(type expression: String?, model: String?) -> Result<TargetChoice, TargetProblem> {
    if let expression {
      let parsed = SchemaLoader.parseType(expression, in: registry)
      guard let type = parsed.type, !parsed.diagnostics.contains(where: { $0.severity == .error }) else {
        return .failure(.badType(parsed.diagnostics, parsed.file))
      }
      return .success(TargetChoice(target: .type(parsed.optional ? .optional(type) : type), name: "type \(expression)"))
    }
    if let model {
      return registry.resolveModel(model).map { TargetChoice(target: .model($0), name: "model \($0)") }
    }
    let roots = registry.rootModels
    guard roots.count == 1, let only = roots.first else {
      let candidates = roots.isEmpty ? Array(registry.models.keys) : roots
      // Generic models are no candidates by themselves; their form says what to write.
      let generics = registry.genericModels.map { "\($0.name)<\($0.parameters.joined(separator: ", "))>" }
      if candidates.isEmpty, let generic = registry.genericModels.first {
        return .failure(.genericModel(GenericModelUse(name: generic.name, parameters: generic.parameters, example: "String")))
      }
      return .failure(candidates.isEmpty ? .noModels : .ambiguous(candidates + generics))
    }
    return .success(TargetChoice(target: .model(only), name: "model \(only)"))
  }
}

extension ModelRegistry {
  /// The model named `model`, as the commands and the library read a name: a declared model, or
  /// a generic model's specialization (`Page<User>`, spaced as one likes) or a typealias of a model
  /// (a generic one with its arguments: `PU<User>`), named as the registry names it; a generic model without its arguments, and a name no file
  /// declares, are problems.
  package func resolveModel(_ model: String) -> Result<String, TargetProblem> {
    if models[model] != nil { return .success(model) }
    if let parameters = genericModels.first(where: { $0.name == model })?.parameters ?? genericAliases[model] {
      let example = rootModels.first ?? models.keys.first ?? "String"
      return .failure(.genericModel(GenericModelUse(name: model, parameters: parameters, example: example)))
    }
    // NB: a nested type is registered by its own name; Swift calls it `User.Address` too.
    if model.contains("<") || (model.contains(".") && !model.hasSuffix(".")) {
      let parsed = SchemaLoader.parseType(model, in: self)
      if let type = parsed.type, !parsed.diagnostics.contains(where: { $0.severity == .error }), !parsed.optional {
        if case .model(let name) = type { return .success(name) }
        if case .enumeration = type { return .failure(.enumNamed(model)) }
      } else if model.contains("<") {
        return .failure(.badType(parsed.diagnostics, parsed.file))
      }
    }
    // A typealias names what it stands for (`typealias Account = User`), as it does in Swift.
    switch aliases[model] {
    case .model(let name)?: return .success(name)
    case .enumeration?: return .failure(.enumNamed(model))
    default: break
    }
    if enums[model] != nil { return .failure(.enumNamed(model)) }
    return .failure(.unknownModel(model, suggestion: suggestModel(for: model)))
  }
}
