import CastSchema

/// What a front end shows of the findings the engine hands out, record by record in order: at
/// most `maxWarnings` warnings over the input (0: every one) and the notes `notes` allows. The
/// engine stops building them once earlier records gave that many; with several jobs each keeps
/// its own count, so this cut, made in record order, is what makes the report the same whatever
/// the jobs. The summary counts every finding.
package struct ShownFindings {
  private let maxWarnings: Int
  private let notes: NoteReporting
  private var shownNotes = RepeatedNotes()
  /// The warnings shown so far.
  package private(set) var warnings = 0
  /// The notes `notes` left out so far: those the engine only counted, and those cut here.
  package private(set) var notesLeftOut = 0

  /// Shows at most `maxWarnings` warnings (0: every one) and the notes `notes` allows.
  package init(maxWarnings: Int, notes: NoteReporting) {
    self.maxWarnings = maxWarnings
    self.notes = notes
  }

  /// Of one record's findings, those to show.
  package mutating func filter(_ result: RecordResult) -> [Finding] {
    notesLeftOut += result.unshownNotes
    // Most records have nothing to cut.
    if case .all = notes, maxWarnings == 0 { return result.findings }
    return result.findings.filter { finding in
      switch finding.severity {
      case .error: return true
      case .warning:
        guard maxWarnings == 0 || warnings < maxWarnings else { return false }
        warnings += 1
        return true
      case .note:
        guard shownNotes.allowsAnother(finding.kind, finding.declaration, under: notes) else {
          notesLeftOut += 1
          return false
        }
        shownNotes.count(finding)
        return true
      }
    }
  }

  /// The line that ends a text report when the note limit left notes out: how many, and how to
  /// see them (nil when none were, or when every note was hidden on purpose).
  package func leftOutLine(option: String) -> String? {
    guard case .each(let limit) = notes, limit > 0, notesLeftOut > 0 else { return nil }
    return "\(DiagnosticRenderer.count(notesLeftOut, "more note")) not shown (each note at most \(DiagnosticRenderer.count(limit, "time")): \(option) 0 shows every one)"
  }
}
