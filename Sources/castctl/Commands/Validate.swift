import ArgumentParser
import CastSchema
import CastValidate

/// `castctl validate SCHEMA… DATA`: would the model's init succeed, and every finding.
struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check JSON data against a model: the verdict, and every finding with its position.",
    discussion: """
      DATA may be - for standard input. A top-level array holds one record per element; NDJSON (--ndjson, .ndjson, .jsonl) one per line.

      Exit status: 0 valid (warnings allowed), 1 invalid, 2 schema errors, 3 malformed JSON, 64 usage error, 66 unreadable file, 74 output error (standard output closed, --split files that exist without --force).

      Formats: text; json (one document); sarif (SARIF 2.1.0 for code scanning); github (::error/::warning/::notice annotations, 10 per level then a count; a Markdown summary appended to $GITHUB_STEP_SUMMARY when set); junit (a test case per record). The model files' warnings are in json (diagnostics), sarif and github, located in the model files; when the model files have errors (exit 2) no data is read, and json, sarif, github and junit still write their document, with those errors (sarif: its invocation not successful; junit: a failing test case per error).

      Pipe mode (--format jsonl): the data is read as NDJSON, streamed, and every input line gets exactly one output line in input order: {"line": N, "valid": true|false, "findings": [...]} (findings as in --format json, at most --max-record-findings of them; a malformed line's finding has code malformed-json and the run goes on), or {"line": N, "blank": true} for a blank line. Findings never change the exit status; only castctl's own failures do (2, 3 for --max-bytes, 64, 66, 74).

      Many files: any number of data files, directories (walked for .json, .ndjson, .jsonl, .yaml and .yml files, in byte order) and -; .cast and .swift files are schemas, everything else data (--data PATH or -- to force). Checked side by side (--jobs), reported in the order given, then one summary line; --format json, sarif, github and junit cover every file. Exit status: the highest of any file's (66 for a missing file, 1 for an invalid one). One data file after the schemas is read as always, and a - before the last argument is still a schema read from standard input: to read data from it among other files, put - after a data file or give --data -.

      castctl.yaml (in this folder or one above): with no arguments (castctl validate), every file it maps is checked; data files alone are mapped through it, and a file no check maps is noted and skipped. See the README for its format.

      --split VALID REJECTS: valid records as read to VALID, one per line; every other non-blank line to REJECTS as {"line", "record" (or "text" for a malformed line, and "base64" of its bytes when they are not UTF-8, and "truncated": true for a line over 4 MiB cut at a byte JSON never holds), "valid": false, "findings"}. Both files are written atomically and renamed together; exit status as in the pipe mode.

      Examples:
        castctl validate schemas/users.cast schemas/users.json
        castctl validate schemas/users.cast schemas/users.ndjson --model User --strict
        echo '{"a": [1, 2]}' | castctl validate --type '[String: [Int]]' -
        castctl validate --type Any schemas/users.json
        castctl validate schemas/users.cast schemas/users.ndjson --format jsonl
        castctl validate schemas/users.cast schemas/users.ndjson --split valid.ndjson rejects.ndjson
        castctl validate schemas/users.cast schemas/users.json --format sarif > castctl.sarif
        castctl validate schemas/users.cast schemas/users.json schemas/users.ndjson --format junit > castctl.xml
        castctl validate --type Any schemas/
      """)

  @Argument(help: "The .cast files, then the data files or directories (none: the files castctl.yaml maps).", completion: .file())
  var files: [String] = []

  @Option(name: .customLong("data"), help: ArgumentHelp("A data file or directory, whatever its name (repeatable).", valueName: "path"), completion: .file())
  var forcedData: [String] = []

  // A many-file run starts a castctl per file; each writes its counts here for the summary.
  @Option(name: .customLong("worker-counts"), help: .hidden)
  var workerCounts: String?

  @OptionGroup var data: DataOptions
  @OptionGroup var generator: GeneratorOptions
  @Option(help: "Output format: text for people, json for programs, jsonl for pipes (one line per NDJSON input line), sarif, github or junit for CI.")
  var format: ReportFormat = .text

  @OptionGroup var colors: ColorOptions
  var colorChoice: ColorChoice { colors.color }

  @Option(
    name: .customLong("split"), parsing: .upToNextOption,
    help: ArgumentHelp("Write the valid records (as read) to VALID and the rejected ones with their findings to REJECTS.", valueName: "VALID REJECTS"),
    completion: .file())
  var split: [String] = []

  @Flag(help: "Replace the --split files if they exist.")
  var force = false
  @OptionGroup var timing: TimingOptions

  @Option(parsing: .unconditional, help: "Stop reporting after this many errors (0: no limit).")
  var maxErrors = 0

  @Option(parsing: .unconditional, help: "Show at most this many warnings (0: no limit); the summary still counts them all.")
  var maxWarnings = 0

  @Option(parsing: .unconditional, help: "Report at most this many findings of one record (0: no limit); the rest are counted, and a too-many-errors note says how many.")
  var maxRecordFindings = ValidationOptions().maxRecordFindings

  @Flag(help: "Instead of every finding, count them by code and path pattern (array indices as *).")
  var summary = false

  @Option(parsing: .unconditional, help: NoteLimit.help)
  var maxNotes: Int?

  @Flag(help: "Hide notes; show only errors and warnings.")
  var quiet = false

  /// The file arguments divided into schemas and data.
  var arguments: FileArguments {
    FileArguments(files: files, forced: forcedData, afterTerminator: FileArguments.afterTerminator, typeGiven: data.typeExpression != nil)
  }

  func validate() throws {
    guard !UsageCheck.isDeferred else { return }
    if arguments.isBatch { return try validateMany() }
    try data.validate(files: files)
    try validateReportLimits()
    if !split.isEmpty, split.count != 2 { throw ValidationError("--split takes two files: VALID REJECTS") }
    // NB: one file for both would keep only the rejects, renamed last.
    if split.count == 2, SameFile.paths(split[0], split[1]) {
      throw ValidationError("--split writes two files; \(split[0]) and \(split[1]) are one file")
    }
    if format == .jsonl || !split.isEmpty {
      let mode = format == .jsonl ? "--format jsonl" : "--split"
      if format != .text, !split.isEmpty { throw ValidationError("--split writes files; give it without --format \(format.rawValue)") }
      if summary || maxErrors > 0 || maxWarnings > 0 || maxNotes != nil {
        throw ValidationError("\(mode) reports every finding of every line; --summary, --max-errors, --max-warnings and --max-notes do not apply")
      }
      try PipeRun.check(path: files[files.count - 1], options: data, mode: mode)
    }
  }

  /// The checks of the options that limit what is reported, for one file or many.
  func validateReportLimits() throws {
    if maxErrors < 0 { throw ValidationError("--max-errors must be 0 or more") }
    if maxWarnings < 0 { throw ValidationError("--max-warnings must be 0 or more") }
    try NoteLimit.validate(maxNotes)
    if maxRecordFindings < 0 { throw ValidationError("--max-record-findings must be 0 or more") }
    if summary, format != .text { throw ValidationError("--summary goes with --format text") }
  }

  /// The notes shown: `--max-notes` and `--quiet`. Its default is for the text report a person
  /// reads; `--summary` and the formats a program reads get every note unless it is given.
  private var notesShown: NoteReporting {
    NoteLimit.shown(maxNotes: format == .text && !summary ? maxNotes : maxNotes ?? 0, quiet: quiet)
  }

  /// The notes the engine builds: in the pipe modes every one they show (they report every
  /// finding), and in a many-file run's worker every one (it counts them by code for the run).
  private var notesBuilt: NoteReporting {
    if format == .jsonl || !split.isEmpty { return NoteLimit.shown(maxNotes: 0, quiet: quiet) }
    return workerCounts == nil ? notesShown : .all
  }

  func run() throws {
    if arguments.isBatch { return try runMany() }
    var timings = PhaseTimings(enabled: timing.timings)
    defer { timings.report() }
    let color = Terminal.useColor(colorChoice, fileDescriptor: 1)
    let session = try SchemaSession.load(Array(files.dropLast()), options: generator)
    ProcessLifetime.keep(session)
    timings.lap("schema")
    // A many-file run's worker: the run that started it has shown (and reported) the schema's
    // diagnostics once.
    let showsModel = workerCounts == nil
    let modelSites = showsModel ? DiagnosticSite.sites(session.diagnostics, files: session.registry.files, minimum: .warning) : []
    let choice: TargetChoice
    do {
      choice = try SchemaSession.target(session, options: data, color: colorChoice, showDiagnostics: showsModel)
    } catch let exit as ExitCode where exit.rawValue == ExitCode.schemaErrors.rawValue {
      // The formats that write one document write it still: a CI system reads an empty file
      // as a broken report, not as a broken model.
      writeModelFailure(modelSites, session: session)
      throw exit
    }
    let (target, targetName) = (choice.target, choice.name)
    let path = files[files.count - 1]
    let options = ValidationOptions(
      strict: data.strict, unknownKeys: data.unknown, maxDepth: data.maxDepth, maxErrors: maxErrors, maxRecordFindings: maxRecordFindings,
      // NB: a many-file run's worker counts every finding by code for the run's report.
      maxWarnings: workerCounts == nil ? maxWarnings : 0, notes: notesBuilt)
    let schema = session.compile(target, options: options)
    ProcessLifetime.keep(schema)
    guard var validator = DocumentValidator(schema: schema, target: target) else { throw ExitCode.usage }
    // JUnit writes a test case per record, named by its line.
    validator.reportsEveryRecord = format == .junit
    timings.lap("compile")
    if format == .jsonl || !split.isEmpty {
      return try runPipe(validator, path: path, registry: session.registry)
    }
    let errorColor = Terminal.useColor(colorChoice, fileDescriptor: 2)
    let input = try DataInput.openReportingMalformed(path, options: data, color: errorColor)
    let (opened, source, malformedCode) = (input.document, input.source, input.malformedCode)
    let renderer = FindingRenderer(data: source, registry: session.registry, style: TextStyle(enabled: color))
    var jsonFindings = FindingJSONArray()
    // Told of malformed input, and of the records read before it, before the run ends with exit
    // 3: the formats that write one document put them there (the message goes to standard error
    // either way).
    var onMalformed: (JSONSyntaxError, ValidationSummary) -> Void = { _, _ in }
    let model = choice.label
    let counts = workerCounts.map { _ in WorkerCounts() }
    defer { if let workerCounts, let counts { counts.write(to: workerCounts) } }
    var ciLog = CILog(format, dataPath: source.name, target: model)
    ciLog?.add(model: modelSites)
    if ciLog != nil {
      onMalformed = { error, readBefore in
        // Malformed input still gives a report, its syntax error the last finding.
        let malformed = Finding(code: malformedCode, severity: .error, message: error.message, path: "", offset: error.offset)
        let site = FindingSite(malformed, record: readBefore.records, data: source, registry: session.registry)
        // NB: an NDJSON record is named by its line, the malformed one too.
        let line = data.reading.isNDJSON(source.name) ? source.position(of: error.offset).line : nil
        ciLog?.add(record: readBefore.records, line: line, [site])
        var counted = readBefore
        counted.records += 1
        counted.errors += 1
        counted.invalidRecords += 1
        if let ciLog { Self.writeCI(ciLog, counted, dataPath: source.name, target: model) }
      }
    }
    if format == .json {
      onMalformed = { error, readBefore in
        Self.writeJSON(
          jsonFindings, readBefore, model: model, malformed: SyntaxErrorText.value(error, in: source, code: malformedCode), diagnostics: modelSites)
      }
    }
    // NB: findings are written in large pieces; thousands of small writes cost more than the check.
    let buffered = BufferedOutput()
    defer { buffered.flush() }
    var tally = FindingTally()
    var shown = ShownFindings(maxWarnings: maxWarnings, notes: notesShown)
    let summarize = summary
    if let counts {
      let reported = onMalformed
      onMalformed = { error, readBefore in
        counts.addMalformed(code: malformedCode, readBefore: readBefore)
        reported(error, readBefore)
      }
    }
    let document: DataDocument
    switch opened {
    case .success(let opened): document = opened
    case .failure(let problem):
      if case .malformed(let syntax, _, _, let readBefore) = problem { onMalformed(syntax, readBefore) }
      throw DataInput.exit(for: problem, color: errorColor)
    }
    let run = DataRun(validator: validator, document: document, jobs: maxErrors > 0 ? 1 : data.jobs, maxBytes: data.maxBytes)
    let meter = ProgressMeter(total: source.size)
    let totals: ValidationSummary
    do {
      totals = try run.run(progress: meter.update) { result in
        counts?.add(result)
        let findings = shown.filter(result)
        switch format {
        case .text where summarize: for finding in findings { tally.add(finding) }
        case .text: buffered.write(findings.map(renderer.render).joined())
        case .json, .jsonl:
          for finding in findings { jsonFindings.append(finding, data: source, registry: session.registry) }
        case .sarif, .github, .junit:
          // NB: a record of a YAML stream is named by its line in the YAML file.
          let line = result.line.map { source.isConverted ? source.position(of: result.span.start).line : $0 }
          ciLog?.add(record: result.index, line: line, findings.map { FindingSite($0, record: result.index, data: source, registry: session.registry) })
        }
      }
    } catch {
      meter.finish()
      let exit = DataInput.exit(for: error, color: errorColor)
      if case .malformed(let syntax, _, _, let readBefore) = error { onMalformed(syntax, readBefore) }
      // NB: the records read before malformed input were reported; so are the notes left out of them.
      if format == .text, !summarize, let line = shown.leftOutLine(option: "--max-notes") {
        buffered.write(line + "\n")
        buffered.flush()
      }
      throw exit
    }
    meter.finish()
    buffered.flush()
    timings.lap("data", bytes: source.size)
    let summary = totals
    // NB: a stream calls `onRecord` only for records with findings; the totals count them all.
    counts?.records = totals.records
    counts?.invalidRecords = totals.invalidRecords
    switch format {
    case .text:
      if summarize { Terminal.write(tally.render(style: TextStyle(enabled: color))) }
      // The warnings and notes past the limits: those the engine only counted, and those cut here.
      let warningsHidden = summary.warnings - shown.warnings
      if maxWarnings > 0, warningsHidden > 0 {
        Terminal.write("\(DiagnosticRenderer.count(warningsHidden, "more warning")) not shown (--max-warnings \(maxWarnings))\n")
      }
      if let line = shown.leftOutLine(option: "--max-notes") { Terminal.write(line + "\n") }
      let line = FindingRenderer.summary(summary, input: source.name, target: targetName)
      Terminal.write((summary.isValid ? line : TextStyle(enabled: color).bold(line)) + "\n")
    case .json, .jsonl:
      Self.writeJSON(jsonFindings, summary, model: model, malformed: nil, diagnostics: modelSites)
    case .sarif, .github, .junit:
      if let ciLog { Self.writeCI(ciLog, summary, dataPath: source.name, target: model) }
    }
    timings.lap("output")
    if !summary.isValid { throw ExitCode.invalidData }
  }

  /// The `--format json` document: the verdict, the counts, every finding, the syntax error
  /// that stopped the run, if one did, and the model files' warnings and errors, if they have
  /// any (`model` is left out when their errors leave no model to name).
  static func writeJSON(
    _ findings: FindingJSONArray, _ summary: ValidationSummary, model: String?, malformed: JSONValue?, diagnostics: [DiagnosticSite]
  ) {
    let modelErrors = diagnostics.contains { $0.severity == .error }
    var members = [JSONMember(key: "valid", value: .bool(summary.isValid && malformed == nil && !modelErrors))]
    if let model { members.append(JSONMember(key: "model", value: .string(model))) }
    members += [
      JSONMember(key: "records", value: .number(String(summary.records))),
      JSONMember(key: "invalidRecords", value: .number(String(summary.invalidRecords))),
    ]
    if let malformed { members.append(JSONMember(key: "malformed", value: malformed)) }
    if !diagnostics.isEmpty { members.append(JSONMember(key: "diagnostics", value: .array(diagnostics.map(DiagnosticJSON.value)))) }
    let output = BufferedOutput()
    findings.writeDocument(members, key: "findings") { output.write(bytes: $0) }
    output.write("\n")
    output.flush()
  }
}
