import Foundation
import Testing

/// Nested types as Swift scopes them, against `JSONDecoder` on this machine: two structs each
/// nesting an `Address`, a nested `Data` beside Foundation's, a top-level `URL` beside a written
/// `Foundation.URL`, an enum nested twice, types in namespace enums, an extension of a dotted
/// name, nested models named as roots (`--model Company.Address`). castctl must accept exactly
/// the documents the compiled program decodes.
@Suite("Nested types, checked with JSONDecoder")
struct NestedTypeOracleTests {
  static let models = """
    import Foundation

    struct User: Codable {
      struct Address: Codable { let street: String }
      let address: Address
    }
    struct Company: Codable {
      struct Address: Codable { let zip: Int }
      enum Kind: String, Codable { case shop }
      struct Branch: Codable { let kind: Kind; let address: Address }
      let address: Address
      let kind: Kind
      let branches: [Branch]
      let owner: User.Address?
    }
    struct Factory: Codable {
      enum Kind: Int, Codable { case one = 1 }
      let kind: Kind
    }
    struct Address: Codable { let line: String }
    extension Company.Address {
      enum CodingKeys: String, CodingKey { case zip = "ZIP" }
    }
    struct Response: Codable {
      struct Data: Codable { let id: Int }
      let data: Data
    }
    enum API {
      static let base = "https://example.com"
      struct Item: Codable { let id: Int; let kind: Kind }
      enum Kind: String, Codable { case book }
    }
    enum Store { struct Item: Codable { let name: String } }
    struct Order: Codable { let item: API.Item; let other: Store.Item? }
    struct Avatar: Codable { let png: Data }
    struct URL: Codable { let host: String }
    struct Links: Codable { let mine: URL; let web: Foundation.URL; let home: Address }
    """

  /// (model, document): each is decoded by both.
  static let cases: [(String, String)] = [
    ("User", #"{"address": {"street": "s"}}"#),
    ("User", #"{"address": {"zip": 1}}"#),
    ("User", #"{"address": {"line": "l"}}"#),
    ("Company", #"{"address": {"ZIP": 1}, "kind": "shop", "branches": [{"kind": "shop", "address": {"ZIP": 2}}]}"#),
    ("Company", #"{"address": {"zip": 1}, "kind": "shop", "branches": []}"#),
    ("Company", #"{"address": {"ZIP": 1}, "kind": "shop", "branches": [], "owner": {"street": "s"}}"#),
    ("Company", #"{"address": {"ZIP": 1}, "kind": "shop", "branches": [], "owner": {"ZIP": 1}}"#),
    ("Company", #"{"address": {"ZIP": 1}, "kind": 1, "branches": []}"#),
    ("Factory", #"{"kind": 1}"#),
    ("Factory", #"{"kind": "shop"}"#),
    ("Response", #"{"data": {"id": 1}}"#),
    ("Response", #"{"data": "AAAA"}"#),
    ("Avatar", #"{"png": "aGVsbG8="}"#),
    ("Avatar", #"{"png": {"id": 1}}"#),
    ("Order", #"{"item": {"id": 1, "kind": "book"}, "other": {"name": "n"}}"#),
    ("Order", #"{"item": {"id": 1, "kind": "shop"}}"#),
    ("Order", #"{"item": {"id": 1, "kind": "book"}, "other": {"id": 2, "kind": "book"}}"#),
    ("Links", #"{"mine": {"host": "h"}, "web": "https://example.com", "home": {"line": "l"}}"#),
    ("Links", #"{"mine": "https://example.com", "web": "https://example.com", "home": {"line": "l"}}"#),
    ("Links", #"{"mine": {"host": "h"}, "web": {"host": "h"}, "home": {"line": "l"}}"#),
    ("Links", #"{"mine": {"host": "h"}, "web": "https://example.com", "home": {"ZIP": 1}}"#),
    // `--model` names a nested model as Swift does.
    ("Company.Address", #"{"ZIP": 1}"#),
    ("Company.Address", #"{"street": "s"}"#),
    ("User.Address", #"{"street": "s"}"#),
    ("User.Address", #"{"line": "l"}"#),
    ("API.Item", #"{"id": 1, "kind": "book"}"#),
    ("Store.Item", #"{"id": 1, "kind": "book"}"#),
  ]

  /// A program that decodes the cases' documents (one per line of standard input, after the
  /// model's name and a tab) and prints `ok` or `error` for each.
  static var program: String {
    let roots = Set(cases.map(\.0)).sorted()
    let branches = roots.map { "  case \"\($0)\": _ = try JSONDecoder().decode(\($0).self, from: document)" }.joined(separator: "\n")
    return models + """

      func decode(_ model: String, _ document: Foundation.Data) throws {
        switch model {
      \(branches)
        default: fatalError(model)
        }
      }
      while let line = readLine() {
        let parts = line.split(separator: "\\t", maxSplits: 1).map(String.init)
        do {
          try decode(parts[0], Foundation.Data(parts[1].utf8))
          print("ok")
        } catch {
          print("error")
        }
      }

      """
  }

  @Test("castctl accepts exactly what JSONDecoder decodes", .enabled(if: Oracle.swiftc != nil, "swiftc is not on PATH"))
  func agreesWithJSONDecoder() throws {
    let swiftc = try #require(Oracle.swiftc)
    let oracle = try Oracle(source: Self.program, swiftc: swiftc)
    let decoded = try oracle.lines(answering: Self.cases.map { "\($0.0)\t\($0.1)" }).map { $0 == "ok" }

    let schema = try CastctlProcess.temporaryFile("models.swift", Self.models)
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let check = try CastctlProcess.run(["check", schema])
    #expect(check.status == 0 && !(check.stdout + check.stderr).contains("warning["), "\(check.stdout)\(check.stderr)")
    for ((model, document), expected) in zip(Self.cases, decoded) {
      let output = try CastctlProcess.run(["validate", schema, "-", "--model", model], stdin: document)
      #expect(output.status == (expected ? 0 : 1), "\(model) \(document): \(output.stdout)\(output.stderr)")
    }
  }
}
