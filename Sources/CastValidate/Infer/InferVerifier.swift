import CastSchema

/// The guarantee of `castctl infer`, checked in process: the inferred `.cast` loads without
/// errors, every record validates under `--strict` with no finding at all, and a round trip of
/// every record through the model changes nothing but what the dialect cannot tell apart.
package struct InferVerifier {
  /// What the check found.
  package struct Report: Sendable {
    /// Errors of the `.cast` text itself (a bug of `infer` if ever non-empty).
    package var schemaErrors: [String] = []
    /// Warnings of the text, as `code: message`: for a Codable model, a type no Codable type
    /// holds (`Any` for mixed values), which swiftc would not compile.
    package var schemaWarnings: [String] = []
    package var records = 0
    /// Every finding of every record under `--strict` (the first hundred kept).
    package var findings: [Finding] = []
    package var findingCount = 0
    /// Round-trip changes by kind, the tolerated kind included.
    package var changes: [LedgerKind: Int] = [:]
    /// The first changes that break the guarantee, as `kind path`.
    package var lossyExamples: [String] = []

    /// `null-written-as-absent` (jsoncast and jsonobject omit nil) and `absent-written-as-null`
    /// (convertible and nosce write it as null): a `null` and an absent key are the same "no
    /// value" to every dialect's reader, so these changes are reported but do not fail. For a
    /// Codable model also `number-text-changed`: JSONEncoder writes a `Double` as the shortest
    /// text of the same number (`-65.613616999999977` as `-65.61361699999998`), as any Swift
    /// program decoding and encoding it does. And `key-moved`: a seed's `??` alternative, key
    /// path or index key is read from where the data has it and written under the model's own
    /// key, the value kept (infer writes none of them).
    package var tolerated: Set<LedgerKind> = [.nullWrittenAsAbsent, .absentWrittenAsNull, .keyMoved]

    /// Changes that break the guarantee.
    package var lossyCount: Int { changes.filter { !tolerated.contains($0.key) }.values.reduce(0, +) }

    /// Whether the model accepts every record and round-trips it.
    package var passed: Bool { schemaErrors.isEmpty && findingCount == 0 && lossyCount == 0 }
  }

  package internal(set) var report = Report()
  private(set) var validator: DocumentValidator?
  let encoder: ModelEncoder?

  /// Asked between records whether to stop checking (the REPL's Ctrl-C).
  package var isCancelled: (@Sendable () -> Bool)? {
    get { validator?.isCancelled }
    set { validator?.isCancelled = newValue }
  }
  let target: ValidationTarget

  /// Loads `text` as `path` and compiles it for `--strict` checking of model `model`.
  package init(text: String, path: String, model: String, maxDepth: Int = 512) {
    let (registry, diagnostics) = Self.load(text: text, path: path)
    (report.schemaErrors, report.schemaWarnings) = Self.problems(diagnostics)
    target = .model(model)
    let schema = CompiledSchema(registry: registry, options: ValidationOptions(strict: true, maxDepth: maxDepth))
    validator = report.schemaErrors.isEmpty ? DocumentValidator(schema: schema, target: target, build: true) : nil
    encoder = validator.map { ModelEncoder(schema: $0.schema) }
    if validator == nil, report.schemaErrors.isEmpty { report.schemaErrors = ["no model \(model)"] }
    if registry.models[model]?.dialect == .codable { report.tolerated.insert(.numberTextChanged) }
  }

  /// Loads `text` as `path` as `castctl check` loads a file (`SchemaFrontend.load`), so that the
  /// model's errors and warnings are the ones `check` prints for it.
  package static func load(text: String, path: String) -> (ModelRegistry, [Diagnostic]) {
    SchemaFrontend.load([SourceFile(path: path, text: text)], options: RegistryOptions())
  }

  /// The errors and the warnings among `diagnostics`, each as `code: message`.
  package static func problems(_ diagnostics: [Diagnostic]) -> (errors: [String], warnings: [String]) {
    let spelled = { (severity: Severity) in diagnostics.filter { $0.severity == severity }.map { "\($0.code): \($0.message)" } }
    return (spelled(.error), spelled(.warning))
  }

  /// Checks the records of one buffer: NDJSON lines, or a document (a top-level array is one
  /// record per element). `base` is the buffer's offset in its input.
  package mutating func check(_ bytes: UnsafeRawBufferPointer, ndjson: Bool, base: Int = 0) throws(JSONSyntaxError) {
    guard let validator, let encoder else { return }
    var report = self.report
    let target = self.target
    let maxDepth = validator.schema.options.maxDepth
    let handle: (RecordResult) -> Void = { result in
      report.records += 1
      report.findingCount += result.findings.count
      if report.findings.count < 100 { report.findings += result.findings.prefix(100 - report.findings.count) }
      guard result.isValid, let instance = result.instance else { return }
      let span = UnsafeRawBufferPointer(rebasing: bytes[result.span.start - base..<result.span.end - base])
      // NB: without the offsets of every value: the report names records, not values, and the
      // pointer of each value was most of the check's time.
      guard let parsed = try? JSONValue.parse(span, maxDepth: maxDepth) else { return }
      Self.compare(&report, validator: validator, target: target, input: parsed, output: encoder.encode(instance), result: result)
    }
    var run = validator.run()
    if ndjson {
      _ = try run.ndjson(bytes, base: base, firstLine: 1, firstIndex: 0, onRecord: handle)
    } else {
      _ = try run.document(bytes, base: base, onRecord: handle)
    }
    self.report = report
  }
}

/// The check of a top-level array streamed from a file.
extension InferVerifier {
  /// Checks the array in `descriptor` (from its current position) element by element; each
  /// valid record's bytes are read again from `source` for the round trip. False, with nothing
  /// checked, when the input is not a top-level array.
  package mutating func checkArray(descriptor: Int32, source: DataSource, chunkSize: Int = 4 << 20) throws(StreamError) -> Bool {
    guard let validator, let encoder else { return true }
    var report = self.report
    let target = self.target
    let maxDepth = validator.schema.options.maxDepth
    let stream = StreamValidator(config: validator, chunkSize: chunkSize)
    let summary = try stream.array(descriptor: descriptor, progress: { _, _ in }) { result in
      report.findingCount += result.findings.count
      if report.findings.count < 100 { report.findings += result.findings.prefix(100 - report.findings.count) }
      guard result.isValid, let instance = result.instance else { return }
      let bytes = source.read(result.span.start..<result.span.end)
      let parsed = bytes.withUnsafeBytes { raw in try? JSONValue.parse(raw, maxDepth: maxDepth) }
      guard let parsed else { return }
      Self.compare(
        &report, validator: validator, target: target, input: parsed, output: encoder.encode(instance), result: result)
    }
    guard let summary else { return false }
    report.records += summary.records
    self.report = report
    return true
  }

  /// Adds one record's round-trip changes to the report.
  static func compare(
    _ report: inout Report, validator: DocumentValidator, target: ValidationTarget,
    input: JSONValue, output: JSONValue, result: RecordResult
  ) {
    if let dropped = RoundTripShortcut.droppedNulls(input: input, output: output) {
      if dropped > 0 { report.changes[.nullWrittenAsAbsent, default: 0] += dropped }
      return
    }
    var ledger = RoundTripLedger(
      schema: validator.schema, offsets: PointerOffsets([:]),
      recordOffset: result.span.start, findings: result.findings, recordLine: result.line)
    ledger.compare(target: target, input: input, output: output, path: "")
    for entry in ledger.entries {
      report.changes[entry.kind, default: 0] += 1
      if !report.tolerated.contains(entry.kind), report.lossyExamples.count < 20 {
        report.lossyExamples.append("\(entry.kind.rawValue) \(entry.path) (record at byte \(result.span.start))")
      }
    }
  }
}
