import Foundation
import ArgumentParser
import CastValidate

extension UnknownKeyRule: ExpressibleByArgument {}

extension DataFormat: ExpressibleByArgument {}

/// How a data file is read and judged: the target, the input shape and the strictness.
struct DataOptions: ParsableArguments {
  @Option(help: "The model to decode with, a generic one with its arguments ('Page<User>') (default: the one model no other model uses).")
  var model: String?

  @Option(name: .customLong("type"), help: "Decode with any type expression instead, e.g. '[String: [Int]]' or Any.")
  var typeExpression: String?

  @Flag(help: "Read NDJSON: one record per line (implied by .ndjson and .jsonl files).")
  var ndjson = false

  @Option(help: "Input format: json, or yaml (implied by .yaml and .yml files); findings point into the YAML.")
  var from: DataFormat?

  @Flag(help: "No coercion of any kind, null only for optionals, warnings are errors.")
  var strict = false

  @Option(help: "Keys the model does not declare: ignore, warn or error.")
  var unknown: UnknownKeyRule = .ignore

  // NB: `.unconditional` on the numeric options: a negative value (`--jobs -1`) is then read as
  // the value, and refused by `validate()` with the reason, not taken for an unknown flag.
  @Option(parsing: .unconditional, help: "Deepest nesting of arrays and objects accepted (at most 10000).")
  var maxDepth = 512

  /// The largest `--max-depth`: reading, decoding and writing recurse per level, and castctl's
  /// stack (`LargeStack`) holds this many levels with room to spare even under AddressSanitizer.
  static let maxDepthLimit = JSONScanner.maxDepthLimit
  /// The most `--jobs`: each job holds its own buffers and threads, and far more jobs than cores
  /// only costs memory (a QA pass crashed castctl with `--jobs 4294967296`).
  static let maxJobs = 256

  @Option(parsing: .unconditional, help: "Refuse inputs larger than this many bytes (default: no limit).")
  var maxBytes: Int?

  // NB: optional, so that the help says "the number of cores" rather than this machine's count.
  @Option(name: .customLong("jobs"), parsing: .unconditional, help: "Threads for NDJSON (default: the number of cores).")
  var requestedJobs: Int?

  /// `--jobs`, or the number of cores (at most `DataOptions.maxJobs`).
  var jobs: Int { Self.jobs(requested: requestedJobs) }

  /// A command's `--jobs` (`requested`), or the number of cores, at most `maxJobs`.
  static func jobs(requested: Int?) -> Int {
    requested ?? min(ProcessInfo.processInfo.activeProcessorCount, maxJobs)
  }

  /// Refuses a `--jobs` outside 1…`maxJobs`.
  static func checkJobs(_ requested: Int?) throws {
    if let requested, requested < 1 || requested > maxJobs { throw ValidationError("--jobs must be 1…\(maxJobs)") }
  }

  func validate() throws {
    guard !UsageCheck.isDeferred else { return }
    if model != nil, typeExpression != nil { throw ValidationError("give --model or --type, not both") }
    if maxDepth < 1 { throw ValidationError("--max-depth must be at least 1") }
    if maxDepth > Self.maxDepthLimit { throw ValidationError("--max-depth must be at most \(Self.maxDepthLimit)") }
    try Self.checkJobs(requestedJobs)
    if let maxBytes, maxBytes < 1 { throw ValidationError("--max-bytes must be at least 1") }
  }

  /// Checks a data command's files: the schemas, then the data (or the data alone with `--type`).
  func validate(files: [String]) throws {
    if files.isEmpty { throw ValidationError("give the data file (and the .cast files before it)") }
    let dataExtensions = [".json", ".ndjson", ".jsonl", ".yaml", ".yml"]
    if let extra = files.dropLast().first(where: { path in dataExtensions.contains { path.hasSuffix($0) } }) {
      // Read as a schema it would only say "unexpected '{' at top level".
      throw ValidationError(
        "\(extra) looks like data, but only the last argument is read as data: give one data file per run (the .cast files come before it)")
    }
    guard files.count == 1, typeExpression == nil else { return }
    if files[0].hasSuffix(".cast") { throw ValidationError("give the data file after the .cast files (- for standard input)") }
    throw ValidationError("give the .cast files before the data file, or use --type")
  }

  /// How data inputs are read, for the library's reader.
  var reading: DataReading {
    DataReading(format: from, ndjson: ndjson, maxBytes: maxBytes)
  }

  /// Whether `path` is read as NDJSON.
  func isNDJSON(_ path: String) -> Bool { reading.isNDJSON(path) }

  /// Whether `path` is read as YAML.
  func isYAML(_ path: String) -> Bool { reading.isYAML(path) }
}
