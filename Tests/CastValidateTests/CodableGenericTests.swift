import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// Generic Codable models against the real `JSONDecoder` and `JSONEncoder`: the generic models
/// declared here (compiled) and as castctl text, each document decoded by both as one
/// specialization; the verdicts and the first error must agree, and `convert` must write what
/// the encoder writes.
@Suite struct CodableGenericTests {
  struct User: Codable { let id: Int; let name: String }
  struct Page<T: Codable>: Codable { let items: [T]; let next: URL? }
  struct Response<Payload: Decodable>: Decodable { let data: Payload; let meta: [String: String]? }
  struct Pair<K: Hashable & Codable, V: Codable>: Codable { let key: K; let byName: [String: V]; let first: V? }
  struct Box<T: Codable>: Codable { var value: T; var other: Int? }
  struct Maybe<T: Codable>: Codable { let value: T? }

  static let schema = """
    struct User: Codable { let id: Int; let name: String }
    struct Page<T: Codable>: Codable { let items: [T]; let next: URL? }
    struct Response<Payload: Decodable>: Decodable { let data: Payload; let meta: [String: String]? }
    struct Pair<K: Hashable & Codable, V: Codable>: Codable { let key: K; let byName: [String: V]; let first: V? }
    struct Box<T: Codable>: Codable { var value: T; var other: Int? }
    struct Maybe<T: Codable>: Codable { let value: T? }
    """

  /// What JSONDecoder makes of `json` as the type castctl calls `target`: nil, or its error.
  static func decode(_ target: String, _ json: String) -> String? {
    let data = Data(json.utf8)
    let decoder = JSONDecoder()
    do {
      switch target {
      case "Page<User>": _ = try decoder.decode(Page<User>.self, from: data)
      case "Page<Int>": _ = try decoder.decode(Page<Int>.self, from: data)
      case "Response<Page<User>>": _ = try decoder.decode(Response<Page<User>>.self, from: data)
      case "Response<[String: Int]>": _ = try decoder.decode(Response<[String: Int]>.self, from: data)
      case "Pair<String, User>": _ = try decoder.decode(Pair<String, User>.self, from: data)
      case "Response<[Page<Int>]>": _ = try decoder.decode(Response<[Page<Int>]>.self, from: data)
      case "Page<User>?": _ = try decoder.decode(Page<User>?.self, from: data)
      case "Box<Int?>": _ = try decoder.decode(Box<Int?>.self, from: data)
      case "Box<User?>": _ = try decoder.decode(Box<User?>.self, from: data)
      case "Box<[Int]?>": _ = try decoder.decode(Box<[Int]?>.self, from: data)
      case "Box<Box<Int?>?>": _ = try decoder.decode(Box<Box<Int?>?>.self, from: data)
      case "Box<Int>": _ = try decoder.decode(Box<Int>.self, from: data)
      case "Maybe<Int?>": _ = try decoder.decode(Maybe<Int?>.self, from: data)
      default: return "no such target \(target)"
      }
      return nil
    } catch {
      return CodableDecoderTests.describe(error)
    }
  }

  static let rows: [(String, String)] = [
    ("Page<User>", #"{"items": [{"id": 1, "name": "a"}], "next": "http://x.org/2"}"#),
    ("Page<User>", #"{"items": [{"id": 1, "name": "a"}]}"#),
    ("Page<User>", #"{"items": [{"id": 1, "name": "a"}, {"id": "2", "name": "b"}]}"#),
    ("Page<User>", #"{"items": [{"id": 1}]}"#),
    ("Page<User>", #"{"items": null}"#),
    ("Page<User>", #"{"next": "x"}"#),
    ("Page<Int>", #"{"items": [1, 2.5]}"#),
    ("Page<Int>", #"{"items": [1, null]}"#),
    ("Page<Int>", #"{"items": [], "next": ""}"#),
    ("Response<Page<User>>", #"{"data": {"items": []}, "meta": {"a": "b"}}"#),
    ("Response<Page<User>>", #"{"data": {"items": [{"id": 1, "name": 2}]}}"#),
    ("Response<Page<User>>", #"{"data": null}"#),
    ("Response<Page<User>>", #"{"meta": {"a": 1}, "data": {"items": []}}"#),
    ("Response<[String: Int]>", #"{"data": {"a": 1, "b": "2"}}"#),
    ("Response<[String: Int]>", #"{"data": {"a": 1}}"#),
    ("Pair<String, User>", #"{"key": "k", "byName": {"a": {"id": 1, "name": "a"}}, "first": null}"#),
    ("Pair<String, User>", #"{"key": 1, "byName": {}}"#),
    ("Pair<String, User>", #"{"key": "k", "byName": {}, "first": {"id": 1}}"#),
    ("Response<[Page<Int>]>", #"{"data": [{"items": [1]}, {"items": ["x"]}]}"#),
    ("Response<[Page<Int>]>", #"{"data": [{"items": [1]}, {"items": []}]}"#),
    ("Page<User>?", #"null"#),
    ("Page<User>?", #"{"items": [{"id": 1}]}"#),
    // A parameter filled with an optional is decoded with `decode`: its key is required.
    ("Box<Int?>", #"{}"#),
    ("Box<Int?>", #"{"value": null}"#),
    ("Box<Int?>", #"{"value": 1, "other": null}"#),
    ("Box<Int?>", #"{"value": "1"}"#),
    ("Box<User?>", #"{"other": 1}"#),
    ("Box<User?>", #"{"value": null}"#),
    ("Box<User?>", #"{"value": {"id": 1}}"#),
    ("Box<[Int]?>", #"{"value": null}"#),
    ("Box<[Int]?>", #"{"value": [1, null]}"#),
    ("Box<Box<Int?>?>", #"{"value": {}}"#),
    ("Box<Box<Int?>?>", #"{"value": {"value": null}}"#),
    ("Box<Box<Int?>?>", #"{"value": null}"#),
    ("Box<Int>", #"{"value": null}"#),
    ("Box<Int>", #"{}"#),
    // `T?` is decoded with `decodeIfPresent`, whatever fills `T`.
    ("Maybe<Int?>", #"{}"#),
    ("Maybe<Int?>", #"{"value": null}"#),
    ("Maybe<Int?>", #"{"value": 2}"#),
  ]

  /// The registry with `target`'s specializations lowered, and `target` as castctl runs it.
  static func compiled(_ target: String) throws -> (ModelRegistry, ValidationTarget) {
    let registry = EngineProbe.registry(schema, path: "models.swift")
    let parsed = SchemaLoader.parseType(target, in: registry)
    let type = try #require(parsed.type, "\(parsed.diagnostics.map(\.message))")
    if case .model(let name) = type, !parsed.optional { return (parsed.registry, .model(name)) }
    return (parsed.registry, .type(parsed.optional ? .optional(type) : type))
  }

  @Test("castctl's verdict and the decoder's first error equal JSONDecoder's for a specialization", arguments: rows)
  func agreesWithJSONDecoder(target: String, json: String) throws {
    let decoder = Self.decode(target, json)
    let (registry, validationTarget) = try Self.compiled(target)
    for clean in [false, true] {
      let run: EngineProbe.Run
      switch validationTarget {
      case .model(let name): run = try EngineProbe.run(registry, json, model: name, build: false, cleanCheck: clean)
      case .type(let type): run = try EngineProbe.run(registry, json, model: nil, type: type, build: false, cleanCheck: clean)
      }
      #expect(run.isValid == (decoder == nil), "clean \(clean): castctl \(run.findings), JSONDecoder \(decoder ?? "ok")")
      // NB: a `--type` target outside any model reads with the schema's base policy, which
      // names no decoder error (as for any type, generic or not).
      guard case .model = validationTarget else { continue }
      #expect(run.decoderFirstError == decoder)
    }
  }

  @Test(
    "convert of a specialization equals JSONEncoder's output as JSON values",
    arguments: [
      #"{"items": [{"id": 1, "name": "a"}], "next": "http://x.org/a b"}"#, #"{"items": [], "next": null}"#,
      #"{"items": [{"name": "b", "id": -0}]}"#,
    ])
  func equalsJSONEncoder(json: String) throws {
    let value = try JSONDecoder().decode(Page<User>.self, from: Data(json.utf8))
    let expected = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? NSDictionary
    let (registry, _) = try Self.compiled("Page<User>")
    let run = try EngineProbe.run(registry, json, model: "Page<User>")
    let instance = try #require(run.records.first?.instance)
    let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: registry)).encode(instance))
    let actual = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary
    #expect(actual == expected, "castctl \(output)")
  }

  /// What JSONEncoder writes for `json` decoded as `target` (a `Box` or `Maybe` of an optional).
  static func encoded(_ target: String, _ json: String) throws -> Data {
    let data = Data(json.utf8)
    let decoder = JSONDecoder()
    switch target {
    case "Box<Int?>": return try JSONEncoder().encode(decoder.decode(Box<Int?>.self, from: data))
    case "Box<User?>": return try JSONEncoder().encode(decoder.decode(Box<User?>.self, from: data))
    case "Box<Box<Int?>?>": return try JSONEncoder().encode(decoder.decode(Box<Box<Int?>?>.self, from: data))
    case "Maybe<Int?>": return try JSONEncoder().encode(decoder.decode(Maybe<Int?>.self, from: data))
    default: throw EngineProbe.ProbeError("no such target \(target)")
    }
  }

  @Test(
    "a parameter filled with an optional is written as JSONEncoder writes it: its nil as null",
    arguments: [
      ("Box<Int?>", #"{"value": null, "other": null}"#), ("Box<Int?>", #"{"value": 3}"#),
      ("Box<User?>", #"{"value": null}"#), ("Box<Box<Int?>?>", #"{"value": {"value": null}}"#),
      ("Box<Box<Int?>?>", #"{"value": null}"#), ("Maybe<Int?>", #"{"value": null}"#),
    ])
  func optionalParameterEqualsJSONEncoder(target: String, json: String) throws {
    let expected = try JSONSerialization.jsonObject(with: Self.encoded(target, json)) as? NSDictionary
    let (registry, _) = try Self.compiled(target)
    for ndjson in [false, true] {
      // NB: a building run also checks the transcript `convert` writes NDJSON with.
      let run = try EngineProbe.run(registry, json, model: target, ndjson: ndjson)
      let instance = try #require(run.records.first?.instance)
      let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: registry)).encode(instance))
      let actual = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary
      #expect(actual == expected, "castctl \(output)")
    }
  }

  /// A subclass of a generic class's specialization: JSONDecoder runs `BaseResponse<User>`'s
  /// `init(from:)`, so the subclass's own property is never read.
  class BaseResponse<T: Codable>: Codable { let status: Int; let data: T? }
  final class UserResponse: BaseResponse<User> { var extra: Int = 1 }

  static let classSchema = """
    class BaseResponse<T: Codable>: Codable { let status: Int; let data: T? }
    final class UserResponse: BaseResponse<User> { var extra: Int = 1 }
    struct User: Codable { let id: Int; let name: String }
    """

  @Test(
    "a subclass of a generic class's specialization decodes as JSONDecoder does",
    arguments: [
      #"{"status": 1, "data": {"id": 2, "name": "a"}, "extra": "x"}"#, #"{"status": 1, "data": {"id": "x"}}"#,
      #"{"data": null}"#, #"{"status": 1}"#,
    ])
  func genericSuperclassAgrees(json: String) throws {
    let decoder: String?
    do {
      _ = try JSONDecoder().decode(UserResponse.self, from: Data(json.utf8))
      decoder = nil
    } catch {
      decoder = CodableDecoderTests.describe(error)
    }
    let (registry, diagnostics) = SchemaLoader.load([SourceFile(path: "models.swift", text: Self.classSchema)])
    #expect(diagnostics.map(\.code) == ["codable-subclass-properties"])
    #expect(registry.models["UserResponse"]?.superclass == "BaseResponse<User>")
    let run = try EngineProbe.run(registry, json, model: "UserResponse", build: false)
    #expect(run.isValid == (decoder == nil), "castctl \(run.findings), JSONDecoder \(decoder ?? "ok")")
    #expect(run.decoderFirstError == decoder)
  }
}
