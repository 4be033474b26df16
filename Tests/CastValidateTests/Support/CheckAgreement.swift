import CastSchema
import Testing

@testable import CastValidate

/// The clean-record check against the full walk, as the tables that compare them ask: the same
/// findings and summary with the check and without it; the walk's verdict on its own; the check's.
enum CheckAgreement {
  /// Options under which any finding the walk makes is an error and every key is known.
  static let strict = ValidationOptions(strict: true, unknownKeys: .error)

  /// Expects, for each record, the same findings and summary with the check and without it.
  static func expectSameFindings(
    _ registry: ModelRegistry, _ records: [String], model: String = "M", options: ValidationOptions,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for record in records {
      let quick = try EngineProbe.run(registry, record, model: model, options: options, build: false)
      let full = try EngineProbe.run(registry, record, model: model, options: options, build: false, cleanCheck: false)
      #expect(
        quick.records.map { $0.findings.map(EngineProbe.describe) } == full.records.map { $0.findings.map(EngineProbe.describe) },
        "\(record.prefix(120))", sourceLocation: sourceLocation)
      #expect(quick.summary == full.summary, "\(record.prefix(120))", sourceLocation: sourceLocation)
    }
  }

  /// Expects, for each record, the same findings with the check and without it (strict and
  /// default options), and the same `convert` output of them all.
  static func expectSameFindingsAndOutput(
    _ registry: ModelRegistry, _ records: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectSameFindings(registry, records, options: strict, sourceLocation: sourceLocation)
    try expectSameFindings(registry, records, options: ValidationOptions(), sourceLocation: sourceLocation)
    let ndjson = records.joined(separator: "\n")
    let quick = try CleanTranscriptTests.converted(registry, ndjson, options: ValidationOptions(), keys: .json, cleanCheck: true)
    let full = try CleanTranscriptTests.converted(registry, ndjson, options: ValidationOptions(), keys: .json, cleanCheck: false)
    #expect(quick == full, sourceLocation: sourceLocation)
  }

  /// Expects the full walk alone to find nothing in `record` under `strict` (or something), and
  /// the check alone to vouch for it (or not).
  static func expectVerdicts(
    _ schema: String, _ record: String, model: String = "M", walkFindsNothing walk: Bool, checkPasses check: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(try walkFindsNothing(schema, record, model: model) == walk, "the walk on \(record)", sourceLocation: sourceLocation)
    #expect(try passesCheck(schema, record, model: model) == check, "the check on \(record)", sourceLocation: sourceLocation)
  }

  /// Whether the full walk alone finds nothing in `record` under `strict`.
  static func walkFindsNothing(_ schema: String, _ record: String, model: String = "M") throws -> Bool {
    let full = try EngineProbe.run(EngineProbe.registry(schema), record, model: model, options: strict, build: false, cleanCheck: false)
    return full.records.allSatisfy { $0.findings.isEmpty }
  }

  /// Whether the check alone vouches for `record` against `model`, under `validation` (by default `strict`).
  static func passesCheck(
    _ schema: String, _ record: String, model: String = "M", options: RegistryOptions = RegistryOptions(),
    validation: ValidationOptions = strict
  ) throws -> Bool {
    let compiled = CompiledSchema(registry: EngineProbe.registry(schema, options: options), options: validation)
    let check = CleanRecordCheck(plan: compiled.cleanPlan)
    let index = try #require(compiled.modelIndex(model))
    return Array(record.utf8).withUnsafeBytes { raw in
      var scanner = JSONScanner(raw)
      return check.isClean(.model(index), &scanner)
    }
  }
}
