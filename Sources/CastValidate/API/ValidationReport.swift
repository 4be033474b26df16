import CastSchema

/// What validating one input found: a verdict, the findings of every record, and the summary
/// castctl prints. Positions are byte offsets into the input; ``position(of:)`` gives line and
/// column (columns count Unicode scalars).
public struct ValidationReport: Sendable {
  /// One record: the document, an element of a top-level array (model targets), or an NDJSON line.
  public struct Record: Sendable, Hashable {
    /// The record's index: the array element or the non-blank NDJSON line, from 0.
    public var index: Int
    /// The NDJSON line it was on (from 1); nil for a JSON document.
    public var line: Int?
    /// Whether the model's init would succeed on it.
    public var isValid: Bool
    /// Its findings, in document order.
    public var findings: [Finding]

    /// A record made by hand, for a program's own tests: valid unless one of its findings is an
    /// error, as the engine judges a record (so the report's counts agree with it).
    public init(index: Int = 0, line: Int? = nil, findings: [Finding] = []) {
      self.init(index: index, line: line, isValid: !findings.contains { $0.severity == .error }, findings: findings)
    }

    /// A record as the engine judged it (an error past `maxRecordFindings` is not among the
    /// findings, and still makes it invalid).
    init(index: Int, line: Int?, isValid: Bool, findings: [Finding]) {
      self.index = index
      self.line = line
      self.isValid = isValid
      self.findings = findings
    }
  }

  /// Every record read, valid or not, in input order.
  public var records: [Record]
  /// Counts over the records: errors, warnings, notes, invalid records.
  public var summary: ValidationSummary
  /// The syntax error that stopped the reading, when the input is not JSON; records before it
  /// were still validated.
  public var syntaxError: JSONSyntaxError?
  /// Line and column of each reported byte offset.
  let positions: [Int: TextPosition]
  /// The model files, where findings' declarations are.
  let modelFiles: [SourceFile]

  /// A report made by hand, for a program's own tests of how it handles reports (a
  /// ``Validator`` makes the ones validation finds).
  ///
  /// - Parameters:
  ///   - records: Every record, in input order.
  ///   - summary: The counts; nil counts `records` (and their findings) as the validator does.
  ///   - syntaxError: What stopped the reading, for input that is not JSON.
  ///   - positions: The line and column of byte offsets the findings and the syntax error name,
  ///     for ``position(of:)``; an offset not given is at line 0. A report made so names no model
  ///     file: ``declaration(of:)`` gives nil.
  public init(
    records: [Record] = [], summary: ValidationSummary? = nil, syntaxError: JSONSyntaxError? = nil,
    positions: [Int: TextPosition] = [:]
  ) {
    self.init(
      records: records, summary: summary ?? ValidationSummary(counting: records), syntaxError: syntaxError,
      positions: positions, modelFiles: [])
  }

  init(
    records: [Record], summary: ValidationSummary, syntaxError: JSONSyntaxError?, positions: [Int: TextPosition],
    modelFiles: [SourceFile]
  ) {
    self.records = records
    self.summary = summary
    self.syntaxError = syntaxError
    self.positions = positions
    self.modelFiles = modelFiles
  }

  /// True when the input is JSON and every record is valid.
  public var isValid: Bool { syntaxError == nil && summary.isValid }

  /// Every finding of every record, in input order.
  public var findings: [Finding] { records.flatMap(\.findings) }

  /// The line and column of a finding of this report. (Positions are kept by byte offset: a
  /// finding of another report gets the position of its offset here when this report mentions
  /// that offset, else line 0.)
  public func position(of finding: Finding) -> TextPosition { position(ofOffset: finding.offset) }

  /// The line and column of a byte offset this report mentions, a finding's or ``syntaxError``'s
  /// (line 0 for any other offset).
  public func position(ofOffset offset: Int) -> TextPosition { positions[offset] ?? TextPosition(line: 0, column: 0) }

  /// The declaration in a model file that a finding is about (the property, or the model):
  /// the file's path as it was given, and the line and column there.
  public func declaration(of finding: Finding) -> (file: String, position: TextPosition)? {
    guard let range = finding.declaration, modelFiles.indices.contains(range.file) else { return nil }
    let file = modelFiles[range.file]
    return (file.path, file.location(of: range.bytes.lowerBound))
  }
}

/// The report as castctl's one-line findings: each at its line and column in the input.
extension ValidationReport: CustomStringConvertible {
  /// One line per finding, `line:column: severity[code] /path: message`, then the syntax error
  /// that stopped the input, if any, at its position; `valid` for a report with neither.
  public var description: String {
    var lines = findings.map { finding in
      "\(position(of: finding)): \(finding.severity.rawValue)[\(finding.code)] \(finding.path.isEmpty ? "/" : finding.path): \(finding.message)"
    }
    if let syntaxError { lines.append("\(position(ofOffset: syntaxError.offset)): error[malformed-json] \(syntaxError.message)") }
    return lines.isEmpty ? "valid" : lines.joined(separator: "\n")
  }
}

extension ValidationSummary {
  /// The counts of `records`, as the validator counts them: records read before a syntax error
  /// stopped it, NDJSON read a line at a time, or records made by hand.
  init(counting records: [ValidationReport.Record], isArray: Bool = false) {
    self.init()
    self.isArray = isArray
    for record in records {
      var found = FindingCounts()
      for finding in record.findings { found.count(finding.code, finding.severity) }
      add(record: record.isValid, found)
    }
  }
}
