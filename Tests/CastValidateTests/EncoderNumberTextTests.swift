import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// A Codable model's numbers are written as `JSONEncoder` writes the values they were decoded
/// into: checked against the real encoder on this machine, byte for byte.
struct EncoderNumberTextTests {
  struct N: Codable {
    var d: Double?
    var f: Float?
    var m: Decimal?
    var i: Int?
  }

  static let schema = """
    struct M: Codable {
      var d: Double?
      var f: Float?
      var m: Decimal?
      var i: Int?
    }
    """

  /// Literals of every shape: whole, with trailing zeros, exponents, tiny and huge, the edges of
  /// the plain notation (1e-4, 1e16) and of 15 significant digits, negative zero.
  static let literals = [
    "0", "-0", "0.0", "-0.0", "1", "1.0", "1.50", "100", "1e2", "1E+2", "0.1", "0.10", "217505.91", "-3.25",
    "0.0001", "0.00001", "0.00012", "1.5e-7", "1e300", "5e-324", "123456789012345", "1234567890123456",
    "1000000000000000", "9999999999999998", "10000000000000000", "123456789012345678901234567890",
    "0.30000000000000004", "0.3", "16777217", "3.4028235e38", "2.5e-05", "-1e-4", "7e15", "12.340",
  ]

  @Test("Double, Float and Decimal are written as JSONEncoder writes them", arguments: literals)
  func sameAsJSONEncoder(_ literal: String) throws {
    let registry = EngineProbe.registry(Self.schema, path: "n.swift")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    for key in ["d", "f", "m", "i"] {
      let json = "{\"\(key)\": \(literal)}"
      guard let decoded = try? JSONDecoder().decode(N.self, from: Data(json.utf8)) else { continue }
      let expected = String(decoding: try encoder.encode(decoded), as: UTF8.self)
      for cleanCheck in [true, false] {
        let written = try Self.convert(registry, json, cleanCheck: cleanCheck)
        #expect(written == expected, "\(json), check \(cleanCheck)")
      }
    }
  }

  @Test("the shortcut for a Double's, Float's or Decimal's literal agrees with writing the value", arguments: [ScalarType.double, .float, .decimal])
  func shortcutAgrees(_ type: ScalarType) {
    var random = SystemRandomNumberGenerator()
    var literals = Self.literals
    for round in 0..<20_000 {
      // Mostly up to 18 digits; a tenth up to 45, past what a `Decimal` holds as written.
      let count = round % 10 == 0 ? Int.random(in: 30...45, using: &random) : Int.random(in: 1...18, using: &random)
      let digits = (0..<count).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
      let split = Int.random(in: 0...digits.count, using: &random)
      let integer = String(digits.prefix(split)).drop { $0 == "0" }
      let fraction = digits.dropFirst(split)
      let sign = round % 7 == 0 ? "-" : ""
      literals.append(sign + (integer.isEmpty ? "0" : String(integer)) + (fraction.isEmpty ? "" : "." + fraction))
    }
    let disagreements = literals.filter { literal in
      let shortcut = Array(literal.utf8).withUnsafeBytes { EncoderNumberText.text(of: $0, as: type) == nil }
      var written =
        switch type {
        case .float: (Float(literal) ?? .nan).description
        // NB: a literal `Decimal(string:)` refuses (`1e300`) is refused before it is written.
        case .decimal: Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX"))?.description ?? literal
        default: (Double(literal) ?? .nan).description
        }
      if written.hasSuffix(".0") { written.removeLast(2) }
      return shortcut != (written == literal)
    }
    #expect(disagreements == [])
  }

  @Test(
    "the clean writer writes a number JSONEncoder writes otherwise as it writes it",
    arguments: [#"{"d": 1.0}"#, #"{"d": 1e2, "f": 16777217}"#, #"{"f": 1.50, "m": 0.10}"#, #"{"d": -0.0, "m": 1e3}"#, #"{"d": 0.30000000000000004}"#])
  func writtenByTheCheck(_ json: String) throws {
    let registry = EngineProbe.registry(Self.schema.replacing("struct M: Codable", with: "struct M: Codable"), path: "n.swift")
    let written = try CleanTranscriptTests.writtenByCheck(registry, json, options: ValidationOptions())
    #expect(written != nil, "\(json)")
    #expect(written.map { "0 valid=true  → " + $0 } == (try Self.convertedLine(registry, json)), "\(json)")
    let decoded = try JSONDecoder().decode(N.self, from: Data(json.utf8))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    #expect(written == String(decoding: try encoder.encode(decoded), as: UTF8.self))
  }

  /// The walk's line for `json` (without the check).
  static func convertedLine(_ registry: ModelRegistry, _ json: String) throws -> String? {
    try CleanTranscriptTests.converted(registry, json, options: ValidationOptions(), keys: .json, cleanCheck: false)?.first
  }

  struct Lets: Codable {
    let a: Double = 1.0
    let b: Float = 16777217
    let c: Decimal = 0.10
    let l: [Double] = [1.0, 1e2, 1.5e-7]
    let m: [String: Float] = ["k": 3.0]
    let s: Set<Double> = [-0.0]
    var x: Int
  }

  @Test("a Codable let's initial value is written as JSONEncoder writes it")
  func letInitialValues() throws {
    let registry = EngineProbe.registry(
      """
      struct M: Codable {
        let a: Double = 1.0
        let b: Float = 16777217
        let c: Decimal = 0.10
        let l: [Double] = [1.0, 1e2, 1.5e-7]
        let m: [String: Float] = ["k": 3.0]
        let s: Set<Double> = [-0.0]
        var x: Int
      }
      """, path: "m.swift")
    // NB: properties declared in key order, so castctl's declaration order is `.sortedKeys`'.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let expected = String(decoding: try encoder.encode(Lets(x: 1)), as: UTF8.self)
    for cleanCheck in [true, false] {
      let written = try Self.convert(registry, #"{"x": 1}"#, cleanCheck: cleanCheck)
      #expect(written == expected, "check \(cleanCheck)")
    }
  }

  enum ED: Double, Codable { case a = 1.0, b = 1e-7 }
  enum EF: Float, Codable { case a = 16777217 }
  struct R: Codable { var ed: ED; var ef: EF }

  @Test(
    "a Codable enum's Double or Float raw value is matched and written as the real coders do",
    arguments: [#"{"ed": 1.0, "ef": 16777217}"#, #"{"ed": 1e-7, "ef": 16777216}"#, #"{"ed": 1, "ef": 1.6777217e7}"#])
  func floatingRawValues(_ json: String) throws {
    let registry = EngineProbe.registry(
      "enum ED: Double, Codable { case a = 1.0, b = 1e-7 }\nenum EF: Float, Codable { case a = 16777217 }\nstruct M: Codable { var ed: ED; var ef: EF }\n",
      path: "m.swift")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let expected = String(decoding: try encoder.encode(try JSONDecoder().decode(R.self, from: Data(json.utf8))), as: UTF8.self)
    for cleanCheck in [true, false] {
      #expect(try Self.convert(registry, json, cleanCheck: cleanCheck) == expected, "check \(cleanCheck)")
    }
  }

  static func convert(_ registry: ModelRegistry, _ json: String, cleanCheck: Bool) throws -> String {
    var options = ValidationOptions()
    options.strict = false
    let lines = try CleanTranscriptTests.converted(registry, json, options: options, keys: .json, cleanCheck: cleanCheck)
    let line = lines?.first ?? "-"
    return String(line.split(separator: " → ", maxSplits: 1).last ?? "")
  }
}
