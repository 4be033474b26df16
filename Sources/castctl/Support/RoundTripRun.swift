import CastSchema
import CastValidate

/// The ledger of a whole input, and the decoding findings behind it.
struct RoundTripReport {
  var entries: [LedgerEntry] = []
  /// Every finding of the records that did not decode, warnings too: they are not in the
  /// ledger, and the warnings often say why (an enum value that is no case, behind the error
  /// that the property is missing).
  var rejected: [Finding] = []
  var summary = ValidationSummary()
}

/// Decodes each record, encodes it back with the model's JSON keys, and compares.
struct RoundTripRun {
  let schema: CompiledSchema
  let target: ValidationTarget
  let source: DataSource
  let ndjson: Bool

  func run() throws -> RoundTripReport {
    guard let validator = DocumentValidator(schema: schema, target: target, build: true) else { return RoundTripReport() }
    let encoder = ModelEncoder(schema: validator.schema)
    var report = RoundTripReport()
    try source.readAll().withUnsafeBytes { raw throws in
      var whole: (value: JSONValue, offsets: [String: Int])?
      var isArray = false
      if !ndjson {
        whole = try JSONValue.parseWithOffsets(raw, maxDepth: schema.options.maxDepth)
        if case .model = target, case .array = whole?.value { isArray = true }
      }
      let handle: (RecordResult) -> Void = { result in
        guard result.isValid, let instance = result.instance else {
          report.rejected += result.findings
          return
        }
        let input: JSONValue
        var offsets: [String: Int]
        let path: String
        if let whole {
          offsets = whole.offsets
          if isArray, case .array(let items) = whole.value, items.indices.contains(result.index) {
            input = items[result.index]
            path = "/\(result.index)"
          } else {
            input = whole.value
            path = ""
          }
        } else {
          let span = UnsafeRawBufferPointer(rebasing: raw[result.span.start..<result.span.end])
          guard let parsed = try? JSONValue.parseWithOffsets(span, maxDepth: schema.options.maxDepth) else { return }
          input = parsed.value
          offsets = parsed.offsets.mapValues { $0 + result.span.start }
          path = ""
        }
        var ledger = RoundTripLedger(
          schema: validator.schema, offsets: offsets, recordOffset: result.span.start, findings: result.findings,
          recordLine: result.line)
        ledger.compare(target: target, input: input, output: encoder.encode(instance), path: path)
        report.entries += ledger.entries
      }
      report.summary = ndjson ? try validator.validateNDJSON(raw, onRecord: handle) : try validator.validateDocument(raw, onRecord: handle)
    }
    return report
  }
}
