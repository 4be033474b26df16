import Foundation
import Testing

/// The Codable example (`schemas/codable-user.swift`) through check, schema, validate and the REPL.
@Suite("Codable models end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct CodableCommandTests {
  @Test("check reads the Codable example with no errors or warnings")
  func check() throws {
    let output = try CastctlProcess.run(["check", "codable-user.swift"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("2 models, 1 enum; no errors, no warnings"), "\(output.stdout)")
  }

  @Test("schema shows the CodingKeys keys, the undecoded property, and no CodingKeys enum")
  func schema() throws {
    let output = try CastctlProcess.run(["schema", "codable-user.swift"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("\"display_name\""))
    #expect(output.stdout.contains("\"home_page\""))
    #expect(output.stdout.contains("isSelected   Bool      —               ignored"), "\(output.stdout)")
    #expect(!output.stdout.contains("CodingKeys"))
  }

  @Test("validate accepts the example data and reports what JSONDecoder rejects")
  func validate() throws {
    let good = try CastctlProcess.run(["validate", "codable-user.swift", "codable-user.json"])
    #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
    // JSONDecoder: keyNotFound "display_name".
    let bad = try CastctlProcess.run(
      ["validate", "codable-user.swift", "-"],
      stdin: #"{"id": 1, "role": "admin", "contact": {"email": "a@b"}, "tags": []}"#)
    #expect(bad.status == 1)
    #expect(bad.stdout.contains("missing required key \"display_name\""), "\(bad.stdout)")
  }

  /// A hand-written `init(from:)` may read any JSON (a single-value container reads a string):
  /// the model's values pass unchecked, whatever they are; the keys around them are still read.
  @Test(
    "a model with its own init(from:) takes any value, unchecked",
    arguments: [
      (#"{"token": "abc", "n": 1}"#, Int32(0)), (#"{"token": {"raw": "abc"}, "n": 1}"#, Int32(0)), (#"{"token": [1, null], "n": 1}"#, Int32(0)),
      (#"{"n": 1}"#, Int32(1)), (#"{"token": "abc"}"#, Int32(1)),
    ])
  func customDecoding(_ document: String, _ status: Int32) throws {
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    try folder.write(
      "token.swift",
      """
      struct Token: Codable {
        let raw: String
        init(from decoder: Decoder) throws { raw = try decoder.singleValueContainer().decode(String.self) }
        func encode(to encoder: Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(raw) }
      }
      struct Holder: Codable {
        let token: Token
        let n: Int
      }

      """)
    let run = try CastctlProcess.run(["validate", "token.swift", "-", "--model", "Holder"], in: folder.url, stdin: document)
    #expect(run.status == status, "\(run.stdout)\(run.stderr)")
    #expect(try CastctlProcess.run(["validate", "token.swift", "-", "--model", "Token"], in: folder.url, stdin: #""abc""#).status == 0)
  }

  struct Keyed: Codable {
    let id: UUID
  }

  /// `UUID(uuidString:)` takes more than the 8-4-4-4-12 form (a group led by a space, a sign or
  /// `0x`) and writes what it read as its own: castctl's verdict and output are JSONDecoder's and
  /// JSONEncoder's, run here on each string.
  @Test(
    "a UUID is what JSONDecoder reads as one, written as JSONEncoder writes it",
    arguments: [
      "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "-621e1f8-c36c-495a-93fc-0c247a3e6e5f", " e621e1f-c36c-495a-93fc-0c247a3e6e5f",
      "e621e1f8-+36c-495a-93fc-0c247a3e6e5f", "0x21e1f8-c36c-495a-93fc-0c247a3e6e5f", "e621e1f8c36c495a93fc0c247a3e6e5f",
      "e621e1f8-c36c-495a-93fc-0c247a3e6e5", "g621e1f8-c36c-495a-93fc-0c247a3e6e5f", "",
    ])
  func uuidAsFoundationReadsIt(_ text: String) throws {
    let document = #"{"id": "\#(text)"}"#
    let real = (try? JSONDecoder().decode(Keyed.self, from: Data(document.utf8))).flatMap { try? JSONEncoder().encode($0) }
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    try folder.write("keyed.swift", "struct Keyed: Codable {\n  let id: UUID\n}\n")
    let run = try CastctlProcess.run(["convert", "keyed.swift", "-", "--compact"], in: folder.url, stdin: document)
    #expect((run.status == 0) == (real != nil), "\(run.stdout)\(run.stderr)")
    if let real { #expect(run.stdout == String(decoding: real, as: UTF8.self) + "\n") }
  }

  @Test("the REPL's :load reads the example")
  func replLoad() throws {
    let output = try CastctlProcess.run(["repl"], stdin: ":load codable-user.swift\n:models\n")
    #expect(output.stdout.contains("loaded 1 file: 2 models, 1 enum; using User"), "\(output.stdout)\(output.stderr)")
    #expect(!output.stdout.contains("CodingKeys"))
  }

  @Test("the REPL's :models lists generic models once, by their parameters, as check counts them")
  func replGenericModels() throws {
    let output = try CastctlProcess.run(["repl"], stdin: ":load codable-page.swift\n:models\n")
    #expect(output.stdout.contains("loaded 1 file: 3 models, no enums"), "\(output.stdout)\(output.stderr)")
    let rows = output.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).first ?? "" }
    #expect(rows.contains("Page<T>") && rows.contains("Response<Payload>"), "\(output.stdout)")
    #expect(output.stdout.contains("generic struct"), "\(output.stdout)")
  }

  /// JSONDecoder with `.convertFromSnakeCase`: `{"id": 1, "display_name": "a"}` decodes; a
  /// snake_case CodingKey (`"flags_key"`) is never reached, so the value is always missing.
  @Test("--key-decoding convert-from-snake-case reads keys as JSONDecoder does")
  func snakeCaseDecoding() throws {
    let schema = try CastctlProcess.temporaryFile(
      "snake.swift",
      "struct S: Codable {\n  var id: Int\n  var displayName: String\n  var flags: Bool?\n"
        + "  enum CodingKeys: String, CodingKey { case id, displayName, flags = \"flags_key\" }\n}\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let good = try CastctlProcess.run(
      ["validate", "--key-decoding", "convert-from-snake-case", schema, "-"], stdin: #"{"id": 1, "display_name": "a"}"#)
    #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
    #expect(good.stderr.contains("codable-snake-case-unreachable"), "\(good.stderr)")
    let converted = try CastctlProcess.run(
      ["convert", "--key-decoding", "convertFromSnakeCase", schema, "-"],
      stdin: #"{"id": 1, "display_name": "a", "flags_key": true}"#)
    #expect(!converted.stdout.contains("true"), "\(converted.stdout)")
  }

  /// A schema of `Codable` models reads a `--type` expression as `JSONDecoder` would decode it:
  /// no coercion, no dropped element, a `[Color: Int]` as alternating keys and values.
  @Test(
    "--type over a schema of Codable models follows the codable dialect",
    arguments: [
      (["[Int]"], #"["1", 2]"#, Int32(1), "type-mismatch"),
      (["[S]"], #"[{"id": 1}, {"id": "2"}]"#, 1, "type-mismatch"),
      (["[Color: Int]"], #"{"red": 1}"#, 1, "type-mismatch"),
      (["[Color: Int]"], #"["red", 1, "green", 2]"#, 0, "no errors"),
      (["[Double: Int]"], "[1.5, 1]", 0, "no errors"),
      (["[H: Int]"], #"[{"id": 1}, 2]"#, 0, "no errors"),
    ])
  func typeOverCodableSchema(type: [String], json: String, status: Int32, says: String) throws {
    let schema = try CastctlProcess.temporaryFile(
      "typed.swift", "enum Color: String, Codable { case red, green }\nstruct S: Codable {\n  var id: Int\n}\nstruct H: Codable, Hashable {\n  var id: Int\n}\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let output = try CastctlProcess.run(["validate", "--type"] + type + [schema, "-"], stdin: json)
    #expect(output.status == status, "\(output.stdout)\(output.stderr)")
    #expect((output.stdout + output.stderr).contains(says), "\(output.stdout)\(output.stderr)")
  }

  /// A schema of `Codable` enums and no models: its `--type` expressions are read as the codable
  /// dialect reads them too.
  @Test(
    "--type over a schema of Codable enums alone follows the codable dialect",
    arguments: [
      ("[Color]", #"["red", "blue"]"#, Int32(1), "unknown-enum-value"),
      ("[Color: Int]", #"{"red": 1}"#, 1, "type-mismatch"),
      ("[Color: Int]", #"["red", 1]"#, 0, "no errors"),
      ("[Int]", #"["1"]"#, 1, "type-mismatch"),
      // The decoder's first error is named, as for a schema with models.
      ("[Color]", #"["red", "blue"]"#, 1, "JSONDecoder throws this error first: dataCorrupted(codingPath: [1])"),
      ("[Int]", #"["1"]"#, 1, "JSONDecoder throws this error first: typeMismatch(Int, codingPath: [0])"),
    ])
  func typeOverCodableEnums(type: String, json: String, status: Int32, says: String) throws {
    let schema = try CastctlProcess.temporaryFile("colors.swift", "enum Color: String, Codable { case red, green }\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let output = try CastctlProcess.run(["validate", "--type", type, schema, "-"], stdin: json)
    #expect(output.status == status, "\(output.stdout)\(output.stderr)")
    #expect((output.stdout + output.stderr).contains(says), "\(output.stdout)\(output.stderr)")
  }

  @Test("convert writes a dictionary keyed by an enum as JSONEncoder does: keys and values in turn")
  func pairsConvert() throws {
    let schema = try CastctlProcess.temporaryFile(
      "pairs.swift", "enum Color: String, Codable { case red, green }\nstruct P: Codable {\n  var counts: [Color: Int]\n}\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    // NB: an NDJSON record is transcribed as it is read, a JSON document built and encoded.
    for name in ["counts.ndjson", "counts.json"] {
      let data = try CastctlProcess.temporaryFile(name, #"{"counts": ["red", 1.0, "green", 2, "red", 3]}"# + "\n")
      defer { CastctlProcess.removeTemporaryFile(data) }
      let output = try CastctlProcess.run(["convert", "--compact", schema, data])
      #expect(output.status == 0, "\(output.stderr)")
      #expect(output.stdout == #"{"counts":["red",3,"green",2]}"# + "\n", "\(name): \(output.stdout)")
    }
  }

  struct GridPoint: Codable, Hashable { var x: Int; var y: Int? }
  struct Grid: Codable { var cells: [GridPoint: String] }

  /// A dictionary keyed by a model is key-value pairs whose keys are the model's objects; one
  /// entry (after a repeated key collapses), so that JSONEncoder's hash order does not matter.
  @Test("convert writes a dictionary keyed by a model as JSONEncoder does", arguments: ["ndjson", "json"])
  func modelKeysConvert(_ ext: String) throws {
    let json = #"{"cells": [{"y": null, "x": 1}, "a", {"x": 1}, "b"]}"#
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let expected = try encoder.encode(JSONDecoder().decode(Grid.self, from: Data(json.utf8)))
    let schema = try CastctlProcess.temporaryFile(
      "grid.swift", "struct GridPoint: Codable, Hashable { var x: Int; var y: Int? }\nstruct Grid: Codable { var cells: [GridPoint: String] }\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let data = try CastctlProcess.temporaryFile("grid.\(ext)", json + "\n")
    defer { CastctlProcess.removeTemporaryFile(data) }
    let output = try CastctlProcess.run(["convert", "--compact", "--sorted-keys", "--without-escaping-slashes", schema, data, "--model", "Grid"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == String(decoding: expected, as: UTF8.self) + "\n", "\(output.stdout)")
  }

  enum StrategyShade: String, Codable, CodingKeyRepresentable { case darkRed, plain }
  struct StrategyModel: Codable { var d: [StrategyShade: Int]; var i: [Int: Int]?; var s: [String: Int]? }

  /// The key strategies reach `Int` and `CodingKeyRepresentable` dictionary keys, whether a
  /// record is written as it is read (NDJSON) or built (JSON).
  @Test("convert under both key strategies writes dictionary keys as JSONEncoder does", arguments: ["ndjson", "json"])
  func keyStrategiesOnDictionaryKeys(_ ext: String) throws {
    let records = [
      #"{"d": {"darkRed": 1}}"#, #"{"d": {"dark_red": 2}, "s": {"a_b": 1, "cD": 2}}"#, #"{"d": {"plain": 3}, "i": {"1_2": 4, "5": 6}}"#,
    ]
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.sortedKeys]
    let expected = try records.map { String(decoding: try encoder.encode(decoder.decode(StrategyModel.self, from: Data($0.utf8))), as: UTF8.self) }
    let schema = try CastctlProcess.temporaryFile(
      "strategies.swift", "enum StrategyShade: String, Codable, CodingKeyRepresentable { case darkRed, plain }\n"
        + "struct StrategyModel: Codable { var d: [StrategyShade: Int]; var i: [Int: Int]?; var s: [String: Int]? }\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let text = ext == "ndjson" ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ", ") + "]"
    let data = try CastctlProcess.temporaryFile("strategies.\(ext)", text)
    defer { CastctlProcess.removeTemporaryFile(data) }
    let output = try CastctlProcess.run([
      "convert", "--compact", "--sorted-keys", "--key-decoding", "convert-from-snake-case", "--key-encoding",
      "convert-to-snake-case", schema, data,
    ])
    #expect(output.status == 0, "\(output.stderr)")
    let written = ext == "ndjson" ? expected.joined(separator: "\n") + "\n" : "[" + expected.joined(separator: ",") + "]\n"
    #expect(output.stdout == written, "\(output.stdout)")
  }

  struct Blob: Codable { var d: Data; var list: [Data] }

  /// `Data` is written as `base64EncodedString()` writes its bytes, whatever base64 Foundation
  /// read: a record written as it is read (NDJSON) and a built one (JSON) alike.
  @Test("convert writes Data as JSONEncoder does, in canonical base64", arguments: ["ndjson", "json"])
  func dataConvert(_ ext: String) throws {
    let records = [#"{"d": "YW==", "list": ["aGVsbG8==", "aGk="]}"#, #"{"d": "YQ==", "list": []}"#, #"{"d": "aGl=", "list": ["YQ==="]}"#]
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let expected = try records.map { String(decoding: try encoder.encode(JSONDecoder().decode(Blob.self, from: Data($0.utf8))), as: UTF8.self) }
    let schema = try CastctlProcess.temporaryFile("blob.swift", "struct Blob: Codable { var d: Data; var list: [Data] }\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let text = ext == "ndjson" ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ", ") + "]"
    let data = try CastctlProcess.temporaryFile("blob.\(ext)", text)
    defer { CastctlProcess.removeTemporaryFile(data) }
    let output = try CastctlProcess.run(["convert", "--compact", "--sorted-keys", schema, data])
    #expect(output.status == 0, "\(output.stderr)")
    let written = ext == "ndjson" ? expected.joined(separator: "\n") + "\n" : "[" + expected.joined(separator: ",") + "]\n"
    #expect(output.stdout == written, "\(output.stdout)")
  }

  struct Box<T: Codable>: Codable { var value: T; var other: Int? }

  /// `var value: T` of `Box<Int?>` is coded with `decode` and `encode`: its key is required and
  /// its nil written as `null`, by the writer of clean records (NDJSON) and the encoder (JSON).
  @Test("convert writes a generic parameter filled with an optional as JSONEncoder does", arguments: ["ndjson", "json"])
  func optionalParameterConvert(_ ext: String) throws {
    let records = [#"{"value": null, "other": null}"#, #"{"value": 1}"#, #"{"other": 2, "value": null}"#]
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let expected = try records.map {
      String(decoding: try encoder.encode(JSONDecoder().decode(Box<Int?>.self, from: Data($0.utf8))), as: UTF8.self)
    }
    let schema = try CastctlProcess.temporaryFile("box.swift", "struct Box<T: Codable>: Codable { var value: T; var other: Int? }\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let text = ext == "ndjson" ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ", ") + "]"
    let data = try CastctlProcess.temporaryFile("box.\(ext)", text)
    defer { CastctlProcess.removeTemporaryFile(data) }
    let output = try CastctlProcess.run(["convert", "--compact", "--sorted-keys", schema, data, "--model", "Box<Int?>"])
    #expect(output.status == 0, "\(output.stderr)")
    let written = ext == "ndjson" ? expected.joined(separator: "\n") + "\n" : "[" + expected.joined(separator: ",") + "]\n"
    #expect(output.stdout == written, "\(output.stdout)")
    let missing = try CastctlProcess.run(["validate", schema, "-", "--model", "Box<Int?>"], stdin: #"{"other": 1}"#)
    #expect(missing.status == 1)
    #expect(missing.stdout.contains(#"keyNotFound("value""#), "\(missing.stdout)")
  }

  enum PlistColor: String, Codable { case red, green }
  struct PlistModel: Codable {
    var a: [Int?]
    var d: [PlistColor: Int?]
    var m: [String: Int?]
    var o: Int?
  }

  /// A nil in an array, or a pairs dictionary's nil value, is `$null` in PropertyListEncoder's
  /// output; left out, the pairs would be misaligned.
  @Test("convert --to plist writes a Codable model's nil elements as PropertyListEncoder does")
  func propertyListNils() throws {
    let json = #"{"a": [1, null, 2], "d": ["red", null], "m": {"k": null}, "o": null}"#
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    let expected = try encoder.encode(JSONDecoder().decode(PlistModel.self, from: Data(json.utf8)))
    let schema = try CastctlProcess.temporaryFile(
      "plist.swift",
      "enum PlistColor: String, Codable { case red, green }\nstruct PlistModel: Codable {\n  var a: [Int?]\n  var d: [PlistColor: Int?]\n"
        + "  var m: [String: Int?]\n  var o: Int?\n}\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let output = try CastctlProcess.run(["convert", "--to", "plist", schema, "-"], stdin: json)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == String(decoding: expected, as: UTF8.self))
  }

  enum TypedLevel: Int, Codable { case one = 1 }
  enum TypedRatio: Double, Codable { case half = 0.5 }
  enum TypedShape: Codable { case dot(at: Date, size: Float), none }
  struct TypedInner: Codable { var when: Date?; var blob: Data }
  struct Typed: Codable {
    var dt: Date
    var data: Data
    var u: URL
    var dec: Decimal
    var f: Float
    var d: Double
    var z: Double
    var cg: Double
    var i: Int
    var u64: UInt64
    var id: UUID
    var level: TypedLevel
    var ratio: TypedRatio
    var shape: TypedShape
    var inner: TypedInner
    var days: [Date]
    var byName: [String: Double]
    var maybe: [Data?]
    var nothing: Float?
    let fixed = 2.0
  }

  static let typedSchema = """
    enum TypedLevel: Int, Codable { case one = 1 }
    enum TypedRatio: Double, Codable { case half = 0.5 }
    enum TypedShape: Codable { case dot(at: Date, size: Float), none }
    struct TypedInner: Codable { var when: Date?; var blob: Data }
    struct Typed: Codable {
      var dt: Date
      var data: Data
      var u: URL
      var dec: Decimal
      var f: Float
      var d: Double
      var z: Double
      var cg: Double
      var i: Int
      var u64: UInt64
      var id: UUID
      var level: TypedLevel
      var ratio: TypedRatio
      var shape: TypedShape
      var inner: TypedInner
      var days: [Date]
      var byName: [String: Double]
      var maybe: [Data?]
      var nothing: Float?
      let fixed = 2.0
    }

    """

  static let typedRecords = [
    #"{"dt": 12.5, "data": "aGk=", "u": "http://a/b c", "dec": 1.1, "f": 0.1, "d": 100, "z": -0.0, "cg": 1e16, "i": -5, "u64": 18446744073709551615, "id": "c7010203-0405-0607-0809-0a0b0c0d0e48", "level": 1, "ratio": 0.5, "shape": {"dot": {"at": -0.5, "size": 3.4028235e38}}, "inner": {"when": 1e12, "blob": ""}, "days": [0, -1e11, 12.9999], "byName": {"b": 1, "a": 2.5e-7}, "maybe": [null, "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5fYGFiYw=="]}"#,
    #"{"dt": -978307200, "data": "", "u": "x", "dec": -12345678901234567890.5, "f": 16777217, "d": 0.1, "z": 5e-324, "cg": 1e15, "i": 0, "u64": 0, "id": "C7010203-0405-0607-0809-0A0B0C0D0E48", "level": 1, "ratio": 0.5, "shape": {"none": {}}, "inner": {"blob": "YW=="}, "days": [], "byName": {}, "maybe": [], "nothing": 1.5}"#,
  ]

  /// A Codable model's `Date`, `Data`, floating-point, `URL` and `Decimal` values are written
  /// typed, as `PropertyListEncoder` writes them: the XML byte for byte, and a binary property
  /// list that `PropertyListDecoder` reads back into the same value.
  @Test("convert --to plist writes a Codable model's values as PropertyListEncoder does", arguments: typedRecords)
  func typedPropertyList(json: String) throws {
    let value = try JSONDecoder().decode(Typed.self, from: Data(json.utf8))
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    let expected = String(decoding: try encoder.encode(value), as: UTF8.self)
    let schema = try CastctlProcess.temporaryFile("typed.swift", Self.typedSchema)
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let xml = try CastctlProcess.run(["convert", "--to", "plist", schema, "-", "--model", "Typed"], stdin: json)
    #expect(xml.status == 0, "\(xml.stderr)")
    #expect(xml.stdout == expected)
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("typed-\(UUID().uuidString).plist")
    defer { try? FileManager.default.removeItem(at: out) }
    let binary = try CastctlProcess.run(["convert", "--to", "plist", "--binary", schema, "-", "--model", "Typed", "-o", out.path], stdin: json)
    #expect(binary.status == 0, "\(binary.stderr)")
    let read = try PropertyListDecoder().decode(Typed.self, from: Data(contentsOf: out))
    let json = JSONEncoder()
    json.outputFormatting = [.sortedKeys]
    #expect(String(decoding: try json.encode(read), as: UTF8.self) == String(decoding: try json.encode(value), as: UTF8.self))
  }

  struct EqualValues: Codable {
    var a: String
    var b: String
    var x: Double
    var y: Double
  }

  /// `PropertyListEncoder` writes one object for values that are `==` in Swift, so it writes an
  /// NFD string as an earlier NFC one and `0.0` as an earlier `-0.0`; castctl writes each value
  /// as it is, in this dialect too (docs/decisions.md), so `PropertyListDecoder` reads back
  /// exactly what `JSONDecoder` read.
  @Test("a Codable model's binary property list keeps an NFD string and 0.0 apart from their NFC and -0.0 twins")
  func binaryPropertyListKeepsEqualValuesApart() throws {
    let json = #"{"a": "\u00e9", "b": "e\u0301", "x": -0.0, "y": 0.0}"#
    let value = try JSONDecoder().decode(EqualValues.self, from: Data(json.utf8))
    let schema = try CastctlProcess.temporaryFile("equal.swift", "struct EqualValues: Codable {\n  var a: String\n  var b: String\n  var x: Double\n  var y: Double\n}\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("equal-\(UUID().uuidString).plist")
    defer { try? FileManager.default.removeItem(at: out) }
    let binary = try CastctlProcess.run(["convert", "--to", "plist", "--binary", schema, "-", "-o", out.path], stdin: json)
    #expect(binary.status == 0, "\(binary.stderr)")
    let read = try PropertyListDecoder().decode(EqualValues.self, from: Data(contentsOf: out))
    #expect([read.a, read.b].map { Array($0.unicodeScalars) } == [value.a, value.b].map { Array($0.unicodeScalars) })
    #expect([read.x, read.y].map(\.bitPattern) == [value.x, value.y].map(\.bitPattern))
  }

  /// An integer key in another spelling is written as its number, as the decoded dictionary
  /// holds it, whether a record is transcribed as it is read (NDJSON) or built.
  @Test("convert writes an integer dictionary key as its number from NDJSON and JSON alike", arguments: ["ndjson", "json"])
  func integerKeysConvert(_ ext: String) throws {
    let schema = try CastctlProcess.temporaryFile(
      "ikeys.swift", "enum Level: Int, Codable, CodingKeyRepresentable { case low = 1, high }\n"
        + "struct K: Codable {\n  var d: [Int: String]\n  var e: [Level: Int]\n}\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let data = try CastctlProcess.temporaryFile("ikeys.\(ext)", #"{"d": {"01": "a", "+2": "b"}, "e": {"02": 5}}"# + "\n")
    defer { CastctlProcess.removeTemporaryFile(data) }
    let output = try CastctlProcess.run(["convert", "--compact", schema, data])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == #"{"d":{"1":"a","2":"b"},"e":{"2":5}}"# + "\n", "\(output.stdout)")
  }
}
