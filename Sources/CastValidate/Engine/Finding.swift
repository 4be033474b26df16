import CastSchema

/// One thing the engine noticed about a document: a value, never printed where it is found.
public struct Finding: Sendable, Hashable {
  /// Stable code, documented in the README (e.g. `missing-required`).
  public var code: String
  /// The code as a `FindingCode`, to switch over: every finding's code is one but the
  /// `malformed-json` of an NDJSON line `decodeEach` could not read (`init(malformedJSON:offset:recordLine:)`).
  public var kind: FindingCode? { FindingCode(rawValue: code) }
  /// Error, warning or note; errors make the document invalid.
  public var severity: Severity
  /// One-line message.
  public var message: String
  /// JSON Pointer of the value (RFC 6901) within the record; for an element of a top-level
  /// array it begins with the element's index (`/1/id`).
  public var path: String
  /// Byte offset in the data file where the value (or the object missing a key) starts.
  public var offset: Int
  /// 1-based line of the NDJSON record, when the input is NDJSON.
  public var recordLine: Int?
  /// Byte offset where that record's line starts (so its position needs no counting of lines).
  package var recordLineStart: Int?
  /// The model file's declaration that caused it (a property or model name), if any.
  package var declaration: SourceRange?
  /// What the schema wanted (`Int`, `one of "admin", "editor"`).
  public var expected: String?
  /// What the data had: its JSON type and a short excerpt.
  public var found: String?
  /// Another position the finding is about (the earlier value of a duplicate key).
  package var relatedOffset: Int?
  /// The error's path as `JSONDecoder` spells it (kept for the `codable` dialect's notes).
  package var codingPath: [CodingStep]?
  /// On a `decoding-error` note: the decoder's error, for `--format json`.
  package var decoderView: DecoderView?

  /// Creates a finding.
  package init(
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

/// Every finding code; what each means is in its `explanation` (`FindingExplanation.swift`).
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
  case decodingError = "decoding-error"

  /// One line on what the code means, as plain text (SARIF rules, GitHub annotations): the
  /// catalogue's meaning without its Markdown.
  public var summary: String { explanation.meaning.replacing("`", with: "") }
}
