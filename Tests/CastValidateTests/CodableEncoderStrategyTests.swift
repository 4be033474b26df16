import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// JSONEncoder's strategies on `convert`'s output, against the real encoder: `--key-encoding
/// convert-to-snake-case` (compared as JSON values), and `--sorted-keys` with `/` escaped or not
/// (compared byte for byte, compact).
@Suite struct CodableEncoderStrategyTests {
  struct Inner: Codable { let innerValue: Int; let zURL: String }
  struct W: Codable {
    let userName: String
    let myURL: String
    let userID: Int
    let aB: Int?
    let _hidden: Int
    let HTTPStatus: Int
    let éa: Int
    let f: Int
    let Z: Int
    let a10: Int
    let a2: Int
    let path: String
    let inner: Inner
    let table: [String: Int]
    let renamed: Int
    let shades: [WShade: Int]
    let ids: [Int: Int]
    enum CodingKeys: String, CodingKey {
      case userName, myURL, userID, aB, _hidden, HTTPStatus, éa, f, Z, a10, a2, path, inner, table
      case renamed = "renamed_Key"
      case shades, ids
    }
  }
  enum WShade: String, Codable, CodingKeyRepresentable { case darkRed, light_blue, plainURL }

  static let schema = """
    struct Inner: Codable { let innerValue: Int; let zURL: String }
    struct W: Codable {
      let userName: String
      let myURL: String
      let userID: Int
      let aB: Int?
      let _hidden: Int
      let HTTPStatus: Int
        let éa: Int
      let f: Int
      let Z: Int
      let a10: Int
      let a2: Int
      let path: String
      let inner: Inner
      let table: [String: Int]
      let renamed: Int
      let shades: [WShade: Int]
      let ids: [Int: Int]
      enum CodingKeys: String, CodingKey {
        case userName, myURL, userID, aB, _hidden, HTTPStatus, éa, f, Z, a10, a2, path, inner, table
        case renamed = "renamed_Key"
        case shades, ids
      }
    }
    enum WShade: String, Codable, CodingKeyRepresentable { case darkRed, light_blue, plainURL }
    """

  static let documents = [
    #"{"userName": "a/b", "myURL": "http://x.org/", "userID": 1, "aB": 2, "_hidden": 3, "HTTPStatus": 4, "éa": 6, "f": 7, "Z": 8, "a10": 9, "a2": 10, "path": "/", "inner": {"innerValue": 1, "zURL": "//"}, "table": {"b/c": 1, "myKey": 2, "A": 3, "e\u0301x": 4, "éa": 5, "f": 6, "\uFF21": 7, "\uD83D\uDE00": 8}, "renamed_Key": 11, "shades": {"darkRed": 1, "light_blue": 2, "plainURL": 3}, "ids": {"12": 1, "-3": 2}}"#,
    #"{"userName": "", "myURL": "", "userID": 1, "_hidden": 3, "HTTPStatus": 4, "éa": 6, "f": 7, "Z": 8, "a10": 9, "a2": 10, "path": "\/\/", "inner": {"innerValue": 1, "zURL": ""}, "table": {}, "renamed_Key": 11, "shades": {}, "ids": {}}"#,
  ]

  static func castctl(_ json: String, options: RegistryOptions, sortedKeys: Bool = false, withoutEscapingSlashes: Bool = false) throws -> String {
    let registry = EngineProbe.registry(schema, options: options)
    let run = try EngineProbe.run(registry, json, model: "W")
    let instance = try #require(run.records.first?.instance)
    let schema = CompiledSchema(registry: registry)
    let formatting = EncoderFormatting(
      schema: schema, target: .model("W"), sortedKeys: sortedKeys, withoutEscapingSlashes: withoutEscapingSlashes)
    var bytes: [UInt8] = []
    JSONWriter(style: .compact).write(formatting.sorted(ModelEncoder(schema: schema).encode(instance)), into: &bytes)
    return String(decoding: formatting.finish(bytes), as: UTF8.self)
  }

  @Test("--key-encoding convert-to-snake-case writes the keys JSONEncoder's .convertToSnakeCase writes", arguments: documents)
  func snakeCaseKeysEqualJSONEncoder(json: String) throws {
    let value = try JSONDecoder().decode(W.self, from: Data(json.utf8))
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let expected = try JSONSerialization.jsonObject(with: encoder.encode(value)) as? NSDictionary
    var options = RegistryOptions()
    options.keyEncoding = .convertToSnakeCase
    let output = try Self.castctl(json, options: options)
    let actual = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary
    #expect(actual == expected, "castctl \(output)")
  }

  @Test(
    "--sorted-keys and the escaped slashes are JSONEncoder's bytes",
    arguments: [(false, false), (true, false), (true, true)])
  func sortedKeysAndSlashesEqualJSONEncoder(snakeCase: Bool, withoutEscapingSlashes: Bool) throws {
    for json in Self.documents {
      let value = try JSONDecoder().decode(W.self, from: Data(json.utf8))
      let encoder = JSONEncoder()
      encoder.outputFormatting = withoutEscapingSlashes ? [.sortedKeys, .withoutEscapingSlashes] : [.sortedKeys]
      if snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
      var options = RegistryOptions()
      if snakeCase { options.keyEncoding = .convertToSnakeCase }
      let output = try Self.castctl(json, options: options, sortedKeys: true, withoutEscapingSlashes: withoutEscapingSlashes)
      #expect(output == String(decoding: try encoder.encode(value), as: UTF8.self))
    }
  }

  @Test("a model of another dialect keeps / as it is")
  func otherDialectsDoNotEscape() throws {
    let registry = EngineProbe.registry("struct P: DictionaryConvertible { var p: String }")
    let schema = CompiledSchema(registry: registry)
    let formatting = EncoderFormatting(schema: schema, target: .model("P"), sortedKeys: false, withoutEscapingSlashes: false)
    #expect(formatting.isPlain)
  }
}

/// An enum's case keys and its associated values' keys go through `.convertToSnakeCase` too.
extension CodableEncoderStrategyTests {
  enum Shape: Codable { case bigCircle(radiusValue: Double), emptyBox }
  struct H: Codable { let shapeKind: Shape; let other: Shape }

  @Test("--key-encoding convert-to-snake-case writes an enum's case keys as JSONEncoder does")
  func snakeCaseCaseKeys() throws {
    let json = #"{"shapeKind": {"bigCircle": {"radiusValue": 1.5}}, "other": {"emptyBox": {}}}"#
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.sortedKeys]
    let expected = String(decoding: try encoder.encode(JSONDecoder().decode(H.self, from: Data(json.utf8))), as: UTF8.self)
    var options = RegistryOptions()
    options.keyEncoding = .convertToSnakeCase
    let registry = EngineProbe.registry(
      "enum Shape: Codable { case bigCircle(radiusValue: Double), emptyBox }\nstruct H: Codable { let shapeKind: Shape; let other: Shape }\n",
      options: options)
    let run = try EngineProbe.run(registry, json, model: "H")
    let instance = try #require(run.records.first?.instance)
    let schema = CompiledSchema(registry: registry)
    let formatting = EncoderFormatting(schema: schema, target: .model("H"), sortedKeys: true, withoutEscapingSlashes: false)
    var bytes: [UInt8] = []
    JSONWriter(style: .compact).write(formatting.sorted(ModelEncoder(schema: schema).encode(instance)), into: &bytes)
    #expect(String(decoding: formatting.finish(bytes), as: UTF8.self) == expected)
  }
}
