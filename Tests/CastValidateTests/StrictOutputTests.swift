import CastSchema
import Testing

@testable import CastValidate

/// `convert --strict` writes only what `validate --strict` of the same model accepts: `null` is
/// for optionals only under `--strict` (semantics §3), so a non-optional left nil (absent, in a
/// dialect that does not require it) is left out, as it was read, not written as the dialect's
/// nil (`null`, Nosce's `{}`).
struct StrictOutputTests {
  static let inner = "struct P {\n  let x: Int\n}\n"

  /// Each dialect's model: non-optionals without defaults, an optional and a default.
  static let headers = [
    "struct M: DictionaryConvertible", "class M: JsonObject", "class M: Convertible",
    "class M: NosceSerializationProtocol", "class M: Class",
  ]

  static let body = "  var name: String\n  var p: P\n  var nick: String?\n  var age: Int = 3\n"

  static let records = [
    #"{"age": 4}"#,
    #"{"name": "a"}"#,
    #"{"name": "a", "p": {"x": 1}, "nick": "n"}"#,
    #"{"p": {"x": 1}, "nick": null}"#,
    "{}",
  ]

  @Test("convert --strict writes what validate --strict accepts, with the clean check and without", arguments: headers)
  func strictOutputValidates(_ header: String) throws {
    let registry = EngineProbe.registry(Self.inner + header + " {\n" + Self.body + "}\n")
    let strict = ValidationOptions(strict: true)
    for cleanCheck in [true, false] {
      let lines = try #require(
        try CleanTranscriptTests.converted(
          registry, Self.records.joined(separator: "\n"), options: strict, keys: .json, cleanCheck: cleanCheck))
      for line in lines where line.contains("valid=true") {
        let output = try #require(line.components(separatedBy: " → ").last)
        let run = try EngineProbe.run(registry, output, options: strict, build: false)
        #expect(run.isValid && run.findings.isEmpty, "\(header): \(line): \(run.findings)")
      }
    }
  }

  @Test("--strict leaves a nil non-optional out; the dialect's nil stays for optionals")
  func strictLeavesNonOptionalNilOut() throws {
    let registry = EngineProbe.registry(Self.inner + "class M: NosceSerializationProtocol {\n" + Self.body + "}\n")
    let lenient = try #require(
      try CleanTranscriptTests.converted(registry, #"{"age": 4}"#, options: ValidationOptions(), keys: .json, cleanCheck: false))
    let strict = try #require(
      try CleanTranscriptTests.converted(
        registry, #"{"age": 4}"#, options: ValidationOptions(strict: true), keys: .json, cleanCheck: false))
    #expect(lenient.first?.hasSuffix(#" → {"name":null,"p":{},"nick":null,"age":4}"#) == true, "\(lenient)")
    #expect(strict.first?.hasSuffix(#" → {"nick":null,"age":4}"#) == true, "\(strict)")
  }
}
