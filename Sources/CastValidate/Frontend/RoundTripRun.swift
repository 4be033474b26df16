/// The ledger of a whole input, and the decoding findings behind it.
package struct RoundTripReport {
  package var entries: [LedgerEntry] = []
  /// Every finding of the records that did not decode, warnings too: they are not in the
  /// ledger, and the warnings often say why (an enum value that is no case, behind the error
  /// that the property is missing).
  package var rejected: [Finding] = []
  package var summary = ValidationSummary()
}

/// Decodes each record, encodes it back with the model's JSON keys, and compares: what castctl's
/// `roundtrip`, the REPL's `:roundtrip` and ``Validator/roundtrip(_:format:)`` report.
package struct RoundTripRun {
  private var validator: DocumentValidator

  /// A round trip with `validator`'s schema and target.
  package init(_ validator: DocumentValidator) {
    self.validator = validator
    self.validator.build = true
  }

  /// Every record of `document`.
  package func run(_ document: DataDocument) throws(DataProblem) -> RoundTripReport {
    var report = RoundTripReport()
    report.summary = try run(document) { entries, rejected in
      report.entries += entries
      report.rejected += rejected
    }
    return report
  }

  /// Every record of `document`, each handed to `onRecord` as it is compared: its ledger entries,
  /// or, for a record that did not decode, its findings; the summary of the whole.
  // NB: a file is read as `validate` reads it, NDJSON and a top-level array in chunks, and each
  // record again from its own bytes: the memory of a few records, whatever the file's size.
  package func run(
    _ document: DataDocument, onRecord: (_ entries: [LedgerEntry], _ rejected: [Finding]) -> Void
  ) throws(DataProblem) -> ValidationSummary {
    let source = document.source
    let trip = RecordTrip(validator)
    return try DataRun(validator: validator, document: document).run { result in
      let bytes = source.read(result.span.start..<result.span.end)
      bytes.withUnsafeBytes { trip.compare(result, record: $0, onRecord: onRecord) }
    }
  }

  /// Every record of `raw`: one JSON document (a model's top-level array holds one record per
  /// element), or one record per line.
  package func run(_ raw: UnsafeRawBufferPointer, recordsPerLine: Bool) throws(JSONSyntaxError) -> RoundTripReport {
    var report = RoundTripReport()
    report.summary = try run(raw, recordsPerLine: recordsPerLine) { entries, rejected in
      report.entries += entries
      report.rejected += rejected
    }
    return report
  }

  /// `run(_:recordsPerLine:)`, handing each record to `onRecord` as it is compared.
  package func run(
    _ raw: UnsafeRawBufferPointer, recordsPerLine: Bool,
    onRecord: (_ entries: [LedgerEntry], _ rejected: [Finding]) -> Void
  ) throws(JSONSyntaxError) -> ValidationSummary {
    let trip = RecordTrip(validator)
    let handle: (RecordResult) -> Void = { result in
      trip.compare(result, record: UnsafeRawBufferPointer(rebasing: raw[result.span.start..<result.span.end]), onRecord: onRecord)
    }
    return recordsPerLine ? try validator.validateNDJSON(raw, onRecord: handle) : try validator.validateDocument(raw, onRecord: handle)
  }
}

/// One record's trip: its bytes read again as a value, compared with its decoded instance
/// encoded back.
private struct RecordTrip {
  let schema: CompiledSchema
  let target: ValidationTarget
  let encoder: ModelEncoder
  let keyTrees = LedgerKeyTrees()

  init(_ validator: DocumentValidator) {
    schema = validator.schema
    target = validator.target
    encoder = ModelEncoder(schema: schema)
  }

  /// Compares the record whose bytes are `record`, handing on its entries, or its findings when
  /// it did not decode.
  func compare(
    _ result: RecordResult, record span: UnsafeRawBufferPointer,
    onRecord: (_ entries: [LedgerEntry], _ rejected: [Finding]) -> Void
  ) {
    guard result.isValid, let instance = result.instance else {
      if !result.findings.isEmpty { onRecord([], result.findings) }
      return
    }
    guard let input = try? JSONValue.parse(span, maxDepth: schema.options.maxDepth) else { return }
    let path = result.isElement ? "/\(result.index)" : ""
    let offsets = PointerOffsets(
      record: span, base: result.span.start, pointer: path, maxDepth: schema.options.maxDepth,
      firstWins: schema.targetPolicy(target).duplicateKeyFirstWins)
    var ledger = RoundTripLedger(
      schema: schema, offsets: offsets, recordOffset: result.span.start, findings: result.findings, recordLine: result.line,
      keyTrees: keyTrees)
    ledger.compare(target: target, input: input, output: encoder.encode(instance), path: path)
    if !ledger.entries.isEmpty { onRecord(ledger.entries, []) }
  }
}
