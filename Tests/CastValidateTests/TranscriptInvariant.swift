import Testing

@testable import CastValidate

/// Checks that a transcribing run (`DocumentValidator.compactKeys`, what `convert` of NDJSON
/// uses) agrees with a building one record by record: same verdicts and findings, and for each
/// valid record the same compact JSON as `ModelEncoder.writeCompact` of the built instance, in
/// every key style whose output keys are plain; with the clean-record check writing the records
/// it vouches for, and without it.
enum TranscriptInvariant {
  /// The disagreements, one line each (empty when the two runs agree).
  static func check(
    _ validator: DocumentValidator, _ built: [RecordResult], json: [UInt8], ndjson: Bool
  ) throws -> [String] {
    var problems: [String] = []
    for keys in KeyStyle.allCases {
      guard CompactTranscript(schema: validator.schema, keys: keys) != nil else { continue }
      for cleanCheck in [true, false] {
        try problems += check(validator, built, json: json, ndjson: ndjson, keys: keys, cleanCheck: cleanCheck)
      }
    }
    return problems
  }

  private static func check(
    _ validator: DocumentValidator, _ built: [RecordResult], json: [UInt8], ndjson: Bool, keys: KeyStyle, cleanCheck: Bool
  ) throws -> [String] {
    var transcribing = validator
    transcribing.compactKeys = keys
    transcribing.usesCleanCheck = cleanCheck
    var records: [RecordResult] = []
    _ = try json.withUnsafeBytes { raw throws(JSONSyntaxError) in
      ndjson
        ? try transcribing.validateNDJSON(raw) { records.append($0) }
        : try transcribing.validateDocument(raw) { records.append($0) }
    }
    guard records.count == built.count else {
      return ["\(keys) clean=\(cleanCheck): \(records.count) records, \(built.count) when building"]
    }
    var problems: [String] = []
    let encoder = ModelEncoder(schema: validator.schema, keys: keys)
    for (index, (record, reference)) in zip(records, built).enumerated() {
      if record.isValid != reference.isValid || record.findings.map(EngineProbe.describe) != reference.findings.map(EngineProbe.describe) {
        problems.append("\(keys) clean=\(cleanCheck) record \(index): verdict or findings differ")
        continue
      }
      guard record.isValid, let instance = reference.instance else { continue }
      var expected: [UInt8] = []
      encoder.writeCompact(instance, into: &expected)
      var actual: [UInt8] = []
      if let encoded = record.encoded {
        actual = encoded
      } else if let rebuilt = record.instance {
        encoder.writeCompact(rebuilt, into: &actual)
      }
      if actual != expected {
        problems.append(
          "\(keys) clean=\(cleanCheck) record \(index): \(String(decoding: actual, as: UTF8.self)) ≠ \(String(decoding: expected, as: UTF8.self))")
      }
    }
    return problems
  }
}
