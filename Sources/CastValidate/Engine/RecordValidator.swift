import CastSchema

/// The outcome of checking one value against a node.
enum Outcome {
  /// Converted; the instance when building one.
  case value(Instance?)
  /// JSON `null` (not yet judged: the caller knows whether nil is allowed).
  case null
  /// Present but not convertible; a finding says why.
  case unconvertible
}

/// One piece of the current JSON Pointer, kept cheap (plain data) until a finding needs the text.
enum PathPiece {
  /// A key read from the document (a key path's steps too, as the document spells them).
  case key(JSONStringToken)
  /// An array index.
  case index(Int)
}

/// Walks one record against the compiled plan, once, without building a generic tree; collects
/// findings, and when asked builds the decoded instance.
struct RecordValidator {
  let schema: CompiledSchema
  /// Build instances (`convert`, `roundtrip`); validation alone builds nothing.
  let build: Bool
  var findings: [Finding] = []
  /// The record's findings past `ValidationOptions.maxRecordFindings`, counted, not kept.
  var hidden = HiddenFindings()
  /// The record's warnings past `ValidationOptions.maxWarnings`, and notes `ValidationOptions.notes`
  /// leaves out: counted, not kept.
  var unshown = HiddenFindings()
  /// Warnings handed out in the results of the records before this one (`ValidationOptions.maxWarnings`).
  var keptWarnings = 0
  /// Notes handed out in the results of the records before this one, by kind (`NoteReporting.each`).
  var keptNotes = RepeatedNotes()
  /// The record's notes `ValidationOptions.notes` left out, which take their places among its
  /// findings (`keepsNextFinding`) as if shown.
  var foldedNotes = 0
  /// The number of elements the last array read kept: what a `//! count` of it checks.
  var keptElements = 0
  var errorCount = 0
  /// The current JSON Pointer, innermost last.
  let path = RawStack<PathPiece>()
  var recordLine: Int?
  /// Offset of the start of the NDJSON record's line.
  var recordLineStart: Int?
  /// Errors handed out in results so far, across records (`--max-errors`).
  var reportedErrors = 0
  /// Whether the `too-many-errors` note has been handed out.
  var limitNoted = false
  /// Path pieces in front of every path (the record's index in a top-level array).
  var pathPrefix: [PathPiece] = []
  /// The input being read (the whole document, or the chunk of a stream that holds the record);
  /// token spans are offsets in the file, so `documentBase` maps them into it.
  var document: UnsafeRawBufferPointer {
    didSet { memberIndexes.forget() }
  }
  /// File offset of `document`'s first byte.
  var documentBase = 0
  /// Per-property state of the objects being read, innermost last: reused, so reading an object
  /// allocates nothing.
  let slots = RawStack<FieldSlot>(capacity: 256)
  /// First keys of the objects being read and their values' spans, for key paths (start < 0:
  /// not seen).
  let captureStack = RawStack<RootCapture>()
  /// Keys of the dictionaries being read, for spotting duplicates (`DuplicateKeys`).
  let keyScratch = RawStack<JSONStringToken>()
  /// The numbers of the sets being read, for spotting a repeated element (`SetElements`).
  let setScratch = RawStack<UInt64>()
  /// The identity of the date read last (`SetElementIdentity.instant`), which a `Set<Date>`
  /// compares without building the date's instance.
  var dateRead: UInt64 = 0
  /// Decoded values of the objects being read (only when building instances).
  var valueStack: [Instance?] = []
  /// The objects key paths have looked into, with their members hashed once looked into often.
  var memberIndexes = MemberIndexes()
  /// The quick first look at each record when validating or writing a transcript, which then
  /// writes the records it vouches for (nil when building instances, which needs the full walk).
  /// A record it doubts is walked here from its start.
  let cleanCheck: CleanRecordCheck?
  /// What Foundation said of URLs' hosts beyond ASCII (`URLAuthorityCache`), for this walker alone.
  let urlHosts = URLAuthorityCache()
  /// The unread keys of the object whose missing keys were last given a "did you mean".
  let unreadKeys = UnreadKeys()
  /// The comparisons the record's hints for unknown keys and enum values may still make.
  var hintAllowance = HintAllowance()
  /// When set (`convert` of NDJSON), the record's compact JSON is written during the walk instead
  /// of an instance being built; see `transcribe`.
  // NB: borrowed, so the hot loop pays no reference counting for it; `transcriptOwner` keeps
  // it alive as long as the walker.
  let transcript: Borrowed<CompactTranscript>?
  private let transcriptOwner: CompactTranscript?

  init(
    schema: CompiledSchema, document: UnsafeRawBufferPointer, build: Bool, cleanCheck: Bool = true,
    transcript: CompactTranscript? = nil
  ) {
    self.schema = schema
    self.document = document
    self.build = build
    self.cleanCheck = build || !cleanCheck ? nil : CleanRecordCheck(plan: schema.cleanPlan, urlHosts: urlHosts)
    self.transcript = transcript.map { Borrowed($0) }
    transcriptOwner = transcript
  }

  /// The bytes of a span of the file (which must lie in `document`).
  func bytes(_ span: JSONSpan) -> UnsafeRawBufferPointer {
    let lower = min(max(span.start - documentBase, 0), document.count)
    let upper = min(max(span.end - documentBase, lower), document.count)
    return UnsafeRawBufferPointer(rebasing: document[lower..<upper])
  }

  /// A scanner over the current document, for decoding tokens.
  var tokenReader: JSONScanner { JSONScanner(document, baseOffset: documentBase) }

  /// Whether `--max-errors` has been reached.
  var isSaturated: Bool { schema.options.maxErrors > 0 && errorCount >= schema.options.maxErrors }

  // MARK: - Values

  /// Checks the next value of `scanner` against `node`, consuming it.
  mutating func value(
    _ node: ValueNode, _ scanner: inout JSONScanner, policy: Policy, declaration: SourceRange?, build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    let kind = try scanner.peekKind()
    if !wantInstance, transcript != nil {
      return try transcribe(node, kind, &scanner, policy: policy, declaration: declaration)
    }
    if kind == .null {
      // NB: `Any` holds `null` like any other JSON value (`[String: Any]`, `[Any]`, `--type Any`).
      if case .any = node { return .value(try rawJSON(&scanner, build: wantInstance)) }
      try scanner.readNull()
      return .null
    }
    switch node {
    case .scalar(let scalar):
      return try self.scalar(scalar, kind, &scanner, policy: policy, declaration: declaration, build: wantInstance)
    case .date(let format):
      return try date(
        schema.dateFormats[Int(format)], kind, &scanner, policy: policy, declaration: declaration, build: wantInstance,
        pattern: schema.datePatterns[Int(format)])
    case .any:
      return .value(try rawJSON(&scanner, build: wantInstance))
    case .anyObject, .anyArray:
      let expected: JSONValueKind = node.isAnyObject ? .object : .array
      guard kind == expected else {
        return try mismatch(node.describe(in: schema), kind, &scanner, declaration: declaration)
      }
      return .value(try rawJSON(&scanner, build: wantInstance))
    case .array(let element, let null, let isSet):
      guard kind == .array else { return try mismatch(node.describe(in: schema), kind, &scanner, declaration: declaration) }
      return try array(
        schema.node(at: element), null: null, isSet: isSet, &scanner, policy: policy, declaration: declaration,
        build: wantInstance)
    case .dictionary(let key, let valueNode, let null):
      guard kind == .object else { return try mismatch(node.describe(in: schema), kind, &scanner, declaration: declaration) }
      return try dictionary(
        key: schema.node(at: key), value: schema.node(at: valueNode), null: null, &scanner, policy: policy, declaration: declaration,
        build: wantInstance)
    case .pairs(let key, let valueNode, let null):
      guard kind == .array else { return try mismatch(node.pairsDescription(in: schema), kind, &scanner, declaration: declaration) }
      return try pairs(
        key: key, value: valueNode, null: null, &scanner, policy: policy, declaration: declaration, build: wantInstance)
    case .model(let index):
      guard kind == .object else { return try mismatch(schema.plans[index].name, kind, &scanner, declaration: declaration) }
      return try model(index, &scanner, declaration: declaration, build: wantInstance)
    case .enumeration(let index):
      return try enumeration(index, kind, &scanner, policy: policy, declaration: declaration, build: wantInstance)
    }
  }

  /// Skips a value, returning it as JSON when building.
  mutating func rawJSON(_ scanner: inout JSONScanner, build wantInstance: Bool) throws(JSONSyntaxError) -> Instance? {
    let start = scanner.offset
    try scanner.skipValue()
    guard wantInstance else { return nil }
    let bytes = scanner.bytes(JSONSpan(start: start, end: scanner.offset))
    return .json(try JSONValue.parse(bytes, maxDepth: schema.options.maxDepth))
  }

  // MARK: - Findings

  /// Records a type mismatch for the value at the cursor, skips it, and reports it unconvertible.
  mutating func mismatch(
    _ expected: String, _ kind: JSONValueKind, _ scanner: inout JSONScanner, declaration: SourceRange?,
    code: FindingCode = .typeMismatch, message: String? = nil
  ) throws(JSONSyntaxError) -> Outcome {
    let start = scanner.offset
    try scanner.skipValue()
    let found = Excerpt.describe(kind, scanner.bytes(JSONSpan(start: start, end: scanner.offset)))
    report(
      code, .error, message ?? "expected \(expected), found \(found)", at: start, declaration: declaration,
      expected: expected, found: found)
    return .unconvertible
  }

  /// Appends a finding at the current path; its message is worked out only when it is kept.
  mutating func report(
    _ code: FindingCode, _ severity: Severity, _ message: @autoclosure () -> String, at offset: Int, declaration: SourceRange?,
    expected: String? = nil, found: String? = nil, extraPath: String? = nil, related: Int? = nil
  ) {
    // NB: under --strict every warning is an error (semantics §1.3).
    let severity = severity == .warning && schema.options.strict ? Severity.error : severity
    if severity == .error { errorCount += 1 }
    // NB: only once earlier records handed out that many, so a record's findings are the same
    // whether or not this one's warnings are shown.
    if severity == .warning, schema.options.maxWarnings > 0, keptWarnings >= schema.options.maxWarnings {
      unshown.add(code, severity)
      return
    }
    // NB: a note left out still takes its place among the record's findings, so what else the
    // record keeps, and its `too-many-errors` note, are the same whichever notes are shown.
    if severity == .note, keepsNextFinding, !keptNotes.allowsAnother(code, declaration, under: schema.options.notes) {
      unshown.add(code, severity)
      foldedNotes += 1
      return
    }
    guard keepsNextFinding else {
      hidden.add(code, severity)
      return
    }
    var pointer = pointerText(scanner: nil)
    if let extraPath { pointer += extraPath }
    var finding = Finding(
      code: code.rawValue, severity: severity, message: message(), path: pointer, offset: offset,
      recordLine: recordLine, declaration: declaration, expected: expected, found: found, relatedOffset: related)
    finding.recordLineStart = recordLineStart
    if severity == .error, schema.keepsCodingPaths { finding.codingPath = codingSteps(extraPath: extraPath) }
    findings.append(finding)
  }

  /// Whether the next finding will be kept, not only counted (`maxRecordFindings`): what a
  /// costly message (a "did you mean") is worth working out for.
  var keepsNextFinding: Bool {
    schema.options.maxRecordFindings == 0 || findings.count + foldedNotes < schema.options.maxRecordFindings
  }

  /// Where the findings about the value about to be read begin.
  var findingMark: FindingMark {
    FindingMark(kept: findings.count, hiddenDemotable: hidden.demotable, errors: errorCount)
  }

  /// Turns errors recorded since `mark` into warnings: the value they describe was dropped or
  /// replaced, so the model's init still succeeds. A number outside its type's range and a failed
  /// declarative check stay errors in every dialect (semantics §4, §2).
  mutating func demote(since mark: FindingMark) {
    errorCount -= hidden.demote(since: mark)
    guard mark.kept < findings.count else { return }
    for index in mark.kept..<findings.count
    where findings[index].severity == .error && !Self.neverDemoted(findings[index].code) {
      findings[index].severity = .warning
      errorCount -= 1
    }
  }

  /// Codes that stay errors even when their value is dropped or replaced.
  static func neverDemoted(_ code: String) -> Bool {
    code == FindingCode.outOfRange.rawValue || code == FindingCode.checkFailed.rawValue
  }

  /// `--max-errors` over a finished record's findings: once the limit of errors has been handed
  /// out (across records), later findings are left out, counted by severity, and one
  /// `too-many-errors` note says so. Applied after the record is judged, so a demoted error still
  /// counts as what it became.
  mutating func limitReported(_ recordFindings: [Finding]) -> (kept: [Finding], unreported: FindingCounts) {
    let limit = schema.options.maxErrors
    var unreported = FindingCounts()
    guard limit > 0 else { return (recordFindings, unreported) }
    var kept: [Finding] = []
    for finding in recordFindings {
      guard reportedErrors < limit else {
        if !limitNoted {
          limitNoted = true
          kept.append(
            Finding(
              code: FindingCode.tooManyErrors.rawValue, severity: .note,
              message: "\(OptionName.maxErrors.spelled(schema.options.spelling, value: limit)) reached; later findings are counted, not reported",
              path: finding.path,
              offset: finding.offset, recordLine: finding.recordLine))
        }
        unreported.count(finding.code, finding.severity)
        continue
      }
      if finding.severity == .error { reportedErrors += 1 }
      kept.append(finding)
    }
    return (kept, unreported)
  }

  // MARK: - Paths

  /// The RFC 6901 text of the current path.
  func pointerText(scanner: JSONScanner?) -> String {
    var text = ""
    for piece in pathPrefix + path.elements {
      text += "/"
      switch piece {
      case .key(let token):
        text += JSONPointer.escape(currentKeyText(token))
      case .index(let index):
        text += String(index)
      }
    }
    return text
  }

  /// The current path as keys and indices, for `JSONDecoder`'s coding path (`DecodingErrorNotes`
  /// turns a model's keys into its CodingKeys).
  func codingSteps(extraPath: String?) -> [CodingStep] {
    var steps: [CodingStep] = []
    for piece in path.elements {
      switch piece {
      case .key(let token):
        steps.append(.key(currentKeyText(token)))
      case .index(let index):
        steps.append(.index(index))
      }
    }
    // NB: `extraPath` is a JSON Pointer suffix; the decoder's path holds its keys as they are
    // (`x/y`, not `x~1y`), which its CodingKeys are compared with and its notes escape once.
    if let extraPath, extraPath.hasPrefix("/") {
      steps += extraPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { .key(JSONPointer.unescape($0)) }
    }
    return steps
  }

  private func currentKeyText(_ token: JSONStringToken) -> String {
    tokenReader.string(token)
  }
}

extension ValueNode {
  var isAnyObject: Bool {
    if case .anyObject = self { return true }
    return false
  }

  var isEnumeration: Bool {
    if case .enumeration = self { return true }
    return false
  }

  /// A dictionary key the coders' key strategies reach: an integer or an enum (in the codable
  /// dialect, where such a dictionary is an object: `Int` or a `CodingKeyRepresentable` enum).
  var followsKeyStrategies: Bool {
    switch self {
    case .scalar(let scalar): scalar.isInteger
    case .enumeration: true
    default: false
    }
  }

  /// `Any`, which holds `null` as a value like any other.
  var isAny: Bool {
    if case .any = self { return true }
    return false
  }
}
