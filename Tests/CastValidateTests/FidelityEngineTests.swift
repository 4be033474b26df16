import CastSchema
import Testing

@testable import CastValidate

/// The dialects' model headers, for tables that run in every dialect.
let everyDialectHeader = [
  "DictionaryConvertible", "JsonObject", "Convertible", "NosceSerializationProtocol", "Class",
]

/// Issue 27 item 8: integer and `Decimal` range checks compare exact values, never Doubles.
@Suite("Engine: exact range checks")
struct ExactRangeCheckTests {
  /// The integer one step inward from an edge (`max - 1`, `min + 1`), as text.
  static func inward(_ edge: String, by step: Int) -> String {
    if let value = Int64(edge) { return String(Int64(value) + Int64(step)) }
    guard let value = UInt64(edge) else { return edge }
    return step < 0 ? String(value - 1) : String(value + 1)
  }

  @Test(
    "a bound one below an integer type's maximum rejects the maximum, in every dialect",
    arguments: IntegerEdge.all, everyDialectHeader)
  func maximum(_ edge: IntegerEdge, _ header: String) throws {
    let bound = Self.inward(edge.max, by: -1)
    let schema = "struct M: \(header) {\n  let v: \(edge.type) //! max \(bound)\n}\n"
    let over = try EngineProbe.run(schema: schema, #"{"v": \#(edge.max)}"#)
    #expect(!over.isValid)
    #expect(over.findings == ["error check-failed /v"])
    let at = try EngineProbe.run(schema: schema, #"{"v": \#(bound)}"#)
    #expect(at.isValid, "\(at.findings)")
  }

  @Test(
    "a bound one above an integer type's minimum rejects the minimum, in every dialect",
    arguments: IntegerEdge.all.filter { $0.min != "0" }, everyDialectHeader)
  func minimum(_ edge: IntegerEdge, _ header: String) throws {
    let bound = Self.inward(edge.min, by: 1)
    let schema = "struct M: \(header) {\n  let v: \(edge.type) //! range \(bound)...\n}\n"
    let under = try EngineProbe.run(schema: schema, #"{"v": \#(edge.min)}"#)
    #expect(under.findings == ["error check-failed /v"])
    #expect(try EngineProbe.run(schema: schema, #"{"v": \#(bound)}"#).isValid)
  }

  static let decimals: [(check: String, json: String, valid: Bool)] = [
    ("range 0...1", "1.0000000000000000000000000000001", false),
    ("range 0...1", "1", true),
    ("range 0...1", "1.000000000000000000000000000000000", true),
    ("range 0...1", "0.99999999999999999999999999999999", true),
    ("range 0...1", "-0.0000000000000000000000000000001", false),
    ("range 0...1", "-0.0", true),
    ("range 0..<1", "0.99999999999999999999999999999999", true),
    ("range 0..<1", "1e0", false),
    ("range 0..<1", "10e-1", false),
    ("min 12345678901234567890.5", "12345678901234567890.49999999", false),
    ("min 12345678901234567890.5", "1234567890123456789051e-2", true),
    ("max -1e-30", "-1.0000000000000000001e-30", true),
    ("max -1e-30", "-0.99999999999999999999e-30", false),
  ]

  @Test("Decimal checks keep every digit", arguments: decimals)
  func decimal(_ check: String, _ json: String, _ valid: Bool) throws {
    let run = try EngineProbe.run(schema: "struct M: Convertible {\n  let v: Decimal //! \(check)\n}\n", #"{"v": \#(json)}"#)
    #expect(run.isValid == valid, "\(run.findings)")
    #expect(run.findings == (valid ? [] : ["error check-failed /v"]))
  }

  @Test("a Decimal read from a string keeps every digit in every dialect that reads numbers from strings", arguments: ["class M: JsonObject", "class M: Convertible", "struct M"])
  func decimalFromString(_ declaration: String) throws {
    let digits = "-3.14159265358979323846264338327950288e-3"
    let run = try EngineProbe.run(schema: "\(declaration) {\n  var v: Decimal?\n}\n", #"{"v": "\#(digits)"}"#)
    #expect(run.value("v") == digits, "\(run.findings)")
    // Text that is not all number is read for its leading number, as NSString reads it.
    if declaration != "struct M" {
      #expect(try EngineProbe.run(schema: "\(declaration) {\n  var v: Decimal?\n}\n", #"{"v": "2.5kg"}"#).value("v") == "2.5")
    }
  }

  @Test("a Double is compared as the Double it holds, as Swift compares it")
  func double() throws {
    let run = try EngineProbe.run(
      schema: "struct M: Convertible {\n  let v: Double //! max 1\n}\n", #"{"v": 1.0000000000000000001}"#)
    #expect(run.isValid, "\(run.findings)")
  }

  @Test(
    "ExactDecimal orders literals as exact arithmetic does",
    arguments: [
      ("9223372036854775806", "9223372036854775807"), ("-1", "0"), ("-2", "-1.5"), ("0.1", "0.10000000000000000001"),
      ("1e-400", "1e-399"), ("-1e-400", "0"), ("99e2", "1e4"), ("18446744073709551615", "18446744073709551616"),
    ])
  func exactOrder(_ lower: String, _ higher: String) throws {
    let a = try #require(ExactDecimal(lower))
    let b = try #require(ExactDecimal(higher))
    #expect(a < b)
    #expect(!(b < a))
    #expect(ExactDecimal("1.0") == ExactDecimal("1e0"))
    #expect(ExactDecimal("-0") == ExactDecimal("0.000"))
  }
}

/// Issue 27, "also settle": a record that is not an object. Nosce's entry points read it as an
/// empty dictionary and fill the defaults (NO-04): a warning, and the defaults; every other
/// dialect (and `--strict`) rejects it.
@Suite("Engine: a record that is not an object")
struct NonObjectRecordTests {
  @Test("Nosce fills the defaults; the other dialects reject it", arguments: ["5", "null", #""s""#, "true", "[[1]]"], everyDialectHeader)
  func nonObject(_ json: String, _ header: String) throws {
    let schema = "class M: \(header) {\n  var s: String = \"x\"\n  var n: Int?\n}\n"
    let path = json == "[[1]]" ? "/0" : ""
    let run = try EngineProbe.run(schema: schema, json)
    if header == "NosceSerializationProtocol" {
      #expect(run.isValid, "\(run.findings)")
      #expect(run.findings == ["warning type-mismatch \(path)"])
      #expect(run.value("s") == #"default:"x""#)
      #expect(run.value("n") == "nil")
    } else {
      #expect(!run.isValid)
    }
    let strict = try EngineProbe.run(schema: schema, json, options: ValidationOptions(strict: true))
    #expect(!strict.isValid)
  }
}
