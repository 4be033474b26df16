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
  package func run(
    _ document: DataDocument, onRecord: (_ entries: [LedgerEntry], _ rejected: [Finding]) -> Void
  ) throws(DataProblem) -> ValidationSummary {
    do throws(JSONSyntaxError) {
      return try document.source.readAll().withUnsafeBytes { raw in
        Result { () throws(JSONSyntaxError) in try run(raw, recordsPerLine: document.recordsPerLine, onRecord: onRecord) }
      }.get()
    } catch {
      throw .malformed(error, source: document.source, isYAML: document.source.isConverted)
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
  // NB: each record is read again from its own bytes, never the document whole: a top-level
  // array's records are compared one at a time, in memory the size of one.
  package func run(
    _ raw: UnsafeRawBufferPointer, recordsPerLine: Bool,
    onRecord: (_ entries: [LedgerEntry], _ rejected: [Finding]) -> Void
  ) throws(JSONSyntaxError) -> ValidationSummary {
    let schema = validator.schema
    let target = validator.target
    let encoder = ModelEncoder(schema: schema)
    let keyTrees = LedgerKeyTrees()
    // As the engine reads it: a top-level array holds the records of a model, or is the value of a type.
    var isArray = false
    if !recordsPerLine, case .model = target {
      var scanner = JSONScanner(raw)
      scanner.skipByteOrderMark()
      isArray = (try? scanner.peekKind()) == .array
    }
    let handle: (RecordResult) -> Void = { result in
      guard result.isValid, let instance = result.instance else {
        if !result.findings.isEmpty { onRecord([], result.findings) }
        return
      }
      let span = UnsafeRawBufferPointer(rebasing: raw[result.span.start..<result.span.end])
      guard let input = try? JSONValue.parse(span, maxDepth: schema.options.maxDepth) else { return }
      let path = isArray ? "/\(result.index)" : ""
      let offsets = PointerOffsets(record: span, base: result.span.start, pointer: path, maxDepth: schema.options.maxDepth)
      var ledger = RoundTripLedger(
        schema: schema, offsets: offsets, recordOffset: result.span.start, findings: result.findings, recordLine: result.line,
        keyTrees: keyTrees)
      ledger.compare(target: target, input: input, output: encoder.encode(instance), path: path)
      if !ledger.entries.isEmpty { onRecord(ledger.entries, []) }
    }
    return recordsPerLine ? try validator.validateNDJSON(raw, onRecord: handle) : try validator.validateDocument(raw, onRecord: handle)
  }
}
