import Foundation
import Testing

/// A Codable `let` with an initial value, against `JSONDecoder` and `JSONEncoder([.sortedKeys])`
/// on this machine: never decoded (the data's value is not read, a note), always encoded. One
/// castctl evaluates (`let kind = "user"`) is written as JSONEncoder writes it; `let id = UUID()`
/// is a new value at every encoding, which castctl does not make up: it writes everything
/// JSONEncoder writes but that key, and says so when the model loads (docs/decisions.md).
@Suite("A Codable let with an initial value, checked with JSONDecoder and JSONEncoder")
struct LetWithInitialValueOracleTests {
  static let models = """
    import Foundation

    struct Account: Codable {
      let id = UUID()
      let kind = "user"
      let version = 3
      var name: String
    }
    """

  static let documents = [
    #"{"name": "n"}"#,
    #"{"name": "n", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "kind": "admin", "version": 9}"#,
    #"{"name": "n", "id": 5, "kind": [], "version": "x"}"#,
    #"{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#,
  ]

  /// A program that decodes each document (one a line of standard input) and prints what it
  /// encodes it as, or `error`.
  static var program: String {
    models + """

      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      while let line = readLine() {
        do {
          let account = try JSONDecoder().decode(Account.self, from: Foundation.Data(line.utf8))
          print(String(decoding: try encoder.encode(account), as: UTF8.self))
        } catch {
          print("error")
        }
      }

      """
  }

  @Test(
    "castctl reads what JSONDecoder reads and writes what JSONEncoder writes but the UUID it makes up",
    .enabled(if: Oracle.swiftc != nil, "swiftc is not on PATH"))
  func agreesWithFoundation() throws {
    let swiftc = try #require(Oracle.swiftc)
    let oracle = try Oracle(source: Self.program, swiftc: swiftc)
    let encoded = try oracle.lines(answering: Self.documents)

    let schema = try CastctlProcess.temporaryFile("models.swift", Self.models)
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let check = try CastctlProcess.run(["check", schema])
    #expect(
      (check.stdout + check.stderr).contains(
        "warning[unsupported-default]: 'id' is a 'let' with an initial value, which JSONDecoder never decodes and JSONEncoder writes: "
          + "castctl cannot evaluate UUID(), so convert writes nothing for 'id'"), "\(check.stdout)\(check.stderr)")
    for (document, expected) in zip(Self.documents, encoded) {
      let validated = try CastctlProcess.run(["validate", schema, "-"], stdin: document)
      #expect(validated.status == (expected == "error" ? 1 : 0), "\(document): \(validated.stdout)")
      guard expected != "error" else { continue }
      for key in ["id", "kind", "version"] where document.contains("\"\(key)\"") {
        #expect(
          validated.stdout.contains("note[ignored-key]: \"\(key)\" is the key of a 'let' of Account with an initial value, which JSONDecoder never decodes"),
          "\(document): \(validated.stdout)")
      }
      // JSONEncoder writes a new UUID at every encoding: castctl writes all the rest.
      let fresh = try #require(try Regex(#""id":"[0-9A-F-]{36}","#).firstMatch(in: expected), "\(expected)")
      let converted = try CastctlProcess.run(["convert", schema, "-", "--compact", "--sorted-keys"], stdin: document)
      #expect(converted.stdout.trimmingCharacters(in: .newlines) == expected.replacing(fresh.0, with: ""), "\(document): \(converted.stderr)")
    }
  }
}
