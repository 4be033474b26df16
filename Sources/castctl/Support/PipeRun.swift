import ArgumentParser
import CastValidate
import Foundation

/// The pipe mode's reading (`--format jsonl`, `--split`): the data file (or standard input) as
/// NDJSON, streamed, every line's verdict in input order. Only castctl's own failures end it: an
/// unreadable input (exit 66) or one over `--max-bytes` (exit 3).
struct PipeRun {
  let validator: DocumentValidator
  let path: String
  let options: DataOptions

  func run(onBatch: (DataSource, [LineVerdict]) throws -> Void) throws {
    let name = path == "-" ? "<stdin>" : path
    let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      Terminal.writeError("castctl: error: cannot read \(ControlCharacters.escaped(name)): \(String(cString: strerror(errno)))\n")
      throw ExitCode.unreadableInput
    }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    let stream = LineVerdictStream(config: validator, jobs: options.jobs, maxBytes: options.maxBytes)
    do {
      try stream.run(descriptor: descriptor, name: name, onBatch: onBatch)
    } catch let error as ChunkReadError {
      Terminal.writeError("castctl: error: cannot read \(ControlCharacters.escaped(name)): \(error.reason)\n")
      throw error.exceededLimit != nil ? ExitCode.malformedJSON : ExitCode.unreadableInput
    }
  }

  /// Refuses what the pipe mode cannot read: YAML has no lines to answer one by one.
  static func check(path: String, options: DataOptions, mode: String) throws {
    if options.isYAML(path) { throw ValidationError("\(mode) reads NDJSON, not YAML") }
  }
}
