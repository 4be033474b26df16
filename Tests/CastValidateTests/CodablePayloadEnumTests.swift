import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// `codable` enums with associated values (SE-0295) against the real `JSONDecoder` /
/// `JSONEncoder`: `{"case": {"label": …, "_0": …}}`; the verdicts agree, the first error is the
/// decoder's (case and coding path), and a valid document is written back as the encoder writes it
/// (compared as objects: the encoder's key order is its hash order).
@Suite struct CodablePayloadEnumTests {
  enum Shape: Codable {
    case none
    case circle(radius: URL)
    case pair(Int, name: String)
    case opt(x: Int?, y: [Int?]?), many(Int, Int)
    case nested(Inner), dict([String: Inner]), list([Inner])
    case dflt(v: Int = 3)
  }
  struct Inner: Codable { let a: Int }
  enum Keyed: Codable {
    case a(x: Int, Int = 4)
    case b(Int?)
    case c
    enum CodingKeys: String, CodingKey { case a = "A", b }
    enum ACodingKeys: String, CodingKey { case x = "ex" }
    enum BCodingKeys: String, CodingKey { case _0 = "zero" }
  }
  struct M: Codable { let s: Shape; let t: [Shape]?; let k: Keyed? }

  static let schema = """
    enum Shape: Codable {
      case none
      case circle(radius: URL)
      case pair(Int, name: String)
      case opt(x: Int?, y: [Int?]?), many(Int, Int)
      case nested(Inner), dict([String: Inner]), list([Inner])
      case dflt(v: Int = 3)
    }
    struct Inner: Codable { let a: Int }
    enum Keyed: Codable {
      case a(x: Int, Int = 4)
      case b(Int?)
      case c
      enum CodingKeys: String, CodingKey { case a = "A", b }
      enum ACodingKeys: String, CodingKey { case x = "ex" }
      enum BCodingKeys: String, CodingKey { case _0 = "zero" }
    }
    struct M: Codable { let s: Shape; let t: [Shape]?; let k: Keyed? }
    """

  /// The schema, whose warnings are that `Keyed.c` is never decoded and `dflt`'s default is ignored.
  static var registry: ModelRegistry {
    let (registry, diagnostics) = SchemaLoader.load([SourceFile(path: "test.cast", text: schema)], options: RegistryOptions())
    #expect(diagnostics.filter { $0.severity != .note }.map(\.code).sorted() == ["codable-case-not-coded", "codable-default-ignored"])
    return registry
  }

  static let documents = [
    #"{"s": {"none": {}}}"#, #"{"s": {"none": {"x": 1}}}"#, #"{"s": {"none": null}}"#, #"{"s": {"none": []}}"#,
    #"{"s": {"circle": {"radius": "https://x.org/a"}}}"#, #"{"s": {"circle": {"radius": "https://x.org", "extra": 1}}}"#,
    #"{"s": {"circle": {}}}"#, #"{"s": {"circle": {"radius": 5}}}"#, #"{"s": {"circle": "https://x.org"}}"#,
    #"{"s": {"pair": {"_0": 2, "name": "x"}}}"#, #"{"s": {"pair": {"name": "x", "_0": 2}}}"#,
    #"{"s": {"pair": {"_0": 2.5, "name": "x"}}}"#, #"{"s": {"pair": {"0": 2, "name": "x"}}}"#,
    #"{"s": {"pair": {"_0": 2, "_1": "x"}}}"#, #"{"s": {"pair": {"_0": null, "name": "x"}}}"#,
    #"{"s": {"pair": {"_0": "2", "name": 3}}}"#,
    #"{"s": {}}"#, #"{"s": {"circle": {"radius": "https://x.org"}, "none": {}}}"#, #"{"s": {"bogus": {}}}"#,
    #"{"s": {"bogus": {}, "none": {}}}"#, #"{"s": {"none": {}, "none": {}}}"#,
    #"{"s": {"pair": {"_0": 1, "name": "a"}, "pair": {"_0": "x"}}}"#, #"{"s": {"pair": {"_0": "x"}, "pair": {"_0": 1, "name": "a"}}}"#, #"{"s": {"pair": 1, "circle": 2}}"#,
    #"{"s": "none"}"#, #"{"s": null}"#, #"{"s": []}"#, #"{"t": []}"#,
    #"{"s": {"opt": {}}}"#, #"{"s": {"opt": {"x": null, "y": null}}}"#, #"{"s": {"opt": {"x": "a"}}}"#,
    #"{"s": {"opt": {"x": 1, "y": [1, null, 2]}}}"#, #"{"s": {"opt": {"y": [1, "b"]}}}"#,
    #"{"s": {"many": {"_0": 1, "_1": 2}}}"#, #"{"s": {"many": {"_0": 1}}}"#,
    #"{"s": {"nested": {"_0": {"a": 1}}}}"#, #"{"s": {"nested": {"_0": {}}}}"#, #"{"s": {"nested": {"_0": null}}}"#,
    #"{"s": {"dict": {"_0": {"k": {"a": 1}}}}}"#, #"{"s": {"dict": {"_0": {"k": {"a": true}}}}}"#,
    #"{"s": {"list": {"_0": [{"a": 1}, {"a": 2}]}}}"#, #"{"s": {"list": {"_0": [{"a": 1}, {}]}}}"#,
    #"{"s": {"dflt": {}}}"#, #"{"s": {"dflt": {"v": 7}}}"#,
    #"{"s": {"none": {}}, "t": [{"pair": {"_0": 1, "name": "a"}}, {"many": {"_0": 1, "_1": 2}}]}"#,
    #"{"s": {"none": {}}, "t": [{"pair": {"_0": 1, "name": "a"}}, {"circle": {}}]}"#,
    #"{"s": {"pair": {"_0": 1}}, "t": [{"circle": {}}]}"#,
    #"{"s": {"none": {}}, "k": {"A": {"ex": 1}}}"#, #"{"s": {"none": {}}, "k": {"A": {"ex": 1, "_1": 9}}}"#,
    #"{"s": {"none": {}}, "k": {"a": {"x": 1}}}"#, #"{"s": {"none": {}}, "k": {"A": {"x": 1}}}"#,
    #"{"s": {"none": {}}, "k": {"b": {"zero": 2}}}"#, #"{"s": {"none": {}}, "k": {"b": {"_0": 2}}}"#,
    #"{"s": {"none": {}}, "k": {"b": {"zero": "2"}}}"#, #"{"s": {"none": {}}, "k": {"c": {}}}"#,
    #"{"s": {"none": {}}, "k": {"c": {}, "b": {}}}"#,
  ]

  @Test("enums with associated values: JSONDecoder's verdict and first error, JSONEncoder's output", arguments: documents)
  func agreesWithFoundation(json: String) throws {
    var decoded: M?
    var decoderError: String?
    do { decoded = try JSONDecoder().decode(M.self, from: Data(json.utf8)) } catch { decoderError = CodableDecoderTests.describe(error) }
    let registry = Self.registry
    for clean in [false, true] {
      let run = try EngineProbe.run(registry, json, build: false, cleanCheck: clean)
      #expect(run.isValid == (decoded != nil), "clean \(clean): \(run.findings)")
      #expect(run.decoderFirstError == decoderError)
    }
    guard let decoded else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let expected = try JSONSerialization.jsonObject(with: encoder.encode(decoded)) as? NSDictionary
    let run = try EngineProbe.run(registry, json)
    let instance = try #require(run.records.first?.instance)
    let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: registry)).encode(instance))
    let actual = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary
    #expect(actual == expected, "castctl \(output)")
  }

  @Test("the clean check reads keyed cases: it vouches for a case and its associated values, and leaves the rest to the walk")
  func checkVouches() throws {
    func isClean(_ record: String) throws -> Bool {
      try CheckAgreement.passesCheck(Self.schema, record, validation: ValidationOptions())
    }
    for clean in [
      #"{"s": {"none": {}}}"#, #"{"s": { "none" : { } }}"#, #"{"s": {"circle": {"radius": "https://x.org/a"}}}"#,
      #"{"s": {"none": {}}, "t": [{"pair": {"_0": 1, "name": "a"}}, {"many": {"_0": 1, "_1": 2}}]}"#,
      #"{"s": {"nested": {"_0": {"a": 1}}}, "k": {"b": {"zero": 2}}}"#,
    ] {
      #expect(try isClean(clean), "\(clean)")
    }
    // Contents a case without associated values drops, keys beside the case's, a repeated case,
    // a missing associated value, null: each is a finding or a change, said by the walk.
    for doubt in [
      #"{"s": {"none": {"x": 1}}}"#, #"{"s": {"bogus": {}, "none": {}}}"#, #"{"s": {"none": {}, "bogus": {}}}"#,
      #"{"s": {"none": {}, "none": {}}}"#, #"{"s": {"circle": {}}}"#, #"{"s": {"none": null}}"#, #"{"s": "none"}"#,
      #"{"s": {"n\u006fne": {}}}"#,
    ] {
      #expect(try !isClean(doubt), "\(doubt)")
    }
  }

  @Test("converted with and without the clean check, every document is written the same", arguments: documents)
  func checkWritesAsTheWalk(json: String) throws {
    let registry = Self.registry
    for keys in KeyStyle.allCases {
      let quick = try CleanTranscriptTests.converted(registry, json, options: ValidationOptions(), keys: keys, cleanCheck: true)
      let walked = try CleanTranscriptTests.converted(registry, json, options: ValidationOptions(), keys: keys, cleanCheck: false)
      #expect(quick == walked, "\(keys)")
    }
  }

  enum Ring: Codable { case ring(outerRadius: Int, innerRadius: Int?) }

  /// Under `convertFromSnakeCase` an associated value's key is converted and compared with its
  /// CodingKey, as a property's is: of two keys that convert alike the first in the data is read.
  @Test(
    "under convertFromSnakeCase, associated values read as JSONDecoder reads them",
    arguments: [
      #"{"ring": {"outer_radius": 1, "outerRadius": 2}}"#, #"{"ring": {"outerRadius": 2, "outer_radius": 1}}"#,
      #"{"ring": {"outer_radius": 1, "outer_radius": "x"}}"#, #"{"ring": {"outer_radius": "x", "outerRadius": 2}}"#,
      #"{"ring": {"inner_radius": 1}}"#, #"{"ring": {"outer_radius": 1, "inner_radius": "y"}}"#,
    ])
  func snakeCasePayload(json: String) throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    var decoded: Ring?
    var decoderError: String?
    do { decoded = try decoder.decode(Ring.self, from: Data(json.utf8)) } catch { decoderError = CodableDecoderTests.describe(error) }
    var options = RegistryOptions()
    options.keyDecoding = .convertFromSnakeCase
    let registry = EngineProbe.registry("enum Ring: Codable { case ring(outerRadius: Int, innerRadius: Int?) }\n", options: options, path: "ring.swift")
    let type = try #require(SchemaLoader.parseType("Ring", in: registry).type)
    for clean in [false, true] {
      let run = try EngineProbe.run(registry, json, model: nil, type: type, build: false, cleanCheck: clean)
      #expect(run.isValid == (decoded != nil), "clean \(clean): \(run.findings)")
      #expect(run.decoderFirstError == decoderError)
    }
    guard let decoded else { return }
    let expected = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as? NSDictionary
    let run = try EngineProbe.run(registry, json, model: nil, type: type)
    let instance = try #require(run.records.first?.instance)
    let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: registry)).encode(instance))
    #expect(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary == expected, "castctl \(output)")
  }

  // NB: JSONEncoder writes a keyed container in its hash order, which changes from run to run;
  // castctl writes declaration order, one of the orders JSONEncoder writes.
  @Test("the payload's keys are written in declaration order, whatever the input's")
  func keyOrder() throws {
    let registry = Self.registry
    let run = try EngineProbe.run(registry, #"{"s": {"pair": {"name": "x", "zz": 0, "_0": 2}}}"#)
    let instance = try #require(run.records.first?.instance)
    let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: registry)).encode(instance))
    #expect(output == #"{"s":{"pair":{"_0":2,"name":"x"}}}"#)
  }

  @Test("a finding inside the payload points at its value in the data and at the case's line")
  func findingPositions() throws {
    let registry = Self.registry
    let json = #"{"s": {"circle": {"radius": 5}}}"#
    let run = try EngineProbe.run(registry, json, build: false)
    let error = try #require(run.records.flatMap(\.findings).first { $0.severity == .error })
    #expect(error.path == "/s/circle/radius")
    #expect(error.offset == Array(json.utf8).firstIndex(of: UInt8(ascii: "5")))
    let declaration = try #require(error.declaration)
    let file = registry.files[declaration.file]
    #expect(file.location(of: declaration.bytes.lowerBound).line == 3)
  }

  @Test("an enum with a hand-written init(from:) passes any value, unchecked")
  func customCoding() throws {
    let run = try EngineProbe.run(
      schema: """
        enum L: String, Codable {
          case a
          init(from decoder: Decoder) throws { self = .a }
        }
        struct M: Codable { let l: L }
        """, #"{"l": {"anything": [1]}}"#)
    #expect(run.isValid, "\(run.findings)")
  }

  @Test(
    "roundtrip's ledger names each change inside a case's values, and accounts for every difference",
    arguments: [
      (#"{"s": {"circle": {"radius": "https://x.org", "extra": 1}}}"#, ["unknown-key-dropped /s/circle/extra 1 → (absent)"]),
      (#"{"s": {"opt": {"x": null, "y": [1]}}}"#, ["null-written-as-absent /s/opt/x null → (absent)"]),
      (#"{"s": {"pair": {"name": "x", "_0": 2}}}"#, []),
      (#"{"s": {"none": {}}, "k": {"A": {"ex": 1, "_1": 9}}}"#, ["ignored-key-dropped /k/A/_1 9 → (absent)"]),
    ])
  func ledger(json: String, entries: [String]) throws {
    let run = try RoundTripProbe.run(Self.registry, json, target: .model("M"))
    #expect(run.described == entries)
    #expect(run.problems == [])
  }

  @Test("outside the codable dialect, a case with associated values matches no string", arguments: [false, true])
  func otherDialects(clean: Bool) throws {
    let registry = EngineProbe.registry("enum Shape: Codable { case a(Int), b }\nclass M: DictionaryConvertible {\n  var s: Shape\n}\n")
    #expect(try EngineProbe.run(registry, #"{"s": "b"}"#, build: false, cleanCheck: clean).isValid)
    #expect(try !EngineProbe.run(registry, #"{"s": "a"}"#, build: false, cleanCheck: clean).isValid)
  }
}
