import Foundation
import Testing

@testable import CastValidate

/// An `out-of-range` message says why the number is refused: a Codable `Float` or `Double` that
/// rounds a non-zero number to zero underflows, and a Codable `Decimal` that `Decimal(string:)`
/// refuses has an exponent beyond -128...127 as written. Each verdict is checked with
/// `JSONDecoder` first.
@Suite("out-of-range messages: underflow, Decimal exponents, limits")
struct OutOfRangeMessageTests {
  struct FloatBox: Decodable { var v: Float? }
  struct DoubleBox: Decodable { var v: Double? }
  struct DecimalBox: Decodable { var v: Decimal? }

  /// Whether `JSONDecoder` reads `{"v": literal}` as a property of the type.
  static func decoderReads(_ type: String, _ literal: String) -> Bool {
    let data = Data(#"{"v": \#(literal)}"#.utf8)
    switch type {
    case "Float": return (try? JSONDecoder().decode(FloatBox.self, from: data)) != nil
    case "Double": return (try? JSONDecoder().decode(DoubleBox.self, from: data)) != nil
    default: return (try? JSONDecoder().decode(DecimalBox.self, from: data)) != nil
    }
  }

  /// The one finding of a Codable model's `v: type?` given `literal`.
  static func message(_ type: String, _ literal: String) throws -> String {
    let run = try EngineProbe.run(schema: "struct M: Codable {\n  var v: \(type)?\n}\n", #"{"v": \#(literal)}"#)
    #expect(run.findings == ["error out-of-range /v", "note decoding-error /v"])
    return run.records.flatMap(\.findings).first(where: { $0.code == "out-of-range" })?.message ?? ""
  }

  @Test(
    "a Codable Float or Double that rounds a non-zero number to zero is said to underflow, not to exceed the largest value",
    arguments: [("Float", "1e-50"), ("Float", "-1e-46"), ("Float", "7.0e-46"), ("Double", "1e-400"), ("Double", "-2e-324")])
  func underflow(_ type: String, _ literal: String) throws {
    #expect(!Self.decoderReads(type, literal))
    let message = try Self.message(type, literal)
    #expect(message.hasPrefix("\(literal) underflows \(type): it is too small in magnitude and rounds to zero"), "\(message)")
    #expect(!message.contains("\(Float.greatestFiniteMagnitude)"), "\(message)")
  }

  @Test("a Codable Float beyond its largest value names its limits", arguments: ["1e39", "-3.5e38"])
  func overflow(_ literal: String) throws {
    #expect(!Self.decoderReads("Float", literal))
    #expect(try Self.message("Float", literal) == "\(literal) does not fit Float (±\(Float.greatestFiniteMagnitude))")
  }

  @Test(
    "a Codable Decimal that Decimal(string:) refuses names the exponent it reaches, not Decimal's largest value",
    arguments: [
      ("1e165", "the exponent reaches 165"), ("1e-130", "the exponent reaches -130"), ("0e200", "the exponent reaches 200"),
      ("1e128", "the exponent reaches 128"), ("10e-129", "the exponent reaches -129"),
      ("3.40282366920938463463374607431768211456e165", "the exponent reaches 128"),
      ("1" + String(repeating: "0", count: 166), "the exponent reaches 128"),
      ("1e300", "the exponent written, 300, is beyond the ±254 it reads at all"),
    ])
  func decimalExponent(_ literal: String, _ reason: String) throws {
    #expect(!Self.decoderReads("Decimal", literal))
    let message = try Self.message("Decimal", literal)
    #expect(message.contains("is not a Decimal as Foundation reads it"), "\(message)")
    #expect(message.hasSuffix(reason), "\(message)")
    #expect(!message.contains("e165,"), "\(message)")
  }

  @Test(
    "Decimal's largest value and the same value written with its exponent in range are read",
    arguments: ["3.40282366920938463463374607431768211455e165", "100000000000000000000000000000000000000e127", "1.0e128"])
  func decimalRead(_ literal: String) throws {
    #expect(Self.decoderReads("Decimal", literal))
    let run = try EngineProbe.run(schema: "struct M: Codable {\n  var v: Decimal?\n}\n", #"{"v": \#(literal)}"#)
    #expect(run.findings.isEmpty)
  }
}
