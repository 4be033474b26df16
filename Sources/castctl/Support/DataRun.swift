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
  /// Told of malformed input before the run ends with exit 3 (`--format json` puts it in its
  /// document; the message goes to standard error either way).
  var onMalformed: (JSONSyntaxError) -> Void = { _ in }

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
      case .syntax(var syntax):
        if !ndjson, syntax.message.hasSuffix("expected the end of the document"), Self.startsRecordLine(source, at: syntax.offset) {
          // A second document on its own line: most likely NDJSON read as one document.
          syntax.message += " (is this NDJSON? use --ndjson)"
        }
        DataInput.reportSyntaxError(syntax, in: source, color: errorColor)
        onMalformed(syntax)
        throw ExitCode.malformedJSON
      case .read(let read):
        Terminal.writeError("castctl: error: cannot read \(source.name): \(read.reason)\n")
        throw read.reason.contains("--max-bytes") ? ExitCode.malformedJSON : ExitCode.unreadableInput
      }
    }
  }

  /// Whether the byte at `offset` opens an object or array at the start of a line (after blanks).
  private static func startsRecordLine(_ source: DataSource, at offset: Int) -> Bool {
    let window = source.read(max(0, offset - 256)..<min(source.size, offset + 1))
    guard let last = window.last, last == UInt8(ascii: "{") || last == UInt8(ascii: "[") else { return false }
    for byte in window.dropLast().reversed() {
      if byte == UInt8(ascii: "\n") { return true }
      if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\r") { return false }
    }
    return false
  }
}
