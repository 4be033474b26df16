import ArgumentParser
import CastSchema
import CastValidate

extension LedgerKind: ExpressibleByArgument {}

/// `castctl roundtrip SCHEMA… DATA`: decode, encode, compare; a ledger of every change.
struct Roundtrip: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "roundtrip",
    abstract: "Show everything a trip through the model changes in a document, grouped by kind.",
    discussion: """
      Decodes DATA with the model, encodes it back the way the dialect writes it, and compares the result with the input as JSON values. Each difference is one line with its JSON Pointer and line:column in the input. Kinds: \(LedgerKind.allCases.map(\.rawValue).joined(separator: ", ")).

      Exit status: 0 when nothing changed (or only --allow'ed kinds), 1 when anything did or the document is invalid, 2 schema errors, 3 malformed JSON.

      Examples:
        castctl roundtrip schemas/users.cast schemas/users.json
        castctl roundtrip schemas/users.cast schemas/users.json --allow default-filled,value-normalized
        castctl roundtrip -c schemas/classy.cast schemas/classy.json --model Classz --format json
      """)

  @Argument(help: "The .cast files, then the data file (- for standard input).", completion: .file())
  var files: [String]

  @OptionGroup var data: DataOptions
  @OptionGroup var generator: GeneratorOptions
  @OptionGroup var output: OutputOptions

  @Option(help: "Kinds of change that do not count as a loss (comma-separated).", transform: Roundtrip.kinds)
  var allow: [LedgerKind] = []

  @Flag(help: "Hide notes; show only errors and warnings.")
  var quiet = false

  static func kinds(_ text: String) throws -> [LedgerKind] {
    try text.split(separator: ",").map { part in
      guard let kind = LedgerKind(rawValue: part.trimmingCharacters(in: .whitespaces)) else {
        throw ValidationError("unknown kind '\(part)'; kinds are \(LedgerKind.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return kind
    }
  }

  func validate() throws {
    try data.validate(files: files)
  }

  func run() throws {
    let color = Terminal.useColor(output.color, fileDescriptor: 1)
    let errorColor = Terminal.useColor(output.color, fileDescriptor: 2)
    let session = try SchemaSession.load(Array(files.dropLast()), options: generator)
    ProcessLifetime.keep(session)
    let choice = try SchemaSession.target(session, options: data, errorColor: errorColor)
    let (target, targetName) = (choice.target, choice.name)
    let path = files[files.count - 1]
    let document = try DataInput.open(path, options: data, color: errorColor)
    let source = document.source
    let options = ValidationOptions(strict: data.strict, unknownKeys: data.unknown, maxDepth: data.maxDepth)
    let schema = session.compile(target, options: options)
    ProcessLifetime.keep(schema)
    guard let validator = DocumentValidator(schema: schema, target: target) else { throw ExitCode.usage }
    let report: RoundTripReport
    do {
      report = try RoundTripRun(validator).run(document)
    } catch {
      throw DataInput.exit(for: error, color: errorColor)
    }
    let renderer = FindingRenderer(data: source, registry: session.registry, style: TextStyle(enabled: errorColor))
    Terminal.writeError(report.rejected.filter { !quiet || $0.severity > .note }.map(renderer.render).joined())
    let counted = report.entries.filter { !allow.contains($0.kind) }
    switch output.format {
    case .text:
      Terminal.write(LedgerText.render(report.entries, source: source, style: TextStyle(enabled: color), allowed: allow))
      Terminal.write(LedgerText.summary(report, counted: counted.count, input: source.name, target: targetName, allowed: allow) + "\n")
    case .json:
      Terminal.write(LedgerText.json(report, source: source, registry: session.registry, allowed: allow) + "\n")
    }
    if !report.summary.isValid || !counted.isEmpty { throw ExitCode.invalidData }
  }
}
