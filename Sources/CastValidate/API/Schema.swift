import CastSchema

/// Models loaded from `.cast` and `.swift` files, the library's front door: load once, then ask for a
/// ``Validator`` per model or type.
///
/// ```swift
/// let schema = try Schema(files: ["models/user.cast"])
/// let validator = try schema.validator(for: "User", options: ValidationOptions(strict: true))
/// let report = validator.validate(Array(#"{"id": 1}"#.utf8))
/// ```
///
/// Loading never prints: errors make the initialiser throw a ``SchemaError`` that carries the
/// diagnostics as values; warnings and notes of a schema that loads are in ``diagnostics``.
public struct Schema: Sendable {
  /// The warnings and notes of the loaded files, in file order then position.
  public let diagnostics: [SchemaDiagnostic]
  let registry: ModelRegistry

  /// Reads and loads `.cast` files (any dialect, any order; one model may refer to another's file).
  public init(files paths: [String], options: RegistryOptions = RegistryOptions()) throws(SchemaError) {
    var files: [SourceFile] = []
    for path in paths {
      do {
        files.append(try SourceFile.read(path: path))
      } catch {
        throw SchemaError(.unreadable(path: error.path, reason: error.reason))
      }
    }
    try self.init(files, options: options)
  }

  /// Loads model text held in memory, as if read from a file named `path` (the name positions
  /// its diagnostics).
  public init(source text: String, path: String = "schema.cast", options: RegistryOptions = RegistryOptions()) throws(SchemaError) {
    try self.init([SourceFile(path: path, text: text)], options: options)
  }

  /// Loads model text given as UTF-8 bytes; an invalid byte is a diagnostic, not a crash.
  public init(source bytes: [UInt8], path: String = "schema.cast", options: RegistryOptions = RegistryOptions()) throws(SchemaError) {
    try self.init([SourceFile(path: path, bytes: bytes)], options: options)
  }

  private init(_ files: [SourceFile], options: RegistryOptions) throws(SchemaError) {
    let (registry, diagnostics) = SchemaFrontend.load(files, options: options)
    if diagnostics.contains(where: { $0.severity == .error }) {
      throw SchemaError(invalid: diagnostics, files: registry.files)
    }
    self.registry = registry
    self.diagnostics = diagnostics.map { SchemaDiagnostic($0, files: registry.files) }
  }

  /// The models' names, in declaration order; a generic model is not a model until it is named
  /// with its arguments (`Page<User>`), so it is not listed.
  public var modelNames: [String] { Array(registry.models.keys) }

  /// The model castctl validates with when none is named: the one model no other model uses
  /// (nil when there are several such, or none).
  public var defaultModel: String? {
    let roots = registry.rootModels
    return roots.count == 1 ? roots.first : nil
  }

  /// A validator whose records are instances of the model `name` (a generic one with its
  /// arguments: `Page<User>`); a top-level JSON array is one record per element. Throws
  /// ``SchemaError/Reason/unknownModel(_:suggestion:)`` for a name no file declares,
  /// ``SchemaError/Reason/genericModel(_:parameters:)`` for a generic model named alone, and
  /// ``SchemaError/Reason/invalidType(_:_:)`` for arguments that name no type, as castctl does.
  public func validator(for model: String, options: ValidationOptions = ValidationOptions()) throws(SchemaError) -> Validator {
    let name: String
    switch registry.resolveModel(model) {
    case .success(let resolved): name = resolved
    case .failure(let problem): throw SchemaError(problem, name: model, files: registry.files)
    }
    // A generic model's specialization (`Page<User>`) is a model once the registry lowers it.
    let registry = name.contains("<") ? registry.including(.model(name)) : registry
    guard registry.models[name] != nil else {
      throw SchemaError(.unknownModel(name, suggestion: registry.suggestModel(for: name)))
    }
    let compiled = CompiledSchema(registry: registry, options: Self.library(options), target: .model(name))
    guard let engine = DocumentValidator(schema: compiled, target: .model(name)) else {
      throw SchemaError(.unknownModel(name, suggestion: nil))
    }
    return Validator(engine: engine, target: .model(name))
  }

  /// A validator whose documents are values of a type written as in a `.cast` file:
  /// `[User]`, `[String: Int]`, `User?`. A top-level array is then the one value, not records.
  public func validator(forType expression: String, options: ValidationOptions = ValidationOptions()) throws(SchemaError) -> Validator {
    let parsed = SchemaLoader.parseType(expression, in: registry)
    guard let type = parsed.type, !parsed.diagnostics.contains(where: { $0.severity == .error }) else {
      throw SchemaError(invalidType: expression, parsed.diagnostics, files: registry.files + [parsed.file])
    }
    let target = ValidationTarget.type(parsed.optional ? .optional(type) : type)
    let compiled = CompiledSchema(registry: parsed.registry, options: Self.library(options), target: target)
    guard let engine = DocumentValidator(schema: compiled, target: target) else {
      throw SchemaError(invalidType: expression, parsed.diagnostics, files: registry.files + [parsed.file])
    }
    return Validator(engine: engine, target: target)
  }

  /// `options` for a program: messages name `ValidationOptions.maxDepth`, not `--max-depth`.
  private static func library(_ options: ValidationOptions) -> ValidationOptions {
    var options = options
    options.spelling = .library
    return options
  }
}
