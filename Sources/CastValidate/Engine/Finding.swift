import CastSchema

/// One thing the engine noticed about a document: a value, never printed where it is found.
public struct Finding: Sendable, Hashable {
  /// Stable code, documented in the README (e.g. `missing-required`).
  public var code: String
  /// Error, warning or note; errors make the document invalid.
  public var severity: Severity
  /// One-line message.
  public var message: String
  /// JSON Pointer of the value (RFC 6901), relative to the record.
  public var path: String
  /// Byte offset in the data file where the value (or the object missing a key) starts.
  public var offset: Int
  /// 1-based line of the NDJSON record, when the input is NDJSON.
  public var recordLine: Int?
  /// Byte offset where that record's line starts (so its position needs no counting of lines).
  public var recordLineStart: Int?
  /// The `.cast` declaration that caused it (a property or model name), if any.
  public var declaration: SourceRange?
  /// What the schema wanted (`Int`, `one of "admin", "editor"`).
  public var expected: String?
  /// What the data had: its JSON type and a short excerpt.
  public var found: String?
  /// Another position the finding is about (the earlier value of a duplicate key).
  public var relatedOffset: Int?

  /// Creates a finding.
  public init(
    code: String, severity: Severity, message: String, path: String, offset: Int, recordLine: Int? = nil,
    declaration: SourceRange? = nil, expected: String? = nil, found: String? = nil, relatedOffset: Int? = nil
  ) {
    self.code = code
    self.severity = severity
    self.message = message
    self.path = path
    self.offset = offset
    self.recordLine = recordLine
    self.declaration = declaration
    self.expected = expected
    self.found = found
    self.relatedOffset = relatedOffset
  }
}

/// Every finding code with its meaning; the README's table is generated from the same words.
public enum FindingCode: String, Sendable, CaseIterable {
  case missingRequired = "missing-required"
  case nullNotAllowed = "null-not-allowed"
  case nullReplacedByDefault = "null-replaced-by-default"
  case nullReadAsAbsent = "null-read-as-absent"
  case typeMismatch = "type-mismatch"
  case defaultSubstituted = "default-substituted"
  case coerced = "coerced"
  case fractionTruncated = "fraction-truncated"
  case outOfRange = "out-of-range"
  case unknownEnumValue = "unknown-enum-value"
  case invalidFormat = "invalid-format"
  case elementDropped = "element-dropped"
  case duplicateElement = "duplicate-element"
  case unknownKey = "unknown-key"
  case ignoredKey = "ignored-key"
  case duplicateKey = "duplicate-key"
  case alternativeSkipped = "alternative-skipped"
  case superObjectMissing = "super-object-missing"
  case customUnchecked = "custom-unchecked"
  case emptyStringAbsent = "empty-string-absent"
  case checkFailed = "check-failed"
  case tooManyErrors = "too-many-errors"

  /// One line on what the code means, for `--help` and the README.
  public var summary: String {
    switch self {
    case .missingRequired: "a required key is absent (or its value could not be used)"
    case .nullNotAllowed: "null where the dialect or --strict does not accept it"
    case .nullReplacedByDefault: "null read as absent, so the property keeps its default"
    case .nullReadAsAbsent: "null read as absent for a non-optional property with no default, which is left nil"
    case .typeMismatch: "the JSON type cannot become the declared type, or a key path meets a value it cannot go into"
    case .defaultSubstituted: "a bad value was replaced by the property's default"
    case .coerced: "a value was converted between JSON types (\"42\" → 42, 1 → true)"
    case .fractionTruncated: "a fractional number was truncated to an integer"
    case .outOfRange: "a number does not fit the declared integer or floating-point type"
    case .unknownEnumValue: "a value matches no case of the enum"
    case .invalidFormat: "a string is not a valid date, URL, UUID, base64 data or character"
    case .elementDropped: "an array element or dictionary value could not be converted and is dropped"
    case .duplicateElement: "a Set received the same element twice"
    case .unknownKey: "a key the model does not declare (with --unknown warn|error)"
    case .ignoredKey: "the key of an //! ignore (or ignoredKeys) property is in the data; its value is not read (note)"
    case .duplicateKey: "the same key twice in one object; the last one wins"
    case .alternativeSkipped: "a `??` alternative was present but not convertible; the next one was tried"
    case .superObjectMissing: "the object named by //! super is absent or not an object"
    case .customUnchecked: "a //! custom property's value was passed through unchecked"
    case .emptyStringAbsent: "-n: an empty string was read as absent"
    case .checkFailed: "a declarative check (range, length, count, pattern) failed"
    case .tooManyErrors: "--max-errors was reached; later findings are not reported"
    }
  }
}
