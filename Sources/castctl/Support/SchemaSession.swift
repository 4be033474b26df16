import ArgumentParser
import CastSchema
import CastValidate

/// The command line's side of `SchemaFrontend`: reads schema files (exit 66 when one can't be
/// read, each reason printed), and renders diagnostics and target problems on standard error.
enum SchemaSession {
  /// Reads and loads `paths`; when a file cannot be read prints why (for every such file) and
  /// throws exit 66.
  static func load(_ paths: [String], options: GeneratorOptions) throws -> SchemaFrontend {
    let (files, unreadable) = read(paths)
    if !unreadable.isEmpty { throw ExitCode.unreadableInput }
    return load(files, options: options)
  }

  /// Reads every file of `paths` that can be read, printing why for each one that cannot.
  static func read(_ paths: [String]) -> (files: [SourceFile], unreadable: [SourceReadError]) {
    let read = SchemaFrontend.read(paths)
    for error in read.unreadable { Terminal.writeError("castctl: error: cannot read schema \(error)\n") }
    return read
  }

  /// Loads files already read, with the command's `--werror`.
  static func load(_ files: [SourceFile], options: GeneratorOptions) -> SchemaFrontend {
    SchemaFrontend(files: files, options: options.registryOptions, werror: options.werror)
  }

  /// The front end up to a target, as a data command needs it: the schema's warnings and errors
  /// on standard error (exit 2 on an error), then the target chosen (exit 64 when none can be).
  /// Everything printed here goes to standard error and is coloured for it.
  static func target(_ frontend: SchemaFrontend, options: DataOptions, color: ColorChoice, showDiagnostics: Bool = true) throws -> TargetChoice {
    try target(frontend, options: options, errorColor: Terminal.useColor(color, fileDescriptor: 2), showDiagnostics: showDiagnostics)
  }

  /// As `target(_:options:color:)`, with standard error's colour already decided.
  static func target(_ frontend: SchemaFrontend, options: DataOptions, errorColor: Bool, showDiagnostics: Bool = true) throws -> TargetChoice {
    let style = TextStyle(enabled: errorColor)
    if showDiagnostics { Terminal.writeError(frontend.renderDiagnostics(style: style, minimum: .warning)) }
    if frontend.hasErrors { throw ExitCode.schemaErrors }
    switch frontend.resolve(type: options.typeExpression, model: options.model) {
    case .success(let choice):
      return choice
    case .failure(let problem):
      Terminal.writeError(problem.render(files: frontend.registry.files, style: style))
      throw ExitCode.usage
    }
  }
}

extension SchemaFrontend {
  /// Diagnostics as text, coloured when `color` is set.
  func renderDiagnostics(color: Bool, minimum: Severity = .note) -> String {
    renderDiagnostics(style: TextStyle(enabled: color), minimum: minimum)
  }
}
