import CastSchema
import Testing

@testable import CastValidate

/// One generated property: its declaration, and the JSON values a document may give it.
private struct GeneratedProperty {
  let name: String
  let type: String
  let optional: Bool
  /// The default's Swift literal and its JSON, when there is one.
  let defaultValue: (swift: String, json: String)?
  /// Values of the type, and values that are not.
  let good: [String]
  let bad: [String]

  var declaration: String {
    "  var \(name): \(type)\(optional ? "?" : "")" + (defaultValue.map { " = \($0.swift)" } ?? "")
  }
}

/// The invariants issue 27's bugs broke, over generated models and documents (issue 27's
/// property-based test): `convert`'s output validates under the same model and encodes again to
/// the same bytes; a default survives every way of being absent; integer and `Decimal` checks
/// agree with exact arithmetic.
@Suite("Fidelity properties over generated models and documents")
struct FidelityPropertyTests {
  private static let kinds: [(type: String, good: [String], bad: [String], defaults: [(String, String)])] = [
    ("Int", ["0", "-7", "9223372036854775807", "3.0", "1e2"], [#""x""#, "{}", "[1]", "3.5"], [("5", "5"), ("-1", "-1")]),
    ("Int8", ["127", "-128", "0"], ["128", #""x""#, "[]"], [("7", "7")]),
    ("UInt64", ["18446744073709551615", "0"], ["-1", "18446744073709551616", "true"], [("0x10", "16")]),
    ("Double", ["1.5", "-0.0", "1e300", "2"], [#""x""#, "{}", "1e400"], [("2.5", "2.5"), ("1", "1")]),
    ("Decimal", ["0.1000000000000000000000000001", "12"], [#""x""#, "[]"], [("1.25", "1.25")]),
    ("Bool", ["true", "false", "1", "0", "1.0", "0e0"], [#""maybe""#, "{}", "2.5"], [("true", "true"), ("false", "false")]),
    ("String", [#""a""#, #""""#, #""\u00e9""#], ["{}", "[1]"], [(#""as""#, #""as""#)]),
    ("[Int]", ["[]", "[1, 2.0]"], [#""x""#, "5"], [("[1, 2]", "[1,2]")]),
    ("[String: Double]", [#"{"a": 1}"#, "{}"], ["[]", "5"], [(#"["a": 1, "b": 2.5]"#, #"{"a":1,"b":2.5}"#)]),
  ]

  /// A nested model, with a `Model()` default (which must exist, and write what validates).
  private static let modelKind: (type: String, good: [String], bad: [String], defaults: [(String, String)]) = (
    "Inner", [#"{"k": 2}"#, "{}", #"{"k": 3, "s": null}"#, #"{"s": "t"}"#], ["5", "[]", #"{"k": "x"}"#],
    [("Inner()", "")]
  )

  private static func property(_ index: Int, _ rng: inout SeededGenerator, models: Bool = false) -> GeneratedProperty {
    let kind = models && Int.random(in: 0..<4, using: &rng) == 0 ? modelKind : kinds.randomElement(using: &rng) ?? kinds[0]
    let hasDefault = Bool.random(using: &rng)
    return GeneratedProperty(
      name: "p\(index)", type: kind.type, optional: Bool.random(using: &rng),
      defaultValue: hasDefault ? kind.defaults.randomElement(using: &rng).map { (swift: $0.0, json: $0.1) } : nil,
      good: kind.good, bad: kind.bad)
  }

  private static func schema(_ header: String, _ properties: [GeneratedProperty]) -> String {
    "struct M: \(header) {\n" + properties.map(\.declaration).joined(separator: "\n") + "\n}\n"
      + "struct Inner: \(header) {\n  var k: Int = 1\n  var s: String?\n}\n"
  }

  @Test("what convert writes validates under the same model, and encodes again to the same bytes", arguments: [1, 2, 3])
  func convertOutputValidates(_ seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for round in 0..<40 {
      let header = everyDialectHeader.randomElement(using: &rng) ?? "Convertible"
      let properties = (0..<Int.random(in: 1...5, using: &rng)).map { Self.property($0, &rng, models: true) }
      let registry = EngineProbe.registry(Self.schema(header, properties))
      var members: [String] = []
      for property in properties {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: continue
        case 1: members.append("\"\(property.name)\": null")
        case 2: members.append("\"\(property.name)\": \(property.bad.randomElement(using: &rng) ?? "{}")")
        default: members.append("\"\(property.name)\": \(property.good.randomElement(using: &rng) ?? "0")")
        }
      }
      let document = "{" + members.joined(separator: ", ") + "}"
      let run = try EngineProbe.run(registry, document)
      guard run.isValid, let instance = run.record.instance else { continue }
      let schema = CompiledSchema(registry: registry)
      var output: [UInt8] = []
      ModelEncoder(schema: schema).writeCompact(instance, into: &output)
      let text = String(decoding: output, as: UTF8.self)
      let again = try EngineProbe.run(registry, text)
      #expect(
        again.isValid, "seed \(seed) round \(round): \(Self.schema(header, properties)) \(document) → \(text): \(again.findings)")
      // (Nosce writes a nil nested model as `{}`, which reads back as the model's defaults: its
      // output is valid, but not a fixed point.)
      guard header != "NosceSerializationProtocol", let second = again.record.instance else { continue }
      var reencoded: [UInt8] = []
      ModelEncoder(schema: schema).writeCompact(second, into: &reencoded)
      #expect(reencoded == output, "seed \(seed) round \(round): \(text) → \(String(decoding: reencoded, as: UTF8.self))")
    }
  }

  @Test("a default survives every way of being absent, in every dialect", arguments: [4, 5, 6])
  func defaultSurvivesAbsence(_ seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<25 {
      let header = everyDialectHeader.randomElement(using: &rng) ?? "Convertible"
      var property = Self.property(0, &rng)
      if property.defaultValue == nil {
        let kind = Self.kinds.first { $0.type == property.type } ?? Self.kinds[0]
        property = GeneratedProperty(
          name: property.name, type: property.type, optional: property.optional,
          defaultValue: kind.defaults.first.map { (swift: $0.0, json: $0.1) }, good: property.good, bad: property.bad)
      }
      guard let expected = property.defaultValue?.json else { continue }
      let registry = EngineProbe.registry(Self.schema(header, [property]))
      // Absent always; null where the dialect reads it as absent (not DSON); a bad value where
      // the dialect keeps the default for it (JSON Cast, JsonObject, Nosce).
      var absences = ["{}"]
      if header != "Class" { absences.append(#"{"p0": null}"#) }
      if ["DictionaryConvertible", "JsonObject", "NosceSerializationProtocol"].contains(header) {
        // (A container of the other kind: no dialect converts it, where JsonObject reads "x" as 0.)
        absences.append(property.type.hasPrefix("[String:") ? #"{"p0": []}"# : #"{"p0": {}}"#)
      }
      for document in absences {
        let run = try EngineProbe.run(registry, document)
        let value = run.value("p0")
        // Bad values that are out of range stay errors in every dialect.
        if !run.isValid, run.findings.contains("error out-of-range /p0") { continue }
        #expect(run.isValid, "\(header) \(property.declaration) \(document): \(run.findings)")
        guard value.hasPrefix("default:") else {
          Issue.record("\(header) \(property.declaration) \(document): \(value), not the default")
          continue
        }
        let kept = try JSONValue.parse(String(value.dropFirst("default:".count)))
        let wanted = try JSONValue.parse(expected)
        #expect(kept == wanted, "\(header) \(property.declaration) \(document): \(value)")
      }
    }
  }

  /// The integer types with their bounds, as Int128s.
  private static let integerTypes: [(String, Int128, Int128)] = [
    ("Int8", -128, 127), ("Int16", -32768, 32767), ("Int32", Int128(Int32.min), Int128(Int32.max)),
    ("Int64", Int128(Int64.min), Int128(Int64.max)), ("Int", Int128(Int64.min), Int128(Int64.max)),
    ("UInt8", 0, 255), ("UInt16", 0, 65535), ("UInt32", 0, Int128(UInt32.max)), ("UInt64", 0, Int128(UInt64.max)),
    ("UInt", 0, Int128(UInt64.max)),
  ]

  /// A value within `lower...upper`, near its ends half of the time (where Doubles fail).
  private static func integer(in lower: Int128, _ upper: Int128, _ rng: inout SeededGenerator) -> Int128 {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return lower + Int128(Int.random(in: 0...3, using: &rng))
    case 1: return upper - Int128(Int.random(in: 0...3, using: &rng))
    default:
      let span = UInt64(clamping: upper - lower)
      return lower + Int128(UInt64.random(in: 0...span, using: &rng))
    }
  }

  @Test("integer range checks agree with exact arithmetic, for every integer type", arguments: [7, 8])
  func integerChecks(_ seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<60 {
      let (type, minimum, maximum) = Self.integerTypes.randomElement(using: &rng) ?? Self.integerTypes[0]
      var bounds = [Self.integer(in: minimum, maximum, &rng), Self.integer(in: minimum, maximum, &rng)]
      bounds.sort()
      let value = Self.integer(in: minimum, maximum, &rng)
      let inclusive = Bool.random(using: &rng)
      let check = "range \(bounds[0])\(inclusive ? "..." : "..<")\(bounds[1])"
      let run = try EngineProbe.run(schema: "struct M {\n  let v: \(type) //! \(check)\n}\n", #"{"v": \#(value)}"#)
      let within = bounds[0] <= value && (inclusive ? value <= bounds[1] : value < bounds[1])
      #expect(run.isValid == within, "\(type) //! \(check) with \(value): \(run.findings)")
    }
  }

  /// `mantissa × 10^-scale` as literal text, written in one of the ways JSON allows.
  private static func decimalText(_ mantissa: Int128, scale: Int, _ rng: inout SeededGenerator) -> String {
    let digits = String(mantissa.magnitude)
    let sign = mantissa < 0 ? "-" : ""
    if Bool.random(using: &rng) { return "\(sign)\(digits)e-\(scale)" }
    let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
    let point = padded.count - scale
    return sign + padded.prefix(point) + (scale > 0 ? "." + padded.dropFirst(point) : "")
  }

  @Test("Decimal range checks agree with exact arithmetic", arguments: [9, 10])
  func decimalChecks(_ seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<60 {
      // Values `m × 10^-s`, s ≤ 10, |m| < 10^25: compared exactly at the scale 10 in Int128.
      func draw(_ rng: inout SeededGenerator) -> (Int128, Int) {
        let base = Int128(Int64.random(in: -999_999_999_999_999...999_999_999_999_999, using: &rng))
        let mantissa = base * Int128(Int64.random(in: 1...9_999_999_999, using: &rng))
        return (mantissa, Int.random(in: 0...10, using: &rng))
      }
      func scaled(_ value: (Int128, Int)) -> Int128 {
        var result = value.0
        for _ in value.1..<10 { result *= 10 }
        return result
      }
      let a = draw(&rng)
      let b = draw(&rng)
      // Half of the values sit one unit of the last place from a bound.
      let nearBound = (a.0 + (Bool.random(using: &rng) ? 1 : -1), a.1)
      let v = Bool.random(using: &rng) ? nearBound : draw(&rng)
      let (low, high) = scaled(a) <= scaled(b) ? (a, b) : (b, a)
      let check = "range \(Self.decimalText(low.0, scale: low.1, &rng))...\(Self.decimalText(high.0, scale: high.1, &rng))"
      let literal = Self.decimalText(v.0, scale: v.1, &rng)
      let run = try EngineProbe.run(schema: "struct M {\n  let v: Decimal //! \(check)\n}\n", #"{"v": \#(literal)}"#)
      let within = scaled(low) <= scaled(v) && scaled(v) <= scaled(high)
      #expect(run.isValid == within, "Decimal //! \(check) with \(literal): \(run.findings)")
    }
  }
}
