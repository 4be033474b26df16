import Foundation
import Testing

/// A `.swift` file as apps write them, against `JSONDecoder` and `JSONEncoder([.sortedKeys])` on
/// this machine: `@Observable` classes (whose stored properties are `_name`, with a registrar
/// encoded as `{}`), an API client class and a closure typealias beside the models, a property
/// `CodingKeys` leave out, a hand-written `encode(to:)` alone (which writes what the synthesized
/// one would), `CodingKeys` with their own `stringValue`, defaults whose type Swift infers from an
/// expression (`Status.active`, `60 * 60`, `Double.pi`). castctl must accept exactly the documents the compiled program decodes,
/// and convert them to what it encodes.
@Suite("Real .swift files, checked with JSONDecoder and JSONEncoder")
struct RealSwiftFileOracleTests {
  static let models = """
    import Foundation
    import Observation

    @Observable
    final class ViewModel: Codable {
      var title: String = ""
      let fixed: Int = 3
      var count: Int = 0
      @ObservationIgnored var skip: Int = 1
    }
    @Observable
    final class Keyed: Codable {
      var title: String = ""
      var tags: [String] = []
      enum CodingKeys: String, CodingKey { case _title = "title", _tags = "tags" }
    }
    struct Row: Codable {
      var name: String
      var onTap: (() -> Void)? = nil
      enum CodingKeys: String, CodingKey { case name }
    }
    struct Tagged: Codable {
      let v: Int
    }
    extension Tagged {
      func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(v, forKey: .v)
      }
    }
    struct Renamed: Codable {
      let alpha: Int
      let beta: Int
      let gamma: Int?
      enum CodingKeys: CodingKey {
        case alpha, beta, gamma
        var stringValue: String {
          switch self { case .alpha: return "ALPHA"; case .beta: return "b"; case .gamma: return "g" }
        }
      }
    }
    struct Fallback: Codable {
      let one: Int
      let two: Int
      enum CodingKeys: String, CodingKey {
        case one = "raw-one", two
        var stringValue: String {
          get {
            switch self {
            case .one: "first"
            default: "other"
            }
          }
        }
      }
    }
    enum Status: String, Codable { case active, inactive }
    struct Inferred: Codable {
      var status = Status.active
      var timeout = 60 * 60
      var ratio = Double.pi
      var scale = Double(3)
      var limit = Int.max
      var path = "a" + "/b"
      var on = true && !false
      var tags = [Status.active]
      var paren = (1)
      let fixed = Status.inactive
    }
    struct Operators: Codable {
      var shift = 1 << 3
      var mask = 1 & 3
      var flipped = ~0
      var negative = -Double.pi
      var lowest = -Int.max
      var not = !true
      var compared = 1 <= 2 && 3 != 4
      var equal = 1 == 1
    }
    typealias Completion = (Result<Row, Error>) -> Void
    final class APIClient {
      private let decoder = JSONDecoder()
      var onError: ((Error) -> Void)?
      func rows(_ data: Foundation.Data) throws -> [Row] { try decoder.decode([Row].self, from: data) }
    }
    """

  /// (model, document): each is decoded by both, and what decodes is encoded by both.
  static let cases: [(String, String)] = [
    ("ViewModel", #"{"_title": "t", "_count": 1, "skip": 2}"#),
    ("ViewModel", #"{"_title": "t", "_count": 1}"#),
    ("ViewModel", #"{"title": "t", "count": 1, "skip": 2}"#),
    ("ViewModel", #"{"_title": "t", "_count": 1, "skip": 2, "_$observationRegistrar": 5, "fixed": 9}"#),
    ("ViewModel", #"{"_title": 1, "_count": 1, "skip": 2}"#),
    ("Keyed", #"{"title": "x", "tags": ["a"]}"#),
    ("Keyed", #"{"_title": "x", "_tags": []}"#),
    ("Row", #"{"name": "n"}"#),
    ("Row", #"{"name": "n", "onTap": 1}"#),
    ("Row", #"{}"#),
    // CodingKeys with their own stringValue: its keys, not the case names or raw values.
    ("Renamed", #"{"alpha": 1, "beta": 2}"#),
    ("Renamed", #"{"ALPHA": 1, "b": 2}"#),
    ("Renamed", #"{"ALPHA": 1}"#),
    ("Renamed", #"{"ALPHA": 1, "b": 2, "g": 3, "gamma": "x"}"#),
    ("Fallback", #"{"first": 1, "other": 2}"#),
    ("Fallback", #"{"raw-one": 1, "two": 2}"#),
    // Defaults castctl does not evaluate whole still give the property its type, as Swift infers it.
    ("Inferred", #"{"status": "inactive", "timeout": 5, "ratio": 0.5, "scale": 2, "limit": 7, "path": "p", "on": true, "tags": [], "paren": 3}"#),
    ("Inferred", #"{"status": "inactive", "timeout": 5.5, "ratio": 0.5, "scale": 2, "limit": 7, "path": "p", "on": true, "tags": [], "paren": 3}"#),
    ("Inferred", #"{"status": "inactive", "timeout": 5, "ratio": "x", "scale": 2, "limit": 7, "path": "p", "on": true, "tags": [], "paren": 3}"#),
    ("Inferred", #"{"status": "inactive", "timeout": 5, "ratio": 0.5, "scale": 2, "limit": 7, "path": 1, "on": true, "tags": [], "paren": 3}"#),
    ("Inferred", #"{"status": "inactive", "timeout": 5, "ratio": 0.5, "scale": 2, "limit": 7, "path": "p", "on": 1, "tags": [], "paren": 3}"#),
    ("Inferred", #"{"status": "inactive", "timeout": 5, "ratio": 0.5, "scale": 2, "limit": 7, "path": "p", "on": true, "tags": ["x"], "paren": 3}"#),
    ("Inferred", #"{"status": "inactive", "timeout": 5, "ratio": 0.5, "scale": 2, "limit": 7, "path": "p", "on": true, "tags": []}"#),
    ("Inferred", #"{"status": "gone", "timeout": 5, "ratio": 0.5, "scale": 2, "limit": 7, "path": "p", "on": true, "tags": [], "paren": 3}"#),
    ("Operators", #"{"shift": 8, "mask": 1, "flipped": -1, "negative": -3.5, "lowest": 2, "not": false, "compared": true, "equal": true}"#),
    ("Operators", #"{"shift": true, "mask": 1, "flipped": -1, "negative": -3.5, "lowest": 2, "not": false, "compared": true, "equal": true}"#),
    ("Operators", #"{"shift": 8, "mask": 1.5, "flipped": -1, "negative": -3.5, "lowest": 2, "not": false, "compared": true, "equal": true}"#),
    ("Operators", #"{"shift": 8, "mask": 1, "flipped": -1, "negative": "x", "lowest": 2, "not": false, "compared": true, "equal": true}"#),
    ("Operators", #"{"shift": 8, "mask": 1, "flipped": -1, "negative": -3.5, "lowest": 2, "not": 0, "compared": true, "equal": true}"#),
    ("Operators", #"{"shift": 8, "mask": 1, "flipped": -1, "negative": -3.5, "lowest": 2, "not": false, "compared": 1, "equal": true}"#),
    // A hand-written encode(to:) alone: the synthesized init(from:) decodes.
    ("Tagged", #"{"v": 1}"#),
    ("Tagged", #"{"v": "x"}"#),
    ("Tagged", #"{}"#),
  ]

  /// A program that decodes the cases' documents (one per line of standard input, after the
  /// model's name and a tab) and prints what it encodes them as, or `error`.
  static var program: String {
    let roots = Set(cases.map(\.0)).sorted()
    let branches = roots.map { "  case \"\($0)\": return try encoder.encode(JSONDecoder().decode(\($0).self, from: document))" }
    return models + """

      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      func recode(_ model: String, _ document: Foundation.Data) throws -> Foundation.Data {
        switch model {
      \(branches.joined(separator: "\n"))
        default: fatalError(model)
        }
      }
      while let line = readLine() {
        let parts = line.split(separator: "\\t", maxSplits: 1).map(String.init)
        do {
          print(String(decoding: try recode(parts[0], Foundation.Data(parts[1].utf8)), as: UTF8.self))
        } catch {
          print("error")
        }
      }

      """
  }

  @Test(
    "castctl accepts exactly what JSONDecoder decodes and writes what JSONEncoder writes",
    .enabled(if: Oracle.swiftc != nil, "swiftc is not on PATH"))
  func agreesWithFoundation() throws {
    let swiftc = try #require(Oracle.swiftc)
    let oracle = try Oracle(source: Self.program, swiftc: swiftc)
    let encoded = try oracle.lines(answering: Self.cases.map { "\($0.0)\t\($0.1)" })

    let schema = try CastctlProcess.temporaryFile("models.swift", Self.models)
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let check = try CastctlProcess.run(["check", schema])
    #expect(check.status == 0 && !(check.stdout + check.stderr).contains("error["), "\(check.stdout)\(check.stderr)")
    for ((model, document), expected) in zip(Self.cases, encoded) {
      let validated = try CastctlProcess.run(["validate", schema, "-", "--model", model], stdin: document)
      #expect(validated.status == (expected == "error" ? 1 : 0), "\(model) \(document): \(validated.stdout)\(validated.stderr)")
      guard expected != "error" else { continue }
      let converted = try CastctlProcess.run(["convert", schema, "-", "--model", model, "--compact", "--sorted-keys"], stdin: document)
      #expect(converted.stdout.trimmingCharacters(in: .newlines) == expected, "\(model) \(document): \(converted.stderr)")
    }
  }
}
