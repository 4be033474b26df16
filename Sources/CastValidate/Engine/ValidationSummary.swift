import CastSchema

/// Counts over a whole input.
public struct ValidationSummary: Sendable, Equatable, CustomStringConvertible {
  /// The records read: a document, each element of a model's top-level array, each NDJSON line
  /// that is not blank.
  public var records = 0
  /// The records with an error: the model's init would fail on them.
  public var invalidRecords = 0
  /// The findings, counted by severity and by what they did to their records.
  package var counts = FindingCounts()
  /// Valid records that lost an element or had a value defaulted: what a lenient dialect
  /// accepted by changing it, and `--strict` would reject.
  public var changedRecords = 0
  /// Whether the run stopped early because `DocumentValidator.isCancelled` said so; the counts
  /// cover the records read before it.
  package var isCancelled = false
  /// Whether the reader found a top-level array and took each element as a record (a model
  /// target only). `convert` writes an array back exactly when this is set.
  package var isArray = false

  /// Counts made by hand, for a hand-made ``ValidationReport`` (a program's own tests); zero
  /// counts by default.
  public init(
    records: Int = 0, invalidRecords: Int = 0, errors: Int = 0, warnings: Int = 0, notes: Int = 0, droppedElements: Int = 0,
    defaultedValues: Int = 0, changedRecords: Int = 0
  ) {
    self.records = records
    self.invalidRecords = invalidRecords
    self.changedRecords = changedRecords
    self.errors = errors
    self.warnings = warnings
    self.notes = notes
    self.droppedElements = droppedElements
    self.defaultedValues = defaultedValues
  }

  /// The public counts, as `records: 3, invalid: 1, errors: 2, …`.
  public var description: String {
    "records: \(records), invalid: \(invalidRecords), errors: \(errors), warnings: \(warnings), notes: \(notes), "
      + "dropped elements: \(droppedElements), defaulted values: \(defaultedValues), changed records: \(changedRecords)"
  }

  /// Findings of severity error, in every record.
  public var errors: Int {
    get { counts.errors }
    set { counts.errors = newValue }
  }

  /// Findings of severity warning.
  public var warnings: Int {
    get { counts.warnings }
    set { counts.warnings = newValue }
  }

  /// Findings of severity note.
  public var notes: Int {
    get { counts.notes }
    set { counts.notes = newValue }
  }

  /// Array elements and dictionary entries dropped because they could not be converted.
  public var droppedElements: Int {
    get { counts.droppedElements }
    set { counts.droppedElements = newValue }
  }

  /// Values replaced by their property's default (a bad value, or null read as absent).
  public var defaultedValues: Int {
    get { counts.defaultedValues }
    set { counts.defaultedValues = newValue }
  }

  /// Whether every record is valid.
  public var isValid: Bool { errors == 0 }

  /// Counts one record and its findings.
  package mutating func add(_ result: RecordResult) {
    // The reported findings and those left out of the report (`--max-errors`, and a record's
    // findings past `ValidationOptions.maxRecordFindings`).
    var found = result.unreported
    for finding in result.findings { found.count(finding.code, finding.severity) }
    add(record: result.isValid, found)
  }

  /// Counts one record, valid or not, whose findings counted `found`.
  package mutating func add(record isValid: Bool, _ found: FindingCounts) {
    records += 1
    if !isValid { invalidRecords += 1 }
    counts.add(found)
    if found.droppedElements + found.defaultedValues > 0, isValid { changedRecords += 1 }
  }

  /// Adds another part's counts.
  package mutating func merge(_ other: ValidationSummary) {
    records += other.records
    invalidRecords += other.invalidRecords
    counts.add(other.counts)
    changedRecords += other.changedRecords
  }
}

/// Findings counted by severity and by what they did to the record: a record's, as the summary
/// tallies them, and those left out of its report, which the summary still counts.
package struct FindingCounts: Sendable, Equatable {
  package var errors = 0
  package var warnings = 0
  package var notes = 0
  /// `element-dropped` findings.
  package var droppedElements = 0
  /// `default-substituted` and `null-replaced-by-default` findings.
  package var defaultedValues = 0

  package init() {}

  /// All of them, whatever their severity.
  package var total: Int { errors + warnings + notes }

  /// Counts a finding of `code` and `severity`.
  mutating func count(_ code: String, _ severity: Severity) {
    switch severity {
    case .error: errors += 1
    case .warning: warnings += 1
    case .note: notes += 1
    }
    switch code {
    case FindingCode.elementDropped.rawValue: droppedElements += 1
    case FindingCode.defaultSubstituted.rawValue, FindingCode.nullReplacedByDefault.rawValue: defaultedValues += 1
    default: break
    }
  }

  /// Adds another's counts.
  mutating func add(_ other: FindingCounts) {
    errors += other.errors
    warnings += other.warnings
    notes += other.notes
    droppedElements += other.droppedElements
    defaultedValues += other.defaultedValues
  }
}
