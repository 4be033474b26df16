import Foundation
import CastSchema

/// What a document is checked against: a model of the registry, or any type expression.
package enum ValidationTarget: Sendable {
  case model(String)
  case type(TypeRef)

  /// The type a document is read as: the model's, or the expression's.
  package var rootType: TypeRef {
    switch self {
    case .model(let name): .model(name)
    case .type(let type): type
    }
  }
}

/// One record's verdict: a document, an element of a top-level array, or an NDJSON line.
package struct RecordResult: Sendable {
  /// 0-based index of the record.
  package var index: Int
  /// 1-based line where the record starts.
  package var line: Int?
  /// Whether the model's init would succeed.
  package var isValid: Bool
  /// Findings, in document order.
  package var findings: [Finding]
  /// The decoded instance, when building (and, with `compactKeys`, only for records the
  /// transcript could not write).
  package var instance: Instance?
  /// The record's compact JSON, when `compactKeys` is set and the record is valid; what
  /// `ModelEncoder.writeCompact` writes for its instance.
  package var encoded: [UInt8]?
  /// The record's byte range in the input.
  package var span: JSONSpan
  /// The findings `--max-errors` left out of `findings`, by severity: counted, not shown.
  package var unreported = FindingCounts()
  /// Of `unreported`, the warnings `ValidationOptions.maxWarnings` left out.
  package var unshownWarnings = 0
  /// Of `unreported`, the notes `ValidationOptions.notes` left out.
  package var unshownNotes = 0
  /// Whether the record is handed on when only records with something to report are: findings,
  /// or notes left out, which the report counts.
  package var hasReport: Bool { !findings.isEmpty || unshownNotes > 0 }
  /// Whether the record is an element of a top-level array: its paths start with its index.
  package var isElement = false
}

/// Validates whole inputs: a JSON document (an object, or a top-level array of records) or NDJSON.
package struct DocumentValidator: Sendable {
  package let schema: CompiledSchema
  package let target: ValidationTarget
  /// Build decoded instances (for `convert` / `roundtrip`).
  package var build: Bool
  /// Take each record first through the clean-record check, which vouches for records with
  /// nothing to report at a fraction of the full walk's cost (and, with `compactKeys`, writes
  /// them). Off only to compare the two (tests, fuzzing): the results are the same either way.
  package var usesCleanCheck = true
  /// With `build`: write each valid record's compact JSON in this key style while reading it
  /// (`RecordResult.encoded`) rather than building its instance, where the schema's output keys
  /// allow (no key paths or index keys). `convert` of NDJSON to JSON lines.
  package var compactKeys: KeyStyle?
  /// Hand every record to `onRecord`, not only those with findings (JUnit's test case per record
  /// names its line); building instances does so anyway.
  package var reportsEveryRecord = false
  /// Whether a run hands every record on (`reportsEveryRecord`, or `build`).
  var keepsEveryRecord: Bool { build || reportsEveryRecord }
  /// Asked between records: when it says yes, the run stops there and its summary says
  /// `isCancelled` (the REPL's Ctrl-C).
  package var isCancelled: (@Sendable () -> Bool)?

  /// Whether `isCancelled` says to stop.
  var cancelled: Bool { isCancelled?() ?? false }

  /// The node a record is read as.
  let node: ValueNode

  /// The policy of values outside any model's property (the record itself).
  private let recordPolicy: Policy

  /// Fails when the target model does not exist.
  package init?(schema: CompiledSchema, target: ValidationTarget, build: Bool = false) {
    self.target = target
    self.build = build
    switch target {
    case .model(let name):
      guard let index = schema.modelIndex(name) else { return nil }
      self.schema = schema
      node = schema.registry.models.values[index].hasCustomDecoding ? .any : .model(index)
      recordPolicy = schema.plans[index].policy
    case .type(let type):
      let compiled = schema.including(type)
      guard let typeNode = compiled.typeNode(type) else { return nil }
      self.schema = compiled
      node = typeNode
      recordPolicy = compiled.targetPolicy(target)
    }
  }

  /// A reusable run over several buffers (the chunks of a stream), keeping `--max-errors` counts.
  package func run() -> ValidationRun {
    ValidationRun(config: self)
  }

  /// A JSON document: with a model target a top-level array is one record per element.
  package func validateDocument(
    _ document: UnsafeRawBufferPointer, onRecord: (RecordResult) -> Void
  ) throws(JSONSyntaxError) -> ValidationSummary {
    var run = run()
    return try run.document(document, base: 0, onRecord: onRecord)
  }

  /// NDJSON: one record per non-blank line.
  package func validateNDJSON(
    _ document: UnsafeRawBufferPointer, onRecord: (RecordResult) -> Void
  ) throws(JSONSyntaxError) -> ValidationSummary {
    var run = run()
    return try run.ndjson(document, base: 0, firstLine: 1, firstIndex: 0, onRecord: onRecord)
  }

  /// One record at the scanner's cursor.
  func record(
    _ validator: inout RecordValidator, _ scanner: inout JSONScanner, index: Int, line: Int?
  ) throws(JSONSyntaxError) -> RecordResult {
    // NB: only a record with findings kept, or notes left out in their places, can have hidden ones.
    if !validator.findings.isEmpty || validator.foldedNotes > 0 {
      validator.findings.removeAll(keepingCapacity: true)
      validator.hidden = HiddenFindings()
    }
    if validator.unshown.counts.total > 0 {
      validator.unshown = HiddenFindings()
      validator.foldedNotes = 0
    }
    validator.hintAllowance = HintAllowance()
    validator.unreadKeys.forget()
    validator.memberIndexes.forget()
    validator.path.removeAll()
    validator.transcript?.with { $0.reset() }
    validator.recordLine = line
    let errorsBefore = validator.errorCount
    _ = try scanner.peekKind()
    let start = scanner.offset
    if let check = validator.cleanCheck {
      // Most records have nothing to report; the full walk below only runs for the others.
      var probe = scanner
      if let transcript = validator.transcript?.object {
        // ... and most of those are written as they are read.
        if let writer = CleanTranscriptWriter(transcript, input: validator.document, recordAt: start - validator.documentBase),
          check.isClean(node, &probe, writer)
        {
          transcript.flushRun()
          scanner = probe
          return RecordResult(
            index: index, line: line, isValid: true, findings: [], instance: nil, encoded: Array(transcript.bytes),
            span: JSONSpan(start: start, end: scanner.offset))
        }
        transcript.reset()
      } else if check.isClean(node, &probe) {
        scanner = probe
        return RecordResult(
          index: index, line: line, isValid: true, findings: [], instance: nil, span: JSONSpan(start: start, end: scanner.offset))
      }
    }
    let outcome: Outcome
    if recordPolicy.nonObjectRecordIsEmpty, case .model(let index) = node, case let kind = try scanner.peekKind(),
      kind != .object
    {
      outcome = try validator.emptyRecord(index, kind, &scanner, build: validator.build)
    } else {
      outcome = try validator.value(node, &scanner, policy: recordPolicy, declaration: nil, build: validator.build)
    }
    var instance: Instance?
    switch outcome {
    case .value(let value): instance = value
    case .null:
      if case .model(let name) = target {
        // NB: no article: which of "a" and "an" a model's name takes is not in its letters.
        validator.report(.nullNotAllowed, .error, "expected \(name) (an object), found null", at: start, declaration: nil, expected: name, found: "null")
      } else if case .type(let type) = target, case .optional = type {
        // NB: DSON takes no null even for an optional (DS-01, DS-02), a whole document's included.
        if recordPolicy.rejectsNull(optional: true) {
          // NB: `type` no longer tells `T?` from `T!`; the run's summary names the type as written.
          validator.report(
            .nullNotAllowed, .error, "null, which this dialect does not accept even for an optional type", at: start, declaration: nil,
            found: "null")
        } else {
          instance = .null
        }
      } else {
        validator.report(.nullNotAllowed, .error, "null is not a value of this type", at: start, declaration: nil, found: "null")
      }
    case .unconvertible:
      // Lenient dialects demote the findings of a dropped value; at the top level there is
      // nothing to fall back to, so make sure the verdict says so.
      if validator.errorCount == errorsBefore {
        validator.report(.typeMismatch, .error, "the document cannot be decoded", at: start, declaration: nil)
      }
    }
    var findings: [Finding] = []
    var unreported = FindingCounts()
    if !validator.findings.isEmpty {
      // Findings in document order: those decided after an object's scan (required keys) join
      // the ones found while scanning.
      (findings, unreported) = validator.limitReported(
        validator.findings.enumerated().sorted {
          ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
        }.map(\.element))
      if recordPolicy.decodingErrorNotes {
        findings = DecodingErrorNotes(schema: validator.schema, root: node).annotate(findings)
      }
    }
    let hidden = validator.hidden.counts
    if hidden.total > 0 {
      unreported.add(hidden)
      var note = Self.hiddenNote(hidden.total, limit: validator.schema.options.maxRecordFindings, record: start, line: line)
      note.recordLineStart = validator.recordLineStart
      findings.append(note)
    }
    let unshown = validator.unshown.counts
    unreported.add(unshown)
    if validator.schema.options.maxWarnings > 0 { validator.keptWarnings += findings.count { $0.severity == .warning } }
    if case .each = validator.schema.options.notes { validator.keptNotes.count(findings) }
    let isValid = validator.errorCount == errorsBefore
    var encoded: [UInt8]?
    if let transcript = validator.transcript?.object, isValid {
      if transcript.isBroken || validator.hidden.reshapes || validator.unshown.reshapes
        || validator.findings.contains(where: { Self.reshapes($0.code) })
      {
        instance = try rebuild(validator, JSONSpan(start: start, end: scanner.offset), from: scanner)
      } else {
        encoded = Array(transcript.bytes)
      }
    }
    return RecordResult(
      index: index, line: line, isValid: isValid, findings: findings,
      instance: instance, encoded: encoded, span: JSONSpan(start: start, end: scanner.offset), unreported: unreported,
      unshownWarnings: unshown.warnings, unshownNotes: unshown.notes)
  }

  /// The note that ends the report of a record with more findings than it keeps.
  private static func hiddenNote(_ count: Int, limit: Int, record offset: Int, line: Int?) -> Finding {
    Finding(
      code: FindingCode.tooManyErrors.rawValue, severity: .note,
      message: "\(DiagnosticRenderer.count(count, "more finding")) in this record counted, not reported (at most \(limit) per record)",
      path: "", offset: offset, recordLine: line)
  }

  /// Findings whose values the transcript does not follow: dropped elements and entries, and
  /// replaced duplicates (which its output would still hold).
  static func reshapes(_ code: String) -> Bool {
    code == FindingCode.elementDropped.rawValue || code == FindingCode.duplicateKey.rawValue
      || code == FindingCode.duplicateElement.rawValue
  }

  /// A valid record's instance, read again by a building walker (its findings were reported by
  /// the first reading).
  private func rebuild(
    _ validator: RecordValidator, _ span: JSONSpan, from reader: JSONScanner
  ) throws(JSONSyntaxError) -> Instance? {
    var builder = RecordValidator(schema: schema, document: validator.document, build: true)
    builder.documentBase = validator.documentBase
    builder.pathPrefix = validator.pathPrefix
    var scanner = JSONScanner(validator.bytes(span), baseOffset: span.start, maxDepth: reader.maxDepth, depth: reader.depth)
    guard case .value(let instance) = try builder.value(node, &scanner, policy: recordPolicy, declaration: nil, build: true)
    else { return .null }
    return instance
  }
}

/// Validation over one buffer after another (a whole document, NDJSON chunks, array elements),
/// reusing one record walker so memory and `--max-errors` carry across them.
package struct ValidationRun {
  let config: DocumentValidator
  var validator: RecordValidator

  init(config: DocumentValidator) {
    self.config = config
    let empty = UnsafeRawBufferPointer(start: nil, count: 0)
    if config.build, let keys = config.compactKeys, let transcript = CompactTranscript(schema: config.schema, keys: keys) {
      validator = RecordValidator(
        schema: config.schema, document: empty, build: false, cleanCheck: config.usesCleanCheck, transcript: transcript)
    } else {
      validator = RecordValidator(schema: config.schema, document: empty, build: config.build, cleanCheck: config.usesCleanCheck)
    }
  }

  /// A JSON document in `buffer` (file offset `base`); a top-level array with a model target is
  /// one record per element.
  package mutating func document(
    _ buffer: UnsafeRawBufferPointer, base: Int, onRecord: (RecordResult) -> Void
  ) throws(JSONSyntaxError) -> ValidationSummary {
    validator.document = buffer
    validator.documentBase = base
    var scanner = JSONScanner(buffer, baseOffset: base, maxDepth: config.schema.options.maxDepth)
    scanner.skipByteOrderMark()
    var summary = ValidationSummary()
    let kind = try scanner.peekKind()
    if case .model = config.target, kind == .array {
      summary.isArray = true
      try scanner.beginArray()
      var first = true
      var index = 0
      while try scanner.nextElement(&first) {
        if let isCancelled = config.isCancelled, isCancelled() {
          summary.isCancelled = true
          validator.pathPrefix = []
          return summary
        }
        validator.pathPrefix = [.index(index)]
        var result = try config.record(&validator, &scanner, index: index, line: nil)
        result.isElement = true
        summary.add(result)
        onRecord(result)
        index += 1
      }
      validator.pathPrefix = []
    } else {
      let result = try config.record(&validator, &scanner, index: 0, line: nil)
      summary.add(result)
      onRecord(result)
    }
    try scanner.expectEnd()
    return summary
  }

  /// One element of a top-level array, at the start of `buffer` (file offset `base`), which may
  /// go on past it; returns the record and the element's length. After a throw the run is as
  /// before the call, so the element can be read again once more of it has arrived.
  package mutating func element(
    atStartOf buffer: UnsafeRawBufferPointer, base: Int, index: Int
  ) throws(JSONSyntaxError) -> (result: RecordResult, length: Int) {
    validator.document = buffer
    validator.documentBase = base
    validator.pathPrefix = [.index(index)]
    let errorsBefore = validator.errorCount
    defer { validator.pathPrefix = [] }
    var scanner = JSONScanner(buffer, baseOffset: base, maxDepth: config.schema.options.maxDepth, depth: 1)
    do {
      var result = try config.record(&validator, &scanner, index: index, line: nil)
      result.isElement = true
      return (result, scanner.offset - base)
    } catch {
      validator.errorCount = errorsBefore
      throw error
    }
  }

  /// NDJSON lines in `buffer` (file offset `base`): one record per non-blank line, numbered from
  /// `firstLine`; the last line may lack its newline.
  package mutating func ndjson(
    _ buffer: UnsafeRawBufferPointer, base: Int, firstLine: Int, firstIndex: Int, onRecord: (RecordResult) -> Void
  ) throws(JSONSyntaxError) -> ValidationSummary {
    let read = ndjsonLines(buffer, base: base, firstLine: firstLine, firstIndex: firstIndex, onRecord: onRecord)
    if let malformed = read.malformed { throw malformed }
    return read.summary
  }

  /// As `ndjson`, also telling how many lines the buffer held; malformed JSON ends the lines read,
  /// and the records before it are counted.
  package mutating func ndjsonLines(
    _ buffer: UnsafeRawBufferPointer, base: Int, firstLine: Int, firstIndex: Int, onRecord: (RecordResult) -> Void
  ) -> LinesRead {
    var read = LinesRead()
    do {
      try readLines(buffer, base: base, firstLine: firstLine, firstIndex: firstIndex, into: &read, onRecord: onRecord)
    } catch {
      read.malformed = error
    }
    return read
  }

  /// The loop of `ndjsonLines`, counting into `read` as it goes, so that the counts are there
  /// when malformed JSON ends it.
  private mutating func readLines(
    _ buffer: UnsafeRawBufferPointer, base: Int, firstLine: Int, firstIndex: Int, into read: inout LinesRead,
    onRecord: (RecordResult) -> Void
  ) throws(JSONSyntaxError) {
    validator.document = buffer
    validator.documentBase = base
    var lineStart = 0
    var index = firstIndex
    let count = buffer.count
    while lineStart < count {
      if let isCancelled = config.isCancelled, isCancelled() {
        read.summary.isCancelled = true
        break
      }
      let lineEnd = Self.newline(in: buffer, from: lineStart)
      if !Self.isBlank(buffer, lineStart, lineEnd) {
        var scanner = JSONScanner(
          UnsafeRawBufferPointer(rebasing: buffer[lineStart..<lineEnd]), baseOffset: base + lineStart,
          maxDepth: config.schema.options.maxDepth)
        if base + lineStart == 0 { scanner.skipByteOrderMark() }
        validator.recordLineStart = base + lineStart
        let result = try config.record(&validator, &scanner, index: index, line: firstLine + read.lines)
        try scanner.expectEnd()
        read.summary.add(result)
        onRecord(result)
        index += 1
      }
      lineStart = lineEnd + 1
      read.lines += 1
    }
  }

  /// Offset of the next `\n` at or after `start`, or the buffer's end.
  static func newline(in buffer: UnsafeRawBufferPointer, from start: Int) -> Int {
    guard let base = buffer.baseAddress, start < buffer.count,
      let found = memchr(base + start, 0x0A, buffer.count - start)
    else { return buffer.count }
    return base.distance(to: UnsafeRawPointer(found))
  }

  private static func isBlank(_ buffer: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
    for offset in start..<end {
      let byte = buffer[offset]
      if byte != 0x20, byte != 0x09, byte != 0x0D { return false }
    }
    return true
  }
}
