import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// The `codable` dialect against the real `JSONDecoder`: the same model declared here (compiled)
/// and as castctl text, every document decoded by both; the verdicts must agree, and castctl's
/// note on the error the decoder throws first must name the decoder's `DecodingError`.
@Suite struct CodableDecoderTests {
  struct Item: Codable { let id: Int; let name: String }
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
  }

  static let schema = """
    struct Item: Codable { let id: Int; let name: String }
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
    }
    """

  /// A valid document with one member replaced (`nil`: removed).
  static func document(_ key: String, _ value: String?) -> String {
    var members: [(String, String)] = [
      ("i", "1"), ("s8", "1"), ("u", "1"), ("f", "1"), ("d", "1"), ("b", "true"), ("s", "\"a\""), ("dec", "1.5"),
      ("tags", "[]"), ("set", "[1]"), ("dict", "{}"), ("idict", "{}"), ("items", "[]"), ("def", "\"y\""),
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
  ]
  /// Rule 2: null and absent keys.
  static let nulls: [(String, String?)] = [
    ("i", "null"), ("i", nil), ("def", nil), ("o", "null"), ("o", nil), ("w", "null"), ("o", "\"x\""),
    ("tags", "null"), ("items", "null"),
  ]
  /// Rule 3: collections.
  static let collections: [(String, String)] = [
    ("tags", #"["a", 2]"#), ("tags", #"["a", null]"#), ("tags", "{}"), ("set", "[1, 1]"), ("set", #"[1, "x"]"#),
    ("dict", #"{"a": "x"}"#), ("dict", #"{"a": null}"#), ("dict", #"{"a": 1, "a": "x"}"#), ("dict", "[]"),
    ("idict", #"{"1": "a"}"#), ("idict", #"{"01": "a"}"#), ("idict", #"{" 1": "a"}"#), ("idict", #"{"1.0": "a"}"#),
    ("idict", #"{"+1": "a"}"#), ("idict", #"{"-1": "a"}"#), ("idict", #"{"x": "a"}"#),
    ("items", #"[{"id": 1, "name": "a"}, {"id": 2}]"#), ("items", #"[{"id": 1, "name": "a"}, null]"#),
    ("items", #"[{"id": "1", "name": 2}]"#), ("i", "2"),
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
      let first = run.records.flatMap(\.findings).first { $0.message.hasPrefix("JSONDecoder throws this error first: ") }
      #expect(first?.message.dropFirst("JSONDecoder throws this error first: ".count).description == decoder)
    }
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
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }
}
