import ArgumentParser
import CastSchema
import CastValidate
import Foundation

extension KeyStyle: ExpressibleByArgument {}

/// `--to json|yaml|plist`.
enum OutputKind: String, ExpressibleByArgument, CaseIterable {
  case json, yaml, plist
}

/// `convert --format`: the usual output, or the pipe mode's one line per input line.
enum ConvertFormat: String, ExpressibleByArgument, CaseIterable {
  case standard, jsonl
}

/// `castctl convert SCHEMA… DATA`: the model's representation of a document.
struct Convert: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert",
    abstract: "Decode JSON with a model and write the model's representation (JSON, YAML or a property list).",
    discussion: """
      Keys are mapped, values coerced and defaults filled as the model's dialect does; unknown and ignored keys are dropped; nil is omitted or written as null per dialect. Findings go to standard error; an invalid document gives exit status 1 and no output. NDJSON stays NDJSON (one line per valid record; invalid records are reported and left out, exit status 1, with -o as on standard output).

      --format jsonl (the pipe mode): NDJSON in, one line out per input line, in order: the converted record (compact JSON), or for a line that does not convert its verdict, {"line": N, "valid": false, "findings": [...]}, or {"line": N, "blank": true}. Findings never change the exit status. --split VALID REJECTS: converted records to VALID, rejected lines (as read) with their findings to REJECTS, both atomic.

      -o FILE writes atomically (a temporary file beside it, then a rename) and refuses to replace an existing file without --force.

      Many files (several data files, directories walked for .json, .ndjson, .jsonl, .yaml and .yml files, --data PATH): -o DIR, a file per input at its path below the directory argument (or its name), with the extension of --to (NDJSON keeps .ndjson or .jsonl); each written atomically as with -o FILE, converted side by side. Exit status: the highest of any file.

      Examples:
        castctl convert schemas/users.cast schemas/users.json
        castctl convert schemas/users.cast schemas/users.json --to yaml
        castctl convert schemas/users.cast schemas/users.json --keys property --compact
        castctl convert schemas/users.cast schemas/users.ndjson -o users.clean.ndjson
        castctl convert schemas/users.cast schemas/users.ndjson --split clean.ndjson rejects.ndjson
        castctl convert schemas/users.cast schemas/users.json schemas/users.ndjson -o converted/
      """)

  @Argument(help: "The .cast files, then the data file (- for standard input), or many data files and directories with -o DIR.", completion: .file())
  var files: [String]

  @Option(name: .customLong("data"), help: ArgumentHelp("A data file or directory, whatever its name (repeatable).", valueName: "path"), completion: .file())
  var forcedData: [String] = []

  @OptionGroup var data: DataOptions
  @OptionGroup var generator: GeneratorOptions
  @OptionGroup var timing: TimingOptions

  @Option(help: "Output format: json, yaml or plist.")
  var to: OutputKind = .json

  @Option(help: "Keys to write: json (the model's JSON keys), property (property names), snake or camel (refused, exit 64, where it would write two properties at one key).")
  var keys: KeyStyle = .json

  @Flag(help: "JSON on one line.")
  var compact = false

  @Flag(help: "Sort every object's keys as JSONEncoder's .sortedKeys does (by their UTF-8 bytes).")
  var sortedKeys = false

  @Flag(help: "Write / as it is in JSON output of Codable models (JSONEncoder's .withoutEscapingSlashes); by default they are written \\/, as JSONEncoder writes them. Other dialects never escape /.")
  var withoutEscapingSlashes = false

  @Flag(help: "Binary property list (with --to plist).")
  var binary = false

  @Option(name: .shortAndLong, help: "Write to this file instead of standard output.", completion: .file())
  var output: String?

  @Flag(help: "Replace the output file if it exists.")
  var force = false

  @Option(help: "standard, or jsonl: one line per NDJSON input line, the converted record or the verdict ({\"line\", \"valid\": false, \"findings\"}) of a record that does not convert.")
  var format: ConvertFormat = .standard

  @Option(
    name: .customLong("split"), parsing: .upToNextOption,
    help: ArgumentHelp("Write the converted valid records to VALID and the rejected ones (as read) with their findings to REJECTS.", valueName: "VALID REJECTS"),
    completion: .file())
  var split: [String] = []

  @OptionGroup var color: ColorOptions

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
    if binary, to != .plist { throw ValidationError("--binary goes with --to plist") }
    try NoteLimit.validate(maxNotes)
    if !split.isEmpty, split.count != 2 { throw ValidationError("--split takes two files: VALID REJECTS") }
    // NB: one file for both would keep only the rejects, renamed last.
    if split.count == 2, SameFile.paths(split[0], split[1]) {
      throw ValidationError("--split writes two files; \(split[0]) and \(split[1]) are one file")
    }
    if format == .jsonl || !split.isEmpty {
      let mode = format == .jsonl ? "--format jsonl" : "--split"
      if format == .jsonl, !split.isEmpty { throw ValidationError("--split writes files; give it without --format jsonl") }
      if to != .json { throw ValidationError("\(mode) writes JSON lines; --to \(to.rawValue) does not apply") }
      if maxNotes != nil { throw ValidationError("\(mode) reports every finding of every line; --max-notes does not apply") }
      if output != nil, !split.isEmpty { throw ValidationError("--split writes its two files; -o does not apply") }
      try PipeRun.check(path: files[files.count - 1], options: data, mode: mode)
    }
  }

  func run() throws {
    if arguments.isBatch { return try runMany() }
    var timings = PhaseTimings(enabled: timing.timings)
    defer { timings.report() }
    let colorOn = Terminal.useColor(color.color, fileDescriptor: 2)
    let session = try SchemaSession.load(Array(files.dropLast()), options: generator)
    ProcessLifetime.keep(session)
    timings.lap("schema")
    let choice = try SchemaSession.target(session, options: data, errorColor: colorOn)
    let (target, targetName) = (choice.target, choice.name)
    let path = files[files.count - 1]
    // NB: the pipe modes report every finding of every line.
    let pipes = format == .jsonl || !split.isEmpty
    let notes = pipes ? NoteLimit.shown(maxNotes: 0, quiet: quiet) : NoteLimit.shown(maxNotes: maxNotes, quiet: quiet)
    let options = ValidationOptions(strict: data.strict, unknownKeys: data.unknown, maxDepth: data.maxDepth, notes: notes)
    let schema = session.compile(target, options: options)
    ProcessLifetime.keep(schema)
    // Before anything is read or written: a style that writes two properties at one key would
    // lose one of the two values.
    let collisions = keys.collisions(in: schema, target: target)
    if !collisions.isEmpty {
      Terminal.writeError(DiagnosticRenderer(files: session.registry.files, style: TextStyle(enabled: colorOn)).render(collisions))
      throw ExitCode.usage
    }
    guard var validator = DocumentValidator(schema: schema, target: target, build: true) else { throw ExitCode.usage }
    timings.lap("compile")
    let formatting = EncoderFormatting(
      schema: schema, target: target, sortedKeys: sortedKeys, withoutEscapingSlashes: withoutEscapingSlashes)
    // NB: sorted keys are written from the instance; the reader's own bytes keep the model's order.
    let compactKeys = formatting.sortsKeys ? nil : keys
    if format == .jsonl || !split.isEmpty {
      validator.compactKeys = compactKeys
      return try runPipe(
        validator, path: path, encoder: ModelEncoder(schema: schema, keys: keys), formatting: formatting, registry: session.registry)
    }
    let document = try DataInput.open(path, options: data, color: colorOn)
    let (source, ndjson) = (document.source, document.recordsPerLine)
    if ndjson, to == .plist { throw ValidationError("NDJSON converts to JSON lines or YAML documents, not a property list") }
    // JSON is written while each record is read, without building its instance.
    // So are YAML documents of NDJSON, from each record's compact JSON.
    if to == .json || (to == .yaml && ndjson) { validator.compactKeys = compactKeys }
    let encoder = ModelEncoder(schema: schema, keys: keys)
    let renderer = FindingRenderer(data: source, registry: session.registry, style: TextStyle(enabled: colorOn))
    let sink = try OutputSink(path: output, force: force)
    // A document's records wait in a spool until the whole document is known valid.
    let json = ConvertedDocument<[UInt8]>(.json(compact ? .compact : .pretty(indent: 2)))
    // Keys YAML readers in Swift take for one (`MergedKeys`), said once at the end.
    var mergedKeys = MergedKeys()
    let yaml = ConvertedDocument<JSONValue>(.yaml { mergedKeys.add($0) })
    // A property list is written from the instances, whose types its values keep.
    var items: [PropertyListItem] = []
    let run = DataRun(validator: validator, document: document, jobs: data.jobs, maxBytes: data.maxBytes)
    let meter = ProgressMeter(total: source.size)
    var failure: Error?
    var lines: [UInt8] = []
    // NB: read once: each read of an argument property instantiates generic metadata, which at
    // one read per record was a few percent of a run.
    let writesJSON = to == .json
    var shown = ShownFindings(maxWarnings: 0, notes: notes)
    let summary: ValidationSummary
    do {
      summary = try run.run(progress: meter.update) { result in
        // NB: every record, for the notes left out of one with nothing else to show.
        let findings = shown.filter(result)
        if !findings.isEmpty { Terminal.writeError(findings.map(renderer.render).joined()) }
        guard failure == nil, result.isValid, result.encoded != nil || result.instance != nil else { return }
        if ndjson {
          // NDJSON streams: each valid record is written as it is decoded, gathered into pieces
          // of `sink.pieceSize`.
          do {
            if writesJSON, !formatting.isPlain {
              _ = formatting.appendCompactLine(encoded: result.encoded, instance: result.instance, encoder: encoder, to: &lines)
              lines.append(UInt8(ascii: "\n"))
            } else if writesJSON {
              if let encoded = result.encoded {
                lines.append(contentsOf: encoded)
              } else if let instance = result.instance {
                encoder.writeCompact(instance, into: &lines)
              }
              lines.append(UInt8(ascii: "\n"))
            } else if let encoded = result.encoded {
              lines += "---\n".utf8
              mergedKeys.add(try YAMLOutput.append(compactJSON: encoded, to: &lines))
            } else if let instance = result.instance {
              lines += "---\n".utf8
              mergedKeys.add(YAMLOutput.append(formatting.sorted(encoder.encode(instance)), to: &lines))
            }
            if lines.count >= sink.pieceSize {
              try sink.write(lines)
              lines.removeAll(keepingCapacity: true)
            }
          } catch {
            failure = error
          }
        } else if writesJSON {
          do {
            try json.add(formatting.compactLine(encoded: result.encoded, instance: result.instance, encoder: encoder) ?? [])
          } catch {
            failure = error
          }
        } else if let instance = result.instance {
          if self.to == .plist {
            items.append(encoder.propertyListItem(instance, target: target))
          } else {
            do { try yaml.add(formatting.sorted(encoder.encode(instance))) } catch { failure = error }
          }
        }
      }
    } catch {
      meter.finish()
      // A stream written where it is read ends with the last record before the malformed one
      // (a file is left as it was).
      if case .malformed = error, ndjson, sink.writesInPlace, failure == nil, !lines.isEmpty { try sink.write(lines) }
      sink.discard()
      // NB: the records read before malformed input were reported; so are the notes left out of them.
      if case .malformed = error, let line = shown.leftOutLine(option: "--max-notes") { Terminal.writeError(line + "\n") }
      throw DataInput.exit(for: error, color: colorOn)
    }
    meter.finish()
    if failure == nil, !lines.isEmpty {
      do { try sink.write(lines) } catch { failure = error }
    }
    timings.lap("data", bytes: source.size)
    if let failure {
      sink.discard()
      throw failure
    }
    if let line = shown.leftOutLine(option: "--max-notes") { Terminal.writeError(line + "\n") }
    guard summary.isValid else {
      // NDJSON leaves its invalid records out, in a file as on standard output; any other input
      // is one document, and an invalid one is not written at all.
      let counts = FindingRenderer.summary(summary, input: source.name, target: targetName)
      if ndjson {
        try sink.commit()
        Terminal.writeError("castctl: invalid records left out: " + counts + "\n")
      } else {
        sink.discard()
        Terminal.writeError("castctl: not converted: " + counts + "\n")
      }
      throw ExitCode.invalidData
    }
    if !ndjson, to == .plist {
      // The reader, not a look at the first bytes, decides the shape.
      try sink.write(try propertyList(summary.isArray ? .array(items) : items.first ?? .null, formatting: formatting, input: source.name))
    } else if !ndjson {
      var failure: Error?
      let write = { (piece: UnsafeRawBufferPointer) in
        guard failure == nil else { return }
        do { try sink.write(Array(piece)) } catch { failure = error }
      }
      if to == .json {
        try json.write(isArray: summary.isArray, nothing: Array("null".utf8), write)
      } else {
        try yaml.write(isArray: summary.isArray, nothing: .null, write)
      }
      if let failure { throw failure }
    }
    try sink.commit()
    if let warning = mergedKeys.warning(format: "YAML as Swift reads it (Yams)") {
      Terminal.writeError("castctl: warning: \(source.name): \(warning)\n")
    }
    timings.lap("output")
  }

  /// One document as a property list.
  private func propertyList(_ item: PropertyListItem, formatting: EncoderFormatting, input: String) throws -> [UInt8] {
    let bytes: Data
    let dropped: Int
    let rounded: [PropertyListOutput.Rounding]
    let merged: MergedKeys
    do {
      (bytes, dropped, rounded, merged) = try PropertyListOutput.write(item, binary: binary, marksNulls: formatting.writesPropertyListsAsEncoder)
    } catch {
      // Nothing is written rather than a value changed: a convert of data the output cannot hold.
      Terminal.writeError("castctl: error: cannot write a property list: \(error)\n")
      throw ExitCode.invalidData
    }
    if dropped > 0 {
      Terminal.writeError("castctl: note: property lists have no null; \(dropped) null value(s) left out\n")
    }
    if let warning = merged.warning(format: "a property list as Foundation writes it") {
      Terminal.writeError("castctl: warning: \(input): \(warning)\n")
    }
    if let first = rounded.first {
      Terminal.writeError(
        "castctl: warning: a property list holds a number as a 64-bit integer or a Double: \(rounded.count) number(s) rounded"
          + " (at \(first.pointer.components.isEmpty ? "the root" : first.pointer.description): \(first.literal) became \(first.written))\n")
    }
    return Array(bytes)
  }
}
