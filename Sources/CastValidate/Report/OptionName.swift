/// An option a message tells its reader to change, spelled as that reader sets it: a flag on
/// the command line, a property in a Swift program. Messages stay values; the front end that
/// made the run chooses the spelling (`OptionSpelling`), so the library never says `--max-depth`
/// to a program that set `ValidationOptions.maxDepth`.
package enum OptionName: Sendable, CaseIterable {
  case strict
  case maxDepth
  case maxErrors
  case maxRecordFindings
  case unknownKeys
  case binaryPropertyList

  /// The option's name for `spelling`'s reader.
  package func spelled(_ spelling: OptionSpelling) -> String {
    switch (self, spelling) {
    case (.strict, .commandLine): "--strict"
    case (.strict, .library): "ValidationOptions.strict"
    case (.maxDepth, .commandLine): "--max-depth"
    case (.maxDepth, .library): "ValidationOptions.maxDepth"
    case (.maxErrors, .commandLine): "--max-errors"
    case (.maxErrors, .library): "ValidationOptions.maxErrors"
    case (.maxRecordFindings, .commandLine): "--max-record-findings"
    case (.maxRecordFindings, .library): "ValidationOptions.maxRecordFindings"
    case (.unknownKeys, .commandLine): "--unknown"
    case (.unknownKeys, .library): "ValidationOptions.unknownKeys"
    case (.binaryPropertyList, .commandLine): "--binary"
    case (.binaryPropertyList, .library): "OutputFormat.binaryPropertyList"
    }
  }

  /// The option set to `value`, as its reader writes it: `--max-errors 3`,
  /// `ValidationOptions.maxErrors = 3`.
  package func spelled(_ spelling: OptionSpelling, value: some CustomStringConvertible) -> String {
    switch spelling {
    case .commandLine: "\(spelled(spelling)) \(value)"
    case .library: "\(spelled(spelling)) = \(value)"
    }
  }
}

/// Who reads a run's messages: someone at the command line (castctl and its REPL, whose data
/// commands take the same flags), or a program using the library. A program chooses it for the
/// findings catalogue (``FindingCode/explanation(naming:)``); its own runs' messages are the
/// library's already.
public enum OptionSpelling: Sendable, Hashable {
  case commandLine
  case library
}
