import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// `codable` enums against the real `JSONDecoder` / `JSONEncoder`: raw-value enums by their raw
/// value, an enum without a raw type as `{"case": {}}`; the verdicts agree and a valid document
/// is written back as the encoder writes it.
@Suite struct CodableEnumTests {
  enum Color: String, Codable { case red, green = "GREEN" }
  enum Level: Int, Codable { case low = 1, high }
  enum Plain: Codable { case a, b }
  struct M: Codable { let c: Color; let l: Level; let p: Plain }

  static let schema = """
    enum Color: String, Codable { case red, green = "GREEN" }
    enum Level: Int, Codable { case low = 1, high }
    enum Plain: Codable { case a, b }
    struct M: Codable { let c: Color; let l: Level; let p: Plain }
    """

  static func document(c: String = #""red""#, l: String = "1", p: String = #"{"a": {}}"#) -> String {
    #"{"c": \#(c), "l": \#(l), "p": \#(p)}"#
  }

  static let documents = [
    document(), document(c: #""GREEN""#), document(c: #""green""#), document(c: #""blue""#), document(c: "1"),
    document(l: "2"), document(l: "3"), document(l: "1.0"), document(l: "1.5"), document(l: #""1""#),
    document(p: #"{"b": {"x": 1}}"#), document(p: #"{"a": 1}"#), document(p: #"{"a": null}"#), document(p: #"{"c": {}}"#),
    document(p: "{}"), document(p: #"{"a": {}, "x": 1}"#), document(p: #"{"a": {}, "b": {}}"#), document(p: #""a""#),
    document(p: "null"),
  ]

  @Test("raw-value and case-keyed enums: JSONDecoder's verdict, JSONEncoder's output", arguments: documents)
  func agreesWithFoundation(json: String) throws {
    var decoded: M?
    var decoderError: String?
    do { decoded = try JSONDecoder().decode(M.self, from: Data(json.utf8)) } catch { decoderError = CodableDecoderTests.describe(error) }
    let registry = EngineProbe.registry(Self.schema)
    for clean in [false, true] {
      let run = try EngineProbe.run(registry, json, build: false, cleanCheck: clean)
      #expect(run.isValid == (decoded != nil), "clean \(clean): \(run.findings)")
      #expect(run.decoderFirstError == decoderError)
    }
    guard let decoded else { return }
    let expected = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as? NSDictionary
    let run = try EngineProbe.run(registry, json)
    let instance = try #require(run.records.first?.instance)
    let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: registry)).encode(instance))
    let actual = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary
    #expect(actual == expected, "castctl \(output)")
  }
}
