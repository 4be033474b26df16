import ArgumentParser
import CastSchema

/// `castctl schema SCHEMA… [MODEL]`: the registry as people (or programs) read it.
struct Schema: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Show the models: properties, types, JSON keys, required / optional / default, dialect.",
    discussion: """
      The last argument names a model or an enum (a nested one by its dotted name where it has one, Company.Address), or MODEL.PROPERTY (that property only), when it is not an existing file; a missing path (one ending in .cast or .swift, or with a /) is reported as unreadable.

      Examples:
        castctl schema schemas/users.cast
        castctl schema -c schemas/classy.cast Classy
        castctl schema schemas/users.cast User --format json
        castctl schema schemas/users.cast User.userName
      """)

  @Argument(help: "The .cast files, then optionally a model name (or MODEL.PROPERTY).", completion: .file(extensions: ["cast", "swift"]))
  var arguments: [String]

  @OptionGroup var generator: GeneratorOptions
  @OptionGroup var output: OutputOptions

  func validate() throws {
    guard !UsageCheck.isDeferred else { return }
    if arguments.isEmpty { throw ValidationError("give at least one .cast file") }
  }

  func run() throws {
    let (paths, namedModel) = SchemaArguments.split(arguments)
    let session = try SchemaSession.load(paths, options: generator)
    let color = Terminal.useColor(output.color, fileDescriptor: 2)
    Terminal.writeError(session.renderDiagnostics(color: color, minimum: .warning))
    if session.hasErrors { throw ExitCode.schemaErrors }
    var registry = session.registry
    var selection = SchemaSelection.all(in: registry)
    var modelName = namedModel
    // A generic model is shown as one of its specializations (`Page<User>`), lowered here.
    if let name = modelName, name.contains("<") || registry.genericModels.contains(where: { $0.name == name }) {
      // `Page<User>.items`: the property after the type's closing `>`.
      let close = name.lastIndex(of: ">")
      let property = close.map { name[name.index(after: $0)...] }.flatMap { $0.hasPrefix(".") ? $0 : nil } ?? ""
      switch session.resolve(type: nil, model: String(name.dropLast(property.count))) {
      case .success(let choice):
        registry = registry.including(choice.target.rootType)
        modelName = choice.label + property
      case .failure(let problem):
        Terminal.writeError(problem.render(files: registry.files, style: TextStyle(enabled: color)))
        throw ExitCode.usage
      }
    }
    if let modelName {
      switch SchemaSelection.named(modelName, in: registry, usage: "") {
      case .success(let named): selection = named
      case .failure(let failure):
        Terminal.writeError("castctl: error: \(failure.message)\n")
        throw ExitCode.usage
      }
    }
    switch output.format {
    case .text:
      let table = SchemaTable(registry: registry, style: TextStyle(enabled: Terminal.useColor(output.color, fileDescriptor: 1)))
      Terminal.write(table.render(selection))
    case .json:
      Terminal.write(SchemaJSON.document(selection, registry: registry) + "\n")
    }
  }
}

/// Splits `SCHEMA… [MODEL]`: a last argument that is not an existing file names a model (or
/// `Model.property`), unless it can only be a path: it ends in a schema extension, holds a `/`,
/// or is `-` (standard input).
enum SchemaArguments {
  static func split(_ arguments: [String]) -> (paths: [String], model: String?) {
    guard arguments.count > 1, let last = arguments.last, isModelName(last) else { return (arguments, nil) }
    return (Array(arguments.dropLast()), last)
  }

  static func isModelName(_ text: String) -> Bool {
    text != "-" && !text.contains("/") && !text.hasSuffix(".cast") && !text.hasSuffix(".swift")
      && !FileSystem.exists(text)
  }
}
