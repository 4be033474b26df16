import Foundation
import Testing

/// What a new user hit (issue 28), each as the class it belongs to: output paths of any shape,
/// shapes decided by the reader, property lists that hold what they can and refuse what they
/// cannot, YAML that cannot blow up or change in silence.
@Suite("castctl on the inputs a new user tried, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct NewUserFaultTests {
  private func run(_ arguments: [String], in folder: URL, stdin: String? = nil) throws -> CastctlProcess.Output {
    try CastctlProcess.run(arguments, in: folder, stdin: stdin)
  }

  /// `-o` names: one character, a name with no folder, a name like a home folder, standard output.
  @Test("convert -o writes to a path of any shape in the current folder, and - means standard output", arguments: ["a", "~", "out.json", "./b"])
  func outputPathShapes(_ name: String) throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    let expected = try run(["convert", "users.cast", "users.json"], in: scratch.url).stdout
    let output = try run(["convert", "users.cast", "users.json", "-o", name], in: scratch.url)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(try scratch.text(name) == expected)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.hasPrefix(".castctl-") }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }

  @Test("convert -o - writes to standard output; -o with a trailing slash is refused with exit 74")
  func outputDashAndFolderNames() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    let expected = try run(["convert", "users.cast", "users.json"], in: scratch.url).stdout
    let dash = try run(["convert", "users.cast", "users.json", "-o", "-"], in: scratch.url)
    #expect(dash.status == 0)
    #expect(dash.stdout == expected)
    #expect(!scratch.exists("-"))
    let slash = try run(["convert", "users.cast", "users.json", "-o", "x/"], in: scratch.url)
    #expect(slash.status == 74)
    #expect(slash.stderr.contains("cannot write x/"), "\(slash.stderr)")
  }

  /// Leading whitespace of every size, before and past the first read of the file (4 MiB).
  @Test("a top-level array converts all of its records whatever whitespace comes before it", arguments: [0, 1, 5_000, 70_000, 4_200_000])
  func arrayAfterWhitespace(_ spaces: Int) throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    let record = try scratch.text("users.json")
    try scratch.write("spaced.json", String(repeating: " ", count: spaces) + "[" + [record, record, record].joined(separator: ",") + "]")
    let output = try run(["convert", "users.cast", "spaced.json", "--compact"], in: scratch.url)
    #expect(output.status == 0, "\(output.stderr)")
    let value = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
    #expect((value as? [Any])?.count == 3, "\(output.stdout.prefix(200))")
  }

  @Test("the REPL's :convert of a top-level array after 5,000 spaces converts all of its records")
  func replArrayAfterWhitespace() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    let record = try scratch.text("users.json")
    try scratch.write("spaced.json", String(repeating: " ", count: 5_000) + "[" + record + "," + record + "," + record + "]")
    let output = try run(["repl"], in: scratch.url, stdin: ":load users.cast\n:convert User @spaced.json --compact\n")
    let line = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix("[{") }, "\(output.stdout)")
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
    #expect((value as? [Any])?.count == 3)
  }

  /// Every scalar a document can be, as XML and binary property lists, read back by Foundation.
  @Test("a scalar document converts to a property list that Foundation reads back", arguments: ["5", "-7", "2.5", "true", "\"x\""], [false, true])
  func plistScalarRoot(_ json: String, _ binary: Bool) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    let output = try run(["convert", "--type", "Any", "-", "--to", "plist", "-o", "out.plist"] + (binary ? ["--binary"] : []), in: scratch.url, stdin: json)
    #expect(output.status == 0, "\(output.stderr)")
    let object = try PropertyListSerialization.propertyList(from: try scratch.bytes("out.plist"), options: [], format: nil)
    let expected = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
    #expect((object as? NSObject) == (expected as? NSObject))
  }

  @Test("a null document is refused for a property list with a clear message, exit 1, nothing written")
  func plistNullRoot() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    for binary in [false, true] {
      let output = try run(["convert", "--type", "Any", "-", "--to", "plist", "-o", "out.plist"] + (binary ? ["--binary"] : []), in: scratch.url, stdin: "null")
      #expect(output.status == 1)
      #expect(output.stderr.contains("cannot hold null as its whole document"), "\(output.stderr)")
      #expect(!scratch.exists("out.plist"))
    }
  }

  /// Numbers beyond a Double are refused; numbers with more digits than a Double are rounded and said.
  @Test(
    "property list numbers: beyond a Double refused, more digits than a Double rounded with a warning, the rest exact",
    arguments: [
      ("1e400", 1, nil), ("-1e400", 1, nil), ("123456789012345678901234567890", 0, "rounded"),
      ("18446744073709551616", 0, "rounded"), ("0.30000000000000001", 0, "rounded"), ("18446744073709551615", 0, ""),
      ("-9223372036854775808", 0, ""), ("1.50", 0, ""), ("1e-5", 0, ""),
    ] as [(String, Int32, String?)])
  func plistNumbers(_ literal: String, _ status: Int32, _ warning: String?) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    let output = try run(["convert", "--type", "Any", "-", "--to", "plist"], in: scratch.url, stdin: "[\(literal)]")
    #expect(output.status == status, "\(output.stderr)")
    if let warning {
      #expect(warning.isEmpty ? !output.stderr.contains("rounded") : output.stderr.contains(warning), "\(output.stderr)")
      let object = try PropertyListSerialization.propertyList(from: Data(output.stdout.utf8), options: [], format: nil)
      let number = try #require((object as? [NSNumber])?.first)
      #expect(number.doubleValue == Double(literal))
    } else {
      #expect(output.stderr.contains("beyond a property list's real"), "\(output.stderr)")
      #expect(output.stdout.isEmpty)
    }
  }

  /// Characters an XML reader would change: carriage returns in strings and keys, markup characters.
  @Test("XML property lists keep carriage returns and markup characters, in strings and keys", arguments: [false, true])
  func plistCharacters(_ binary: Bool) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    let json = #"{"k\r\n<&>": "a\r\nb\rc <&> ]]> \t end"}"#
    let output = try run(["convert", "--type", "Any", "-", "--to", "plist", "-o", "out.plist"] + (binary ? ["--binary"] : []), in: scratch.url, stdin: json)
    #expect(output.status == 0, "\(output.stderr)")
    let object = try PropertyListSerialization.propertyList(from: try scratch.bytes("out.plist"), options: [], format: nil)
    #expect((object as? [String: String]) == ["k\r\n<&>": "a\r\nb\rc <&> ]]> \t end"])
  }

  @Test("characters XML 1.0 cannot carry are refused in an XML property list, named with where they are, and kept in a binary one")
  func plistControlCharacters() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    for (json, pointer, code) in [(#"{"a": ["x\u0000"]}"#, "/a/0", "U+0000"), (#"{"b\u001f": 1}"#, "/b", "U+001F"), (#""\u0008""#, "", "U+0008")] {
      let xml = try run(["convert", "--type", "Any", "-", "--to", "plist"], in: scratch.url, stdin: json)
      #expect(xml.status == 1)
      #expect(xml.stderr.contains(code) && xml.stderr.contains("XML 1.0"), "\(xml.stderr)")
      #expect(pointer.isEmpty || xml.stderr.contains(pointer), "\(xml.stderr)")
      let binary = try run(["convert", "--type", "Any", "-", "--to", "plist", "--binary", "-o", "out.plist", "--force"], in: scratch.url, stdin: json)
      #expect(binary.status == 0, "\(binary.stderr)")
    }
  }

  /// Nested aliases of every depth: a few hundred bytes must not take minutes or gigabytes.
  @Test("YAML aliases that expand past the limit are refused, naming the alias, quickly", arguments: [8, 9, 12])
  func yamlAliasBomb(_ levels: Int) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    var yaml = "l0: &l0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
    for level in 1..<levels {
      yaml += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ",") + "]\n"
    }
    try scratch.write("bomb.yaml", yaml)
    let started = Date()
    let output = try CastctlProcess.run(["validate", "--type", "Any", "bomb.yaml", "--max-bytes", "100000000"], in: scratch.url, timeout: 120)
    #expect(output.status == 3, "\(output.stderr)")
    #expect(output.stderr.contains("error[malformed-yaml]: expanding the alias *l"), "\(output.stderr)")
    // NB: not a timing test; a bound far above a run's seconds, far below the unbounded minutes.
    #expect(Date().timeIntervalSince(started) < 100)
  }

  @Test("an alias as a mapping key is refused before Yams compares it", arguments: ["? *big\n: 1\n", "x: {*big : 1}\n"])
  func yamlAliasKey(_ tail: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    var yaml = "big: &big [1, 2]\n"
    yaml += "s: \"*big : in quotes\"  # *big : in a comment\n"
    try scratch.write("ok.yaml", yaml)
    #expect(try run(["validate", "--type", "Any", "ok.yaml"], in: scratch.url).status == 0)
    try scratch.write("key.yaml", yaml + tail)
    let output = try run(["validate", "--type", "Any", "key.yaml"], in: scratch.url)
    #expect(output.status == 3)
    #expect(output.stderr.contains("a mapping key that is or holds an alias"), "\(output.stderr)")
  }

  @Test("aliases within the limit expand as before")
  func yamlAliasesExpand() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("ok.yaml", "base: &b {x: 1, y: [1, 2]}\nu: *b\nw: [*b, *b]\n")
    let output = try run(["convert", "--type", "Any", "ok.yaml", "--compact"], in: scratch.url)
    #expect(output.stdout == #"{"base":{"x":1,"y":[1,2]},"u":{"x":1,"y":[1,2]},"w":[{"x":1,"y":[1,2]},{"x":1,"y":[1,2]}]}"# + "\n")
  }

  /// Invalid UTF-8 in every input language: YAML data and `.cast` models name the byte.
  @Test("invalid UTF-8 in YAML is an error naming the byte, exit 3, for every command", arguments: ["validate", "convert", "roundtrip"])
  func yamlInvalidUTF8(_ command: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try Data([UInt8]("name: \"caf".utf8) + [0xE9] + [UInt8]("\"\n".utf8)).write(to: scratch.url.appendingPathComponent("bad.yaml"))
    let output = try run([command, "--type", "Any", "bad.yaml"], in: scratch.url)
    #expect(output.status == 3)
    #expect(output.stderr.contains("bad.yaml:1:11: error[malformed-yaml]: invalid UTF-8 byte 0xE9"), "\(output.stderr)")
  }

  /// libyaml's reader refuses a control character; it is placed at its byte, not at 1:1.
  @Test("a control character in YAML is placed where it is", arguments: ["validate", "convert", "roundtrip"])
  func yamlControlCharacter(_ command: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try Data(Array("a: 1\nb: \"é".utf8) + [0x01] + Array("y\"\n".utf8)).write(to: scratch.url.appendingPathComponent("bad.yaml"))
    let output = try run([command, "--type", "Any", "bad.yaml"], in: scratch.url)
    #expect(output.status == 3)
    #expect(output.stderr.contains("bad.yaml:2:6: error[malformed-yaml]: control characters are not allowed"), "\(output.stderr)")
  }

  @Test("invalid UTF-8 in a .cast file is named as such, not shown as an unexpected character")
  func castInvalidUTF8() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try Data([UInt8]("struct A { let n".utf8) + [0xE9] + [UInt8](": Int }\n".utf8)).write(to: scratch.url.appendingPathComponent("bad.cast"))
    let output = try run(["check", "bad.cast"], in: scratch.url)
    #expect(output.status == 2)
    #expect(output.stdout.contains("invalid UTF-8 byte 0xE9"), "\(output.stdout)")
    #expect(!output.stdout.contains("unexpected character"), "\(output.stdout)")
  }
}

/// The REPL fed a script or a file: comments are not commands, and the exit status says whether
/// any input failed.
@Suite("castctl repl < script: comments and the exit status", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ReplScriptTests {
  @Test("a .cast file fed to the REPL loads its declarations with nothing said of its comments")
  func castFileAsScript() throws {
    let text = try String(contentsOf: CastctlProcess.schemas.appendingPathComponent("users.cast"), encoding: .utf8)
    let result = try CastctlProcess.run(["repl"], stdin: text)
    #expect(result.status == 0, "\(result.stdout)")
    #expect(!result.stdout.contains("error"), "\(result.stdout)")
    #expect(result.stdout.contains("added struct User"), "\(result.stdout)")
  }

  /// Braces and brackets in every kind of comment, on their own lines and after code.
  @Test(
    "braces inside comments neither keep the REPL waiting nor close a declaration",
    arguments: [
      "// {\"id\": 1}\n", "/* { [ ( */\n", "/*\n {\n*/\n", "// }\n",
      "struct P { // {\n  let a: Int /* } */\n}\n",
    ])
  func commentsWithBraces(_ prefix: String) throws {
    let result = try CastctlProcess.run(["repl"], stdin: prefix + "struct Q { let q: Int }\n:models\n")
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("added struct Q"), "\(result.stdout)")
    #expect(!result.stdout.contains("error"), "\(result.stdout)")
  }

  @Test("a script whose every input succeeds exits 0; one failed input makes it exit 1", arguments: [
    (":load users.cast\n:use Geo\n{\"lat\": 1, \"lon\": 2}\n", 0 as Int32),
    (":load users.cast\n:use Geo\n{\"lat\": \"x\", \"lon\": 2}\n", 1),
    (":load nothing-here.cast\n", 1),
    (":frobnicate\n", 1),
  ])
  func scriptExitStatus(_ script: String, _ status: Int32) throws {
    let result = try CastctlProcess.run(["repl"], stdin: script)
    #expect(result.status == status, "\(result.stdout)")
  }

  /// Every way a command reads a file: by extension, or told with `--ndjson` / `--from`.
  @Test(
    "@file reads NDJSON and YAML as the commands do, and --ndjson / --from say so for other names",
    arguments: [
      (":validate @users.ndjson", "0 of 3 records invalid"),
      (":validate @lines.txt --ndjson", "0 of 3 records invalid"),
      (":convert @user.yaml --compact", "{\"id\":42,"),
      (":convert @user.txt --from yaml --compact", "{\"id\":42,"),
      (":roundtrip @users.ndjson", "(record line 3)"),
    ])
  func replFileFormats(_ command: String, _ expected: String) throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.ndjson", "users.json"])
    defer { scratch.remove() }
    try scratch.write("lines.txt", try scratch.text("users.ndjson"))
    let yaml = try CastctlProcess.run(["convert", "users.cast", "users.json", "--to", "yaml"], in: scratch.url).stdout
    try scratch.write("user.yaml", yaml)
    try scratch.write("user.txt", yaml)
    let result = try CastctlProcess.run(["repl"], in: scratch.url, stdin: ":load users.cast\n\(command)\n")
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains(expected), "\(result.stdout)")
  }

  @Test("malformed JSON in the REPL is drawn with the gutter the commands print")
  func replMalformedGutter() throws {
    let result = try CastctlProcess.run(["repl"], stdin: ":load users.cast\n{\"id\": 7,, \"a\": 1}\n")
    #expect(result.stdout.contains("  1 | {\"id\": 7,, \"a\": 1}\n    |          ^"), "\(result.stdout)")
  }

  @Test(":add keeps the files loaded before; :load replaces them and says which")
  func addAndLoad() throws {
    let result = try CastctlProcess.run(["repl"], stdin: ":load users.cast\n:add classy.cast\n:models\n:load classy.cast\n:models\n")
    #expect(result.status == 0, "\(result.stdout)")
    let listings = ("\n" + result.stdout).components(separatedBy: "\nloaded ")
    try #require(listings.count == 4, "\(result.stdout)")
    #expect(listings[2].contains("User") && listings[2].contains("Classy"), "\(result.stdout)")
    #expect(listings[3].contains("replacing users.cast") && !listings[3].contains("struct User"), "\(result.stdout)")
  }
}

/// Reporting a new user relies on: JSON output that always comes, hints that always help.
@Suite("castctl reports: JSON on malformed input, --werror, near-miss keys, hints", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ReportingFaultTests {
  @Test("validate --format json on malformed input prints the findings before it and the syntax error, exit 3")
  func jsonOnMalformedInput() throws {
    let output = try CastctlProcess.run(["validate", "users.cast", "-", "--ndjson", "--format", "json", "--jobs", "1"], stdin: "{\"id\": 1}\n{\"id\": 2,\n")
    #expect(output.status == 3)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
    #expect(document["valid"] as? Bool == false)
    #expect(document["records"] as? Int == 1)
    let malformed = try #require(document["malformed"] as? [String: Any])
    #expect(malformed["code"] as? String == "malformed-json")
    #expect(malformed["line"] as? Int == 2)
    #expect(((document["findings"] as? [[String: Any]])?.count ?? 0) > 0)
  }

  @Test(
    "validate --format json on malformed input counts every record before it, valid or not",
    arguments: [("data.ndjson", "A\nB\n{\"id\": 0}\n{\"id\": \n"), ("data.json", "[A, B, {\"id\": 0}, {\"id\": ]")])
  func jsonOnMalformedCountsRecords(_ name: String, _ layout: String) throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.ndjson"])
    defer { scratch.remove() }
    let lines = try scratch.text("users.ndjson").split(separator: "\n")
    try scratch.write(name, layout.replacingOccurrences(of: "A", with: lines[0]).replacingOccurrences(of: "B", with: lines[1]))
    for jobs in ["1", "2"] {
      let output = try CastctlProcess.run(["validate", "users.cast", name, "--format", "json", "--jobs", jobs], in: scratch.url)
      #expect(output.status == 3, "\(output.stderr)")
      let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
      #expect(document["records"] as? Int == 3, "jobs \(jobs)")
      #expect(document["invalidRecords"] as? Int == 1, "jobs \(jobs)")
    }
  }

  @Test(
    "YAML that does not read still gives each structured report, with malformed-yaml at its place",
    arguments: [
      (["validate", "--format", "json"], #""code": "malformed-yaml""#), (["validate", "--format", "sarif"], #""ruleId": "malformed-yaml""#),
      (["validate", "--format", "junit"], #"type="malformed-yaml""#), (["validate", "--format", "github"], "title=castctl malformed-yaml::"),
      (["roundtrip", "--format", "json"], #""code": "malformed-yaml""#),
    ])
  func malformedYAMLReports(_ command: [String], _ expected: String) throws {
    let scratch = try ScratchFolder(copying: ["users.cast"])
    defer { scratch.remove() }
    try scratch.write("bad.yaml", "id: [1\n")
    let output = try CastctlProcess.run([command[0], "users.cast", "bad.yaml"] + command.dropFirst(), in: scratch.url)
    #expect(output.status == 3, "\(output.stderr)")
    #expect(output.stdout.contains(expected), "\(output.stdout)")
    #expect(output.stderr.contains("bad.yaml:2:1: error[malformed-yaml]"), "\(output.stderr)")
  }

  @Test("check --format json lists the files it could not read, and still exits 66")
  func checkJSONUnreadable() throws {
    let output = try CastctlProcess.run(["check", "users.cast", "no-such.cast", "--format", "json"])
    #expect(output.status == 66)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
    let unreadable = try #require(document["unreadable"] as? [[String: Any]])
    #expect(unreadable.count == 1)
    #expect(unreadable.first?["file"] as? String == "no-such.cast")
  }

  @Test("a required property that is null says found null, in text and JSON")
  func foundNull() throws {
    let output = try CastctlProcess.run(["validate", "--type", "Geo", "users.cast", "-", "--format", "json"], stdin: #"{"lat": null, "lon": 1}"#)
    let findings = try #require((try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
    #expect(findings.contains { $0["found"] as? String == "null" }, "\(output.stdout)")
    #expect(!findings.contains { $0["found"] as? String == "an unusable value" }, "\(output.stdout)")
  }

  @Test("--werror turns schema warnings into errors, exit 2, for every command that loads a schema", arguments: ["check", "schema", "validate", "convert", "roundtrip"])
  func werror(_ command: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("w.cast", "struct T {\n  var a: Int //! rnage 1...3\n}\n")
    try scratch.write("t.json", #"{"a": 2}"#)
    let data = command == "check" || command == "schema" ? [] : ["t.json"]
    let plain = try CastctlProcess.run([command, "w.cast"] + data, in: scratch.url)
    #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
    let strict = try CastctlProcess.run([command, "--werror", "w.cast"] + data, in: scratch.url)
    #expect(strict.status == 2, "\(strict.stdout)\(strict.stderr)")
    #expect((strict.stdout + strict.stderr).contains("error[unknown-directive]"))
  }

  /// Near misses by one edit of each kind, at the top level and in a nested model.
  @Test(
    "a missing required key suggests a near-miss key of the same object, without --unknown",
    arguments: [("usr_name", "user_name"), ("user_nam", "user_name"), ("emial", "email"), ("rol", "role")])
  func nearMissKey(_ present: String, _ missing: String) throws {
    var record: [String: Any] = [
      "id": 1, "user_name": "ada", "email": "a@b.co", "role": "admin", "created_at": "2024-03-01T08:30:00Z",
      "address": ["street": "s", "city": "c", "zip": "12345"],
    ]
    record[present] = record.removeValue(forKey: missing)
    let json = String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
    let output = try CastctlProcess.run(["validate", "users.cast", "-"], stdin: json)
    #expect(output.status == 1)
    #expect(output.stdout.contains("missing required key \"\(missing)\"") && output.stdout.contains("did you mean \"\(present)\""), "\(output.stdout)")
  }

  /// A hint compares a name with every candidate: an object's missing keys with its unread keys
  /// (`UnreadKeys`), a record's unknown keys with the model's keys
  /// (`RecordValidator.hintAllowance`), each allowed `HintAllowance.comparisons`, so the product of
  /// thousands of keys by thousands does not grow unbounded.
  @Test(
    "many missing or unknown keys get right hints for the first of them, then none",
    arguments: [("missing", 50), ("missing", 400), ("unknown", 50), ("unknown", 400)])
  func hintAllowance(_ kind: String, _ count: Int) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    let missing = kind == "missing"
    // Required properties the data misspells, or optional ones beside the data's unknown keys.
    let property = missing ? "  let key_number_" : "  var key_number_"
    try scratch.write("r.cast", "struct R {\n" + (0..<count).map { "\(property)\($0): Int\(missing ? "" : "?")\n" }.joined() + "}\n")
    try scratch.write("r.json", "{" + (0..<count).map { "\"key_numbr_\($0)\": 1" }.joined(separator: ", ") + "}")
    let flags = missing ? [] : ["--unknown", "warn"]
    let output = try CastctlProcess.run(
      ["validate", "r.cast", "r.json", "--max-record-findings", "0", "--format", "json"] + flags, in: scratch.url)
    #expect(output.status == (missing ? 1 : 0), "\(output.stderr)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    let messages = try #require(document["findings"] as? [[String: Any]]).compactMap { $0["message"] as? String }
    #expect(messages.count == count)
    let hinted = messages.enumerated().filter { $0.element.contains("did you mean") }
    // 400 candidates: 250 hints fit the allowance; 50: every one.
    #expect(hinted.map(\.offset) == Array(0..<min(count, 100_000 / count)), "\(hinted.count)")
    for (index, message) in hinted {
      #expect(message.contains("did you mean \"key_\(missing ? "numbr" : "number")_\(index)\""), "\(message)")
    }
  }

  @Test("NDJSON piped without --ndjson gets the hint; two documents on one line do not")
  func ndjsonHint() throws {
    let lines = try CastctlProcess.run(["validate", "--type", "Any", "-"], stdin: "{\"a\":1}\n{\"a\":2}\n")
    #expect(lines.status == 3)
    #expect(lines.stderr.contains("(is this NDJSON? use --ndjson)"), "\(lines.stderr)")
    let oneLine = try CastctlProcess.run(["validate", "--type", "Any", "-"], stdin: "{\"a\":1} {\"a\":2}\n")
    #expect(oneLine.status == 3)
    #expect(!oneLine.stderr.contains("NDJSON"), "\(oneLine.stderr)")
  }

  /// Text before the caret of every width: ASCII, CJK (two columns), emoji (two), a combining mark (none).
  @Test(
    "the caret is drawn by display width under CJK, emoji and combining marks; the column stays in scalars",
    arguments: [("ab", 2, 2), ("名前", 4, 2), ("😀😀", 4, 2), ("e\u{301}x", 2, 3)] as [(String, Int, Int)])
  func caretDisplayWidth(_ text: String, _ columns: Int, _ scalars: Int) throws {
    let json = "{\"k\": \"\(text)\", \"x\": tru}"
    let output = try CastctlProcess.run(["validate", "--type", "Any", "-"], stdin: json)
    #expect(output.status == 3)
    let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    let caretLine = try #require(lines.first { $0.hasSuffix("^") && $0.contains("|") })
    let bar = try #require(caretLine.firstIndex(of: "|"))
    // `{"k": "` is 7 columns, then the text, then `", "x": ` (8): the caret is under `t`.
    #expect(caretLine[caretLine.index(after: bar)...].count - 2 == 7 + columns + 8, "\(output.stderr)")
    #expect(output.stderr.contains("<stdin>:1:\(7 + scalars + 8 + 1):"), "\(output.stderr)")
  }

  // NB: not `validate`, which reads many data files (ManyFilesCommandTests), nor `convert -o DIR`.
  @Test("a data file given before the last argument is refused as data, not parsed as a schema", arguments: ["convert", "roundtrip"])
  func extraDataFile(_ command: String) throws {
    let output = try CastctlProcess.run([command, "users.cast", "users.json", "users.ndjson"])
    #expect(output.status == 64)
    #expect(output.stderr.contains("users.json looks like data"), "\(output.stderr)")
  }
}

/// The ledger names what happened, not a neighbouring kind.
@Suite("castctl roundtrip labels", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct LedgerLabelTests {
  @Test(
    "a ?? alternative not used and a Set's repeated element get their own kinds",
    arguments: [
      (#"{"p": "x", "q": 2}"#, "alternative-unused", "/p"),
      (#"{"p": 1, "q": 2}"#, "alternative-unused", "/q"),
      (#"{"p": 1, "s": [1, 1, 2]}"#, "duplicate-element-collapsed", "/s/1"),
    ])
  func ledgerKinds(_ json: String, _ kind: String, _ path: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("alt.cast", "struct A {\n  let y: Int //! \"p ?? q\"\n  var s: Set<Int> = []\n}\n")
    let output = try CastctlProcess.run(["roundtrip", "alt.cast", "-", "--format", "json"], in: scratch.url, stdin: json)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
    let entries = try #require(document["entries"] as? [[String: Any]])
    #expect(entries.contains { $0["kind"] as? String == kind && $0["path"] as? String == path }, "\(entries)")
    #expect(!entries.contains { $0["kind"] as? String == "value-dropped" || $0["kind"] as? String == "element-dropped" }, "\(entries)")
  }
}

/// What a lenient run changed, said in its summary; and the ways to see less or more.
@Suite("castctl validate: summary of changes, --summary, --max-warnings, --quiet", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct LenientSummaryTests {
  private static let schema = "struct S {\n  let tags: [Int]\n  var n: Int = 0\n}\n"

  private func run(_ arguments: [String], records: [String]) throws -> CastctlProcess.Output {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("s.cast", Self.schema)
    try scratch.write("s.ndjson", records.joined(separator: "\n") + "\n")
    return try CastctlProcess.run(["validate", "s.cast", "s.ndjson", "--jobs", "1"] + arguments, in: scratch.url)
  }

  /// Few changed records, many, and none.
  @Test(
    "the summary counts dropped elements and defaulted values, and suggests --strict from a tenth of the records",
    arguments: [(1, 20, false), (2, 20, true), (3, 20, true), (1, 11, false), (1, 10, true), (0, 5, false)])
  func changesInSummary(_ changed: Int, _ total: Int, _ hint: Bool) throws {
    let records = (0..<total).map { $0 < changed ? #"{"tags": [1, "x"], "n": "bad"}"# : #"{"tags": [1], "n": 2}"# }
    let output = try run([], records: records)
    #expect(output.status == 0)
    if changed > 0 {
      #expect(output.stdout.contains("; \(changed) element\(changed == 1 ? "" : "s") dropped, \(changed) value\(changed == 1 ? "" : "s") defaulted"), "\(output.stdout)")
    } else {
      #expect(!output.stdout.contains("dropped"), "\(output.stdout)")
    }
    #expect(output.stdout.contains("--strict rejects") == hint, "\(output.stdout)")
  }

  @Test("--summary counts findings by code and path pattern instead of listing them")
  func summaryMode() throws {
    let output = try run(["--summary"], records: Array(repeating: #"{"tags": [1, "x", "y"], "n": "bad"}"#, count: 4))
    #expect(output.stdout.contains("warning[element-dropped] ×8 at /tags/*"), "\(output.stdout)")
    #expect(output.stdout.contains("warning[default-substituted] ×4 at /n"), "\(output.stdout)")
    #expect(!output.stdout.contains("declared at"), "\(output.stdout)")
  }

  /// A code met at many paths shows its most frequent ones and counts the rest in one line; the
  /// tally takes constant time per finding (a 30,000-key object took seconds per 10,000 keys).
  @Test("--summary shows a code's most frequent paths and counts the others")
  func summaryOfManyPaths() throws {
    let keys = (0..<30_000).map { "\"k\($0)\": 1" }.joined(separator: ", ")
    let output = try run(["--summary", "--unknown", "warn", "--max-record-findings", "0"], records: ["{" + keys + #", "tags": [], "k7": 2}"#])
    let lines = output.stdout.split(separator: "\n").filter { $0.contains("warning[unknown-key]") }
    #expect(lines.count == 21, "\(lines.prefix(3))")
    #expect(lines.first == "warning[unknown-key] ×2 at /k7", "\(lines.prefix(3))")
    #expect(lines.last == "warning[unknown-key] ×29980 at 29980 other paths", "\(lines.suffix(2))")
  }

  /// The findings `--max-errors` leaves out are still counted in the summary line.
  @Test("--max-errors shows that many errors and counts every finding")
  func maxErrorsCounts() throws {
    let records = Array(repeating: #"{"tags": [1, "x"], "n": "bad"}"#, count: 3) + [#"{"n": 1}"#, #"{"tags": "no"}"#]
    let all = try run([], records: records)
    let limited = try run(["--max-errors", "1"], records: records)
    #expect(limited.status == all.status)
    // The summary line's counts: the same errors and warnings, and the one note that says so.
    let counts = { (text: String) -> [Int] in
      let line = text.split(separator: "\n").last.map(String.init) ?? ""
      return ["error", "warning", "note"].map { word in
        guard let pattern = try? Regex("(\\d+) \(word)s?[ ,]") else { return -1 }
        return line.firstMatch(of: pattern).flatMap { Int($0.output[1].substring ?? "") } ?? 0
      }
    }
    let (shown, total) = (counts(limited.stdout), counts(all.stdout))
    #expect(total[0] == 2 && total[1] > 0, "\(all.stdout)")
    #expect(shown == [total[0], total[1], total[2] + 1], "\(limited.stdout)")
    #expect(limited.stdout.components(separatedBy: ": error[").count - 1 == 1, "\(limited.stdout)")
  }

  @Test("--max-warnings shows at most that many warnings and says how many more there were", arguments: [1, 3])
  func maxWarnings(_ limit: Int) throws {
    let output = try run(["--max-warnings", "\(limit)"], records: Array(repeating: #"{"tags": [1], "n": "bad"}"#, count: 5))
    #expect(output.stdout.components(separatedBy: ": warning[").count - 1 == limit, "\(output.stdout)")
    #expect(output.stdout.contains("\(10 - limit) more warnings not shown (--max-warnings \(limit))"), "\(output.stdout)")
  }

  @Test("--quiet hides notes on validate and convert", arguments: ["validate", "convert"])
  func quiet(_ command: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("c.cast", "struct C {\n  var a: Int //! custom\n}\n")
    try scratch.write("c.json", #"{"a": 1}"#)
    let loud = try CastctlProcess.run([command, "c.cast", "c.json"], in: scratch.url)
    #expect((loud.stdout + loud.stderr).contains("note[custom-unchecked]"), "\(loud.stdout)\(loud.stderr)")
    let quiet = try CastctlProcess.run([command, "c.cast", "c.json", "--quiet"], in: scratch.url)
    #expect(!(quiet.stdout + quiet.stderr).contains("note["), "\(quiet.stdout)\(quiet.stderr)")
  }

  /// Repeated, as a list or as flags, a kind is allowed once; every `--allow` counts.
  @Test("roundtrip --allow marks the allowed kinds and names them in the summary", arguments: [
    ["--allow", "default-filled,value-normalized"], ["--allow", "default-filled", "--allow", "value-normalized"],
    ["--allow", "value-normalized,default-filled,value-normalized", "--allow", "default-filled"],
  ])
  func allowNamesKinds(_ allow: [String]) throws {
    let output = try CastctlProcess.run(["roundtrip", "users.cast", "users.ndjson"] + allow)
    #expect(output.stdout.contains("value-normalized (1, allowed)"), "\(output.stdout)")
    #expect(output.stdout.contains("default-filled (5, allowed)"), "\(output.stdout)")
    #expect(output.stdout.contains(" 6 allowed ("), "\(output.stdout)")
  }
}

/// Dates in every unit and pattern a model can declare.
@Suite("castctl dates: epoch-ms and patterns", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct DateDirectiveTests {
  @Test(
    "//! date epoch-ms reads and writes milliseconds; epoch stays seconds; a pattern reads its text",
    arguments: [
      ("epoch-ms", "1709251200123", "1709251200123"), ("epoch-ms", "\"2024-03-01T00:00:00.5Z\"", "1709251200500"),
      ("epoch", "1709251200", "1709251200"), ("epoch", "\"2024-03-01T00:00:00Z\"", "1709251200"),
      ("\"EEE MMM dd HH:mm:ss Z yyyy\"", "\"Fri Mar 01 01:30:00 +0130 2024\"", "\"Fri Mar 01 00:00:00 +0000 2024\""),
    ])
  func dateUnits(_ directive: String, _ value: String, _ written: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("d.cast", "struct D {\n  let at: Date //! date \(directive)\n}\n")
    let output = try CastctlProcess.run(["convert", "d.cast", "-", "--compact"], in: scratch.url, stdin: "{\"at\": \(value)}")
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == "{\"at\":\(written)}\n", "\(output.stdout)")
  }

  @Test("a number beyond the dates in seconds is out of range, not read as milliseconds, unless the model says epoch-ms")
  func noGuessing() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("s.cast", "struct D {\n  let at: Date //! date epoch\n}\n")
    let seconds = try CastctlProcess.run(["validate", "s.cast", "-"], in: scratch.url, stdin: #"{"at": 1709251200123000}"#)
    #expect(seconds.status == 1)
    #expect(seconds.stdout.contains("out-of-range"), "\(seconds.stdout)")
  }
}

/// `Decimal` has Foundation's range, in data (numbers and numeric strings) and in defaults.
@Suite("castctl Decimal range", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct DecimalRangeTests {
  @Test(
    "Decimal holds Foundation's range exactly: ±3.40282366920938463463374607431768211455e165, non-zero from 1e-128",
    arguments: [
      ("1e165", true), ("-3.4e165", true), ("3.4028236692093846346337460743176821145e165", true),
      ("3.40282366920938463463374607431768211455e165", true), ("-3.40282366920938463463374607431768211456e165", false),
      ("3.4028236692093846346337460743176821146e165", false), ("1e400", false), ("-1e166", false), ("1e-128", true),
      ("1e-129", false), ("0e-500", true), ("123456789012345678901234567890123456789012", true), ("\"1e400\"", false),
    ])
  func dataRange(_ literal: String, _ fits: Bool) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("d.cast", "struct D {\n  let d: Decimal\n}\n")
    let output = try CastctlProcess.run(["validate", "d.cast", "-"], in: scratch.url, stdin: "{\"d\": \(literal)}")
    #expect(output.status == (fits ? 0 : 1), "\(output.stdout)")
    #expect(output.stdout.contains("error[out-of-range]") == !fits, "\(output.stdout)")
  }

  @Test("a Decimal default beyond the range is a .cast error", arguments: [("1e400", 2), ("1e165", 0), ("1e-200", 2)] as [(String, Int32)])
  func defaultRange(_ literal: String, _ status: Int32) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("d.cast", "struct D {\n  var d: Decimal = \(literal)\n}\n")
    let output = try CastctlProcess.run(["check", "d.cast"], in: scratch.url)
    #expect(output.status == status, "\(output.stdout)")
  }
}
