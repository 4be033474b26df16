import ArgumentParser
import CastValidate

/// The notes `validate` and `convert` show (`--max-notes`, `--quiet`): a note a model's
/// declaration makes on every record would otherwise be shown once per record.
enum NoteLimit {
  /// Each note's times shown when `--max-notes` is not given.
  static let defaultMaximum = 10

  /// The help of `--max-notes`.
  static let help = ArgumentHelp(
    "Show each note (one code from one declaration of the model) at most this many times (0: every one); the summary still counts them all. (default: \(defaultMaximum) in a text report; every note in --summary and the formats a program reads)")

  /// What is shown: no note under `--quiet`, otherwise each at most `maxNotes` times (0: every one).
  static func shown(maxNotes: Int?, quiet: Bool) -> NoteReporting {
    if quiet { return .none }
    let maximum = maxNotes ?? defaultMaximum
    return maximum == 0 ? .all : .each(maximum)
  }

  /// The check of a `--max-notes` given.
  static func validate(_ maxNotes: Int?) throws {
    if let maxNotes, maxNotes < 0 { throw ValidationError("--max-notes must be 0 or more") }
  }
}
