import CastSchema
import Testing

@testable import CastValidate

/// Inputs libFuzzer found (Fuzz/, docs/reliability.md), reduced to what triggers the bug: each
/// once trapped or broke an invariant, and must now load with positioned diagnostics.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  /// Loads `bytes` and checks every diagnostic and note points inside the file.
  static func loadInsideFile(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
    let file = SourceFile(path: "fuzz.cast", bytes: bytes)
    let (registry, diagnostics) = SchemaLoader.load([file])
    for diagnostic in diagnostics {
      for range in [diagnostic.range] + diagnostic.notes.compactMap(\.range) {
        #expect(range.file == 0 && range.bytes.upperBound <= bytes.count, "\(diagnostic.code) at \(range)",
          sourceLocation: sourceLocation)
      }
    }
    _ = DiagnosticRenderer(files: registry.files).render(diagnostics)
    return diagnostics
  }

  @Test("a default value missing before the next declaration is an error, not a trap (FuzzCast)",
    arguments: [
      "class A {\n    var id: Int = \n\n    var b: Int\n}\n",
      "class A {\n    var id: Int =\n    let b: String\n}\n",
      "enum E: Int {\n    case a =\n    case b\n}\n",
      "struct S {\n    let a =\n}\n",
    ])
  func missingDefault(_ text: String) {
    let diagnostics = Self.loadInsideFile(Array(text.utf8))
    #expect(diagnostics.contains { $0.severity == .error })
  }

  @Test("directive positions stay inside a file whose directive holds invalid UTF-8 (FuzzCast)")
  func directiveWithInvalidUTF8() {
    let bytes = Array("class A {\n    let y: Int\n    //! super \"k".utf8) + [UInt8](repeating: 0xFF, count: 40)
      + Array("x\"\n}\n".utf8)
    let diagnostics = Self.loadInsideFile(bytes)
    #expect(diagnostics.contains { $0.code == "unexpected-token" && $0.message.contains("invalid UTF-8 byte 0xFF in a '//!' directive") })
  }

  /// Yams's own construction of a base-60 integer multiplies without overflow checks, and trapped;
  /// castctl reads it exactly, as PyYAML does (`YAMLInteger`).
  @Test(
    "a YAML base-60 number is read as JSON whatever its size, not a trap (FuzzYAML)",
    arguments: [
      ("190:20:30", "685230"), ("-1:30", "-90"), ("+1:0", "60"),
      ("1:1:1:1:1:1:11:1:11:1:11:1:11:1:11:1:1", "28689253302211009547096415661"), ("190:20:30.15", "685230.15"),
      ("9223372036854775807:0", "553402322211286548420"),
    ])
  func sexagesimal(_ yaml: String, _ json: String) throws {
    let read = try YAMLInput.json(from: Array("a: \(yaml)\n".utf8))
    #expect(String(decoding: read.bytes, as: UTF8.self) == #"{"a":"# + json + "}")
  }

  @Test("a date beyond the year 9999 is out of range, not a trap when written (FuzzValidate)",
    arguments: [
      #"{"when": 184467440737095516165}"#,
      #"{"when": -1e300}"#,
      #"{"when": "184467440737095516165"}"#,
      #"{"when": 253402300800}"#,
    ])
  func dateBeyondISO(_ json: String) throws {
    for build in [false, true] {
      let run = try EngineProbe.run(schema: "struct M {\n    var when: Date?\n}\n", json, build: build)
      #expect(run.findings.contains("error out-of-range /when"), "\(run.findings)")
    }
  }

  @Test("the last second of 9999 is a date, written back as it was")
  func lastRepresentableDate() throws {
    let run = try EngineProbe.run(schema: "struct M {\n    var when: Date?\n}\n", #"{"when": 253402300799}"#)
    #expect(run.isValid)
    #expect(run.value("when") == "\"9999-12-31T23:59:59Z\"")
  }
}
