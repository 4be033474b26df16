/// Runs a validator over a data input the cheapest way: NDJSON and a file's top-level array
/// stream in chunks, anything else is read whole. Whether the input is an array is decided by
/// the reader that parses it, never by a look at its first bytes.
package struct DataRun {
  package let validator: DocumentValidator
  package let document: DataDocument
  /// Threads for NDJSON (1 when findings must be limited across records).
  package var jobs: Int
  /// Refuse inputs larger than this (`--max-bytes`); a stream may find out part-way.
  package var maxBytes: Int?

  package init(validator: DocumentValidator, document: DataDocument, jobs: Int = 1, maxBytes: Int? = nil) {
    self.validator = validator
    self.document = document
    self.jobs = jobs
    self.maxBytes = maxBytes
  }

  /// Validates every record; `onRecord` sees, in input order, each record with findings (every
  /// record when the validator builds instances), `progress` the bytes and records read so far.
  package func run(
    progress: StreamValidator.Progress = { _, _ in }, onRecord: (RecordResult) -> Void
  ) throws(DataProblem) -> ValidationSummary {
    let source = document.source
    let stream = StreamValidator(config: validator, jobs: jobs, maxBytes: maxBytes)
    do throws(StreamError) {
      if let limit = maxBytes, source.size > limit {
        throw .read(.tooLarge(limit))
      }
      if document.recordsPerLine {
        if let descriptor = source.fileDescriptor {
          return try stream.ndjson(descriptor: descriptor, progress: progress, onRecord: onRecord)
        }
        return try source.readAll().withUnsafeBytes { raw in
          Result { () throws(StreamError) in try stream.ndjson(buffer: raw, progress: progress, onRecord: onRecord) }
        }.get()
      }
      if case .model = validator.target, let descriptor = source.fileDescriptor,
        let summary = try stream.array(descriptor: descriptor, progress: progress, onRecord: onRecord)
      {
        return summary
      }
      // NB: a document hands on every record, so they are counted here as they come.
      var readBefore = ValidationSummary()
      return try source.readAll().withUnsafeBytes { raw in
        Result { () throws(JSONSyntaxError) in
          try validator.validateDocument(raw) { result in
            readBefore.add(result)
            onRecord(result)
          }
        }
      }.mapError { StreamError.syntax($0, readBefore: readBefore) }.get()
    } catch {
      switch error {
      case .syntax(var syntax, let readBefore):
        if !document.recordsPerLine, syntax.message.hasSuffix("expected the end of the document"),
          Self.startsRecordLine(source, at: syntax.offset)
        {
          // A second document on its own line: most likely NDJSON read as one document.
          syntax.message += " (is this NDJSON? use --ndjson)"
        }
        throw .malformed(syntax, source: source, isYAML: source.isConverted, readBefore: readBefore)
      case .read(let read):
        if let limit = read.exceededLimit { throw .tooLarge(name: source.name, limit: limit) }
        throw .unreadable(name: source.name, reason: read.reason)
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
