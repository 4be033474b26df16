import ArgumentParser
import CastSchema
import CastValidate
import Foundation

/// `castctl infer DATA…`: a `.cast` model from the data, checked to accept the data.
struct Infer: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "infer",
    abstract: "Infer a .cast model (or Codable structs) from JSON, NDJSON or YAML records, and check that it accepts them.",
    discussion: """
      Reads every record (a document, each element of a top-level array, each NDJSON line or YAML document) from files, the data files under directories, or standard input (-), merges what each path held, and writes the models: required where every record had the key, optional where it was absent or null; Int, Double (once a fraction is seen), Decimal for an integer beyond Int64 (or beyond 2^53 beside fractions), NSNumber where that type would not take every number by the check's own range rules (1e400; an integer of 167 digits); Date (ISO-8601 in UTC, or yyyy-MM-dd), URL (http/https), UUID (upper case) where every value is one written as castctl writes it back; an enum where a string field has --enum-min-cases to --enum-max-cases distinct case-like values (words, not hexadecimal codes), each seen --enum-min-ratio times on average; a map where the keys are integers or UUIDs, cannot be named, or are many (--map-min-keys) and most appear in few objects. snake_case keys give UnderscoreToCamelCase where the rule maps the property name back exactly; other keys an explicit //! "key". The result does not depend on the order of the records.

      Then, unless --no-verify: the model is loaded and every record validated under --strict (zero findings required) and round-tripped (no change but a null written as absent, or an absent key as null, as the dialect writes nil); exit 1 if that fails (the model is still written, and with -o the last line names the file).

      --seed FILE starts from that model and widens it only where the records need it: a required key seen absent (or null) becomes optional, a number type widens, an enum gains cases, a new key becomes an optional property, a type that cannot widen becomes the inferred one; each change is one line on standard error (path, before → after, why, where), and the rest of the seed is kept as written. --dialect writes the models in another dialect; codable writes Swift structs with CodingKeys (a .swift file), its dates by JSONDecoder's .iso8601 strategy, named on a //! date-decoding line castctl reads.

      Memory: NDJSON and top-level arrays stream (standard input past 8 MB is first copied to an unlinked file in $TMPDIR, which the check reads again); any other JSON document is one record read whole, and YAML is converted whole.

      -o FILE writes atomically and refuses to replace an existing file without --force. --explain prints, per property, the evidence behind its type on standard error; --comments writes its short form as a comment above each property.

      Examples:
        castctl infer schemas/users.ndjson --model-name User
        castctl infer schemas/ --explain -o model.cast
        castctl infer schemas/orders.ndjson --map /customer --enum-max-cases 5
        castctl infer schemas/orders.ndjson --seed schemas/order-seed.cast -o order.cast
      """)

  @Argument(help: "Data files, directories (their .json, .ndjson, .jsonl, .yaml and .yml files) or - for standard input.", completion: .file())
  var files: [String]

  /// The dialects infer writes, comma-separated.
  static let writableDialects = Dialect.allCases.map(\.rawValue).joined(separator: ", ")

  @Option(help: "The root model's name (default Root; with --seed, the seed's model the records are, needed when it has several).")
  var modelName: String?

  @Option(help: "Start from this .cast model and widen it only where the data needs it; each change is reported on standard error.", completion: .file())
  var seed: String?

  @Flag(help: "With --seed: treat warnings about the seed as errors (exit 2), as the other commands do for their .cast files.")
  var werror = false

  @Option(
    help: "The dialect the models are written in: \(Self.writableDialects) (default jsoncast; with --seed, the seed's root model's).",
    completion: .list(Dialect.allCases.map(\.rawValue)))
  var dialect: String?

  @Option(name: .shortAndLong, help: "Write the model to this file instead of standard output.", completion: .file())
  var output: String?

  @Flag(help: "Replace the output file if it exists.")
  var force = false

  @Flag(help: "Print the evidence behind each property's type on standard error.")
  var explain = false

  @Flag(help: "Write each property's evidence in short as a comment above it.")
  var comments = false

  @Flag(help: "Skip the final check that the model validates and round-trips every record.")
  var noVerify = false

  @Option(parsing: .unconditional, help: "Most distinct values a string field may have to become an enum (0: no enums).")
  var enumMaxCases = InferOptions().enumMaxCases

  @Option(parsing: .unconditional, help: "Fewest distinct values for an enum.")
  var enumMinCases = InferOptions().enumMinCases

  @Option(parsing: .unconditional, help: "Fewest occurrences per distinct value for an enum.")
  var enumMinRatio = InferOptions().enumMinRatio

  @Option(parsing: .unconditional, help: "Distinct keys from which an object whose keys are mostly rare becomes a map.")
  var mapMinKeys = InferOptions().mapMinKeys

  @Option(name: .customLong("map"), help: "Make the objects at this path a map (repeatable): /events, /items/[]/meta.")
  var maps: [String] = []

  @Option(name: .customLong("object"), help: "Make the objects at this path a model, whatever their keys (repeatable).")
  var objects: [String] = []

  @Flag(help: "Read NDJSON: one record per line (implied by .ndjson and .jsonl files).")
  var ndjson = false

  @Option(help: "Input format: json, or yaml (implied by .yaml and .yml files).")
  var from: DataFormat?

  @Option(parsing: .unconditional, help: "Deepest nesting of arrays and objects accepted (at most 10000).")
  var maxDepth = 512

  @Option(parsing: .unconditional, help: "Refuse inputs larger than this many bytes (default: no limit).")
  var maxBytes: Int?

  // NB: optional, so that the help says "the number of cores" rather than this machine's count.
  @Option(name: .customLong("jobs"), parsing: .unconditional, help: "Threads for NDJSON (default: the number of cores).")
  var requestedJobs: Int?

  /// `--jobs`, or the number of cores (at most `DataOptions.maxJobs`).
  var jobs: Int { DataOptions.jobs(requested: requestedJobs) }

  func validate() throws {
    guard !UsageCheck.isDeferred else { return }
    if files.isEmpty { throw ValidationError("give the data files (- for standard input)") }
    if let problem = modelName.flatMap(InferNames.problem(withModelName:)) { throw ValidationError(problem) }
    if enumMaxCases < 0 { throw ValidationError("--enum-max-cases must be at least 0") }
    if enumMinCases < 1 { throw ValidationError("--enum-min-cases must be at least 1") }
    if enumMinRatio < 1 { throw ValidationError("--enum-min-ratio must be at least 1") }
    if mapMinKeys < 1 { throw ValidationError("--map-min-keys must be at least 1") }
    if maxDepth < 1 || maxDepth > DataOptions.maxDepthLimit { throw ValidationError("--max-depth must be 1…\(DataOptions.maxDepthLimit)") }
    try DataOptions.checkJobs(requestedJobs)
    if let dialect, Dialect(rawValue: dialect) == nil {
      throw ValidationError("--dialect \(dialect): no such dialect; use one of \(Self.writableDialects)")
    }
    if comments, seed != nil { throw ValidationError("--comments and --seed: the seed's text is kept as written, so no comment is added; use --explain") }
    if werror, seed == nil { throw ValidationError("--werror goes with --seed: it is the only .cast file infer reads") }
    if dialect != nil, seed != nil { throw ValidationError("--dialect and --seed: the seed's models keep their dialect; give one or the other") }
    if let maxBytes, maxBytes < 1 { throw ValidationError("--max-bytes must be at least 1") }
    if enumMaxCases > 0, enumMinCases > enumMaxCases {
      throw ValidationError("--enum-min-cases \(enumMinCases) is above --enum-max-cases \(enumMaxCases): no string would make an enum")
    }
    // NB: the records themselves are always a model: a map is a property's type.
    if maps.contains("") { throw ValidationError("--map \"\": the records themselves are always a model; give the path of objects inside them, such as /events") }
    for path in maps + objects where !path.isEmpty && !path.hasPrefix("/") {
      throw ValidationError("--map and --object take a JSON Pointer from the record, such as /\(path)")
    }
    if let both = Set(maps).intersection(objects).sorted().first {
      throw ValidationError("\(both.isEmpty ? "the record" : both) is given to both --map and --object")
    }
  }

  /// The library's options from the command line.
  var inferOptions: InferOptions {
    var options = InferOptions()
    options.modelName = modelName ?? "Root"
    options.enumMaxCases = enumMaxCases
    options.enumMinCases = enumMinCases
    options.enumMinRatio = enumMinRatio
    options.mapMinKeys = mapMinKeys
    options.forcedMaps = Set(maps)
    options.forcedModels = Set(objects)
    options.maxDepth = maxDepth
    options.dialect = dialect.flatMap(Dialect.init(rawValue:)) ?? .jsoncast
    return options
  }

  func run() throws {
    let color = Terminal.useColor(.auto, fileDescriptor: 2)
    let seeded = try seed.map { try InferSeed.load($0, modelName: modelName, werror: werror, color: color) }
    var options = inferOptions
    if let seeded { options.seed(seeded.registry, root: seeded.root) }
    var data = try DataOptions.parse([])
    data.ndjson = ndjson
    data.from = from
    data.maxDepth = maxDepth
    data.maxBytes = maxBytes
    let inputs = try InferInputs(paths: files, options: data)
    let inferrer = Inferrer(options: options)
    for index in inputs.inputs.indices {
      let streamed = try inputs.streamArray(index, color: color) { descriptor throws(StreamError) in
        try inferrer.observeArray(descriptor: descriptor, input: index, maxBytes: maxBytes)
      }
      if streamed { continue }
      try inputs.forEachBuffer(index, color: color) { bytes, ndjson, base in
        if ndjson {
          try inferrer.observeNDJSON(bytes, input: index, base: base, jobs: jobs)
        } else {
          try inferrer.observeDocument(bytes, input: index, base: base)
        }
      }
    }
    if let reason = inferrer.rootMapReason {
      // NB: an empty model would pass no record; a map's values still have a model to infer.
      Terminal.writeError(
        "castctl: error: no model to infer: \(reason); such records are validated with --type '[String: T]', whose T castctl infer gives from one of the values\n")
      throw ExitCode.invalidData
    }
    guard let schema = inferrer.schema() else {
      let seen = inferrer.records == 0 ? "no records" : "records that are not all objects (\(inferrer.recordKinds.joined(separator: ", ")))"
      Terminal.writeError("castctl: error: nothing to infer a model from: the input holds \(seen)\n")
      throw ExitCode.invalidData
    }
    let text: String
    let rootName: String
    let counts: String
    let records = "\(schema.records) record\(schema.records == 1 ? "" : "s")"
    if let seeded {
      var widener = SeedWidener(registry: seeded.registry, options: options)
      let result = widener.widen(root: seeded.root, inferrer: inferrer)
      Terminal.writeError(SeedChangeText.render(result.changes, seed: seeded.path, inputs: inputs))
      text = result.text
      rootName = seeded.root
      counts = result.changes.isEmpty
        ? "kept \(seeded.path) as it is for \(records)"
        : "widened \(seeded.path) (\(result.changes.count) change\(result.changes.count == 1 ? "" : "s")) for \(records)"
    } else {
      text = schema.render(header: [
        "Inferred by castctl infer from \(records) of \(inputs.inputs.map(\.source.name).joined(separator: ", ")).",
      ], comments: comments)
      rootName = schema.rootName
      for path in schema.unmatchedPaths {
        // `/` is the key "" (RFC 6901), which users mean as the records themselves.
        let root = path == "/" ? "; / is the key \"\" of the records, not the records themselves" : ""
        Terminal.writeError("castctl: warning: no object of the records is at \(path) (--map, --object)\(root); paths look like /key, /list/[]/key, /map/*/key\n")
      }
      for path in schema.tooWideForModels {
        Terminal.writeError("castctl: warning: the objects at \(path) have more than \(options.keyLimit) distinct keys, too many for a model (--object): a map\n")
      }
      if !schema.leftOutKeys.isEmpty {
        Terminal.writeError("castctl: warning: keys left out, which no //! \"key\" can name: \(schema.leftOutKeys.joined(separator: ", "))\n")
      }
      counts = "inferred \(schema.modelCount) model\(schema.modelCount == 1 ? "" : "s"), \(schema.enumCount) enum\(schema.enumCount == 1 ? "" : "s") from \(records)"
    }
    if explain { Terminal.writeError(InferExplainText.render(schema, inputs: inputs)) }
    // NB: whether a file is replaced, for the failure's report (`-o` with `--force`).
    var existing = stat()
    let replacing = output.map { $0 != "-" && lstat($0, &existing) == 0 } ?? false
    let sink = try OutputSink(path: output, force: force)
    try sink.write(text)
    var verified: InferVerifier.Report?
    if !noVerify {
      verified = try verify(text, model: rootName, inputs: inputs, color: color)
    }
    try sink.commit()
    // The model's warnings are `check`'s for it (the same load), with or without the check.
    let warnings = verified?.schemaWarnings ?? InferVerifier.problems(InferVerifier.load(text: text, path: modelPath).1).warnings
    for warning in warnings { Terminal.writeError("castctl: warning: the model as written: \(warning)\n") }
    guard let report = verified else {
      Terminal.writeError("castctl: \(counts); not verified (--no-verify)\n")
      return
    }
    Terminal.writeError(InferExplainText.verdict(report, counts: counts, dialect: options.dialect))
    if !report.passed {
      // The model is written all the same (README: so that it can be read and mended); say where.
      if let output, output != "-" {
        Terminal.writeError("castctl: the model is written to \(output) all the same\(replacing ? ", replacing the file that was there" : "")\n")
      }
      throw ExitCode.invalidData
    }
  }

  /// The name the model is loaded under for its check: the output file, as `check` would read it.
  private var modelPath: String { output ?? "<inferred>" }

  /// The guarantee: every record validated under --strict and round-tripped through `text`.
  private func verify(_ text: String, model: String, inputs: InferInputs, color: Bool) throws -> InferVerifier.Report {
    var verifier = InferVerifier(text: text, path: modelPath, model: model, maxDepth: maxDepth)
    for index in inputs.inputs.indices {
      let source = inputs.inputs[index].source
      let streamed = try inputs.streamArray(index, color: color) { descriptor throws(StreamError) in
        try verifier.checkArray(descriptor: descriptor, source: source)
      }
      if streamed { continue }
      try inputs.forEachBuffer(index, color: color) { bytes, ndjson, base in
        if ndjson {
          try verifier.checkNDJSON(bytes, base: base, jobs: jobs)
        } else {
          try verifier.check(bytes, ndjson: false, base: base)
        }
      }
    }
    return verifier.report
  }
}
