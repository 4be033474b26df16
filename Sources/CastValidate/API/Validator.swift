import CastSchema

/// Checks JSON against one model or type of a ``Schema``: would the model's init succeed, and
/// what would it do? Made by ``Schema/validator(for:options:)``; cheap to copy and safe to share
/// between threads.
public struct Validator: Sendable {
  /// How an input holds its records.
  public enum InputFormat: String, Sendable, CaseIterable {
    /// One JSON document; for a model target a top-level array is one record per element.
    case json
    /// Newline-delimited JSON: one record per non-blank line.
    case ndjson
  }

  /// The engine behind it (the command line and the fuzzers drive it directly).
  package let engine: DocumentValidator
  let target: ValidationTarget

  /// Validates every record of `json` and reports all findings; never throws: malformed input
  /// is the report's ``ValidationReport/syntaxError``.
  public func validate(_ json: some Collection<UInt8>, format: InputFormat = .json) -> ValidationReport {
    run(json, format: format, build: false).report
  }

  /// Validates text (its UTF-8).
  public func validate(_ text: String, format: InputFormat = .json) -> ValidationReport {
    validate(text.utf8, format: format)
  }

  /// Decodes text (its UTF-8) holding one record, as for bytes.
  public func decode(_ text: String) throws(DecodingFailure) -> DecodedValue {
    try decode(text.utf8)
  }

  /// Decodes every record of text (its UTF-8), as for bytes.
  public func decodeRecords(_ text: String, format: InputFormat = .json) throws(DecodingFailure) -> [DecodedValue] {
    try decodeRecords(text.utf8, format: format)
  }

  /// The round-trip ledger of text (its UTF-8), as for bytes.
  public func roundtrip(_ text: String, format: InputFormat = .json) throws(DecodingFailure) -> [LedgerEntry] {
    try roundtrip(text.utf8, format: format)
  }

  /// Decodes a document holding one record, as the model's init would: defaults filled in,
  /// coercions applied. Throws a ``DecodingFailure`` carrying the report when the record is
  /// invalid, the input malformed, or the input holds several records (use ``decodeRecords(_:format:)``).
  public func decode(_ json: some Collection<UInt8>) throws(DecodingFailure) -> DecodedValue {
    let values = try decodeRecords(json, format: .json)
    guard values.count == 1, let value = values.first else {
      let report = run(json, format: .json, build: false).report
      throw DecodingFailure(report: report, cause: .recordCount(values.count), reason: "the input holds \(values.count) records, not one")
    }
    return value
  }

  /// Decodes every record of an input; throws a ``DecodingFailure`` carrying the report when
  /// any record is invalid or the input is malformed.
  public func decodeRecords(_ json: some Collection<UInt8>, format: InputFormat = .json) throws(DecodingFailure) -> [DecodedValue] {
    let outcome = run(json, format: format, build: true)
    guard outcome.report.isValid else { throw DecodingFailure(report: outcome.report) }
    return outcome.decoded.map { DecodedValue($0.instance, schema: engine.schema, node: engine.node, depth: $0.depth) }
  }

  /// Decodes every record it can and goes on past those it cannot, as `--split` does: each valid
  /// record's value with its place, and the report of every record (the invalid ones' findings).
  /// NDJSON is read a line at a time: a line that is not JSON is a record whose finding is its
  /// `malformed-json` error, and the lines after it are read; a JSON document's syntax error
  /// stops it (the report's `syntaxError`). Never throws.
  public func decodeEach(_ json: some Collection<UInt8>, format: InputFormat = .json) -> DecodedRecords {
    let outcome = run(json, format: format, build: true, lineByLine: true)
    let values = outcome.decoded.map { record in
      DecodedRecords.Record(
        index: record.index, line: record.line, value: DecodedValue(record.instance, schema: engine.schema, node: engine.node, depth: record.depth))
    }
    return DecodedRecords(values: values, report: outcome.report)
  }

  /// Decodes every record of text (its UTF-8) it can, as for bytes.
  public func decodeEach(_ text: String, format: InputFormat = .json) -> DecodedRecords {
    decodeEach(text.utf8, format: format)
  }

  /// Decodes every record and encodes it back with the model's JSON keys: the ledger of every
  /// difference between what was read and what would be written (castctl's `roundtrip`).
  /// Throws a ``DecodingFailure`` carrying the report, and no ledger, when any record is invalid
  /// or the input is malformed, as ``decodeRecords(_:format:)`` does.
  public func roundtrip(_ json: some Collection<UInt8>, format: InputFormat = .json) throws(DecodingFailure) -> [LedgerEntry] {
    let bytes = Array(json)
    let outcome = run(bytes, format: format, build: false)
    guard outcome.report.isValid else { throw DecodingFailure(report: outcome.report) }
    let report = bytes.withUnsafeBytes { raw in
      StackRoom.run(depth: outcome.depth) {
        Result { () throws(JSONSyntaxError) in try RoundTripRun(engine).run(raw, recordsPerLine: format == .ndjson) }
      }
    }
    switch report {
    case .success(let report):
      let source = DataSource(name: "", bytes: bytes)
      return report.entries.map { entry in
        var positioned = entry
        positioned.position = source.position(of: entry.offset)
        return positioned
      }
    // The engine read the same bytes without a syntax error a moment ago.
    case .failure(let error):
      throw DecodingFailure(
        report: outcome.report, cause: .malformedJSON, reason: "malformed JSON: \(error.spelled(engine.schema.options.spelling).message)")
    }
  }

  /// One pass of the engine over an input: the report, and with `build` each valid record's instance.
  /// `lineByLine`: NDJSON as the pipe mode reads it (`eachLine`).
  private func run(_ json: some Collection<UInt8>, format: InputFormat, build: Bool, lineByLine: Bool = false) -> Outcome {
    var engine = self.engine
    engine.build = build
    var outcome = Outcome()
    var syntaxError: JSONSyntaxError?
    var summary = ValidationSummary()
    let maxDepth = engine.schema.options.maxDepth
    var shown = ShownFindings(maxWarnings: engine.schema.options.maxWarnings, notes: engine.schema.options.notes)
    let walk = { (raw: UnsafeRawBufferPointer) in
      let handle: (RecordResult) -> Void = { result in
        let findings = shown.filter(result)
        outcome.records.append(ValidationReport.Record(index: result.index, line: result.line, isValid: result.isValid, findings: findings))
        if build, result.isValid, let instance = result.instance {
          // NB: each value is as deep as its own record's text, counted where it is short (the
          // input's limit otherwise): a shallow value read from a large input is released in place.
          let span = max(0, min(result.span.start, raw.count))..<max(0, min(result.span.end, raw.count))
          let text = UnsafeRawBufferPointer(rebasing: raw[span])
          let depth = text.count <= StackRoom.countedBytes ? StackRoom.nesting(of: text, limit: maxDepth + 1) : maxDepth + 1
          outcome.decoded.append((result.index, result.line, instance, depth))
        }
      }
      do throws(JSONSyntaxError) {
        switch format {
        case .json: summary = try engine.validateDocument(raw, onRecord: handle)
        case .ndjson where lineByLine:
          Self.eachLine(raw, engine, onRecord: handle) { index, line, error in
            let finding = Finding(malformedJSON: error.spelled(engine.schema.options.spelling).message, offset: error.offset, recordLine: line)
            outcome.records.append(ValidationReport.Record(index: index, line: line, isValid: false, findings: [finding]))
          }
          summary = ValidationSummary(counting: outcome.records)
        case .ndjson: summary = try engine.validateNDJSON(raw, onRecord: handle)
        }
      } catch {
        syntaxError = error.spelled(engine.schema.options.spelling)
      }
      var offsets = outcome.records.flatMap { $0.findings.map(\.offset) }
      if let syntaxError { offsets.append(syntaxError.offset) }
      if !offsets.isEmpty {
        outcome.positions = LineIndex(raw).positions(of: offsets, in: raw)
      }
    }
    // NB: the engine recurses once per nesting level, on a stack with room for the input's.
    let read = { (raw: UnsafeRawBufferPointer) in
      outcome.depth = StackRoom.depth(of: raw, maxDepth: engine.schema.options.maxDepth)
      StackRoom.run(depth: outcome.depth) { walk(raw) }
    }
    if json.withContiguousStorageIfAvailable({ read(UnsafeRawBufferPointer($0)) }) == nil {
      Array(json).withUnsafeBytes(read)
    }
    if syntaxError != nil { summary = ValidationSummary(counting: outcome.records, isArray: summary.isArray) }
    outcome.report = ValidationReport(
      records: outcome.records, summary: summary, syntaxError: syntaxError, positions: outcome.positions,
      modelFiles: engine.schema.registry.files)
    return outcome
  }

  /// Each line of NDJSON read on its own, as the pipe mode reads it: a record's result to
  /// `onRecord`, a line that is not JSON to `onMalformed` (its record index, line and error),
  /// and on. A line of blanks is no record.
  private static func eachLine(
    _ raw: UnsafeRawBufferPointer, _ engine: DocumentValidator, onRecord: (RecordResult) -> Void,
    onMalformed: (Int, Int, JSONSyntaxError) -> Void
  ) {
    var lines = engine.run()
    var start = 0
    var line = 1
    var index = 0
    while start < raw.count {
      let end = ValidationRun.newline(in: raw, from: start)
      var isRecord = false
      let read = lines.ndjsonLines(
        UnsafeRawBufferPointer(rebasing: raw[start..<end]), base: start, firstLine: line, firstIndex: index
      ) { result in
        isRecord = true
        onRecord(result)
      }
      if let error = read.malformed {
        onMalformed(index, line, error)
        isRecord = true
      }
      if isRecord { index += 1 }
      start = end + 1
      line += 1
    }
  }

  /// What `run` collects.
  private struct Outcome {
    var records: [ValidationReport.Record] = []
    /// Each valid record's place and instance, when building.
    var decoded: [(index: Int, line: Int?, instance: Instance, depth: Int)] = []
    var positions: [Int: TextPosition] = [:]
    /// How deep the work on the input recurses, at most (`StackRoom.depth(of:maxDepth:)`).
    var depth = 1
    var report = ValidationReport(records: [], summary: ValidationSummary(), syntaxError: nil, positions: [:], modelFiles: [])
  }
}

/// What ``Validator/decodeEach(_:format:)`` gives: the records that decode, and the report of all.
public struct DecodedRecords: Sendable {
  /// A record that decodes, with its place in the input.
  public struct Record: Sendable {
    /// Its index among the input's records (0 for a lone document).
    public var index: Int
    /// Its line, for NDJSON.
    public var line: Int?
    /// What the model's init made of it.
    public var value: DecodedValue
  }

  /// The valid records, in input order.
  public var values: [Record]
  /// Every record's verdict and findings; an invalid record is there and not among `values`.
  public var report: ValidationReport
}

/// A record that does not decode, or an input that is not JSON: the whole report, and a
/// description listing the first findings.
public struct DecodingFailure: Error, Sendable, CustomStringConvertible {
  /// What kind of failure it is, to switch over.
  public enum Cause: Sendable, Hashable {
    /// A record the model's init would refuse: the report's errors say why.
    case invalidRecord
    /// The input is not JSON: the report's ``ValidationReport/syntaxError``.
    case malformedJSON
    /// `decode` was given this many records, not one
    /// (each of which may be valid: the report judges them).
    case recordCount(Int)
  }

  /// Everything validation found.
  public let report: ValidationReport
  /// What kind of failure it is.
  public let cause: Cause
  /// Why, when it is not the report's findings.
  let reason: String?

  init(report: ValidationReport, cause: Cause? = nil, reason: String? = nil) {
    self.report = report
    self.cause = cause ?? (report.syntaxError == nil ? .invalidRecord : .malformedJSON)
    self.reason = reason
  }

  public var description: String {
    if let reason { return reason }
    if let error = report.syntaxError {
      return "malformed JSON at \(report.position(ofOffset: error.offset)): \(error.message)"
    }
    let errors = report.findings.filter { $0.severity == .error }
    let shown = errors.prefix(3).map { finding in
      "\(report.position(of: finding)) \(finding.path.isEmpty ? "/" : finding.path): \(finding.message) [\(finding.code)]"
    }
    let more = errors.count > 3 ? "\n(and \(errors.count - 3) more)" : ""
    return shown.joined(separator: "\n") + more
  }
}
