/// What to do with keys a model does not declare.
public enum UnknownKeyRule: String, Sendable, CaseIterable {
  case ignore, warn, error
}

/// Options of a validation run that are not in the schema.
public struct ValidationOptions: Sendable, Hashable {
  /// `--strict`: no coercion, warnings are errors.
  public var strict = false
  /// `--unknown`.
  public var unknownKeys = UnknownKeyRule.ignore
  /// Deepest nesting accepted before the document is rejected as malformed; at least 1 and at
  /// most 10,000 (a number outside is read as the nearer bound, as castctl refuses it).
  public var maxDepth: Int {
    get { depth }
    set { depth = min(max(1, newValue), JSONScanner.maxDepthLimit) }
  }
  /// Stop reporting after this many errors (0, or less: no limit).
  public var maxErrors: Int {
    get { errors }
    set { errors = max(0, newValue) }
  }
  /// Report at most this many findings of one record and count the rest (0, or less: no limit),
  /// so that one record's findings take bounded memory however long it is.
  public var maxRecordFindings: Int {
    get { recordFindings }
    set { recordFindings = max(0, newValue) }
  }
  /// Report at most this many warnings over the input and count the rest (0, or less: no
  /// limit): `--max-warnings`. Past it the engine counts a record's warnings without building
  /// them, so that a file whose every value is coerced is not slowed by warnings nobody sees;
  /// ``ValidationReport/summary`` still counts every one.
  public var maxWarnings: Int {
    get { warnings }
    set { warnings = max(0, newValue) }
  }
  /// Which notes to report; the others are counted, not built, and
  /// ``ValidationReport/summary`` still counts every one. A note a model's declaration makes on
  /// every record (an `//! ignore`d key that is in the data, a `//! custom` value) would
  /// otherwise be reported millions of times over a large input.
  public var notes = NoteReporting.all
  /// How messages name options (`--strict` or `ValidationOptions.strict`): the command line's,
  /// unless the library's front door (`Schema`) says its own.
  package var spelling = OptionSpelling.commandLine
  private var depth = 512
  private var errors = 0
  private var recordFindings = 1000
  private var warnings = 0

  /// Default options.
  public init(
    strict: Bool = false, unknownKeys: UnknownKeyRule = .ignore, maxDepth: Int = 512, maxErrors: Int = 0,
    maxRecordFindings: Int = 1000, maxWarnings: Int = 0, notes: NoteReporting = .all
  ) {
    self.strict = strict
    self.unknownKeys = unknownKeys
    self.maxDepth = maxDepth
    self.maxErrors = maxErrors
    self.maxRecordFindings = maxRecordFindings
    self.maxWarnings = maxWarnings
    self.notes = notes
  }
}

/// Which notes a validation run reports (`ValidationOptions.notes`).
public enum NoteReporting: Sendable, Hashable {
  /// Every one.
  case all
  /// Each note (one code from one declaration of the model) at most this many times over the
  /// input: `--max-notes`. Past it the engine counts a record's such notes without building them.
  case each(Int)
  /// None (`--quiet`).
  case none
}
