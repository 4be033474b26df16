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

      Exit status: 0 when nothing changed (or only --allow'ed kinds), 1 when anything did or the document is invalid, 2 schema errors, 3 malformed JSON, 64 usage error, 66 unreadable file.

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

  @Option(
    name: .customLong("allow"),
    help: "Kinds of change that do not count as a loss (comma-separated; may be repeated).",
    completion: .list(LedgerKind.allCases.map(\.rawValue)), transform: Roundtrip.kinds)
  var allowLists: [[LedgerKind]] = []

  /// Every kind `--allow` names, each once, in the order first named.
  var allow: [LedgerKind] {
    var seen: Set<LedgerKind> = []
    return allowLists.joined().filter { seen.insert($0).inserted }
  }

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
    guard !UsageCheck.isDeferred else { return }
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
    let input = try DataInput.openReportingMalformed(path, options: data, color: errorColor)
    let (opened, source, malformedCode) = (input.document, input.source, input.malformedCode)
    let options = ValidationOptions(strict: data.strict, unknownKeys: data.unknown, maxDepth: data.maxDepth)
    let schema = session.compile(target, options: options)
    ProcessLifetime.keep(schema)
    guard let validator = DocumentValidator(schema: schema, target: target) else { throw ExitCode.usage }
    let renderer = FindingRenderer(data: source, registry: session.registry, style: TextStyle(enabled: errorColor))
    let json = output.format == .json
    let ledger = LedgerSpool(
      json: json, source: source, registry: session.registry, style: TextStyle(enabled: color), allowed: allow)
    let hidesNotes = quiet
    let summary: ValidationSummary
    do {
      let document = try opened.get()
      summary = try RoundTripRun(validator).run(document) { entries, rejected in
        ledger.add(entries)
        if json { ledger.reject(rejected) }
        Terminal.writeError(rejected.filter { !hidesNotes || $0.severity > .note }.map(renderer.render).joined())
      }
    } catch {
      // Malformed input still gives the ledger of the records before it, as `validate` gives
      // their findings; the syntax error follows on standard error.
      if case .malformed(let syntax, _, _, let readBefore) = error {
        ledger.write(
          summary: readBefore, input: source.name, target: targetName, malformed: SyntaxErrorText.value(syntax, in: source, code: malformedCode)
        ) {
          Terminal.write(bytes: $0)
        }
      }
      throw DataInput.exit(for: error, color: errorColor)
    }
    ledger.write(summary: summary, input: source.name, target: targetName) { Terminal.write(bytes: $0) }
    if !summary.isValid || !ledger.isLossless { throw ExitCode.invalidData }
  }
}
