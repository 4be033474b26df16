import Foundation
import Testing

/// A bad `infer` command line, with the exit code and message it must give.
struct InferUsageCase: Sendable, CustomTestStringConvertible {
  let arguments: [String]
  let status: Int32
  let message: String
  var testDescription: String { arguments.joined(separator: " ") }
}

@Suite("castctl infer, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct InferCommandTests {
  @Test("users.ndjson: the model on standard output, verified, and valid for validate --strict")
  func users() throws {
    let run = try CastctlProcess.run(["infer", "users.ndjson", "--model-name", "User"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("struct User: DictionaryConvertible, UnderscoreToCamelCase {"))
    #expect(run.stdout.contains("    let userName: String\n"))
    #expect(run.stdout.contains("    var nickname: String?\n"))
    #expect(run.stderr.contains("verified: all 3 records valid under --strict with no findings, round trip lossless"))
    // The model the command wrote is what `validate --strict` accepts, in another process.
    let scratch = try ScratchFolder(copying: ["users.ndjson"])
    defer { scratch.remove() }
    try scratch.write("inferred.cast", run.stdout)
    let check = try CastctlProcess.run(["validate", "inferred.cast", "users.ndjson", "--strict"], in: scratch.url)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let trip = try CastctlProcess.run(["roundtrip", "inferred.cast", "users.ndjson"], in: scratch.url)
    #expect(trip.status == 0, "\(trip.stdout)\(trip.stderr)")
  }

  /// Records whose objects have more distinct keys than a model's properties are kept for are
  /// a map: no model is written (an empty one would pass no record), and the error says why.
  @Test("a root with more distinct keys than the key limit is an error, not an empty model")
  func rootMap() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("ids.json", "{" + (0..<2_500).map { "\"id\($0)\": \($0)" }.joined(separator: ", ") + "}")
    let run = try CastctlProcess.run(["infer", "ids.json"], in: scratch.url)
    #expect(run.status == 1, "\(run.stdout)")
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains("more than 2000 distinct keys") && run.stderr.contains("--type '[String: T]'"), "\(run.stderr)")
    // Below the limit the keys are a model's properties.
    try scratch.write("few.json", "{" + (0..<1_500).map { "\"id\($0)\": \($0)" }.joined(separator: ", ") + "}")
    let few = try CastctlProcess.run(["infer", "few.json"], in: scratch.url)
    #expect(few.status == 0, "\(few.stderr)")
    #expect(few.stdout.contains("    let id1499: Int"), "\(few.stdout.suffix(200))")
  }

  /// Convertible reads `requiredKeys` and its three siblings as its configuration: data keys of
  /// those names get other property names, with their keys, and the model verifies.
  @Test("--dialect convertible: data keys named as Convertible's configuration are renamed")
  func convertibleConfigurationKeys() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    let record = #"{"requiredKeys": 1, "optionalKeys": "x", "ignoredKeys": true, "keyMapping": 2.5, "a": 1}"#
    try scratch.write("config.ndjson", record + "\n" + record.replacing(#""a": 1"#, with: #""a": 2"#) + "\n")
    let run = try CastctlProcess.run(["infer", "config.ndjson", "--dialect", "convertible"], in: scratch.url)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains(#"requiredKeys2: Int //! "requiredKeys""#) || run.stdout.contains(#"requiredKeys2: Int? //! "requiredKeys""#), "\(run.stdout)")
  }

  @Test(
    "objects at keys named as a dialect's base type get models clear of it, in every dialect",
    arguments: ["jsoncast", "jsonobject", "convertible", "nosce", "dson", "codable"])
  func modelsClearOfBaseTypes(_ dialect: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write(
      "bases.json",
      #"{"class": {"k": 1}, "jsonObject": {"j": 1}, "convertible": {"c": 1}, "dictionaryConvertible": {"d": 1}, "nosceSerializationProtocol": {"n": 1}}"#)
    let run = try CastctlProcess.run(["infer", "bases.json", "--dialect", dialect], in: scratch.url)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(!run.stderr.contains("does not load"), "\(run.stderr)")
  }

  /// JSONEncoder writes a day of 1582-10-05…14 (none of Foundation's calendar) ten days later.
  @Test(
    "--dialect codable: a date is a Date only where JSONEncoder writes its day back",
    arguments: [("1582-10-10T00:00:00Z", "String"), ("1582-10-15T00:00:00Z", "Date"), ("1500-03-01T12:00:00Z", "Date")])
  func codableCalendarGap(_ date: String, _ type: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("d.json", #"{"t": "\#(date)"}"#)
    let run = try CastctlProcess.run(["infer", "d.json", "--dialect", "codable"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("let t: \(type)\n"), "\(run.stdout)")
  }

  @Test("-o writes atomically and refuses to replace a file without --force")
  func outputFile() throws {
    let scratch = try ScratchFolder(copying: ["users.json"])
    defer { scratch.remove() }
    let first = try CastctlProcess.run(["infer", "users.json", "-o", "model.cast"], in: scratch.url)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.isEmpty)
    #expect(try scratch.text("model.cast").contains("struct Root: DictionaryConvertible, UnderscoreToCamelCase {"))
    let again = try CastctlProcess.run(["infer", "users.json", "-o", "model.cast"], in: scratch.url)
    #expect(again.status == 74)
    let forced = try CastctlProcess.run(["infer", "users.json", "-o", "model.cast", "--force", "--model-name", "User"], in: scratch.url)
    #expect(forced.status == 0)
    #expect(try scratch.text("model.cast").contains("struct User:"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["model.cast", "users.json"])
  }

  /// The model is written though its check fails (README), so a file `--force` replaces is named.
  @Test("a model that fails its check is written all the same, and the report says where", arguments: [false, true])
  func failedOutputFile(_ existed: Bool) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("d.ndjson", #"{"": 1, "a": 2}"# + "\n")
    if existed { try scratch.write("model.cast", "// mine\n") }
    let run = try CastctlProcess.run(["infer", "d.ndjson", "-o", "model.cast", "--force"], in: scratch.url)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(try scratch.text("model.cast").contains("struct Root: DictionaryConvertible {"))
    let said = "castctl: the model is written to model.cast all the same" + (existed ? ", replacing the file that was there" : "") + "\n"
    #expect(run.stderr.hasSuffix(said), "\(run.stderr)")
  }

  /// `infer` loads the model it writes as `check` loads a file, so that both name the same
  /// problems: every `codable-not-codable` (`Any`, `[Any?]`, `NSNumber`), checked or not.
  @Test("the warnings about the model as written are check's for the written file", arguments: [[], ["--no-verify"]])
  func warningsAsCheck(_ extra: [String]) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write(
      "n.ndjson",
      #"{"a": 1, "g": [1, "x"], "j": 1.0, "l": true, "m": {"k": [1, "y"]}}"# + "\n"
        + #"{"a": "x", "g": [null], "j": 1e400, "l": 0, "m": {"k": []}}"# + "\n")
    let run = try CastctlProcess.run(["infer", "n.ndjson", "--dialect", "codable", "-o", "model.swift"] + extra, in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    let check = try CastctlProcess.run(["check", "model.swift"], in: scratch.url)
    let checked = (check.stdout + check.stderr).split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: ": warning[") else { return nil }
      return String(line[range.upperBound...]).replacingOccurrences(of: "]: ", with: ": ")
    }
    let inferred = run.stderr.split(separator: "\n").compactMap { line in
      line.hasPrefix("castctl: warning: the model as written: ") ? String(line.dropFirst("castctl: warning: the model as written: ".count)) : nil
    }
    #expect(checked.count == 5, "\(check.stdout)")
    #expect(inferred == checked, "\(run.stderr)")
  }

  @Test("a directory, standard input and YAML are read as validate reads them")
  func inputs() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("data"), withIntermediateDirectories: true)
    try scratch.write("data/a.ndjson", "{\"id\": 1, \"tag\": \"x\"}\n{\"id\": 2}\n")
    try scratch.write("data/b.yaml", "id: 3\ntag: y\n")
    try scratch.write("data/notes.txt", "not data")
    let run = try CastctlProcess.run(["infer", "data", "-"], in: scratch.url, stdin: "[{\"id\": 4, \"tag\": \"z\"}]")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("    let id: Int\n"))
    #expect(run.stdout.contains("    var tag: String?\n"))
    #expect(run.stderr.contains("from 4 records"), "\(run.stderr)")
  }

  @Test("--explain gives the evidence per property on standard error")
  func explain() throws {
    let run = try CastctlProcess.run(["infer", "users.ndjson", "--explain"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("  /created_at: Any: mixed types (integer, string): Any\n"), "\(run.stderr)")
    #expect(run.stderr.contains("    present in 3 of 3; null 0; integer 1, string 2; 2 distinct; 1709285400…1709285400\n"))
    #expect(run.stderr.contains("    e.g. integer at users.ndjson:2 /created_at, string at users.ndjson:1 /created_at\n"))
    #expect(run.stderr.contains("  /address/geo: Any?: optional (null seen); always null: Any\n"))
  }

  @Test("--comments puts each property's evidence above it, and the model still verifies")
  func comments() throws {
    let run = try CastctlProcess.run(["infer", "orders.ndjson", "--comments", "--model-name", "Order"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("    // present 12/12, string 12, 3 distinct, length 4…9\n    let status: Status\n"), "\(run.stdout)")
    #expect(run.stdout.contains("    // present 6/12, null 3, string 3, 1 distinct, length 17…17\n    var note: String?\n"), "\(run.stdout)")
    #expect(run.stderr.contains("verified: all 12 records"))
  }

  @Test("a failed verification says what failed and exits 1; --no-verify skips it")
  func verification() throws {
    let data = "{\"\": 1, \"a\": 2}"
    let run = try CastctlProcess.run(["infer", "-"], stdin: data)
    #expect(run.status == 1)
    #expect(run.stderr.contains("warning: keys left out, which no //! \"key\" can name: Root: \"\""), "\(run.stderr)")
    #expect(run.stderr.contains("unknown-key-dropped"), "\(run.stderr)")
    let skipped = try CastctlProcess.run(["infer", "-", "--no-verify"], stdin: data)
    #expect(skipped.status == 0)
    #expect(skipped.stderr.contains("not verified (--no-verify)"))
  }

  static let usage: [InferUsageCase] = [
    InferUsageCase(arguments: ["infer"], status: 64, message: "Missing expected argument"),
    InferUsageCase(arguments: ["infer", "users.json", "--model-name", "9x"], status: 64, message: "--model-name must be a Swift type name"),
    InferUsageCase(arguments: ["infer", "users.json", "--model-name", "Int"], status: 64, message: "--model-name Int names a type castctl knows"),
    InferUsageCase(arguments: ["infer", "users.json", "--model-name", "class"], status: 64, message: "--model-name class is a Swift keyword"),
    InferUsageCase(arguments: ["infer", "users.json", "--enum-min-ratio", "0"], status: 64, message: "--enum-min-ratio must be at least 1"),
    InferUsageCase(
      arguments: ["infer", "users.json", "--enum-min-cases", "5", "--enum-max-cases", "2"], status: 64,
      message: "--enum-min-cases 5 is above --enum-max-cases 2"),
    InferUsageCase(arguments: ["infer", "users.json", "--map", "address"], status: 64, message: "such as /address"),
    InferUsageCase(arguments: ["infer", "users.json", "--map", "/a", "--object", "/a"], status: 64, message: "/a is given to both"),
    InferUsageCase(arguments: ["infer", "users.json", "--map", ""], status: 64, message: "the records themselves are always a model"),
    InferUsageCase(arguments: ["infer", "missing.json"], status: 66, message: "cannot read missing.json"),
    InferUsageCase(arguments: ["infer", "users.cast"], status: 3, message: "malformed-json"),
  ]

  @Test("--enum-max-cases 0 makes no enums, where the default makes one of the same values")
  func noEnums() throws {
    let made = try CastctlProcess.run(["infer", "orders.ndjson"])
    #expect(made.status == 0 && made.stdout.contains("enum "), "\(made.stdout)")
    let none = try CastctlProcess.run(["infer", "orders.ndjson", "--enum-max-cases", "0"])
    #expect(none.status == 0, "\(none.stderr)")
    #expect(!none.stdout.contains("enum "), "\(none.stdout)")
  }

  @Test("a --map or --object path no object is at is named in a warning; one that matches is not")
  func unmatchedOverride() throws {
    let run = try CastctlProcess.run(["infer", "orders.ndjson", "--map", "/custmer", "--object", "/per_warehouse"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("warning: no object of the records is at /custmer"), "\(run.stderr)")
    #expect(!run.stderr.contains("/per_warehouse"), "\(run.stderr)")
  }

  @Test("a failed verification names the data's keys escaped, never with raw control characters")
  func verificationEscapesKeys() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("keys.ndjson", #"{"a\u0000b": 1, "t\tab": 2, "e\u001B]0;x\u0007": 3}"# + "\n")
    let run = try CastctlProcess.run(["infer", "keys.ndjson"], in: scratch.url)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains(#"/a\u0000b"#) && run.stderr.contains(#"/t\tab"#), "\(run.stderr)")
    let controls = run.stderr.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    #expect(controls.isEmpty, "\(controls.map { String($0.value, radix: 16) })")
  }

  @Test("usage errors, unreadable and malformed input", arguments: usage)
  func errors(_ c: InferUsageCase) throws {
    let run = try CastctlProcess.run(c.arguments)
    #expect(run.status == c.status, "\(run.stderr)")
    #expect(run.stderr.contains(c.message), "\(run.stderr)")
  }

  @Test("records that are not objects: exit 1 with the reason")
  func notObjects() throws {
    let run = try CastctlProcess.run(["infer", "-"], stdin: "[1, 2]")
    #expect(run.status == 1)
    #expect(run.stderr.contains("nothing to infer a model from: the input holds records that are not all objects (integer)"))
  }
}

@Suite("the REPL's :infer", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ReplInferTests {
  @Test(":infer prints the model, verifies it, loads it and makes its root current")
  func infer() throws {
    let script = ":infer users.ndjson --model-name User\n:models\n{\"id\": 9, \"user_name\": \"x\", \"email\": \"e\", \"role\": \"r\", \"created_at\": 5, \"address\": {\"street\": \"s\", \"city\": \"c\", \"zip\": \"z\"}}\n"
    let run = try CastctlProcess.run(["repl"], stdin: script)
    #expect(run.status == 0)
    #expect(run.stdout.contains("struct User: DictionaryConvertible, UnderscoreToCamelCase {"), "\(run.stdout)")
    #expect(run.stdout.contains("verified: all 3 records valid under --strict with no findings, round trip lossless\nusing User\n"))
    #expect(run.stdout.contains("  User *   struct  jsoncast  8           <infer users.ndjson>:3:8\n"), "\(run.stdout)")
    #expect(run.stdout.contains("valid: no findings in <input> (model User)") || !run.stdout.contains("invalid"), "\(run.stdout)")
  }

  @Test(":infer with a bad argument or file says so and keeps the session")
  func errors() throws {
    let run = try CastctlProcess.run(["repl", "users.cast"], stdin: ":infer\n:infer nope.json\n:infer users.json --model-name 1\n:infer users.json --model-name String\n:models\n")
    #expect(run.stdout.contains("usage: :infer FILE [--model-name NAME]") || run.stderr.contains("usage: :infer FILE [--model-name NAME]"), "\(run.stdout)\(run.stderr)")
    #expect((run.stdout + run.stderr).contains("cannot read nope.json"))
    #expect((run.stdout + run.stderr).contains("--model-name must be a Swift type name"))
    #expect((run.stdout + run.stderr).contains("--model-name String names a type castctl knows"))
    #expect(run.stdout.contains("  User *   struct  jsoncast  10          users.cast:21:8\n"), "\(run.stdout)")
  }
}
