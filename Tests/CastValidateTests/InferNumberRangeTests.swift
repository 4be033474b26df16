import CastSchema
import Testing

@testable import CastValidate

/// One number rule across dialects: records in, the type `infer` declares, which its own check
/// (the validator's range rules, as the dialect reads numbers) must then accept.
struct NumberRangeCase: Sendable, CustomTestStringConvertible {
  let name: String
  let dialect: Dialect
  /// NDJSON, one record per line, each `{"v": …}`.
  let records: String
  let type: String
  var testDescription: String { "\(name) (\(dialect.rawValue))" }
}

@Suite("castctl infer: a number type the dialect's range rules take every number for")
struct InferNumberRangeTests {
  static let beyondDecimal = "1" + String(repeating: "0", count: 166)

  static let cases: [NumberRangeCase] = [
    NumberRangeCase(name: "an integer beyond Decimal's range is NSNumber", dialect: .jsoncast, records: #"{"v": \#(beyondDecimal)}"#, type: "NSNumber"),
    NumberRangeCase(name: "an integer beyond Decimal's range is NSNumber", dialect: .codable, records: #"{"v": \#(beyondDecimal)}"#, type: "NSNumber"),
    NumberRangeCase(
      name: "an integer beyond Int64 within Decimal's range stays Decimal", dialect: .jsoncast,
      records: #"{"v": 99999999999999999999}"#, type: "Decimal"),
    NumberRangeCase(
      name: "beyond 2^53 beside a fraction below Decimal's range is NSNumber", dialect: .jsoncast,
      records: "{\"v\": 9007199254740993}\n{\"v\": 1e-130}", type: "NSNumber"),
    NumberRangeCase(
      name: "beyond 2^53 beside a fraction below Decimal's range is NSNumber", dialect: .codable,
      records: "{\"v\": 9007199254740993}\n{\"v\": 1e-130}", type: "NSNumber"),
    NumberRangeCase(
      name: "beyond 2^53 beside a fraction within Decimal's range stays Decimal", dialect: .jsoncast,
      records: "{\"v\": 9007199254740993}\n{\"v\": 1e-120}", type: "Decimal"),
    NumberRangeCase(
      name: "an exponent Foundation's Decimal(string:) cannot hold is NSNumber for a Codable model only", dialect: .jsoncast,
      records: "{\"v\": 9007199254740993}\n{\"v\": 1e130}", type: "Decimal"),
    NumberRangeCase(
      name: "an exponent Foundation's Decimal(string:) cannot hold is NSNumber for a Codable model only", dialect: .codable,
      records: "{\"v\": 9007199254740993}\n{\"v\": 1e130}", type: "NSNumber"),
    NumberRangeCase(
      name: "a fraction beyond Decimal's range stays Double", dialect: .jsoncast, records: "{\"v\": 1e200}\n{\"v\": 1.5}", type: "Double"),
    NumberRangeCase(
      name: "an underflow to zero is a Double where the dialect reads it so", dialect: .jsoncast,
      records: "{\"v\": 1e-400}\n{\"v\": 1.5}", type: "Double"),
    NumberRangeCase(
      name: "an underflow to zero, which JSONDecoder refuses, is NSNumber", dialect: .codable,
      records: "{\"v\": 1e-400}\n{\"v\": 1.5}", type: "NSNumber"),
    NumberRangeCase(name: "beyond Double is NSNumber", dialect: .codable, records: #"{"v": 1e400}"#, type: "NSNumber"),
    NumberRangeCase(name: "integers and fractions within range are Double", dialect: .codable, records: "{\"v\": 1}\n{\"v\": 2.5}", type: "Double"),
  ]

  @Test("the type chosen, which the model's check accepts", arguments: cases)
  func chosen(_ c: NumberRangeCase) throws {
    var options = InferOptions()
    options.dialect = c.dialect
    let outcome = try InferProbe.infer(ndjson: c.records, options: options)
    #expect(outcome.lines.contains("let v: \(c.type)"), "\(outcome.text)")
    #expect(outcome.report?.passed == true, "\(InferProbe.problems(outcome.report))\n\(outcome.text)")
  }

  /// Records read as values (YAML's road, `Inferrer.observe(_:)`) are judged as scanned ones are.
  @Test("records read as values choose the same type", arguments: cases)
  func chosenFromValues(_ c: NumberRangeCase) throws {
    var options = InferOptions()
    options.dialect = c.dialect
    let scanned = Inferrer(options: options)
    let valued = Inferrer(options: options)
    for line in c.records.split(separator: "\n") {
      let bytes = Array(line.utf8)
      try bytes.withUnsafeBytes { raw in
        try scanned.observeNDJSON(raw)
        valued.observe(try JSONValue.parse(raw, maxDepth: 512))
      }
    }
    let fromValues = try #require(valued.schema()).render()
    #expect(fromValues == (try #require(scanned.schema()).render()))
    #expect(fromValues.contains("let v: \(c.type)"), "\(fromValues)")
  }
}
