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
    // `.iso8601` reads any count of digits, many zones, and nothing after the zone.
    #""2024-1-2T3:4:5Z""#, #""24-01-02T03:04:05Z""#, #""002024-001-002T0003:045:05Z""#, #""2024-01-02T99:99:99Z""#,
    #""2024-01-02T03:04:05+02""#, #""2024-01-02T03:04:05+2""#, #""2024-01-02T03:04:05+123""#, #""2024-01-02T03:04:05+02:0""#,
    #""2024-01-02T03:04:05+0099""#, #""2024-01-02T03:04:05+02:30:15""#, #""2024-01-02T03:04:05+02:00:""#,
    #""2024-01-02T03:04:05+02:""#, #""2024-01-02T03:04:05+18:00""#, #""2024-01-02T03:04:05-18:00""#,
    #""2024-01-02T03:04:05+18:01""#, #""2024-01-02T03:04:05+17:60""#, #""2024-01-02T03:04:05+18:00:01""#,
    #""2024-01-02T03:04:05Zjunk""#, #""2024-01-02T03:04:05+02:00 x""#, #""2024-01-02T03:04:05UTC""#,
    #""2024-01-02T03:04:05gmt-0130""#, #""2024-01-02T03:04:05UTC+""#, #""2024-01-02T03:04:05UT""#, #""2024-01-02T03:04:05 Z""#,
    #""2024-01-02T03:04:05+""#, #""2024-01-02T03:04:05.123456789Z""#, #""2024-01-02T03:04:05.1234567891Z""#,
    #""2024-01-02T03:04:05.Z""#, #""2024-01-32T00:00:00Z""#, #""2024-00-01T00:00:00Z""#, #""2024-01-02T03:04Z""#,
    #""2024--01-02T03:04:05Z""#, #""2024-01-02T03::05Z""#, #""20240102T030405Z""#,
    // `.formatted` asks a DateFormatter, which reads more than its pattern spells.
    #"" 2024-01-02""#, #""2024-01-02 ""#, #""2024-01-02\t""#, #""2024-01-002""#, #""02024-01-02""#, #""2024-1-2""#,
    #""2024-01-02x""#, #""2024/01/02""#,
    // Before 1582-10-15 Foundation's calendar is the Julian one: 1500 is a leap year, and
    // 1582-10-10 is the Gregorian 1582-10-20; a DateFormatter reads no year 0.
    #""1500-02-29T00:00:00Z""#, #""1582-10-10T12:00:00Z""#, #""1582-10-04T24:00:00Z""#, #""1000-01-01T00:00:00Z""#,
    #""1500-02-29""#, #""1582-10-10""#, #""0000-01-01""#, #""0001-01-01""#, #"" 1000-01-01""#, #""1583-01-01""#,
    // The first days castctl writes, in the Julian calendar: 0000-01-01 is two days before the
    // Gregorian one.
    #""0000-01-01T00:00:00Z""#, #""0000-01-02T23:59:59Z""#, #""0000-01-03T00:00:00Z""#, #""0001-01-01T00:30:00+01:00""#,
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

  /// Strings built from the pieces `.iso8601` reads and the ways they go wrong, around the change
  /// from the Julian calendar to the Gregorian one too.
  @Test("random .iso8601 strings: read as JSONDecoder reads them, as the same instant", arguments: 0..<4)
  func randomISO8601(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let parts: [[String]] = [
      ["2024", "1970", "02024", "9999", "1583", "1582", "1500", "1000", "0400"], ["-", "-", "--", ""],
      ["1", "01", "02", "10", "12", "13", "0", "001"], ["-", "-", ":"], ["2", "02", "04", "10", "15", "29", "31", "32", "0", "002"], ["T", "T", "T", "t", " "], ["3", "03", "99", "0003", "24", ""], [":", ":", ""],
      ["4", "04", "60", "045", ""], [":", ":", "", "."], ["5", "05", "61", "0", ""],
      ["", "", ".5", ".123456789", ".1234567891", ".", ",5"],
      ["Z", "z", "+02", "+2", "+123", "+02:0", "+0099", "+02:30:15", "+02:", "+18:00", "+18:01", "-18:00", "UTC", "gmt-0130",
        "UTC+", "UT", " Z", "+", "", "-00:00", "+17:60"],
      ["", "", "junk", " ", ":", "0"],
    ]
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    for _ in 0..<1_500 {
      let text = parts.map { $0.randomElement(using: &generator) ?? "" }.joined()
      let json = try JSONSerialization.data(withJSONObject: ["d": text])
      let expected = (try? decoder.decode(D.self, from: json))?.d.timeIntervalSince1970
      let actual = DateText.parseISO8601(text, rollingOver: true)
      let said = (castctl: actual.map { "\($0)" } ?? "nil", foundation: expected.map { "\($0)" } ?? "nil")
      #expect((actual == nil) == (expected == nil), "\(text): castctl \(said.castctl), JSONDecoder \(said.foundation)")
      if let actual, let expected { #expect(abs(actual - expected) < 1e-6, "\(text)") }
    }
  }
}
