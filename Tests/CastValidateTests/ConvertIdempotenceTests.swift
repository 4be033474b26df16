import CastSchema
import Testing

@testable import CastValidate

/// `convert` of what `convert` wrote writes it again: Nosce writes a nil nested model as `{}`
/// (NO-08), which reads back as that nil (`FieldPlan.emptyObjectIsNil`), not as the model
/// filled with its defaults, whose output differs. With the clean-record check and without it,
/// lenient and `--strict`.
struct ConvertIdempotenceTests {
  static let nested = "struct P {\n  var x: Int?\n  var y: String = \"d\"\n}\nstruct Q {\n  var w: Int?\n}\n"

  static let records = [
    "{}",
    #"{"p": {}, "q": {}}"#,
    #"{"p": { }, "n": 1}"#,
    #"{"p": {"y": "e"}, "q": {"w": 1}, "n": 2}"#,
    #"{"p": {"x": 1}}"#,
  ]

  @Test("convert ∘ convert = convert", arguments: StrictOutputTests.headers, [false, true])
  func convertIsIdempotent(_ header: String, _ strict: Bool) throws {
    let registry = EngineProbe.registry(Self.nested + header + " {\n  var p: P?\n  var q: Q?\n  var n: Int?\n}\n")
    let options = ValidationOptions(strict: strict)
    for cleanCheck in [true, false] {
      let once = try Self.outputs(registry, Self.records, options: options, cleanCheck: cleanCheck)
      let twice = try Self.outputs(registry, once, options: options, cleanCheck: cleanCheck)
      #expect(once == twice, "\(header) strict=\(strict) check=\(cleanCheck)")
    }
  }

  /// What `convert` writes of each record (all valid).
  static func outputs(_ registry: ModelRegistry, _ records: [String], options: ValidationOptions, cleanCheck: Bool) throws -> [String] {
    let lines = try #require(
      try CleanTranscriptTests.converted(registry, records.joined(separator: "\n"), options: options, keys: .json, cleanCheck: cleanCheck))
    #expect(lines.allSatisfy { $0.contains("valid=true") }, "\(lines)")
    return lines.compactMap { $0.components(separatedBy: " → ").last }
  }
}
