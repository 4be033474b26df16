import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// `codable` dates against the real `JSONDecoder` / `JSONEncoder`, one row per date strategy and
/// document: the verdicts agree, and a valid document is written back as the encoder writes it.
@Suite struct CodableDateTests {
  struct D: Codable { let d: Date }

  enum Strategy: String, CaseIterable, Sendable {
    case deferred, seconds, milliseconds, iso8601, formatted

    var format: DateFormat {
      switch self {
      case .deferred: .referenceSeconds
      case .seconds: .epochSeconds
      case .milliseconds: .epochMilliseconds
      case .iso8601: .iso8601
      case .formatted: .pattern("yyyy-MM-dd")
      }
    }

    func coders() -> (JSONDecoder, JSONEncoder) {
      let decoder = JSONDecoder()
      let encoder = JSONEncoder()
      switch self {
      case .deferred: break
      case .seconds: (decoder.dateDecodingStrategy, encoder.dateEncodingStrategy) = (.secondsSince1970, .secondsSince1970)
      case .milliseconds:
        (decoder.dateDecodingStrategy, encoder.dateEncodingStrategy) = (.millisecondsSince1970, .millisecondsSince1970)
      case .iso8601: (decoder.dateDecodingStrategy, encoder.dateEncodingStrategy) = (.iso8601, .iso8601)
      case .formatted:
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        (decoder.dateDecodingStrategy, encoder.dateEncodingStrategy) = (.formatted(formatter), .formatted(formatter))
      }
      return (decoder, encoder)
    }
  }

  static let values = [
    "12.5", "0.1", "-1e3", "0", #""2020-01-02T03:04:05Z""#, #""2020-01-02T03:04:05.123Z""#, #""2020-01-02T03:04:05+01:00""#,
    #""2020-01-02T03:04:05""#, #""2020-01-02""#, #""12""#, "null", "true", "1700000000123.5", "1e300", "-1e300", "-0",
    #""2024-02-30T00:00:00Z""#, #""2024-02-32T00:00:00Z""#, #""2024-13-01T00:00:00Z""#, #""2023-12-31T24:00:00Z""#,
    #""2024-01-01T23:59:60Z""#, #""2024-01-01T99:61:99Z""#, #""2024-01-01t00:00:00Z""#, #""2024-01-01 00:00:00Z""#,
    #""2024-01-01T00:00:00z""#, #""2024-01-01T00:00:00+24:00""#, "7e15", "-0.0", "1e16", "1234567890123456",
  ]

  @Test("a Date under each strategy: JSONDecoder's verdict, JSONEncoder's output", arguments: Strategy.allCases, values)
  func agreesWithFoundation(strategy: Strategy, value: String) throws {
    let json = #"{"d": \#(value)}"#
    let (decoder, encoder) = strategy.coders()
    let decoded = try? decoder.decode(D.self, from: Data(json.utf8))
    var options = RegistryOptions()
    options.codableDateFormat = strategy.format
    let registry = EngineProbe.registry("struct D: Codable { let d: Date }", options: options)
    for clean in [false, true] {
      let run = try EngineProbe.run(registry, json, model: "D", build: false, cleanCheck: clean)
      #expect(run.isValid == (decoded != nil), "clean \(clean): \(run.findings)")
    }
    guard let decoded else { return }
    let encoded = String(decoding: try encoder.encode(decoded), as: UTF8.self)
    let expected = try JSONSerialization.jsonObject(with: Data(encoded.utf8)) as? NSDictionary
    let run = try EngineProbe.run(registry, json, model: "D")
    let instance = try #require(run.records.first?.instance)
    let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: registry)).encode(instance))
    let actual = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary
    #expect(actual == expected, "castctl \(output)")
    // A number is JSONEncoder's bytes too (`7e15` is written `7000000000000000`).
    if !encoded.contains("\"d\":\"") { #expect(output == encoded) }
  }
}
