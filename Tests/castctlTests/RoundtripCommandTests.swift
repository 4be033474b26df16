import CastValidate
import Foundation
import Testing

/// A document made to show one ledger kind, with where `roundtrip` must say it happened.
struct LedgerKindCommandCase: Sendable, CustomTestStringConvertible {
  let kind: String
  let schema: String
  /// The data, spread over lines so that positions mean something.
  let data: String
  var flags: [String] = []
  let path: String
  /// 1-based line:column of the entry in the data.
  let position: String
  /// The text after the position on the ledger line.
  let change: String
  /// The NDJSON record's line.
  var record: Int?

  var testDescription: String { "\(kind) at \(path) \(position)" }

  static let plain = "struct M {\n  let a: Int\n}\n"
  static let optional = "struct M {\n  var g: Double?\n}\n"

  static let all: [LedgerKindCommandCase] = [
    LedgerKindCommandCase(
      kind: "unknown-key-dropped", schema: plain, data: "{\n  \"a\": 1,\n  \"zz\": [1]\n}\n", path: "/zz",
      position: "3:9", change: "[1] → (absent)"),
    LedgerKindCommandCase(
      kind: "ignored-key-dropped", schema: "struct M {\n  let a: Int\n  var d: String = \"\" //! ignore\n}\n",
      data: "{\n  \"a\": 1,\n  \"d\": \"x\"\n}\n", path: "/d", position: "3:8", change: #""x" → (absent)"#),
    LedgerKindCommandCase(
      kind: "default-filled", schema: "struct M {\n  let a: Int\n  var e: Int = 5\n}\n",
      data: "{\n  \"a\": 1,\n  \"e\": null\n}\n", path: "/e", position: "3:8", change: "null → 5"),
    LedgerKindCommandCase(
      kind: "value-coerced", schema: plain, data: "{\n  \"a\": \"42\"\n}\n", path: "/a", position: "2:8",
      change: #""42" → 42"#),
    LedgerKindCommandCase(
      kind: "value-dropped", schema: optional, data: "{\n\n    \"g\": \"x\"\n}\n", path: "/g", position: "3:10",
      change: #""x" → (absent)"#),
    LedgerKindCommandCase(
      kind: "null-written-as-absent", schema: optional, data: "{\"g\":\n  null}\n", path: "/g", position: "2:3",
      change: "null → (absent)"),
    LedgerKindCommandCase(
      kind: "absent-written-as-null", schema: "struct M: NosceSerializationProtocol {\n  var g: Double?\n}\n",
      data: "[\n  {}\n]\n", path: "/0/g", position: "2:3", change: "(absent) → null"),
    LedgerKindCommandCase(
      kind: "element-dropped", schema: "struct M {\n  let l: [Int]\n}\n", data: "{\"l\": [\n  1,\n  \"x\",\n  2]}\n",
      path: "/l/1", position: "3:3", change: #""x" → (absent)"#),
    LedgerKindCommandCase(
      kind: "key-moved", schema: "struct M {\n  var b: Int? //! \"b1 ?? b2\"\n}\n", data: "{\n  \"b2\": 3\n}\n",
      path: "/b2", position: "2:9", change: "3 → 3  written at /b1"),
    LedgerKindCommandCase(
      kind: "alternative-unused", schema: "struct M {\n  var b: Int? //! \"b1 ?? b2\"\n}\n", data: "{\n  \"b1\": 1,\n  \"b2\": 3\n}\n",
      path: "/b2", position: "3:9", change: "3 → (absent)"),
    LedgerKindCommandCase(
      kind: "duplicate-element-collapsed", schema: "struct M {\n  let t: Set<Int>\n}\n", data: "{\"t\": [\n  1,\n  1]}\n",
      path: "/t/1", position: "3:3", change: "1 → (absent)"),
    LedgerKindCommandCase(
      kind: "number-text-changed", schema: plain, data: "{\n  \"a\": 1e2\n}\n", path: "/a", position: "2:8",
      change: "1e2 → 100"),
    LedgerKindCommandCase(
      kind: "value-normalized", schema: "struct M {\n  let u: UUID\n}\n",
      data: "{\n  \"u\": \"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\"\n}\n", path: "/u", position: "2:8",
      change: #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f" → "E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#),
    LedgerKindCommandCase(
      kind: "duplicate-key-collapsed", schema: plain, data: "{\n  \"a\": 1,\n  \"a\": 2\n}\n", path: "/a",
      position: "2:8", change: "1 → (absent)"),
    // A Codable `let` with an initial value is never read: whatever the input holds, that value is written.
    LedgerKindCommandCase(
      kind: "default-filled", schema: "struct M: Codable {\n  let a: Int\n  let n = 5\n}\n",
      data: "{\n  \"a\": 1,\n  \"n\": 7\n}\n", path: "/n", position: "3:8", change: "7 → 5"),
    // NDJSON: the position is in the whole input, and the record's line is named.
    LedgerKindCommandCase(
      kind: "value-coerced", schema: plain, data: "{\"a\": 1}\n\n{\"a\": \"7\"}\n", flags: ["--ndjson"], path: "/a",
      position: "3:7", change: #""7" → 7"#, record: 3),
  ]
}

extension GoldenCase {
  /// `roundtrip`'s text and JSON outputs.
  static let roundtrip: [GoldenCase] = [
    GoldenCase(name: "roundtrip-text", arguments: ["roundtrip", "users.cast", "users.json"]),
    GoldenCase(name: "roundtrip-json", arguments: ["roundtrip", "users.cast", "users.json", "--format", "json"]),
    GoldenCase(
      name: "roundtrip-allow",
      arguments: ["roundtrip", "users.cast", "users.json", "--allow", "default-filled,value-normalized,null-written-as-absent"]),
    GoldenCase(
      name: "roundtrip-allow-json",
      arguments: ["roundtrip", "users.cast", "users.json", "--allow", "default-filled", "--format", "json"]),
    GoldenCase(
      name: "roundtrip-classy-text", arguments: ["roundtrip", "-c", "classy.cast", "classy.json", "--model", "Classz"]),
    GoldenCase(
      name: "roundtrip-classy-json",
      arguments: ["roundtrip", "-c", "classy.cast", "classy.json", "--model", "Classz", "--format", "json"]),
    GoldenCase(name: "roundtrip-ndjson-text", arguments: ["roundtrip", "users.cast", "users.ndjson", "--strict"]),
    GoldenCase(
      name: "roundtrip-ndjson-json", arguments: ["roundtrip", "users.cast", "users.ndjson", "--strict", "--format", "json"]),
    GoldenCase(name: "roundtrip-nosce-text", arguments: ["roundtrip", "nosce-company.cast", "nosce-company.json"]),
    GoldenCase(name: "roundtrip-lossless-text", arguments: ["roundtrip", "convertible-person.cast", "convertible-person.json"]),
    GoldenCase(
      name: "roundtrip-lossless-json",
      arguments: ["roundtrip", "convertible-person.cast", "convertible-person.json", "--format", "json"]),
    GoldenCase(name: "roundtrip-invalid-text", arguments: ["roundtrip", "users.cast", "users-invalid.json"]),
    GoldenCase(
      name: "roundtrip-invalid-json", arguments: ["roundtrip", "users.cast", "users-invalid.json", "--format", "json"]),
  ]
}

@Suite("castctl roundtrip, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct RoundtripCommandTests {
  private func run(_ arguments: [String], in folder: URL = CastctlProcess.schemas, stdin: String? = nil) throws
    -> CastctlProcess.Output
  {
    try CastctlProcess.run(["roundtrip"] + arguments, in: folder, stdin: stdin)
  }

  // MARK: - Goldens

  @Test("text and JSON output match their golden files", arguments: GoldenCase.roundtrip)
  func golden(_ item: GoldenCase) throws {
    try Golden.check(item)
  }

  @Test("every golden file belongs to a case, and the names are distinct")
  func noStrayGoldens() {
    let names = (GoldenCase.convert + GoldenCase.roundtrip).map(\.name)
    #expect(Set(names).count == names.count)
    if ProcessInfo.processInfo.environment["CASTCTL_RECORD"] != "1" {
      #expect(Golden.recorded == names.sorted())
    }
  }

  // MARK: - Exit codes

  static let exitCases: [([String], Int32)] = [
    (["convertible-person.cast", "convertible-person.json"], 0), (["dson-fish.cast", "dson-fish.json"], 0),
    (["jsonobject-user.cast", "jsonobject-user.json"], 0), (["users.cast", "users.json"], 1),
    (["-c", "classy.cast", "classy.json", "--model", "Classz"], 1), (["nosce-company.cast", "nosce-company.json"], 1),
    (["users.cast", "users.ndjson", "--strict"], 1), (["users.cast", "users-invalid.json"], 1),
    (["users.cast", "users.json", "--allow", "default-filled,value-normalized,null-written-as-absent"], 0),
    (["users.cast", "users.json", "--allow", "default-filled, value-normalized"], 1),
    (["users.cast", "users.json", "--allow", "default-filled,lost"], 64), (["users.cast", "-"], 3),
  ]

  @Test(
    "exit 0 when lossless (or only --allow'ed kinds), 1 when lossy or invalid, 3 for malformed JSON, 64 for an unknown kind",
    arguments: exitCases)
  func exitCodes(_ arguments: [String], _ status: Int32) throws {
    let output = try run(arguments, stdin: "{\"id\": 1,\n  ]")
    #expect(output.status == status, "\(output.stdout)\(output.stderr)")
  }

  @Test("--allow turns a lossy run into 0, and the JSON marks the allowed entries")
  func allowMarksEntries() throws {
    let allowed = ["default-filled", "value-normalized", "null-written-as-absent"]
    let output = try run(["users.cast", "users.json", "--allow", allowed.joined(separator: ","), "--format", "json"])
    #expect(output.status == 0)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect(document["lossless"] as? Bool == true)
    let entries = try #require(document["entries"] as? [[String: Any]])
    #expect(entries.count == 3)
    #expect(entries.allSatisfy { $0["allowed"] as? Bool == true && allowed.contains($0["kind"] as? String ?? "") })
  }

  @Test("invalid input: exit 1, the errors on standard error, \"valid\": false, \"lossless\": false, no entries")
  func invalidInput() throws {
    let text = try run(["users.cast", "users-invalid.json"])
    #expect(text.status == 1)
    #expect(text.stderr.contains("error[missing-required]"))
    #expect(text.stdout.hasPrefix("invalid: 4 errors"), "\(text.stdout)")
    let json = try run(["users.cast", "users-invalid.json", "--format", "json"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(document["valid"] as? Bool == false)
    #expect(document["lossless"] as? Bool == false)
    #expect((document["entries"] as? [Any])?.isEmpty == true)
  }

  @Test("malformed JSON: exit 3 with the position, nothing on standard output")
  func malformedJSON() throws {
    let output = try run(["users.cast", "-"], stdin: "{\"id\": 1,\n  ]")
    #expect(output.status == 3)
    #expect(output.stderr.contains("<stdin>:2:3: error[malformed-json]"), "\(output.stderr)")
    #expect(output.stdout.isEmpty)
  }

  @Test("malformed NDJSON: the ledger of the records before it, then exit 3; JSON says where it broke off")
  func malformedAfterRecords() throws {
    let record = #"{"id":"1","user_name":"ada","email":"ada@example.org","role":"admin","created_at":"2024-03-01T09:30:00Z","#
      + #""address":{"street":"1 Main St","city":"London","zip":"10001"}}"#
    let input = record + "\n{\"id\": \n"
    let text = try run(["users.cast", "-", "--ndjson"], stdin: input)
    #expect(text.status == 3)
    #expect(text.stdout.contains("value-coerced (1)") && text.stdout.contains("/id  1:7"), "\(text.stdout)")
    // No summary line: the input did not end where it should.
    #expect(!text.stdout.contains(" in <stdin>"), "\(text.stdout)")
    #expect(text.stderr.contains("<stdin>:2:8: error[malformed-json]"), "\(text.stderr)")
    let json = try run(["users.cast", "-", "--ndjson", "--format", "json"], stdin: input)
    #expect(json.status == 3)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
    #expect(document["valid"] as? Bool == false)
    #expect(document["lossless"] as? Bool == false)
    let malformed = try #require(document["malformed"] as? [String: Any])
    #expect(malformed["code"] as? String == "malformed-json")
    #expect(malformed["line"] as? Int == 2 && malformed["column"] as? Int == 8)
    let kinds = (document["entries"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
    #expect(kinds.contains("value-coerced"), "\(kinds)")
  }

  // MARK: - Every kind, with its path and position

  @Test("every LedgerKind is reported with its JSON Pointer and line:column", arguments: LedgerKindCommandCase.all)
  func kindWithPosition(_ item: LedgerKindCommandCase) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("m.cast", item.schema)
    let name = item.flags.contains("--ndjson") ? "data.ndjson" : "data.json"
    try scratch.write(name, item.data)
    let text = try run(["m.cast", name] + item.flags, in: scratch.url)
    #expect(text.status == 1, "\(text.stderr)")
    let lines = text.stdout.split(separator: "\n").map(String.init)
    let header = try #require(lines.firstIndex { $0.hasPrefix(item.kind + " (") }, "\(text.stdout)")
    let record = item.record.map { " (record line \($0))" } ?? ""
    #expect(lines[header + 1] == "  \(item.path)  \(item.position)\(record)  \(item.change)", "\(text.stdout)")

    let json = try run(["m.cast", name, "--format", "json"] + item.flags, in: scratch.url)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let entries = try #require(document["entries"] as? [[String: Any]])
    let entry = try #require(entries.first { $0["kind"] as? String == item.kind }, "\(json.stdout)")
    #expect(entry["path"] as? String == item.path)
    #expect("\(entry["line"] as? Int ?? 0):\(entry["column"] as? Int ?? 0)" == item.position)
    #expect(entry["record"] as? Int == item.record)
  }

  @Test("the table covers every LedgerKind")
  func everyKindCovered() {
    #expect(Set(LedgerKindCommandCase.all.map(\.kind)) == Set(LedgerKind.allCases.map(\.rawValue)))
  }

  @Test("--format json leaves an absent side out, so null stays distinct from absent")
  func absentIsNotNull() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("m.cast", LedgerKindCommandCase.optional)
    try scratch.write("data.json", #"{"g": null}"#)
    let json = try run(["m.cast", "data.json", "--format", "json"], in: scratch.url)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let entry = try #require((document["entries"] as? [[String: Any]])?.first)
    #expect(entry["kind"] as? String == "null-written-as-absent")
    #expect(entry["before"] is NSNull)
    #expect(entry["after"] == nil)
  }
}
