/// The kinds of change a trip through a model can make to a document.
public enum LedgerKind: String, Sendable, CaseIterable {
  case unknownKeyDropped = "unknown-key-dropped"
  case ignoredKeyDropped = "ignored-key-dropped"
  case defaultFilled = "default-filled"
  case valueCoerced = "value-coerced"
  case valueDropped = "value-dropped"
  case nullWrittenAsAbsent = "null-written-as-absent"
  case absentWrittenAsNull = "absent-written-as-null"
  case elementDropped = "element-dropped"
  case keyMoved = "key-moved"
  case numberTextChanged = "number-text-changed"
  case valueNormalized = "value-normalized"
  case duplicateKeyCollapsed = "duplicate-key-collapsed"
  case duplicateElementCollapsed = "duplicate-element-collapsed"
  case alternativeUnused = "alternative-unused"

  /// What the kind means, for the README and `--help`.
  public var summary: String {
    switch self {
    case .unknownKeyDropped: "a key the model does not declare is not written back"
    case .ignoredKeyDropped: "the key of an //! ignore (or ignore json) property is not written back"
    case .defaultFilled: "an absent, null, bad or unread value is written as the property's default"
    case .valueCoerced: "a value is written back as another JSON type or value (\"42\" → 42)"
    case .valueDropped: "a value the model could not use is gone (the property ended up nil, written as its dialect writes nil)"
    case .nullWrittenAsAbsent: "a null is not written back (the dialect omits nil; Nosce writes a nil model as {})"
    case .absentWrittenAsNull: "an absent key is written back as null (the dialect writes nil as null; Nosce a nil model as {})"
    case .elementDropped: "an array element or dictionary entry that could not be converted is gone"
    case .keyMoved: "a value is written under another key: a ?? alternative, a key path, an index key"
    case .numberTextChanged: "the same number is written with other text (1.0 → 1)"
    case .valueNormalized: "a date, URL, UUID or Data is written in its normal form (UTC ISO-8601, upper-case UUID, canonical base64)"
    case .duplicateKeyCollapsed: "a key came twice; the value the decoder keeps is written back: of an object's, the last (the codable dialect: the first, as JSONDecoder reads it); of key-value pairs, the last, at the first one's place"
    case .duplicateElementCollapsed: "a Set had the same element twice; it is written once"
    case .alternativeUnused:
      "a ?? alternative's value is not written back: another alternative gave the property its value (named, where it is written at this alternative's key)"
    }
  }
}

/// One difference between a document and its trip through the model.
public struct LedgerEntry: Sendable, Equatable {
  /// What kind of change it is.
  public var kind: LedgerKind
  /// JSON Pointer in the input (or where the output puts a new value).
  public var path: String
  /// Byte offset in the input.
  public var offset: Int
  /// The input value (nil when absent).
  public var before: JSONValue?
  /// The output value (nil when absent).
  public var after: JSONValue?
  /// For moved keys: the JSON Pointer in the output.
  public var outputPath: String?
  /// 1-based line of the NDJSON record.
  public var recordLine: Int?
  /// The line and column of `offset` in the input, as `castctl roundtrip` shows it; (0, 0) until
  /// the input's text is known (``Validator/roundtrip(_:format:)`` sets it).
  public var position = TextPosition(line: 0, column: 0)
}
