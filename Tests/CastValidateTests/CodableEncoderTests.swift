import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// `convert` of a `codable` model against the real `JSONEncoder`: a document decoded by
/// `JSONDecoder` and encoded again must equal castctl's output as JSON values (nil left out,
/// dates in seconds since 2001, `Data` as base64, enums by raw value).
@Suite struct CodableEncoderTests {
  enum Color: String, Codable { case red, green }
  enum Level: Int, Codable { case low = 1, high }
  struct E: Codable {
    let name: String
    let nick: String?
    let when: Date
    let blob: Data
    let url: URL
    let color: Color
    let level: Level
    let dec: Decimal
    let f: Float
    let d: Double
    let path: String
    let tags: Set<String>
    let counts: [String: Int]
    var limit: Int? = 5
  }

  static let schema = """
    enum Color: String, Codable { case red, green }
    enum Level: Int, Codable { case low = 1, high }
    struct E: Codable {
      let name: String
      let nick: String?
      let when: Date
      let blob: Data
      let url: URL
      let color: Color
      let level: Level
      let dec: Decimal
      let f: Float
      let d: Double
      let path: String
      let tags: Set<String>
      let counts: [String: Int]
      var limit: Int? = 5
    }
    """

  static let documents = [
    #"{"name": "a", "nick": null, "when": 12.5, "blob": "aGk=", "url": "http://x.com/a", "color": "red", "level": 2, "dec": 1.50, "f": 0.1, "d": 0.1, "path": "a/b", "tags": ["x"], "counts": {"a": 1}}"#,
    #"{"name": "a", "nick": "n", "when": -1e3, "blob": "", "url": "x", "color": "green", "level": 1.0, "dec": 1e2, "f": 1, "d": 2.5e-3, "path": "", "tags": [], "counts": {}}"#,
    #"{"name": "b", "when": 0.1, "blob": "aGk=", "url": "x", "color": "red", "level": 2, "dec": 0, "f": 16777217, "d": 1e-320, "path": "/", "tags": [], "counts": {}}"#,
    #"{"name": "b", "when": 0.1, "blob": "aGk=", "url": "x", "color": "red", "level": 2, "dec": 0, "f": 3.4028235e38, "d": 0.3, "path": "/", "tags": [], "counts": {}}"#,
    #"{"name": "d", "when": 0, "blob": "YW==", "url": "x", "color": "red", "level": 2, "dec": 0, "f": 1, "d": 1, "path": "", "tags": [], "counts": {}}"#,
    #"{"name": "e", "when": 0, "blob": "aGVsbG8==", "url": "x", "color": "red", "level": 2, "dec": 0, "f": 1, "d": 1, "path": "", "tags": [], "counts": {}}"#,
    #"{"name": "c", "when": 0, "blob": "", "url": "x", "color": "red", "level": 2, "dec": 0, "f": 1, "d": 1, "path": "", "tags": [], "counts": {}, "limit": 7}"#,
    // A `Float` read from its text rounds once (through a `Double` this one is 1.0000002).
    #"{"name": "f", "when": 0, "blob": "", "url": "x", "color": "red", "level": 2, "dec": 0, "f": 1.0000001788139343, "d": 1, "path": "", "tags": [], "counts": {}}"#,
    #"{"name": "f", "when": 0, "blob": "", "url": "x", "color": "red", "level": 2, "dec": 0, "f": 3.4028235677973366e38, "d": 1, "path": "", "tags": [], "counts": {}}"#,
    #"{"name": "f", "when": 0, "blob": "", "url": "x", "color": "red", "level": 2, "dec": 0, "f": 7.006492321624086e-46, "d": 1, "path": "", "tags": [], "counts": {}}"#,
  ]

  @Test("convert's output equals JSONEncoder's as JSON values", arguments: documents)
  func equalsJSONEncoder(json: String) throws {
    let value = try JSONDecoder().decode(E.self, from: Data(json.utf8))
    let expected = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? NSDictionary
    let run = try EngineProbe.run(schema: Self.schema, json, model: "E")
    let instance = try #require(run.records.first?.instance)
    let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: run.registry)).encode(instance))
    let actual = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary
    #expect(actual == expected, "castctl \(output)")
  }

  /// A `let` with an initial value is never decoded but still encoded; an `Int` has no `-0`.
  struct L: Codable {
    let id: Int
    let kind: String = "fixed"
    let none: String? = nil
    let tags: Set<Int>
  }

  static let letSchema = """
    struct L: Codable {
      let id: Int
      let kind: String = "fixed"
      let none: String? = nil
      let tags: Set<Int>
    }
    """

  @Test(
    "a let with an initial value is written with it, whatever the data holds; -0 is written 0",
    arguments: [
      #"{"id": 1, "tags": []}"#, #"{"id": 1, "kind": "other", "none": "x", "tags": [2, 2]}"#, #"{"id": -0, "tags": [-0]}"#,
      #"{"id": -0.0, "kind": 5, "tags": []}"#,
    ])
  func letWithValueAndNegativeZero(json: String) throws {
    let value = try JSONDecoder().decode(L.self, from: Data(json.utf8))
    let expected = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? NSDictionary
    for clean in [false, true] {
      let registry = EngineProbe.registry(Self.letSchema)
      let run = try EngineProbe.run(registry, json, model: "L", cleanCheck: clean)
      let instance = try #require(run.records.first?.instance)
      let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: registry)).encode(instance))
      let actual = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary
      #expect(actual == expected, "clean \(clean): castctl \(output)")
      #expect(!output.contains("-0"), "castctl \(output)")
    }
  }
}

/// URLs as this machine's Foundation reads them and `JSONEncoder` writes them back.
extension CodableEncoderTests {
  struct U: Codable { let u: URL }

  static let urls = [
    "", "http://[::1", "ht tp://a b", "a b", " ", "http://x.org", "relative/path", "mailto:a@b.c", "https://example.com/a%20b",
    "%", "%zz", "http://a b", "http://[::1]", "http://a:b", "http://a:-1", "a\"b", "a<b", "a#b#c", "ünïcödé", "tab\there",
    "http://a@b@c", "1http://a", "h_t://a", "a[b", "http://a]b", "file:///tmp", "http://user:pa ss@host", "http://ü.com",
  ]

  @Test("a URL: JSONDecoder's verdict, JSONEncoder's output", arguments: urls)
  func urlAgreesWithFoundation(text: String) throws {
    let json = String(decoding: try JSONSerialization.data(withJSONObject: ["u": text]), as: UTF8.self)
    let decoded = try? JSONDecoder().decode(U.self, from: Data(json.utf8))
    let registry = EngineProbe.registry("struct U: Codable { let u: URL }")
    for clean in [false, true] {
      let run = try EngineProbe.run(registry, json, model: "U", cleanCheck: clean)
      #expect(run.isValid == (decoded != nil), "clean \(clean): \(run.findings)")
      guard let decoded, let instance = run.records.first?.instance else { continue }
      let expected = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as? NSDictionary
      let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: registry)).encode(instance))
      let actual = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary
      #expect(actual == expected, "clean \(clean): castctl \(output)")
    }
  }
}
