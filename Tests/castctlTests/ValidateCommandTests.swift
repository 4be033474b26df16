import Foundation
import Testing

/// One `castctl validate …` run (in `schemas/`) and what it must print and return.
struct ValidateCommandCase: Sendable, CustomTestStringConvertible {
  let arguments: [String]
  let status: Int32
  /// Texts standard output must contain.
  var stdout: [String] = []
  /// Texts standard error must contain.
  var stderr: [String] = []
  var stdin: String?

  var testDescription: String { "castctl " + arguments.joined(separator: " ") + " → \(status)" }
}

extension ValidateCommandCase {
  /// Exit codes 0 and 1 on the shipped examples, with the flags and models of `scripts/demo.sh`.
  static let examples: [ValidateCommandCase] = [
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users.json"], status: 0,
      stdout: ["no errors, no warnings in users.json (model User)"]),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users.ndjson", "--strict"], status: 0, stdout: ["0 of 3 records invalid"]),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users.ndjson", "--strict", "--ndjson", "--model", "User"], status: 0),
    ValidateCommandCase(
      arguments: ["validate", "-c", "classy.cast", "classy.json", "--model", "Classz"], status: 0,
      stdout: ["warning[coerced]", "(model Classz)"]),
    ValidateCommandCase(arguments: ["validate", "convertible-person.cast", "convertible-person.json"], status: 0),
    ValidateCommandCase(arguments: ["validate", "dson-fish.cast", "dson-fish.json"], status: 0),
    ValidateCommandCase(arguments: ["validate", "jsonobject-user.cast", "jsonobject-user.json"], status: 0),
    ValidateCommandCase(arguments: ["validate", "nosce-company.cast", "nosce-company.json"], status: 0),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users-invalid.json"], status: 1,
      stdout: [
        "users-invalid.json:5:11: error[unknown-enum-value]", "users-invalid.json:5:11: note[missing-required]", "at /role",
        "declared at users.cast:", "4 errors",
      ]),
    ValidateCommandCase(
      // The errors left out are counted, not shown: the summary is the unlimited run's.
      arguments: ["validate", "users.cast", "users-invalid.json", "--max-errors", "1"], status: 1,
      stdout: ["note[too-many-errors]", "4 errors"]),
    ValidateCommandCase(arguments: ["validate", "--type", "[String: [Int]]", "-"], status: 0, stdin: #"{"a": [1]}"#),
    ValidateCommandCase(arguments: ["validate", "--type", "Any", "-"], status: 0, stdin: "null"),
    ValidateCommandCase(
      arguments: ["validate", "--type", "[Int]", "--strict", "-"], status: 1, stdout: ["error[type-mismatch]"],
      stdin: #"[1, "2"]"#),
    ValidateCommandCase(arguments: ["validate", "users.cast", "-"], status: 0, stdin: usersJSON),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "-", "--unknown", "error"], status: 1,
      stdout: [#"error[unknown-key]: unknown key "emial" for User; did you mean "email"?"#],
      stdin: usersJSON.replacing(#""nickname""#, with: #""emial""#)),
  ]

  static let usersJSON = """
    {"id": 7, "user_name": "ada", "email": "ada@example.org", "role": "admin", "created_at": 0,
     "address": {"street": "s", "city": "c", "zip": "12345"}, "nickname": null}
    """

  /// Exit codes 64 (usage) and 66 (unreadable input).
  static let usageAndInput: [ValidateCommandCase] = [
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users.json", "--model", "Usr"], status: 64,
      stderr: ["no model named 'Usr'; did you mean 'User'?"]),
    // An enum is a type, not a model: the message says how to name it.
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users.json", "--model", "Role"], status: 64,
      stderr: ["'Role' is an enum, not a model; to read values of it, use --type 'Role'"]),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users.ndjson", "--split", "v.ndjson", "r.ndjson", "--format", "json"], status: 64,
      stderr: ["--split writes files; give it without --format json"]),
    ValidateCommandCase(
      arguments: ["validate", "-", "users.json", "users.ndjson"], status: 64, stderr: ["a schema from standard input (-) goes with one data file"]),
    // An unknown option is named before what the other arguments lack.
    ValidateCommandCase(arguments: ["validate", "--bogus"], status: 64, stderr: ["Unknown option '--bogus'"]),
    // convert and roundtrip require their files, which the parser decodes before it looks for options.
    ValidateCommandCase(arguments: ["convert", "--bogus"], status: 64, stderr: ["Unknown option '--bogus'"]),
    ValidateCommandCase(arguments: ["roundtrip", "users.cast", "-x"], status: 64, stderr: ["Unknown option '-x'"]),
    ValidateCommandCase(arguments: ["convert"], status: 64, stderr: ["Missing expected argument '<files> ...'"]),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "--strcit"], status: 64, stderr: ["Unknown option '--strcit'. Did you mean '--strict'?"]),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users.json", "--model", "User.Role"], status: 64,
      stderr: ["'User.Role' is an enum, not a model; to read values of it, use --type 'User.Role'"]),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users.json", "--model", "Users.Adress"], status: 64,
      stderr: ["no model named 'Users.Adress'; did you mean 'Address'?"]),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users.json", "--model", "User", "--type", "Int"], status: 64,
      stderr: ["--model or --type, not both"]),
    ValidateCommandCase(
      arguments: ["validate", "classy.cast", "classy.json"], status: 64, stderr: ["choose a model with --model"]),
    ValidateCommandCase(arguments: ["validate", "users.json"], status: 64, stderr: ["give the .cast files before the data file"]),
    ValidateCommandCase(arguments: ["validate", "users.cast"], status: 64, stderr: ["give the data file after the .cast files"]),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users.json", "--max-errors", "-1"], status: 64,
      stderr: ["--max-errors must be 0 or more"]),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users.json", "--jobs", "-2"], status: 64, stderr: ["--jobs must be 1…256"]),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "users.json", "--jobs", "4294967296"], status: 64, stderr: ["--jobs must be 1…256"]),
    ValidateCommandCase(arguments: ["validate", "users.cast", "users.json", "--unknown", "maybe"], status: 64),
    ValidateCommandCase(arguments: ["validate", "--type", "[Strin]", "users.json"], status: 64, stderr: ["Strin"]),
    ValidateCommandCase(
      arguments: ["validate", "--type", "(Int, Int)", "-"], status: 64,
      stderr: ["error[unsupported-type]: type '(Int, Int)' cannot be mapped"], stdin: "[1, 2]"),
    ValidateCommandCase(
      arguments: ["validate", "users.cast", "no-such-file.json"], status: 66,
      stderr: ["cannot read no-such-file.json"]),
    ValidateCommandCase(arguments: ["validate", "users.cast", "seeds"], status: 66, stderr: ["cannot read seeds"]),
    ValidateCommandCase(arguments: ["validate", "no-such.cast", "users.json"], status: 66, stderr: ["no-such.cast"]),
  ]
}

@Suite("castctl validate, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ValidateCommandTests {
  private func check(_ item: ValidateCommandCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let output = try CastctlProcess.run(item.arguments, stdin: item.stdin)
    #expect(
      output.status == item.status, "stdout: \(output.stdout)\nstderr: \(output.stderr)", sourceLocation: sourceLocation
    )
    for text in item.stdout {
      #expect(output.stdout.contains(text), "stdout lacks \(text): \(output.stdout)", sourceLocation: sourceLocation)
    }
    for text in item.stderr {
      #expect(output.stderr.contains(text), "stderr lacks \(text): \(output.stderr)", sourceLocation: sourceLocation)
    }
    #expect(!output.stdout.contains("\u{1B}["), "colour without a terminal", sourceLocation: sourceLocation)
  }

  @Test("exit 0 for valid data and 1 for invalid data", arguments: ValidateCommandCase.examples)
  func validAndInvalidExitCodes(_ item: ValidateCommandCase) throws {
    try check(item)
  }

  @Test("exit 64 for usage errors and 66 for unreadable input", arguments: ValidateCommandCase.usageAndInput)
  func usageAndInputExitCodes(_ item: ValidateCommandCase) throws {
    try check(item)
  }

  @Test("exit 2 for a broken schema, with every problem and its position")
  func brokenSchemaExitCode() throws {
    let schema = try CastctlProcess.temporaryFile(
      "broken.cast", "struct M {\n  var a: Strng\n  var b: Int = \"x\"\n}\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let output = try CastctlProcess.run([
      "validate", schema, CastctlProcess.schemas.appendingPathComponent("users.json").path,
    ])
    #expect(output.status == 2, "\(output.stderr)")
    #expect(output.stderr.contains("broken.cast:2:"), "\(output.stderr)")
    #expect(output.stderr.contains("broken.cast:3:"), "\(output.stderr)")
    #expect(output.stderr.contains("did you mean 'String'?"), "\(output.stderr)")
    #expect(output.stdout.isEmpty)
  }

  @Test(
    "exit 3 for malformed JSON, with line:column in stderr",
    arguments: [
      ("bad.json", "{\n  \"id\": 1,\n}\n", "bad.json:3:1"), ("trailing.json", "{\"id\": 1} x", "trailing.json:1:11"),
      ("lines.ndjson", "{\"id\": 1}\n{\"id\": }\n", "lines.ndjson:2:8"),
    ])
  func malformedJSONExitCode(_ name: String, _ text: String, _ position: String) throws {
    let data = try CastctlProcess.temporaryFile(name, text)
    defer { CastctlProcess.removeTemporaryFile(data) }
    let output = try CastctlProcess.run(["validate", "users.cast", data])
    #expect(output.status == 3, "\(output.stderr)")
    #expect(output.stderr.contains(position), "\(output.stderr)")
    #expect(output.stderr.contains("error[malformed-json]"), "\(output.stderr)")
  }

  @Test("standard input past the memory limit (copied to a temporary file) gives the report a file gives")
  func largeStandardInput() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.ndjson"])
    defer { scratch.remove() }
    let lines = try scratch.text("users.ndjson").split(separator: "\n").map(String.init)
    var records = (0..<50_000).map { lines[$0 % lines.count] }
    records[25_000] = records[25_000].replacingOccurrences(of: #""id":"#, with: #""id":"x","ignored":"#)
    let text = records.joined(separator: "\n") + "\n"
    #expect(text.utf8.count > 8 << 20)
    try scratch.write("big.ndjson", text)
    let fromFile = try CastctlProcess.run(["validate", "users.cast", "big.ndjson", "--format", "json"], in: scratch.url)
    let fromStdin = try CastctlProcess.run(["validate", "users.cast", "-", "--ndjson", "--format", "json"], in: scratch.url, stdin: text)
    #expect(fromFile.status == 1, "\(fromFile.stderr)")
    #expect(fromStdin.status == fromFile.status, "\(fromStdin.stderr)")
    #expect(fromStdin.stdout == fromFile.stdout)
    #expect(fromStdin.stdout.contains(#""records": 50000"#), "\(fromStdin.stdout.prefix(300))")
  }

  @Test("--format json: the documented shape, parsed with JSONSerialization")
  func formatJSONShape() throws {
    let output = try CastctlProcess.run(["validate", "users.cast", "users-invalid.json", "--format", "json"])
    #expect(output.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
    let document = try #require(object as? [String: Any])
    #expect(document["valid"] as? Bool == false)
    #expect(document["model"] as? String == "User")
    let findings = try #require(document["findings"] as? [[String: Any]])
    #expect(!findings.isEmpty)
    for finding in findings {
      #expect(["error", "warning", "note"].contains(finding["severity"] as? String ?? ""))
      #expect((finding["code"] as? String)?.isEmpty == false)
      #expect((finding["path"] as? String)?.hasPrefix("/") == true)
      #expect((finding["line"] as? Int ?? 0) >= 1)
      #expect((finding["column"] as? Int ?? 0) >= 1)
      #expect((finding["message"] as? String)?.isEmpty == false)
      let schema = try #require(finding["schema"] as? [String: Any], "\(finding)")
      #expect((schema["file"] as? String)?.hasSuffix("users.cast") == true)
      #expect((schema["line"] as? Int ?? 0) >= 1)
      #expect((schema["column"] as? Int ?? 0) >= 1)
    }
    let role = try #require(findings.first { $0["path"] as? String == "/role" && $0["severity"] as? String == "error" })
    #expect(role["code"] as? String == "unknown-enum-value")
    #expect(role["line"] as? Int == 5)
    #expect(role["column"] as? Int == 11)
    let roleSchema = try #require(role["schema"] as? [String: Any])
    #expect(roleSchema["line"] as? Int == 26)
    #expect(roleSchema["column"] as? Int == 9)
  }

  @Test("--format json for valid data: valid true and no findings")
  func formatJSONValid() throws {
    let output = try CastctlProcess.run(["validate", "users.cast", "users.json", "--format", "json"])
    #expect(output.status == 0)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect(document["valid"] as? Bool == true)
    #expect(document["model"] as? String == "User")
    #expect((document["findings"] as? [Any])?.isEmpty == true)
  }

  @Test("--format json for NDJSON: findings carry the record's line")
  func formatJSONRecordLines() throws {
    let data = try CastctlProcess.temporaryFile(
      "users.ndjson",
      ValidateCommandCase.usersJSON.replacing("\n", with: "") + "\n\n"
        + ValidateCommandCase.usersJSON.replacing("\n", with: "").replacing(#""id": 7"#, with: #""id": 0"#) + "\n")
    defer { CastctlProcess.removeTemporaryFile(data) }
    let output = try CastctlProcess.run(["validate", "users.cast", data, "--format", "json"])
    #expect(output.status == 1, "\(output.stdout)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    let findings = try #require(document["findings"] as? [[String: Any]])
    #expect(findings.map { $0["code"] as? String } == ["check-failed"])
    #expect(findings.first?["line"] as? Int == 3)
    #expect(findings.first?["path"] as? String == "/id")
  }
}
