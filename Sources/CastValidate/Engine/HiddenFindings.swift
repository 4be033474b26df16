import CastSchema

/// A record's findings past `ValidationOptions.maxRecordFindings`: counted, not kept, so that a
/// record with millions of findings (a long array of wrong values) takes no more memory than one
/// with a thousand, and its verdict and counts are still those of every finding.
struct HiddenFindings {
  /// By severity and by what they did to the record.
  private(set) var counts = FindingCounts()
  /// Errors `demote` may still turn into warnings (not `RecordValidator.neverDemoted`).
  private(set) var demotable = 0
  /// Whether one of them changes the record's shape (`DocumentValidator.reshapes`).
  private(set) var reshapes = false

  /// Counts a finding left out.
  mutating func add(_ code: FindingCode, _ severity: Severity) {
    counts.count(code.rawValue, severity)
    if severity == .error, !RecordValidator.neverDemoted(code.rawValue) { demotable += 1 }
    if DocumentValidator.reshapes(code.rawValue) { reshapes = true }
  }

  /// Turns the demotable errors counted since `mark` into warnings; returns how many.
  mutating func demote(since mark: FindingMark) -> Int {
    let demoted = demotable - mark.hiddenDemotable
    guard demoted > 0 else { return 0 }
    demotable -= demoted
    counts.errors -= demoted
    counts.warnings += demoted
    return demoted
  }
}

/// Where the findings about a value begin: the findings kept so far, the hidden errors that may
/// yet be demoted (`RecordValidator.demote(since:)`), and the record's errors.
struct FindingMark {
  let kept: Int
  let hiddenDemotable: Int
  /// `RecordValidator.errorCount`: more errors since, and the value's reading found some.
  let errors: Int
}
