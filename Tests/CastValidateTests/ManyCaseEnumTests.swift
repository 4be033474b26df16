import CastSchema
import Testing

@testable import CastValidate

/// An enum of many cases finds a string's case by table (`EnumPlan.stringCase`; the clean check
/// by `ByteHash`), and a number's (`EnumPlan.numericCase`), with the
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
    let registry = EngineProbe.registry(Self.schema(cases: cases))
    let json = #"{"e": \#(row.json)}"#
    // The clean check (by hash past 16 cases) and the walk alone give one verdict.
    for clean in [false, true] {
      let verdict = try EngineProbe.run(registry, json, build: false, cleanCheck: clean)
      #expect(verdict.isValid == (row.expected != nil), "clean \(clean): \(verdict.findings)")
    }
    let run = try EngineProbe.run(registry, json)
    if let expected = row.expected {
      #expect(run.isValid, "\(run.findings)")
      // The case's raw value, whatever form the input wrote it in.
      #expect(run.value("e") == "\"\(expected)\"", "\(run.value("e"))")
    } else {
      #expect(run.findings.contains("error unknown-enum-value /e"), "\(run.findings)")
    }
  }

  /// Raw values sharing long prefixes, and strings one byte from them, in seeded random order.
  @Test("the clean check's hashed lookup agrees with the walk on random near misses", arguments: [17, 64, 300])
  func hashedAgreesWithWalk(_ cases: Int) throws {
    let raws = (0..<cases).map { "value_\(String(repeating: "0", count: $0 % 5))\($0)" }
    let schema = "enum E: String {\n" + raws.enumerated().map { "  case c\($0.offset) = \"\($0.element)\"\n" }.joined()
      + "}\nstruct M {\n  let e: [E]\n}\n"
    let registry = EngineProbe.registry(schema)
    var state: UInt64 = 0x2545_F491_4F6C_DD1D ^ UInt64(cases)
    for _ in 0..<40 {
      var values: [String] = []
      for _ in 0..<5 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let raw = raws[Int(state >> 33) % cases]
        values.append(state & 3 == 0 ? String(raw.dropLast()) + "x" : state & 3 == 1 ? raw + "0" : raw)
      }
      let json = #"{"e": ["# + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
      // The check alone vouches for exactly the records of raw values.
      #expect(try CheckAgreement.passesCheck(schema, json) == values.allSatisfy(raws.contains), "\(json)")
      let walk = try EngineProbe.run(registry, json, build: false, cleanCheck: false)
      let clean = try EngineProbe.run(registry, json, build: false, cleanCheck: true)
      #expect(walk.isValid == clean.isValid && walk.findings == clean.findings, "\(json)")
      // (A bad element is dropped with a warning in this dialect: the record stays valid.)
      #expect(walk.findings.isEmpty == values.allSatisfy(raws.contains), "\(json)")
    }
  }

  /// A numeric enum of few and many cases (`EnumPlan.numericCase`, by `numberHash` past 16):
  /// every spelling of a raw value finds its case (`-0.0` the case of `0`); the clean check and
  /// the walk agree, and write the case's raw value.
  @Test(
    "a number is the case one by one would find, in a numeric enum of few cases and of many",
    arguments: [4, 40], [
      ("1", "1"), ("1.0", "1"), ("1e0", "1"), ("0", "0"), ("-0.0", "0"), ("-3", "-3"), ("3", "3"), ("2.5", nil), ("99", nil),
      ("1e400", nil), ("-2", nil),
    ])
  func numericFound(_ cases: Int, _ row: (json: String, expected: String?)) throws {
    // Raw values 0, ±1, ±3, …
    var raws: [Int] = [0]
    for odd in stride(from: 1, to: cases, by: 2) { raws += [odd, -odd] }
    var lines: [String] = []
    for (index, raw) in raws.enumerated() { lines.append("  case c\(index) = \(raw)\n") }
    let schema = "enum N: Int {\n" + lines.joined() + "}\nstruct M {\n  let n: N\n}\n"
    let registry = EngineProbe.registry(schema)
    let json = #"{"n": \#(row.json)}"#
    for clean in [false, true] {
      let verdict = try EngineProbe.run(registry, json, build: false, cleanCheck: clean)
      #expect(verdict.isValid == (row.expected != nil), "clean \(clean)")
    }
    #expect(try CheckAgreement.passesCheck(schema, json) == (row.expected != nil), "\(json)")
    try CheckAgreement.expectSameFindingsAndOutput(registry, [json])
    if let expected = row.expected {
      #expect(try EngineProbe.run(registry, json).value("n") == expected)
    }
  }

  @Test("an unknown value of an enum of many cases still gets its hint")
  func hint() throws {
    let run = try EngineProbe.run(schema: Self.schema(cases: 40), #"{"e": "v39x"}"#)
    let message = try #require(run.records.first?.findings.first { $0.code == "unknown-enum-value" }?.message)
    #expect(message.contains(#"did you mean "v39"?"#), "\(message)")
  }
}
