import Foundation
import Testing

/// `CodingKeys` whose own `stringValue` gives two cases one key, against `JSONDecoder` and
/// `JSONEncoder([.sortedKeys])` on this machine: both properties decode from that key (a value
/// must suit each one's type), a repeated key's first value is read, and the key is written once,
/// with the value of the last case in `CodingKeys` order that writes one (a nil
/// `encodeIfPresent` skips writes nothing). castctl must accept exactly the documents the
/// compiled program decodes, name the error it throws first, and write what it encodes.
@Suite("CodingKeys that share a key, checked with JSONDecoder and JSONEncoder")
struct SharedCodingKeyOracleTests {
  static let models = """
    import Foundation

    struct Same: Codable {
      var x: Int
      var a: Int
      var b: Int
      enum CodingKeys: CodingKey {
        case x, a, b
        var stringValue: String { switch self { case .x: "x"; case .a, .b: "k" } }
      }
    }
    struct Mixed: Codable {
      var a: Int
      var b: String
      enum CodingKeys: CodingKey {
        case a, b
        var stringValue: String { switch self { case .a: "k"; case .b: "k" } }
      }
    }
    struct Widened: Codable {
      var a: Int
      var b: Double
      var c: Int?
      enum CodingKeys: CodingKey {
        case a, b, c
        var stringValue: String { switch self { case .a, .b, .c: "k" } }
      }
    }
    struct Reordered: Codable {
      var first: Double
      var second: Float
      enum CodingKeys: CodingKey {
        case second, first
        var stringValue: String { switch self { case .first, .second: "v" } }
      }
    }
    struct WrittenLast: Codable {
      var a: Int
      let fixed = 7
      enum CodingKeys: CodingKey {
        case a, fixed
        var stringValue: String { switch self { case .a, .fixed: "k" } }
      }
    }
    struct NilLast: Codable {
      var a: Int
      let none: Int? = nil
      enum CodingKeys: CodingKey {
        case a, none
        var stringValue: String { switch self { case .a, .none: "k" } }
      }
    }
    struct WrittenFirst: Codable {
      let fixed = 7
      var a: Int
      enum CodingKeys: CodingKey {
        case fixed, a
        var stringValue: String { switch self { case .a, .fixed: "k" } }
      }
    }
    struct Inner: Codable {
      var p: Int?
      var q: Int?
    }
    struct Nested: Codable {
      var one: Inner
      var two: Inner?
      var name: String
      enum CodingKeys: CodingKey {
        case one, two, name
        var stringValue: String { switch self { case .name: "name"; default: "inner" } }
      }
    }
    """

  /// (model, document): each is decoded by both, and what decodes is encoded by both.
  static let cases: [(String, String)] = [
    ("Same", #"{"x": 1, "k": 5}"#),
    ("Same", #"{"x": 1, "k": 5, "k": 6}"#),
    ("Same", #"{"x": 1}"#),
    ("Same", #"{"x": 1, "k": "5"}"#),
    ("Same", #"{"x": 1, "k": null}"#),
    ("Mixed", #"{"k": 5}"#),
    ("Mixed", #"{"k": "s"}"#),
    ("Mixed", #"{}"#),
    ("Widened", #"{"k": 2}"#),
    ("Widened", #"{"k": 2.5}"#),
    ("Widened", #"{"k": 2.0}"#),
    // `first`, the last case, is written: a Double, where the Float `second` holds 16777216.
    ("Reordered", #"{"v": 16777217}"#),
    ("Reordered", #"{"v": 3.5}"#),
    ("Reordered", #"{"v": 1e2}"#),
    ("Reordered", #"{"v": "1"}"#),
    // A `let` with an initial value is never decoded but written: last, it is the value
    // written (a nil one, skipped, writes nothing); first, the decoded one is written over it.
    ("WrittenLast", #"{"k": 5}"#),
    ("WrittenLast", #"{"k": "x"}"#),
    ("NilLast", #"{"k": 5}"#),
    ("WrittenFirst", #"{"k": 5}"#),
    ("Nested", #"{"inner": {"p": 1}, "name": "n"}"#),
    ("Nested", #"{"inner": {"p": 1, "q": 2}, "name": "n"}"#),
    ("Nested", #"{"inner": null, "name": "n"}"#),
    ("Nested", #"{"inner": {"p": "x"}, "name": "n"}"#),
    ("Nested", #"{"name": "n"}"#),
  ]

  /// A program that decodes the cases' documents (one per line of standard input, after the
  /// model's name and a tab) and prints what it encodes them as, or `error` and the start of the
  /// `DecodingError` it throws (`typeMismatch(String`, `keyNotFound("k"`, `dataCorrupted(`).
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
      func start(_ error: Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(let type, _)?: return "typeMismatch(\\(type)"
        case .valueNotFound(let type, _)?: return "valueNotFound(\\(type)"
        case .keyNotFound(let key, _)?: return "keyNotFound(\\"\\(key.stringValue)\\""
        case .dataCorrupted?: return "dataCorrupted("
        default: return "\\(error)"
        }
      }
      while let line = readLine() {
        let parts = line.split(separator: "\\t", maxSplits: 1).map(String.init)
        do {
          print(String(decoding: try recode(parts[0], Foundation.Data(parts[1].utf8)), as: UTF8.self))
        } catch {
          print("error " + start(error))
        }
      }

      """
  }

  @Test(
    "castctl accepts exactly what JSONDecoder decodes, names its first error, and writes what JSONEncoder writes",
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
      let failed = expected.hasPrefix("error ")
      #expect(validated.status == (failed ? 1 : 0), "\(model) \(document): \(validated.stdout)\(validated.stderr)")
      if failed {
        let thrown = "JSONDecoder throws this error first: " + expected.dropFirst("error ".count)
        #expect(validated.stdout.contains(thrown), "\(model) \(document): \(expected)\n\(validated.stdout)")
        continue
      }
      let converted = try CastctlProcess.run(["convert", schema, "-", "--model", model, "--compact", "--sorted-keys"], stdin: document)
      #expect(converted.stdout.trimmingCharacters(in: .newlines) == expected, "\(model) \(document): \(converted.stderr)")
      // Written at the shared key once, in every style castctl writes.
      let pretty = try CastctlProcess.run(["convert", schema, "-", "--model", model, "--sorted-keys"], stdin: document)
      #expect(Self.compacted(pretty.stdout) == expected, "\(model) \(document): \(pretty.stdout)\(pretty.stderr)")
    }
    // NDJSON, converted record by record as the streaming path writes them; and the ledger.
    for model in Set(Self.cases.map(\.0)).sorted() {
      let valid = zip(Self.cases, encoded).filter { $0.0.0 == model && !$0.1.hasPrefix("error ") }
      let lines = valid.map(\.0.1).joined(separator: "\n") + "\n"
      let converted = try CastctlProcess.run(["convert", schema, "-", "--ndjson", "--model", model, "--sorted-keys"], stdin: lines)
      #expect(converted.stdout.split(separator: "\n").map(String.init) == valid.map(\.1), "\(model): \(converted.stderr)")
      let unsorted = try CastctlProcess.run(["convert", schema, "-", "--ndjson", "--model", model], stdin: lines)
      #expect(unsorted.status == 0 && unsorted.stdout.split(separator: "\n").count == valid.count, "\(model): \(unsorted.stderr)")
    }
  }

  /// (model, document, the start of `roundtrip`'s ledger): one entry a key, however many
  /// properties read it.
  static let ledgers: [(String, String, String)] = [
    ("Widened", #"{"k": 2.0}"#, "number-text-changed (1) "),
    ("Same", #"{"x": 1, "k": 5, "k": 6}"#, "duplicate-key-collapsed (1) "),
    ("Reordered", #"{"v": 16777217}"#, "lossless: no changes"),
    ("Reordered", #"{"v": 1e2}"#, "number-text-changed (1) "),
  ]

  @Test("roundtrip lists what became of a shared key's value once", arguments: ledgers)
  func ledgerOfSharedKey(_ model: String, _ document: String, _ expected: String) throws {
    let schema = try CastctlProcess.temporaryFile("models.swift", Self.models)
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let run = try CastctlProcess.run(["roundtrip", schema, "-", "--model", model], stdin: document)
    #expect(run.stdout.hasPrefix(expected), "\(run.stdout)\(run.stderr)")
  }

  /// castctl's pretty output without its layout (no string here holds a space or a newline).
  static func compacted(_ text: String) -> String {
    String(text.filter { !$0.isWhitespace })
  }
}
