import CastSchema

/// Why a ``Schema`` could not be loaded or could not give a validator; its `description` is the
/// text castctl prints (diagnostics rendered with their source lines, without colour).
public struct SchemaError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Hashable {
    /// A schema file could not be read.
    case unreadable(path: String, reason: String)
    /// The files have errors; every diagnostic is here, warnings and notes too.
    case invalid([SchemaDiagnostic])
    /// No model has this name; the nearest name, when one is near.
    case unknownModel(String, suggestion: String?)
    /// A type expression that does not parse or names no type.
    case invalidType(String, [SchemaDiagnostic])
    /// A generic model named without its type arguments (`Page` for `Page<T>`).
    case genericModel(String, parameters: [String])
    /// An enum named where a model is wanted: its values are read with
    /// ``Schema/validator(forType:options:)``.
    case enumNamed(String)
  }

  /// What went wrong.
  public let reason: Reason
  /// The diagnostics drawn with their source lines, as castctl prints them.
  private let rendered: String?
  /// The type argument a generic model's message shows (`Page<User>`): a model of the schema.
  private var example = "String"

  init(_ reason: Reason) {
    self.reason = reason
    self.rendered = nil
  }

  /// Files with errors.
  init(invalid diagnostics: [Diagnostic], files: [SourceFile]) {
    reason = .invalid(diagnostics.map { SchemaDiagnostic($0, files: files) })
    rendered = DiagnosticRenderer(files: files).render(diagnostics)
  }

  /// A type expression with errors.
  init(invalidType expression: String, _ diagnostics: [Diagnostic], files: [SourceFile]) {
    reason = .invalidType(expression, diagnostics.map { SchemaDiagnostic($0, files: files) })
    rendered = DiagnosticRenderer(files: files).render(diagnostics)
  }

  /// Why a model name gives no validator (`ModelRegistry.resolveModel`).
  init(_ problem: TargetProblem, name: String, files: [SourceFile]) {
    switch problem {
    case .badType(let diagnostics, let file): self.init(invalidType: name, diagnostics, files: files + [file])
    case .genericModel(let use):
      self.init(.genericModel(use.name, parameters: use.parameters))
      example = use.example
    case .unknownModel(let unknown, let suggestion): self.init(.unknownModel(unknown, suggestion: suggestion))
    case .enumNamed(let name): self.init(.enumNamed(name))
    case .noModels, .ambiguous: self.init(.unknownModel(name, suggestion: nil))
    }
  }

  /// The diagnostics behind the error, if it has any.
  public var diagnostics: [SchemaDiagnostic] {
    switch reason {
    case .invalid(let diagnostics), .invalidType(_, let diagnostics): diagnostics
    case .unreadable, .unknownModel, .genericModel, .enumNamed: []
    }
  }

  public var description: String {
    switch reason {
    case .unreadable(let path, let reason): "cannot read schema \(path): \(reason)"
    case .unknownModel(let name, let suggestion): "no model named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .genericModel(let name, let parameters):
      GenericModelUse(name: name, parameters: parameters, example: example).message { "'\($0)'" }
    case .enumNamed(let name): "'\(name)' is an enum, not a model; to read values of it, use validator(forType: \"\(name)\")"
    case .invalid(let diagnostics), .invalidType(_, let diagnostics):
      rendered ?? diagnostics.map { "\($0)\n" }.joined()
    }
  }
}
