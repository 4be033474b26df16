import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// `--non-conforming-floats POS,NEG,NAN` against the real coders: JSONDecoder's
/// `.convertFromString` reads the documents, JSONEncoder's `.convertToString` writes them back;
/// castctl's verdicts, first errors and output must be the same.
@Suite struct CodableFloatStrategyTests {
  struct F: Codable {
    let d: Double
    let f: Float
    let list: [Double]?
    let table: [String: Float]?
    let dec: Decimal?
    let i: Int?
    let set: Set<Double>?
    let keyed: [Double: Int]?
    let points: Set<FP>?
  }
  struct FP: Codable, Hashable { let v: Double }

  static let schema = """
    struct F: Codable {
      let d: Double
      let f: Float
      let list: [Double]?
      let table: [String: Float]?
      let dec: Decimal?
      let i: Int?
      let set: Set<Double>?
      let keyed: [Double: Int]?
      let points: Set<FP>?
    }
    struct FP: Codable, Hashable { let v: Double }
    """

  static let strings = NonConformingFloats(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")

  static let rows = [
    #"{"d": "+Inf", "f": "-Inf"}"#, #"{"d": "NaN", "f": "NaN", "list": ["+Inf", 1.5, "-Inf"], "table": {"a": "NaN"}}"#,
    #"{"d": "inf", "f": 1}"#, #"{"d": "+inf", "f": 1}"#, #"{"d": " NaN", "f": 1}"#, #"{"d": "1.5", "f": 1}"#, #"{"d": 1, "f": "Infinity"}"#,
    #"{"d": 1e400, "f": 1}"#, #"{"d": 1, "f": "NaN", "dec": "NaN"}"#, #"{"d": 1, "f": 1, "i": "+Inf"}"#, #"{"d": 1, "f": 1, "list": ["NaN", "x"]}"#,
    #"{"d": "", "f": 1}"#,
    // The decoder compares the bytes as written: an escaped letter is no match.
    // NaN equals nothing, itself included; infinity equals itself.
    #"{"d": 1, "f": 1, "set": ["NaN", "NaN"]}"#, #"{"d": 1, "f": 1, "set": ["+Inf", "+Inf"]}"#,
    #"{"d": 1, "f": 1, "keyed": ["NaN", 1, "NaN", 1]}"#, #"{"d": 1, "f": 1, "points": [{"v": "NaN"}, {"v": "NaN"}]}"#,
    #"{"d": 1, "f": 1, "points": [{"v": 1}, {"v": 1.0}]}"#,
    #"{"d": "\u002BInf", "f": 1}"#, #"{"d": "N\u0061N", "f": 1}"#, #"{"d": 1, "f": "-\u0049nf"}"#,
  ]

  @Test("the verdict, the first error and the output equal JSONDecoder's and JSONEncoder's", arguments: rows)
  func agreesWithFoundation(json: String) throws {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: Self.strings.positiveInfinity, negativeInfinity: Self.strings.negativeInfinity, nan: Self.strings.nan)
    let encoder = JSONEncoder()
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: Self.strings.positiveInfinity, negativeInfinity: Self.strings.negativeInfinity, nan: Self.strings.nan)
    var said: String?
    var expected: NSDictionary?
    do {
      let value = try decoder.decode(F.self, from: Data(json.utf8))
      expected = try JSONSerialization.jsonObject(with: encoder.encode(value)) as? NSDictionary
    } catch {
      said = CodableDecoderTests.describe(error)
    }
    var options = RegistryOptions()
    options.nonConformingFloats = Self.strings
    let registry = EngineProbe.registry(Self.schema, options: options)
    for clean in [false, true] {
      let run = try EngineProbe.run(registry, json, model: "F", cleanCheck: clean)
      #expect(run.isValid == (said == nil), "clean \(clean): castctl \(run.findings), JSONDecoder \(said ?? "ok")")
      #expect(run.decoderFirstError == said)
      guard let expected, let instance = run.records.first?.instance else { continue }
      let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: registry)).encode(instance))
      let actual = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary
      #expect(actual == expected, "clean \(clean): castctl \(output)")
    }
  }

  @Test("without the option, the three strings are no numbers (JSONDecoder's default, throw)")
  func defaultThrows() throws {
    let run = try EngineProbe.run(EngineProbe.registry(Self.schema), #"{"d": "+Inf", "f": 1}"#, model: "F")
    #expect(!run.isValid)
  }

  /// With one string for two values, JSONDecoder tries the infinities before NaN: a set of two
  /// such strings holds one infinity, or two NaNs.
  @Test(
    "a string that is two of the three values is read as the decoder tries them, infinities first",
    arguments: [("x", "x", "x"), ("y", "x", "x"), ("y", "z", "x")])
  func ambiguousStrings(positive: String, negative: String, nan: String) throws {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: positive, negativeInfinity: negative, nan: nan)
    let json = #"{"d": 1, "f": 1, "set": ["x", "x"]}"#
    let expected = try decoder.decode(F.self, from: Data(json.utf8)).set?.count
    var options = RegistryOptions()
    options.nonConformingFloats = NonConformingFloats(positiveInfinity: positive, negativeInfinity: negative, nan: nan)
    let run = try EngineProbe.run(EngineProbe.registry(Self.schema, options: options), json, model: "F")
    let instance = try #require(run.records.first?.instance)
    let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: run.registry)).encode(instance))
    let written = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    #expect((written?["set"] as? [Any])?.count == expected, "castctl \(output)")
  }

  @Test("the option reads POS,NEG,NAN and nothing else", arguments: [("a,b,c", true), ("a,b", false), (",,", true), ("a,b,c,d", false)])
  func optionSpelling(text: String, valid: Bool) {
    #expect((NonConformingFloats(option: text) != nil) == valid)
  }
}
