import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// Shared drivers for the engine tests: load `.cast` text, validate JSON text, and describe the
/// results compactly so tables can state them.
enum EngineProbe {
  /// What one run produced.
  struct Run {
    let registry: ModelRegistry
    let records: [RecordResult]
    let summary: ValidationSummary

    /// The only record (most tables validate one object).
    var record: RecordResult { records[0] }
    /// `severity code path` of every finding of every record, as a set.
    var findings: Set<String> { Set(records.flatMap { $0.findings.map(EngineProbe.describe) }) }
    /// Whether every record is valid.
    var isValid: Bool { records.allSatisfy(\.isValid) }
    /// The error the `decoding-error` note "JSONDecoder throws this error first" names, as
    /// `CodableDecoderTests.describe` spells the decoder's own; nil when no note names one.
    var decoderFirstError: String? {
      let lead = "JSONDecoder throws this error first: "
      return records.flatMap(\.findings).first { $0.message.hasPrefix(lead) }.map { String($0.message.dropFirst(lead.count)) }
    }

    /// A record's whole decoded instance, as text (`--type` targets).
    func instance(record index: Int = 0) -> String {
      records[index].instance.map { EngineProbe.text($0, in: registry) } ?? "<no instance>"
    }

    /// The decoded value of property `name` of the first record's model instance, as text:
    /// `nil` when the property ended up nil, `default:…` when the default was used.
    func value(_ name: String, record index: Int = 0) -> String {
      guard case .model(let model)? = records[index].instance else { return "<no instance>" }
      return EngineProbe.field(name, of: model, in: registry)
    }
  }

  /// Loads `.cast` text; fails the test on any schema error.
  static func registry(
    _ text: String, options: RegistryOptions = RegistryOptions(), path: String = "test.cast",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> ModelRegistry {
    let (registry, diagnostics) = SchemaLoader.load([SourceFile(path: path, text: text)], options: options)
    let errors = diagnostics.filter { $0.severity == .error }.map { "\($0.code): \($0.message)" }
    #expect(errors.isEmpty, "schema errors: \(errors)", sourceLocation: sourceLocation)
    return registry
  }

  /// Validates `json` against `model` (or `type`) of a registry.
  static func run(
    _ registry: ModelRegistry, _ json: String, model: String? = "M", type: TypeRef? = nil,
    options: ValidationOptions = ValidationOptions(), build: Bool = true, ndjson: Bool = false, cleanCheck: Bool = true
  ) throws -> Run {
    let schema = CompiledSchema(registry: registry, options: options)
    let target: ValidationTarget = type.map { .type($0) } ?? .model(model ?? "M")
    guard var validator = DocumentValidator(schema: schema, target: target, build: build) else {
      throw ProbeError("no model named \(model ?? "?")")
    }
    validator.usesCleanCheck = cleanCheck
    var records: [RecordResult] = []
    let bytes = Array(json.utf8)
    let summary = try bytes.withUnsafeBytes { raw throws(JSONSyntaxError) in
      ndjson
        ? try validator.validateNDJSON(raw) { records.append($0) }
        : try validator.validateDocument(raw) { records.append($0) }
    }
    if build {
      // Every building run also checks the transcript `convert` writes NDJSON with.
      let problems = try TranscriptInvariant.check(validator, records, json: bytes, ndjson: ndjson)
      #expect(problems.isEmpty, "transcript differs: \(problems)")
    }
    return Run(registry: registry, records: records, summary: summary)
  }

  /// Loads `schema` and validates `json` in one step.
  static func run(
    schema text: String, _ json: String, model: String = "M", registryOptions: RegistryOptions = RegistryOptions(),
    options: ValidationOptions = ValidationOptions(), build: Bool = true, ndjson: Bool = false,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> Run {
    let registry = registry(text, options: registryOptions, sourceLocation: sourceLocation)
    return try run(registry, json, model: model, options: options, build: build, ndjson: ndjson)
  }

  /// Validates `json` against a `--type` expression, parsed as the command line parses it.
  static func run(
    type expression: String, _ json: String, schema text: String = "", options: ValidationOptions = ValidationOptions(),
    registryOptions: RegistryOptions = RegistryOptions()
  ) throws -> Run {
    let registry = registry(text, options: registryOptions)
    let parsed = SchemaLoader.parseType(expression, in: registry)
    guard let type = parsed.type else { throw ProbeError("cannot parse type \(expression)") }
    return try run(registry, json, model: nil, type: parsed.optional ? .optional(type) : type, options: options)
  }

  /// `severity code path`, the compact form tables use.
  static func describe(_ finding: Finding) -> String {
    "\(finding.severity.rawValue) \(finding.code) \(finding.path)"
  }

  /// A property of a decoded model, as text (see `Run.value`).
  static func field(_ name: String, of model: ModelInstance, in registry: ModelRegistry) -> String {
    guard let properties = registry.models[model.model]?.mappedProperties,
      let index = properties.firstIndex(where: { $0.name == name }), index < model.values.count
    else { return "<no property \(name)>" }
    guard let value = model.values[index] else { return "nil" }
    return (value.origin == .defaulted ? "default:" : "") + text(value.value, in: registry)
  }

  /// An instance as compact JSON-like text; models as `Name{prop:value,…}` without nil properties.
  static func text(_ instance: Instance, in registry: ModelRegistry) -> String {
    switch instance {
    case .null: return "null"
    case .bool(let flag): return String(flag)
    case .number(let literal): return literal
    case .string(let string): return "\"\(string)\""
    case .array(let items): return "[" + items.map { text($0, in: registry) }.joined(separator: ",") + "]"
    case .dictionary(let members):
      return "{" + members.map { "\"\($0.key)\":" + text($0.value, in: registry) }.joined(separator: ",") + "}"
    case .json(let value): return JSONWriter(style: .compact).write(value)
    case .model(let model):
      let properties = registry.models[model.model]?.mappedProperties ?? []
      let parts = zip(properties, model.values).compactMap { property, value in
        value.map { "\(property.name):" + text($0.value, in: registry) }
      }
      return model.model + "{" + parts.joined(separator: ",") + "}"
    }
  }

  /// A failure of the harness itself.
  struct ProbeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
