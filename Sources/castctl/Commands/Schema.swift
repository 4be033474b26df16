import ArgumentParser
import CastSchema

/// `castctl schema SCHEMA… [MODEL]`: the registry as people (or programs) read it.
struct Schema: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Show the models: properties, types, JSON keys, required / optional / default, dialect.",
    discussion: """
      The last argument is taken as a model name when it is not a file.

      Examples:
        castctl schema schemas/users.cast
        castctl schema -c ../shared/samples/JSONCast-Classy.cast Classy
        castctl schema schemas/users.cast User --format json
      """)

  @Argument(help: "The .cast files, then optionally a model name.", completion: .file(extensions: ["cast", "swift"]))
  var arguments: [String]

  @OptionGroup var generator: GeneratorOptions
  @OptionGroup var output: OutputOptions

  func validate() throws {
    if arguments.isEmpty { throw ValidationError("give at least one .cast file") }
  }

  func run() throws {
    let (paths, modelName) = SchemaArguments.split(arguments)
    let session = try SchemaSession.load(paths, options: generator.registryOptions)
    let color = Terminal.useColor(output.color, fileDescriptor: 2)
    Terminal.writeError(session.renderDiagnostics(color: color, minimum: .warning))
    if session.hasErrors { throw ExitCode.schemaErrors }
    let registry = session.registry
    var names = Array(registry.models.keys)
    var enumNames = Array(registry.enums.keys)
    if let modelName {
      if registry.models[modelName] != nil {
        names = [modelName]
        enumNames = []
      } else if registry.enums[modelName] != nil {
        names = []
        enumNames = [modelName]
      } else {
        let hint = registry.suggestModel(for: modelName).map { "; did you mean '\($0)'?" } ?? ""
        Terminal.writeError("castctl: error: no model named '\(modelName)'\(hint)\n")
        throw ExitCode.usage
      }
    }
    switch output.format {
    case .text:
      let table = SchemaTable(registry: registry, style: TextStyle(enabled: Terminal.useColor(output.color, fileDescriptor: 1)))
      Terminal.write(table.render(models: names, enums: enumNames))
    case .json:
      Terminal.write(SchemaJSON.document(registry: registry, models: names, enums: enumNames) + "\n")
    }
  }
}

/// Splits `SCHEMA… [MODEL]`: a last argument that is not an existing file and has no schema
/// extension names a model.
enum SchemaArguments {
  static func split(_ arguments: [String]) -> (paths: [String], model: String?) {
    guard arguments.count > 1, let last = arguments.last, isModelName(last) else { return (arguments, nil) }
    return (Array(arguments.dropLast()), last)
  }

  static func isModelName(_ text: String) -> Bool {
    !text.contains("/") && !text.contains(".") && !FileSystem.exists(text)
  }
}
