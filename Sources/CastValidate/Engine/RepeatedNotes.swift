import CastSchema

/// How many times each note (one code from one declaration of the model) has been reported, for
/// `NoteReporting.each`: the engine asks before it builds a note, and a front end keeps exactly
/// the first ones (`ShownFindings`).
package struct RepeatedNotes: Sendable {
  /// A note's kind: what says the same thing on every record.
  private struct Kind: Hashable {
    let code: FindingCode?
    /// The declaration's file and first byte (-1 for none).
    let file: Int
    let start: Int

    init(_ code: FindingCode?, _ declaration: SourceRange?) {
      self.code = code
      file = declaration?.file ?? -1
      start = declaration?.bytes.lowerBound ?? -1
    }
  }

  private var shown: [Kind: Int] = [:]

  /// An empty count.
  package init() {}

  /// Whether one more note with this code and declaration may be reported. A `too-many-errors`
  /// note always is: it says what the other limits left out.
  package func allowsAnother(_ code: FindingCode?, _ declaration: SourceRange?, under reporting: NoteReporting) -> Bool {
    if code == .tooManyErrors { return true }
    return switch reporting {
    case .all: true
    case .none: false
    case .each(let limit): limit <= 0 || shown[Kind(code, declaration), default: 0] < limit
    }
  }

  /// Counts the notes among `findings` as reported.
  package mutating func count(_ findings: [Finding]) {
    for finding in findings where finding.severity == .note { count(finding) }
  }

  /// Counts one note as reported.
  package mutating func count(_ note: Finding) {
    shown[Kind(note.kind, note.declaration), default: 0] += 1
  }
}
