import CastSchema

/// The options of a data command written back as arguments, for the run of one file in a
/// many-file run (`ChildRun`): the same options, so each file is judged as it would be alone.
extension DataOptions {
  /// `--model`, `--type`, the input shape and the strictness; `jobs` threads.
  func workerArguments(jobs: Int) -> [String] {
    var arguments: [String] = []
    if let model { arguments += ["--model", model] }
    if let typeExpression { arguments += ["--type", typeExpression] }
    if ndjson { arguments.append("--ndjson") }
    if let from { arguments += ["--from", from.rawValue] }
    if strict { arguments.append("--strict") }
    arguments += ["--unknown", unknown.rawValue, "--max-depth", String(maxDepth), "--jobs", String(jobs)]
    if let maxBytes { arguments += ["--max-bytes", String(maxBytes)] }
    return arguments
  }
}

extension GeneratorOptions {
  /// The generator flags and the dialect.
  var workerArguments: [String] {
    var arguments: [String] = []
    if capitalizeKeys { arguments.append("--uppercase") }
    if ignoreCase { arguments.append("--ignorecase") }
    if nullEmpty { arguments.append("--nullempty") }
    if werror { arguments.append("--werror") }
    if let dialect { arguments += ["--dialect", dialect.rawValue] }
    if let dateDecoding { arguments += ["--date-decoding", dateDecoding.text] }
    if let keyDecoding { arguments += ["--key-decoding", keyDecoding.rawValue] }
    if let keyEncoding { arguments += ["--key-encoding", keyEncoding.rawValue] }
    if let nonConformingFloats { arguments += ["--non-conforming-floats", nonConformingFloats.text] }
    return arguments
  }
}

/// A file argument as a child reads it: a name starting with `-` (other than `-` itself) would
/// be read as an option.
func workerPath(_ path: String) -> String {
  path != "-" && path.hasPrefix("-") ? "./" + path : path
}
