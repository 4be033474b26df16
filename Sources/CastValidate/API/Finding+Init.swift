extension Finding {
  /// A finding made by hand, for a program's own tests of how it handles reports (the engine
  /// makes the ones validation finds). The code is one of the catalogue's; a finding made so
  /// points at no model file (``ValidationReport/declaration(of:)`` gives nil for it).
  ///
  /// - Parameters:
  ///   - code: What was found (``code`` is its raw value).
  ///   - severity: Errors make the record invalid; `.error` unless said.
  ///   - message: The one-line message.
  ///   - path: The JSON Pointer of the value within its record; the record itself when empty.
  ///   - offset: The byte offset of the value in the input.
  ///   - recordLine: The NDJSON line of the record, for NDJSON input.
  ///   - expected: What the model wanted (`Int`).
  ///   - found: What the data had (`the string "42"`).
  public init(
    code: FindingCode, severity: Severity = .error, message: String, path: String = "", offset: Int = 0,
    recordLine: Int? = nil, expected: String? = nil, found: String? = nil
  ) {
    self.init(
      code: code.rawValue, severity: severity, message: message, path: path, offset: offset, recordLine: recordLine,
      expected: expected, found: found)
  }

  /// A `malformed-json` finding made by hand: the error ``Validator/decodeEach(_:format:)`` gives
  /// an NDJSON line that is not JSON, as the record's one finding. It is no code of the catalogue
  /// (``kind`` is nil): input that is not JSON is not a finding of a record but the end of the run,
  /// everywhere but there.
  ///
  /// - Parameters:
  ///   - message: What the reader expected where the line stopped being JSON.
  ///   - offset: The byte offset of that place in the input.
  ///   - recordLine: The line, for NDJSON input.
  public init(malformedJSON message: String, offset: Int = 0, recordLine: Int? = nil) {
    self.init(code: Self.malformedJSON, severity: .error, message: message, path: "", offset: offset, recordLine: recordLine)
  }

  /// The code of a line ``Validator/decodeEach(_:format:)`` could not read as JSON.
  package static let malformedJSON = DataProblem.malformedCode(isYAML: false)
}
