import ArgumentParser
import CastSchema
import CastValidate

/// Runs a validator over a data input the cheapest way: NDJSON and top-level arrays of a file
/// stream in chunks, anything else is read whole. Malformed JSON ends with exit 3, a read error
/// with 66.
struct DataRun {
  let validator: DocumentValidator
  let source: DataSource
  let ndjson: Bool
  let options: DataOptions
  /// Threads for NDJSON (1 when findings must be limited across records).
  var jobs: Int
  let errorColor: Bool

  func run(onRecord: (RecordResult) -> Void) throws -> ValidationSummary {
    let stream = StreamValidator(config: validator, jobs: jobs, maxBytes: options.maxBytes)
    let meter = ProgressMeter(total: source.size)
    defer { meter.finish() }
    do {
      if let limit = options.maxBytes, source.size > limit {
        throw StreamError.read(ChunkReadError(reason: "the input is larger than --max-bytes (\(limit) bytes)"))
      }
      if ndjson {
        if let descriptor = source.fileDescriptor {
          return try stream.ndjson(descriptor: descriptor, progress: meter.update, onRecord: onRecord)
        }
        return try source.readAll().withUnsafeBytes { raw throws(StreamError) in
          try stream.ndjson(buffer: raw, progress: meter.update, onRecord: onRecord)
        }
      }
      if case .model = validator.target, let descriptor = source.fileDescriptor,
        let summary = try stream.array(descriptor: descriptor, progress: meter.update, onRecord: onRecord)
      {
        return summary
      }
      return try source.readAll().withUnsafeBytes { raw throws(StreamError) in
        do throws(JSONSyntaxError) {
          return try validator.validateDocument(raw, onRecord: onRecord)
        } catch {
          throw .syntax(error)
        }
      }
    } catch let error as StreamError {
      meter.finish()
      switch error {
      case .syntax(let syntax):
        DataInput.reportSyntaxError(syntax, in: source, color: errorColor)
        throw ExitCode.malformedJSON
      case .read(let read):
        Terminal.writeError("castctl: error: cannot read \(source.name): \(read.reason)\n")
        throw read.reason.contains("--max-bytes") ? ExitCode.malformedJSON : ExitCode.unreadableInput
      }
    }
  }
}
