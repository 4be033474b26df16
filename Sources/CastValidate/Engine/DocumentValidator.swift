import CastSchema

/// What a document is checked against: a model of the registry, or any type expression.
public enum ValidationTarget: Sendable {
  case model(String)
  case type(TypeRef)
}

/// One record's verdict: a document, an element of a top-level array, or an NDJSON line.
public struct RecordResult: Sendable {
  /// 0-based index of the record.
  public var index: Int
  /// 1-based line where the record starts.
  public var line: Int?
  /// Whether the model's init would succeed.
  public var isValid: Bool
  /// Findings, in document order.
  public var findings: [Finding]
  /// The decoded instance, when building.
  public var instance: Instance?
  /// The record's byte range in the input.
  public var span: JSONSpan
}

/// Counts over a whole input.
public struct ValidationSummary: Sendable, Equatable {
  public var records = 0
  public var invalidRecords = 0
  public var errors = 0
  public var warnings = 0
  public var notes = 0

  /// Zero counts.
  public init() {}

  /// Whether every record is valid.
  public var isValid: Bool { errors == 0 }

  mutating func add(_ result: RecordResult) {
    records += 1
    if !result.isValid { invalidRecords += 1 }
    for finding in result.findings {
      switch finding.severity {
      case .error: errors += 1
      case .warning: warnings += 1
      case .note: notes += 1
      }
    }
  }
}

/// Validates whole inputs: a JSON document (an object, or a top-level array of records) or NDJSON.
public struct DocumentValidator: Sendable {
  public let schema: CompiledSchema
  public let target: ValidationTarget
  /// Build decoded instances (for `convert` / `roundtrip`).
  public var build: Bool
  private let node: ValueNode

  /// Fails when the target model does not exist.
  public init?(schema: CompiledSchema, target: ValidationTarget, build: Bool = false) {
    self.schema = schema
    self.target = target
    self.build = build
    switch target {
    case .model(let name):
      guard let index = schema.modelIndex(name) else { return nil }
      node = .model(index)
    case .type(let type):
      node = schema.node(for: type)
    }
  }

  /// A JSON document: with a model target a top-level array is one record per element.
  public func validateDocument(
    _ document: UnsafeRawBufferPointer, onRecord: (RecordResult) -> Void
  ) throws(JSONSyntaxError) -> ValidationSummary {
    var scanner = JSONScanner(document, maxDepth: schema.options.maxDepth)
    scanner.skipByteOrderMark()
    var summary = ValidationSummary()
    var validator = RecordValidator(schema: schema, document: document, build: build)
    let kind = try scanner.peekKind()
    if case .model = target, kind == .array {
      try scanner.beginArray()
      var first = true
      var index = 0
      while try scanner.nextElement(&first) {
        validator.pathPrefix = [.index(index)]
        let result = try record(&validator, &scanner, index: index, line: nil)
        summary.add(result)
        onRecord(result)
        index += 1
      }
    } else {
      let result = try record(&validator, &scanner, index: 0, line: nil)
      summary.add(result)
      onRecord(result)
    }
    try scanner.expectEnd()
    return summary
  }

  /// NDJSON: one record per non-blank line. `firstLine` numbers the lines of a chunk.
  public func validateNDJSON(
    _ document: UnsafeRawBufferPointer, firstLine: Int = 1, firstIndex: Int = 0,
    onRecord: (RecordResult) -> Void
  ) throws(JSONSyntaxError) -> ValidationSummary {
    var summary = ValidationSummary()
    var validator = RecordValidator(schema: schema, document: document, build: build)
    var lineStart = 0
    var line = firstLine
    var index = firstIndex
    let count = document.count
    while lineStart < count {
      var lineEnd = lineStart
      while lineEnd < count, document[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
      if !Self.isBlank(document, lineStart, lineEnd) {
        var scanner = JSONScanner(
          UnsafeRawBufferPointer(rebasing: document[lineStart..<lineEnd]), baseOffset: lineStart,
          maxDepth: schema.options.maxDepth)
        if lineStart == 0 { scanner.skipByteOrderMark() }
        let result = try record(&validator, &scanner, index: index, line: line)
        try scanner.expectEnd()
        summary.add(result)
        onRecord(result)
        index += 1
      }
      lineStart = lineEnd + 1
      line += 1
    }
    return summary
  }

  private func record(
    _ validator: inout RecordValidator, _ scanner: inout JSONScanner, index: Int, line: Int?
  ) throws(JSONSyntaxError) -> RecordResult {
    validator.findings.removeAll(keepingCapacity: true)
    validator.path.removeAll(keepingCapacity: true)
    validator.recordLine = line
    let errorsBefore = validator.errorCount
    _ = try scanner.peekKind()
    let start = scanner.offset
    let outcome = try validator.value(node, &scanner, policy: policy, declaration: nil, build: build)
    var instance: Instance?
    switch outcome {
    case .value(let value): instance = value
    case .null:
      if case .model(let name) = target {
        validator.report(.nullNotAllowed, .error, "expected a \(name) object, found null", at: start, declaration: nil, expected: name, found: "null")
      } else if case .type(let type) = target, case .optional = type {
        instance = .null
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
    // Findings in document order: those decided after an object's scan (required keys) join
    // the ones found while scanning.
    let findings = validator.limitReported(
      validator.findings.enumerated().sorted {
        ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
      }.map(\.element))
    return RecordResult(
      index: index, line: line, isValid: validator.errorCount == errorsBefore, findings: findings,
      instance: instance, span: JSONSpan(start: start, end: scanner.offset))
  }

  private var policy: Policy {
    if case .model(let name) = target, let index = schema.modelIndex(name) { return schema.plans[index].policy }
    return schema.basePolicy
  }

  private static func isBlank(_ document: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
    for offset in start..<end {
      let byte = document[offset]
      if byte != 0x20, byte != 0x09, byte != 0x0D { return false }
    }
    return true
  }
}
