import CastSchema
import Testing

@testable import CastValidate

/// An enum of many cases finds a string's case by table (`EnumPlan.stringCase`), with the
/// answers of the search one by one that enums of few cases keep: the first case of a raw value,
/// escapes decoded, another normal form of a raw value found, nothing else.
@Suite("Enums of many cases: found by table as one by one")
struct ManyCaseEnumTests {
  static func schema(cases: Int) -> String {
    "enum E: String {\n" + (0..<cases).map { "  case c\($0) = \"v\($0)\"\n" }.joined()
      + "  case cafe = \"caf\\u{E9}\"\n}\nstruct M {\n  let e: E\n}\n"
  }

  @Test(
    "a value is the case one by one would find, in an enum of few cases and of many",
    arguments: [4, 40], [
      (#""v1""#, "v1"), (#""v3""#, "v3"), (#""\u00763""#, "v3"), (#""cafe\u0301""#, "café"), (#""café""#, "café"),
      (#""v99""#, nil), (#""V1""#, nil), (#""""#, nil),
    ])
  func found(_ cases: Int, _ row: (json: String, expected: String?)) throws {
    let run = try EngineProbe.run(schema: Self.schema(cases: cases), #"{"e": \#(row.json)}"#)
    if let expected = row.expected {
      #expect(run.isValid, "\(run.findings)")
      // The case's raw value, whatever form the input wrote it in.
      #expect(run.value("e") == "\"\(expected)\"", "\(run.value("e"))")
    } else {
      #expect(run.findings.contains("error unknown-enum-value /e"), "\(run.findings)")
    }
  }

  @Test("an unknown value of an enum of many cases still gets its hint")
  func hint() throws {
    let run = try EngineProbe.run(schema: Self.schema(cases: 40), #"{"e": "v39x"}"#)
    let message = try #require(run.records.first?.findings.first { $0.code == "unknown-enum-value" }?.message)
    #expect(message.contains(#"did you mean "v39"?"#), "\(message)")
  }
}
