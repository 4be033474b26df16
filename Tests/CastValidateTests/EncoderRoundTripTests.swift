import CastSchema
import Testing

@testable import CastValidate

/// One document encoded with a key style, and the compact JSON it must give.
struct EncoderCase: Sendable, CustomTestStringConvertible {
  let name: String
  let schema: String
  let json: String
  var model = "M"
  var registryOptions = RegistryOptions()
  var keys = KeyStyle.json
  let output: String

  var testDescription: String { name }

  /// Decodes `json` and encodes the instance with `keys`.
  func encode() throws -> String? {
    let run = try EngineProbe.run(schema: schema, json, model: model, registryOptions: registryOptions)
    guard let instance = run.records.first?.instance else { return nil }
    let schema = CompiledSchema(registry: run.registry)
    return JSONWriter(style: .compact).write(ModelEncoder(schema: schema, keys: keys).encode(instance))
  }
}

extension EncoderCase {
  static let nilModels = """
    struct P {
      var x: Int?
    }
    """

  /// Semantics §3, "nil on output": a nil optional and a nil nested model, from `{}`.
  static let nilOutput: [EncoderCase] = [
    EncoderCase(
      name: "jsoncast omits nil", schema: nilModels + "\nstruct M: DictionaryConvertible {\n  var g: Int?\n  var p: P?\n}",
      json: "{}", output: "{}"),
    EncoderCase(
      name: "jsonobject omits nil", schema: nilModels + "\nclass M: JsonObject {\n  var g: Int?\n  var p: P?\n}",
      json: "{}", output: "{}"),
    EncoderCase(
      name: "convertible writes null", schema: nilModels + "\nstruct M: Convertible {\n  var g: Int?\n  var p: P?\n}",
      json: "{}", output: #"{"g":null,"p":null}"#),
    EncoderCase(
      name: "nosce writes null, and {} for a nil nested model",
      schema: nilModels + "\nstruct M: NosceSerializationProtocol {\n  var g: Int?\n  var p: P?\n}", json: "{}",
      output: #"{"g":null,"p":{}}"#),
    EncoderCase(
      name: "dson omits nil", schema: nilModels + "\nclass M: Class {\n  var g: Int?\n  var p: P?\n}", json: "{}",
      output: "{}"),
    // `= nil` is no default: the property is nil, written as the dialect writes nil.
    EncoderCase(
      name: "jsoncast omits a nil default",
      schema: "struct M: DictionaryConvertible {\n  var a: Int? = nil\n  var b: String! = nil\n  var c: Int?\n}",
      json: #"{"c": 1}"#, output: #"{"c":1}"#),
    EncoderCase(
      name: "jsonobject omits a nil default", schema: "class M: JsonObject {\n  var a: [Int]? = nil\n}", json: "{}",
      output: "{}"),
    EncoderCase(
      name: "convertible writes a nil default as null", schema: "struct M: Convertible {\n  var a: Int? = nil\n}",
      json: "{}", output: #"{"a":null}"#),
  ]

  static let styled = """
    struct Geo {
      let lat: Double
    }
    struct M: DictionaryConvertible, UnderscoreToCamelCase {
      let userName: String
      var homeTown: String? //! "home_place/town_name"
      let geo: Geo
      let counts: [String: Int]
    }
    """
  static let styledJSON = #"""
    {"user_name": "a", "home_place": {"town_name": "b"}, "geo": {"lat": 1.50}, "counts": {"some_key": 1, "otherKey": 2}}
    """#
  static let capitalized = """
    class M: DictionaryConvertible {
      let powerMode: Int
      let x: Int
      var lowercased: String = "yes" //! v"will"
      var nested: Int? //! "outer/inner"
    }
    """
  static let capitalizedJSON = #"{"PowerMode": 1, "X": 2, "Outer": {"Inner": 3}}"#

  /// `--keys`: dictionary keys are data and keep their spelling in every style.
  static let keyStyles: [EncoderCase] = [
    EncoderCase(
      name: "json: the model's keys, paths as nested objects, number text kept", schema: styled, json: styledJSON,
      output: #"{"user_name":"a","home_place":{"town_name":"b"},"geo":{"lat":1.50},"counts":{"some_key":1,"otherKey":2}}"#),
    EncoderCase(
      name: "property: property names, flat", schema: styled, json: styledJSON, keys: .property,
      output: #"{"userName":"a","homeTown":"b","geo":{"lat":1.50},"counts":{"some_key":1,"otherKey":2}}"#),
    EncoderCase(
      name: "snake: every key component in snake_case", schema: styled, json: styledJSON, keys: .snake,
      output: #"{"user_name":"a","home_place":{"town_name":"b"},"geo":{"lat":1.50},"counts":{"some_key":1,"otherKey":2}}"#),
    EncoderCase(
      name: "camel: every key component in camelCase", schema: styled, json: styledJSON, keys: .camel,
      output: #"{"userName":"a","homePlace":{"townName":"b"},"geo":{"lat":1.50},"counts":{"some_key":1,"otherKey":2}}"#),
    EncoderCase(
      name: "json with -c: capitalised keys, verbatim key as written", schema: capitalized, json: capitalizedJSON,
      registryOptions: RegistryOptions(capitalizeKeys: true),
      output: #"{"PowerMode":1,"X":2,"will":"yes","Outer":{"Inner":3}}"#),
    EncoderCase(
      name: "camel with -c: the capital goes", schema: capitalized, json: capitalizedJSON,
      registryOptions: RegistryOptions(capitalizeKeys: true), keys: .camel,
      output: #"{"powerMode":1,"x":2,"will":"yes","outer":{"inner":3}}"#),
    EncoderCase(
      name: "snake with -c", schema: capitalized, json: capitalizedJSON,
      registryOptions: RegistryOptions(capitalizeKeys: true), keys: .snake,
      output: #"{"power_mode":1,"x":2,"will":"yes","outer":{"inner":3}}"#),
    EncoderCase(
      name: "property with -c", schema: capitalized, json: capitalizedJSON,
      registryOptions: RegistryOptions(capitalizeKeys: true), keys: .property,
      output: #"{"powerMode":1,"x":2,"lowercased":"yes","nested":3}"#),
  ]

  /// Where values go: index keys, paths through arrays, `//! super`, declaration order.
  static let placement: [EncoderCase] = [
    EncoderCase(
      name: "an index key writes an array padded with null",
      schema: "struct M {\n  var s: String? //! \"second[2]\"\n}", json: #"{"second": [0, 1, "x"]}"#,
      output: #"{"second":[null,null,"x"]}"#),
    EncoderCase(
      name: "a path through an index key writes an object in the padded array",
      schema: "struct M {\n  var c: Int? //! \"a/b[1]/c\"\n}", json: #"{"a": {"b": [7, {"c": 3}]}}"#,
      output: #"{"a":{"b":[null,{"c":3}]}}"#),
    EncoderCase(
      name: "two key paths share their object",
      schema: "struct M {\n  var x: Int? //! \"p/x\"\n  var y: Int? //! \"p/y\"\n}", json: #"{"p": {"y": 2, "x": 1}}"#,
      output: #"{"p":{"x":1,"y":2}}"#),
    EncoderCase(
      name: "a ?? alternative is written under the first key",
      schema: "struct M {\n  var y: String? //! \"Arg ?? y\"\n}", json: #"{"y": "word"}"#, output: #"{"Arg":"word"}"#),
    EncoderCase(
      name: "superclass properties first, under the //! super key",
      schema: LedgerKindCase.superObject, json: #"{"yaw": 3, "base": {"age": 2, "name": "x"}}"#, model: "Sub",
      output: #"{"base":{"name":"x","age":2},"yaw":3}"#),
    EncoderCase(
      name: "an object is made where the first property written into it is: a nil left out moves it",
      schema: "struct M {\n  var a: Int? //! \"p/a\"\n  var b: Int //! \"q/b\"\n  var c: Int? //! \"p/c\"\n  var d: Int?\n}",
      json: #"{"q": {"b": 1}, "p": {"c": 3}, "d": 4}"#, output: #"{"q":{"b":1},"p":{"c":3},"d":4}"#),
    EncoderCase(
      name: "an object nothing is written into is not made; deep paths share their objects",
      schema: "struct M {\n  var a: Int? //! \"p/q/r/a\"\n  var b: Int //! \"p/q/b\"\n  var c: Int? //! \"p/z/c\"\n  var d: [N] //! \"p/q/r/d\"\n}\nstruct N {\n  var n: Int? //! \"x/n\"\n}",
      json: #"{"p": {"q": {"b": 2, "r": {"a": 1, "d": [{"x": {"n": 5}}, {}]}}}}"#,
      output: #"{"p":{"q":{"r":{"a":1,"d":[{"x":{"n":5}},{}]},"b":2}}}"#),
    EncoderCase(
      name: "a dialect that writes nil as null makes the objects of nil properties",
      schema: "struct M: Convertible {\n  var a: Int? //! \"p/a\"\n  var b: Int = 0 //! \"q/b\"\n}",
      json: #"{"q": {"b": 1}}"#, output: #"{"p":{"a":null},"q":{"b":1}}"#),
    EncoderCase(
      name: "dates in UTC, UUIDs in upper case, enums as raw values, defaults filled",
      schema: """
        enum Level: Int {
          case low = 1, high
        }
        struct M {
          let when: Date
          let id: UUID
          var level: Level = .high
          var list: [Int] = [1, 2]
        }
        """,
      json: #"{"when": "2024-03-01T09:30:00.250+01:00", "id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"}"#,
      output: #"{"when":"2024-03-01T08:30:00.25Z","id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","level":2,"list":[1,2]}"#),
  ]
}

@Suite("Round trip: what the encoder writes")
struct EncoderRoundTripTests {
  @Test("nil on output, per dialect (semantics §3)", arguments: EncoderCase.nilOutput)
  func nilOutput(_ item: EncoderCase) throws {
    #expect(try item.encode() == item.output)
  }

  @Test("--keys json|property|snake|camel", arguments: EncoderCase.keyStyles)
  func keyStyles(_ item: EncoderCase) throws {
    #expect(try item.encode() == item.output)
  }

  @Test("values are written at their output paths, in declaration order", arguments: EncoderCase.placement)
  func placement(_ item: EncoderCase) throws {
    #expect(try item.encode() == item.output)
  }

  @Test("an encoded instance decodes to the same instance (encode is decode's inverse on its own output)")
  func encodeThenDecodeIsStable() throws {
    for item in EncoderCase.keyStyles.filter({ $0.keys == .json }) + EncoderCase.placement + EncoderCase.nilOutput {
      let first = try #require(try item.encode(), "\(item.name)")
      let again = EncoderCase(
        name: item.name, schema: item.schema, json: first, model: item.model, registryOptions: item.registryOptions,
        output: first)
      #expect(try again.encode() == first, "\(item.name)")
    }
  }

  @Test("the compact fast path (NDJSON convert) writes what encode and JSONWriter write, in every key style")
  func compactFastPathAgrees() throws {
    var runs: [(String, EngineProbe.Run)] = []
    for fixture in FixtureCase.validExamples + (SampleFiles.isAvailable ? FixtureCase.validSamples : []) {
      runs.append((fixture.data, try fixture.run()))
    }
    for item in EncoderCase.nilOutput + EncoderCase.keyStyles + EncoderCase.placement {
      runs.append((item.name, try EngineProbe.run(schema: item.schema, item.json, model: item.model, registryOptions: item.registryOptions)))
    }
    var compared = 0
    for (name, run) in runs {
      let schema = CompiledSchema(registry: run.registry)
      for style in KeyStyle.allCases {
        let encoder = ModelEncoder(schema: schema, keys: style)
        for instance in run.records.compactMap(\.instance) {
          var bytes: [UInt8] = []
          encoder.writeCompact(instance, into: &bytes)
          #expect(
            String(decoding: bytes, as: UTF8.self) == JSONWriter(style: .compact).write(encoder.encode(instance)),
            "\(name) --keys \(style)")
          compared += 1
        }
      }
    }
    #expect(compared >= 100)
  }
}
