import ArgumentParser
import CastSchema
import CastValidate

/// `castctl check SCHEMA…`: load the files and print every diagnostic.
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Load .cast files and report every problem in them.",
    discussion: """
      Exit status: 0 when there are no errors (warnings and notes allowed), 2 when there are errors, 66 when a file cannot be read (the files that can be read are still checked, and their problems printed).

      Formats: text; json (one document); sarif (SARIF 2.1.0 for code scanning: a result per diagnostic, in its file); github (::error/::warning/::notice annotations, 10 per level then a count).

      Examples:
        castctl check schemas/users.cast
        castctl check -c schemas/classy.cast schemas/users.cast --format json
        castctl check schemas/users.cast --format sarif > castctl-models.sarif
      """)

  @Argument(help: "The .cast files to load together.", completion: .file(extensions: ["cast", "swift"]))
  var schemas: [String]

  @OptionGroup var generator: GeneratorOptions

  @Option(help: "Output format: text for people, json for programs, sarif or github for CI.")
  var format: CheckFormat = .text

  @OptionGroup var colors: ColorOptions

  @Flag(help: "Hide notes; show only errors and warnings.")
  var quiet = false

  func validate() throws {
    guard !UsageCheck.isDeferred else { return }
    if schemas.isEmpty { throw ValidationError("give at least one .cast file to check") }
  }

  func run() throws {
    // An unreadable file does not hide the problems of the others: they are loaded and reported,
    // and the exit status is still 66.
    let (files, unreadable) = SchemaSession.read(schemas)
    if files.isEmpty, format == .text || format == .json { throw ExitCode.unreadableInput }
    let session = SchemaSession.load(files, options: generator)
    let shown = session.diagnostics.filter { !quiet || $0.severity > .note }
    switch format {
    case .text:
      let color = Terminal.useColor(colors.color, fileDescriptor: 1)
      Terminal.write(DiagnosticRenderer(files: session.registry.files, style: TextStyle(enabled: color)).render(shown))
      // The models declared: a generic one counts once, not once per specialization.
      let generic = session.registry.genericModels.count
      let models = session.registry.models.keys.count { !$0.contains("<") } + generic
      let enums = session.registry.enums.count
      Terminal.write(
        "\(DiagnosticRenderer.count(files.count, "file")) checked"
          + (unreadable.isEmpty ? "" : " (\(unreadable.count) could not be read)") + ": "
          + DiagnosticRenderer.count(models, "model") + (generic == 0 ? "" : " (\(generic) generic)")
          + ", \(DiagnosticRenderer.count(enums, "enum")); "
          + DiagnosticRenderer.summary(of: session.diagnostics) + "\n")
    case .json:
      Terminal.write(DiagnosticJSON.document(shown, files: session.registry.files, unreadable: unreadable) + "\n")
    case .sarif, .github:
      let sites = shown.map { DiagnosticSite($0, files: session.registry.files) }
      // NB: errors in a file are the check's results; a file it could not read is work not done.
      let failures = unreadable.map { ModelDiagnosticReport.Failure(reason: "cannot read schema \($0)", file: $0.path) }
      if format == .sarif {
        ModelDiagnosticReport.writeSARIF(sites, failures: failures)
      } else {
        ModelDiagnosticReport.writeGitHub(sites, failures: failures, summary: nil)
      }
    }
    if !unreadable.isEmpty { throw ExitCode.unreadableInput }
    if session.hasErrors { throw ExitCode.schemaErrors }
  }
}
