import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// The `codable` dialect against the real `JSONDecoder`: the same model declared here (compiled)
/// and as castctl text, every document decoded by both; the verdicts must agree, and castctl's
/// note on the error the decoder throws first must name the decoder's `DecodingError`.
@Suite struct CodableDecoderTests {
  struct Item: Codable { let id: Int; let name: String }
  enum Shade: String, Codable { case red, green }
  enum KeyedShade: String, Codable, CodingKeyRepresentable { case red, green }
  enum KeyedLevel: Int, Codable, CodingKeyRepresentable { case low = 1, high }
  enum Letter: Character, Codable { case a = "a", b = "b" }
  struct Point: Codable, Hashable { let x: Int; let y: Int? }
  struct M: Codable {
    let i: Int
    let s8: Int8
    let u: UInt8
    let f: Float
    let d: Double
    let b: Bool
    let s: String
    let o: Int?
    let w: Int!
    let dec: Decimal
    let tags: [String]
    let set: Set<Int>
    let dict: [String: Int]
    let idict: [Int: String]
    let items: [Item]
    var def: String = "x"
    let pairs: [Shade: Int]
    let bytes: [UInt8: String?]
    let keyed: [KeyedShade: Int]
    let levels: [KeyedLevel: Int]?
    let letter: Letter?
    let reals: [Double: String]?
    let flags: [Bool: Int]?
    let ids: [UUID: Int]?
    let points: [Point: Int]?
    let lists: [[Int]: Int]?
    lazy var lazyCount: Int = 3
    let low, high: Int?
  }

  static let schema = """
    struct Item: Codable { let id: Int; let name: String }
    enum Shade: String, Codable { case red, green }
    enum KeyedShade: String, Codable, CodingKeyRepresentable { case red, green }
    enum KeyedLevel: Int, Codable, CodingKeyRepresentable { case low = 1, high }
    enum Letter: Character, Codable { case a = "a", b = "b" }
    struct Point: Codable, Hashable { let x: Int; let y: Int? }
    struct M: Codable {
      let i: Int
      let s8: Int8
      let u: UInt8
      let f: Float
      let d: Double
      let b: Bool
      let s: String
      let o: Int?
      let w: Int!
      let dec: Decimal
      let tags: [String]
      let set: Set<Int>
      let dict: [String: Int]
      let idict: [Int: String]
      let items: [Item]
      var def: String = "x"
      let pairs: [Shade: Int]
      let bytes: [UInt8: String?]
      let keyed: [KeyedShade: Int]
      let levels: [KeyedLevel: Int]?
      let letter: Letter?
      let reals: [Double: String]?
      let flags: [Bool: Int]?
      let ids: [UUID: Int]?
      let points: [Point: Int]?
      let lists: [[Int]: Int]?
      lazy var lazyCount: Int = 3
      let low, high: Int?
    }
    """

  /// A valid document with one member replaced (`nil`: removed).
  static func document(_ key: String, _ value: String?) -> String {
    var members: [(String, String)] = [
      ("i", "1"), ("s8", "1"), ("u", "1"), ("f", "1"), ("d", "1"), ("b", "true"), ("s", "\"a\""), ("dec", "1.5"),
      ("tags", "[]"), ("set", "[1]"), ("dict", "{}"), ("idict", "{}"), ("items", "[]"), ("def", "\"y\""),
      ("pairs", "[]"), ("bytes", "[]"), ("keyed", "{}"),
    ]
    if let index = members.firstIndex(where: { $0.0 == key }) {
      if let value { members[index].1 = value } else { members.remove(at: index) }
    } else if let value {
      members.append((key, value))
    }
    return "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// Rule 1: numbers, Bool and String without coercion.
  static let numbers: [(String, String)] = [
    ("i", "1.0"), ("i", "1e2"), ("i", "1.5"), ("i", "-0"), ("i", "100e-2"), ("i", "9223372036854775807"),
    ("i", "9223372036854775808"), ("i", "1e19"), ("i", "1.00000000000000000001"), ("i", "1e-999"),
    ("i", "9007199254740993.5"), ("i", "\"1\""), ("i", "true"), ("s8", "300"), ("s8", "-128"), ("s8", "128.0"),
    ("u", "-1"), ("u", "255"), ("u", "-0"), ("f", "1e39"), ("f", "1e-50"), ("f", "1e-45"), ("f", "3.4028235e38"),
    ("d", "1e309"), ("d", "1e-400"), ("d", "4.9e-324"), ("d", "\"1\""), ("dec", "12345678901234567890.123456789"),
    ("dec", "\"1.5\""), ("b", "1"), ("b", "\"true\""), ("s", "1"), ("s", "false"),
    // A `Float` is read from its text, not through a `Double`: the limits are halfway points.
    ("f", "3.4028235677973366e38"), ("f", "3.4028236e38"), ("f", "7.006492321624086e-46"), ("f", "7.0064923e-46"),
    // A `Decimal` is what `Decimal(string:)` reads: an exponent it cannot hold is refused.
    ("dec", "1e128"), ("dec", "1.0e128"), ("dec", "0e200"), ("dec", "1e-128"), ("dec", "1e-129"), ("dec", "3e165"),
    ("dec", "1" + String(repeating: "0", count: 165) + "e-165"), ("dec", "1" + String(repeating: "0", count: 166) + "e-166"),
    // Written with a fraction, an integer type's minimum is beyond the decoder's reach.
    ("i", "-9223372036854775808.0"), ("i", "-9.223372036854775808e18"), ("i", "-9223372036854775807.0"), ("i", "-9223372036854775808"),
  ]
  /// Rule 2: null and absent keys.
  static let nulls: [(String, String?)] = [
    ("i", "null"), ("i", nil), ("def", nil), ("o", "null"), ("o", nil), ("w", "null"), ("o", "\"x\""),
    ("tags", "null"), ("items", "null"), ("b", "null"), ("s", "null"), ("dec", "null"), ("set", "null"), ("dict", "null"),
  ]
  /// Rule 3: collections.
  static let collections: [(String, String)] = [
    ("tags", #"["a", 2]"#), ("tags", #"["a", null]"#), ("tags", "{}"), ("set", "[1, 1]"), ("set", #"[1, "x"]"#),
    ("dict", #"{"a": "x"}"#), ("dict", #"{"a": null}"#), ("dict", #"{"a": 1, "a": "x"}"#), ("dict", "[]"),
    ("idict", #"{"1": "a"}"#), ("idict", #"{"01": "a"}"#), ("idict", #"{" 1": "a"}"#), ("idict", #"{"1.0": "a"}"#),
    ("idict", #"{"+1": "a"}"#), ("idict", #"{"-1": "a"}"#), ("idict", #"{"x": "a"}"#),
    ("items", #"[{"id": 1, "name": "a"}, {"id": 2}]"#), ("items", #"[{"id": 1, "name": "a"}, null]"#),
    ("items", #"[{"id": "1", "name": 2}]"#), ("i", "2"),
    // Keyed by anything but String, Int or a CodingKeyRepresentable type: alternating keys and values.
    ("pairs", #"{"red": 1}"#), ("pairs", #"["red", 1]"#), ("pairs", #"["red", 1, "red", 2]"#), ("pairs", #"["red", 1, "green"]"#),
    ("pairs", #"[null, 1]"#), ("pairs", #"["red", null]"#), ("pairs", #"["blue", 1]"#), ("pairs", "null"), ("pairs", #"["red", "x"]"#),
    ("bytes", #"[300, "x"]"#), ("bytes", #"{"1": "x"}"#), ("bytes", #"[1, "x", 1.0, null]"#), ("bytes", #"[1.5, "x"]"#),
    ("keyed", #"{"red": 1}"#), ("keyed", #"["red", 1]"#), ("keyed", #"{"blue": 1}"#), ("keyed", #"{"red": 1, "red": 2}"#),
    ("levels", #"{"1": 5}"#), ("levels", #"{"01": 5}"#), ("levels", #"{"x": 5}"#), ("levels", "[1, 5]"),
    ("levels", #"{"+1": 5}"#), ("levels", #"{"1.0": 5}"#), ("levels", #"{"1": 5, "01": 6}"#),
    // `Character` is not Codable: such an enum is coded as one without raw values.
    ("letter", #""a""#), ("letter", #"{"a": {}}"#), ("letter", #"{"c": {}}"#),
    // Any other Hashable key type: pairs too.
    ("reals", #"[1.5, "a"]"#), ("reals", #"[1.5, "a", 1.50, "b"]"#), ("reals", #"{"1.5": "a"}"#), ("reals", #"["1.5", "a"]"#),
    ("flags", "[true, 1, false, 2]"), ("flags", #"{"true": 1}"#), ("flags", "[1, 1]"),
    ("ids", #"["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", 1]"#), ("ids", #"["x", 1]"#), ("ids", #"[null, 1]"#),
    // A model or an array as the key: pairs of JSON objects or arrays and values.
    ("points", #"[{"x": 1, "y": 2}, 1]"#), ("points", #"[{"x": 1}, 1, {"y": null, "x": 1}, 2]"#), ("points", #"[{"x": "1"}, 1]"#),
    ("points", #"[{"x": 1}, 1, {"x": 2}]"#), ("points", #"{"a": 1}"#), ("points", #"[null, 1]"#), ("points", #"[{"y": 1}, 1]"#),
    ("points", #"[{"x": 1}, "a"]"#), ("points", #"[[1], 1]"#),
    // A lazy var is not coded: its key is not read.
    ("lazyCount", #""x""#),
    // `let low, high: Int?` declares two properties of the type.
    ("low", "1"), ("high", #""x""#), ("low", "null"),
    ("lists", "[[1, 2], 1, [2, 1], 2]"), ("lists", "[[1, 2], 1, [1, 2], 2]"), ("lists", #"[[1, "x"], 1]"#), ("lists", "[1, 1]"),
  ]

  static var rows: [String] {
    numbers.map { document($0.0, $0.1) } + nulls.map { document($0.0, $0.1) } + collections.map { document($0.0, $0.1) }
      + [#"{"i": 1.5, "tags": [1], "items": [{}]}"#, #"{"tags": [1], "i": "x"}"#]
  }

  @Test("castctl's verdict and the decoder's first error equal JSONDecoder's", arguments: rows)
  func agreesWithJSONDecoder(json: String) throws {
    let decoder: String?
    do {
      _ = try JSONDecoder().decode(M.self, from: Data(json.utf8))
      decoder = nil
    } catch {
      decoder = Self.describe(error)
    }
    let registry = EngineProbe.registry(Self.schema)
    for clean in [false, true] {
      let run = try EngineProbe.run(registry, json, build: false, cleanCheck: clean)
      #expect(run.isValid == (decoder == nil), "clean \(clean): castctl \(run.findings), JSONDecoder \(decoder ?? "ok")")
      #expect(run.decoderFirstError == decoder)
    }
  }

  /// Foundation types and keys under `convertFromSnakeCase`: the decoder's paths hold the
  /// CodingKeys (`userName`, not `user_name`), and names `URL`, `Date`, `Data` in `valueNotFound`.
  struct K: Codable {
    let userName: Int
    let homePage: URL?
    let createdAt: Date?
    let blob: Data?
    let ref: UUID?
    let idict: [Int: Int]?
    let part: Item?
    let flags: Int?
    let lines: [Int]?
    let shades: [KShade: Int]?
    enum CodingKeys: String, CodingKey {
      case userName, homePage, createdAt, blob, ref, idict, part, flags = "flags_key", lines, shades
    }
  }
  enum KShade: String, Codable, CodingKeyRepresentable { case darkRed, light_blue }

  static let snakeSchema = """
    struct Item: Codable { let id: Int; let name: String }
    struct K: Codable {
      let userName: Int
      let homePage: URL?
      let createdAt: Date?
      let blob: Data?
      let ref: UUID?
      let idict: [Int: Int]?
      let part: Item?
      let flags: Int?
      let lines: [Int]?
      let shades: [KShade: Int]?
      enum CodingKeys: String, CodingKey {
        case userName, homePage, createdAt, blob, ref, idict, part, flags = "flags_key", lines, shades
      }
    }
    enum KShade: String, Codable, CodingKeyRepresentable { case darkRed, light_blue }
    """

  static let snakeRows = [
    #"{"user_name": "x"}"#, #"{"user_name": null}"#, #"{"user_name": 1.5}"#, #"{"user_name": 1e400}"#, #"{"user_name": -0}"#,
    #"{"user_name": 1, "home_page": null}"#, #"{"user_name": 1, "home_page": ""}"#, #"{"user_name": 1, "created_at": "x"}"#,
    #"{"user_name": 1, "blob": "not base64!"}"#, #"{"user_name": 1, "ref": "c7010203-0405-0607-0809-0a0b0c0d0e48"}"#,
    #"{"user_name": 1, "ref": "1234"}"#, #"{"user_name": 1, "idict": {"": 1}}"#, #"{"user_name": 1, "idict": {"1.5": 1}}"#,
    #"{"user_name": 1, "idict": {"1": null}}"#, #"{"user_name": 1, "part": {"id": 1}}"#, #"{"user_name": 1, "part": {"id": 1, "name": null}}"#,
    #"{"user_name": 1, "lines": [1, "x"]}"#, #"{"userName": 1, "flags_key": "x"}"#, #"{"user_name": 1, "created_at": 1700000000123.5}"#,
    #"{"USER_NAME": 1}"#, #"{"user__name": "x"}"#, #"{"_user_name": 1}"#, #"{"user_name_": 1}"#, #"{"user_name": 1, "userName": "x"}"#,
    #"{"userName": "x", "user_name": 1}"#, #"{"User_Name": 1, "HOME_PAGE": ""}"#, #"{"user_Name": 1, "LINES": [null]}"#,
    #"{"username": 1}"#,
    // The strategy reaches Int and CodingKeyRepresentable keys, not String keys.
    #"{"user_name": 1, "shades": {"dark_red": 1}}"#, #"{"user_name": 1, "shades": {"light_blue": 1}}"#,
    #"{"user_name": 1, "shades": {"DARK_RED": 1, "darkRed": "x"}}"#, #"{"user_name": 1, "shades": {"dark_red": "x"}}"#,
    #"{"user_name": 1, "shades": {"darkRed": 1, "dark_red": "x"}}"#, #"{"user_name": 1, "shades": {"lightBlue": 1}}"#,
    #"{"user_name": 1, "idict": {"1_2": 1}}"#, #"{"user_name": 1, "idict": {"_1": 1}}"#, #"{"user_name": 1, "idict": {"1_2": "x"}}"#,
    #"{"user_name": 1, "idict": {"12": 1, "1_2": "x"}}"#,
  ]

  @Test("under convertFromSnakeCase, castctl's verdict and the decoder's first error equal JSONDecoder's", arguments: snakeRows)
  func snakeCaseAgreesWithJSONDecoder(json: String) throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let said: String?
    do {
      _ = try decoder.decode(K.self, from: Data(json.utf8))
      said = nil
    } catch {
      said = Self.describe(error)
    }
    var options = RegistryOptions()
    options.keyDecoding = .convertFromSnakeCase
    let registry = EngineProbe.registry(Self.snakeSchema, options: options)
    for clean in [false, true] {
      let run = try EngineProbe.run(registry, json, model: "K", build: false, cleanCheck: clean)
      #expect(run.isValid == (said == nil), "clean \(clean): castctl \(run.findings), JSONDecoder \(said ?? "ok")")
      #expect(run.decoderFirstError == said)
    }
  }

  /// A `Set<Float>`'s elements are the `Float`s their texts are, as `JSONDecoder` reads them:
  /// two texts that round apart through a `Double` can be one `Float`, and the reverse.
  struct FloatSet: Codable { var s: Set<Float>; var e: FloatRaw? }
  enum FloatRaw: Float, Codable { case a = 1.0000001 }

  @Test(
    "a Set<Float>'s repeats and a Float raw value are found as JSONDecoder reads Floats",
    arguments: [
      #"{"s": [1.0000001788139343, 1.0000001]}"#, #"{"s": [1.0000001788139343, 1.0000002]}"#, #"{"s": [0.1, 0.10000000149011612]}"#,
      #"{"s": [1.0000001788139343], "e": 1.0000001788139343}"#, #"{"s": [], "e": 1.0000001}"#, #"{"s": [], "e": 1.0000002}"#,
    ])
  func floatSetsAndRawValues(json: String) throws {
    let decoded = try? JSONDecoder().decode(FloatSet.self, from: Data(json.utf8))
    let input = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let written = (input?["s"] as? [Any])?.count ?? 0
    let registry = EngineProbe.registry(
      "struct FloatSet: Codable { var s: Set<Float>; var e: FloatRaw? }\nenum FloatRaw: Float, Codable { case a = 1.0000001 }\n", path: "fs.swift")
    for clean in [false, true] {
      let run = try EngineProbe.run(registry, json, model: "FloatSet", build: false, cleanCheck: clean)
      #expect(run.isValid == (decoded != nil), "clean \(clean): \(run.findings)")
      let collapsed = run.records.flatMap(\.findings).contains { $0.code == FindingCode.duplicateElement.rawValue }
      if let decoded { #expect(collapsed == (decoded.s.count < written), "clean \(clean): \(run.findings)") }
    }
  }

  /// The synthesized `init(from:)` decodes in the order of the `CodingKeys` cases, not of the
  /// declarations: the first error is the first case's.
  struct Ordered: Codable {
    var a: Int
    var b: Int
    var c: [Int]
    var d: Int?
    enum CodingKeys: String, CodingKey { case c, d = "dee", b, a }
  }

  @Test(
    "the decoder's first error follows the order of the CodingKeys cases",
    arguments: [
      "{}", #"{"a": "x", "b": "y", "c": [1]}"#, #"{"a": "x", "b": 1, "c": [1], "dee": "z"}"#, #"{"a": 1, "b": 2, "c": ["x"], "dee": "z"}"#,
      #"{"a": 1, "b": "y"}"#, #"{"a": "x", "b": 2, "c": null}"#,
    ])
  func codingKeysOrder(json: String) throws {
    let said: String?
    do {
      _ = try JSONDecoder().decode(Ordered.self, from: Data(json.utf8))
      said = nil
    } catch {
      said = Self.describe(error)
    }
    let schema = "struct Ordered: Codable {\n  var a: Int\n  var b: Int\n  var c: [Int]\n  var d: Int?\n"
      + "  enum CodingKeys: String, CodingKey { case c, d = \"dee\", b, a }\n}\n"
    let registry = EngineProbe.registry(schema, path: "ordered.swift")
    for clean in [false, true] {
      let run = try EngineProbe.run(registry, json, model: "Ordered", build: false, cleanCheck: clean)
      #expect(run.isValid == (said == nil), "clean \(clean): castctl \(run.findings), JSONDecoder \(said ?? "ok")")
      #expect(run.decoderFirstError == said)
    }
  }

  /// castctl's dates end at 9999 (README: the documented difference); JSONDecoder's do not, so
  /// no error of the decoder's is named for one beyond.
  @Test("a date beyond the year 9999 is out-of-range with no decoding-error note, where JSONDecoder reads it",
    arguments: [("iso8601", #"{"d": "10000-01-01T00:00:00Z"}"#), ("formatted:yyyy-MM-dd", #"{"d": "10000-01-01"}"#)])
  func dateBeyondCastctlsYears(strategy: String, json: String) throws {
    struct D: Codable { var d: Date }
    let decoder = JSONDecoder()
    var options = RegistryOptions()
    if strategy == "iso8601" {
      decoder.dateDecodingStrategy = .iso8601
      options.codableDateFormat = .iso8601
    } else {
      let formatter = DateFormatter()
      formatter.dateFormat = "yyyy-MM-dd"
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.locale = Locale(identifier: "en_US_POSIX")
      decoder.dateDecodingStrategy = .formatted(formatter)
      options.codableDateFormat = .pattern("yyyy-MM-dd")
    }
    #expect((try? decoder.decode(D.self, from: Data(json.utf8))) != nil)
    let registry = EngineProbe.registry("struct D: Codable { var d: Date }\n", options: options, path: "d.swift")
    let run = try EngineProbe.run(registry, json, model: "D", build: false)
    #expect(run.findings == ["error out-of-range /d"], "\(run.findings)")
    #expect(run.decoderFirstError == nil)
  }

  /// CodingKeys whose raw values hold `/` and `~`: the decoder names them as they are, not as
  /// JSON Pointer steps, and decodes them in the order of the cases.
  struct Slashed: Codable {
    let a: Int
    let b: Int
    let c: Int
    enum CodingKeys: String, CodingKey {
      case a = "x/y"
      case b = "m~n"
      case c = "plain"
    }
  }

  @Test(
    "a CodingKey holding / or ~ is named as JSONDecoder names it, and its error is first in CodingKeys order",
    arguments: [
      "{}", #"{"plain": 1}"#, #"{"x/y": 1}"#, #"{"x/y": "1", "m~n": 1, "plain": 1}"#, #"{"x/y": 1, "m~n": null, "plain": "z"}"#,
      #"{"plain": "z", "x/y": 1}"#, #"{"x~1y": 1, "m~0n": 1, "plain": 1}"#,
    ])
  func slashAndTildeCodingKeys(json: String) throws {
    let said: String?
    var pointer: String?
    do {
      _ = try JSONDecoder().decode(Slashed.self, from: Data(json.utf8))
      said = nil
    } catch {
      said = Self.describe(error)
      if case .keyNotFound(let key, let context)? = error as? DecodingError {
        pointer = (context.codingPath + [key]).map { "/" + JSONPointer.escape($0.stringValue) }.joined()
      }
    }
    let schema = "struct Slashed: Codable {\n  let a: Int\n  let b: Int\n  let c: Int\n"
      + "  enum CodingKeys: String, CodingKey {\n    case a = \"x/y\"\n    case b = \"m~n\"\n    case c = \"plain\"\n  }\n}\n"
    let registry = EngineProbe.registry(schema, path: "slashed.swift")
    for clean in [false, true] {
      let run = try EngineProbe.run(registry, json, model: "Slashed", build: false, cleanCheck: clean)
      #expect(run.isValid == (said == nil), "clean \(clean): castctl \(run.findings), JSONDecoder \(said ?? "ok")")
      #expect(run.decoderFirstError == said)
      // The machine view's coding path is a JSON Pointer: each key escaped once.
      let first = run.records.flatMap(\.findings).first { $0.decoderView?.isFirst == true }
      if let pointer { #expect(first?.decoderView?.codingPath == pointer) }
    }
  }

  /// A Codable class whose superclass is not Codable: its synthesized coding calls `super.init()`
  /// and knows only its own properties.
  class PlainBase { var z: Int = 1 }
  final class OwnOnly: PlainBase, Codable { var a: Int = 0 }

  @Test(
    "a Codable class over a superclass that is not Codable codes its own properties only, as the coders do",
    arguments: ["{}", #"{"a": 3, "z": 5}"#, #"{"a": "3"}"#, #"{"a": 3, "z": "x"}"#])
  func nonCodableSuperclass(json: String) throws {
    let said: String?
    var written: NSDictionary?
    do {
      let value = try JSONDecoder().decode(OwnOnly.self, from: Data(json.utf8))
      written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? NSDictionary
      said = nil
    } catch {
      said = Self.describe(error)
    }
    let registry = EngineProbe.registry(
      "class PlainBase { var z: Int = 1 }\nfinal class OwnOnly: PlainBase, Codable { var a: Int = 0 }\n", path: "own.swift")
    #expect(registry.models["OwnOnly"]?.dialect == .codable)
    let run = try EngineProbe.run(registry, json, model: "OwnOnly")
    #expect(run.isValid == (said == nil), "castctl \(run.findings), JSONDecoder \(said ?? "ok")")
    #expect(run.decoderFirstError == said)
    if let instance = run.records.first?.instance {
      let output = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: registry)).encode(instance))
      #expect(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary == written, "castctl \(output)")
    }
  }

  @Test("a CodingKey no snake_case key reaches is missing under its own name, at its own path")
  func unreachableCodingKey() throws {
    var options = RegistryOptions()
    options.keyDecoding = .convertFromSnakeCase
    let schema = "struct U: Codable {\n  let flags: Int\n  enum CodingKeys: String, CodingKey { case flags = \"flags_key\" }\n}\n"
    let (registry, _) = SchemaLoader.load([SourceFile(path: "u.cast", text: schema)], options: options)
    let run = try EngineProbe.run(registry, #"{"flags_key": 1}"#, model: "U", build: false)
    let missing = try #require(run.records.first?.findings.first { $0.code == FindingCode.missingRequired.rawValue })
    #expect(missing.path == "/flags_key" && missing.message.hasPrefix(#"missing required key "flags_key""#))
    #expect(run.records.first?.findings.first { $0.code == FindingCode.decodingError.rawValue }?.decoderView?.codingPath == "/flags_key")
  }

  @Test("a key read by canonical equivalence is the CodingKey's spelling in the decoder's path, byte for byte")
  func canonicalKeyPath() throws {
    struct Uni: Decodable { var café: Int? }
    let json = #"{"cafe\#u{301}": "x"}"#
    let thrown = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Uni.self, from: Data(json.utf8)) }
    guard case .typeMismatch(_, let context) = thrown else { Issue.record("\(thrown)"); return }
    let expected = "/" + (context.codingPath.last?.stringValue ?? "")
    let registry = EngineProbe.registry("struct Uni: Codable {\n  var caf\u{E9}: Int?\n}\n", path: "u.swift")
    let run = try EngineProbe.run(registry, json, model: "Uni", build: false)
    let note = run.records.first?.findings.first { $0.code == FindingCode.decodingError.rawValue }
    #expect(Array(note?.decoderView?.codingPath.utf8 ?? "".utf8) == Array(expected.utf8))
  }

  /// `--strict` makes errors of what JSONDecoder passes over; no note says it throws for them.
  @Test(
    "no decoding-error note for a repeated element, a repeated key or an unknown key",
    arguments: [#"{"values": [1, 1.0]}"#, #"{"values": [], "values": [2]}"#, #"{"values": [], "extra": 1}"#])
  func noNoteForWhatJSONDecoderTakes(json: String) throws {
    struct S: Decodable { var values: Set<Double> }
    // The real decoder takes each of them.
    _ = try JSONDecoder().decode(S.self, from: Data(json.utf8))
    let registry = EngineProbe.registry("struct S: Codable {\n  var values: Set<Double>\n}\n", path: "s.swift")
    let run = try EngineProbe.run(
      registry, json, model: "S", options: ValidationOptions(strict: true, unknownKeys: .error), build: false)
    #expect(!run.isValid)
    #expect(!run.records.flatMap(\.findings).contains { $0.code == FindingCode.decodingError.rawValue }, "\(run.findings)")
  }

  /// A `DecodingError` in the form of castctl's `decoding-error` notes.
  static func describe(_ error: Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .typeMismatch(let type, let context):
      return "typeMismatch(\(type), codingPath: \(path(context.codingPath)))"
    case .valueNotFound(let type, let context):
      return "valueNotFound(\(type), codingPath: \(path(context.codingPath)))"
    case .keyNotFound(let key, let context):
      return "keyNotFound(\"\(key.stringValue)\", codingPath: \(path(context.codingPath)))"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "dataCorrupted(codingPath: [], \"\(context.debugDescription)\")"
    case .dataCorrupted(let context):
      return "dataCorrupted(codingPath: \(path(context.codingPath)))"
    @unknown default:
      return "\(error)"
    }
  }

  static func path(_ keys: [CodingKey]) -> String {
    guard !keys.isEmpty else { return "[]" }
    var text = ""
    for key in keys {
      if let index = key.intValue, key.stringValue == "Index \(index)" {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + DecodingErrorNotes.quotedIfAmbiguous(key.stringValue)
      }
    }
    return text
  }
}
