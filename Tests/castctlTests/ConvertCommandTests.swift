import CastValidate
import Foundation
import Testing

/// A `convert` of a shipped example (arguments after `convert`, run in `schemas/`).
struct ConvertExample: Sendable, CustomTestStringConvertible {
  let arguments: [String]
  var ndjson = false

  var testDescription: String { "castctl convert " + Golden.commandLine(arguments) }

  /// Every `schemas/` example with the flags and models of `scripts/demo.sh`.
  static let all: [ConvertExample] = [
    ConvertExample(arguments: ["users.cast", "users.json"]),
    ConvertExample(arguments: ["-c", "classy.cast", "classy.json", "--model", "Classz"]),
    ConvertExample(arguments: ["convertible-person.cast", "convertible-person.json"]),
    ConvertExample(arguments: ["dson-fish.cast", "dson-fish.json"]),
    ConvertExample(arguments: ["jsonobject-user.cast", "jsonobject-user.json"]),
    ConvertExample(arguments: ["nosce-company.cast", "nosce-company.json"]),
    ConvertExample(arguments: ["users.cast", "users.ndjson", "--strict"], ndjson: true),
  ]
}

extension GoldenCase {
  /// `convert`'s text outputs.
  static let convert: [GoldenCase] = [
    GoldenCase(name: "convert-json-pretty", arguments: ["convert", "users.cast", "users.json"]),
    GoldenCase(name: "convert-json-compact", arguments: ["convert", "users.cast", "users.json", "--compact"]),
    GoldenCase(name: "convert-yaml", arguments: ["convert", "users.cast", "users.json", "--to", "yaml"]),
    GoldenCase(name: "convert-plist-xml", arguments: ["convert", "users.cast", "users.json", "--to", "plist"]),
    GoldenCase(name: "convert-keys-property", arguments: ["convert", "users.cast", "users.json", "--keys", "property"]),
    GoldenCase(name: "convert-keys-snake", arguments: ["convert", "users.cast", "users.json", "--keys", "snake"]),
    GoldenCase(name: "convert-keys-camel", arguments: ["convert", "users.cast", "users.json", "--keys", "camel"]),
    GoldenCase(
      name: "convert-classy-json", arguments: ["convert", "-c", "classy.cast", "classy.json", "--model", "Classz"]),
    GoldenCase(
      name: "convert-classy-yaml",
      arguments: ["convert", "-c", "classy.cast", "classy.json", "--model", "Classz", "--to", "yaml"]),
    GoldenCase(
      name: "convert-classy-keys-property",
      arguments: ["convert", "-c", "classy.cast", "classy.json", "--model", "Classz", "--keys", "property", "--compact"]),
    GoldenCase(
      name: "convert-classy-keys-snake",
      arguments: ["convert", "-c", "classy.cast", "classy.json", "--model", "Classz", "--keys", "snake", "--compact"]),
    GoldenCase(
      name: "convert-classy-keys-camel",
      arguments: ["convert", "-c", "classy.cast", "classy.json", "--model", "Classz", "--keys", "camel", "--compact"]),
    GoldenCase(name: "convert-nosce-plist", arguments: ["convert", "nosce-company.cast", "nosce-company.json", "--to", "plist"]),
    GoldenCase(name: "convert-ndjson", arguments: ["convert", "users.cast", "users.ndjson", "--strict"]),
    GoldenCase(name: "convert-ndjson-yaml", arguments: ["convert", "users.cast", "users.ndjson", "--strict", "--to", "yaml"]),
    GoldenCase(name: "convert-invalid", arguments: ["convert", "users.cast", "users-invalid.json"]),
  ]
}

@Suite("castctl convert, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ConvertCommandTests {
  private func run(_ arguments: [String], in folder: URL = CastctlProcess.schemas, stdin: String? = nil) throws
    -> CastctlProcess.Output
  {
    try CastctlProcess.run(["convert"] + arguments, in: folder, stdin: stdin)
  }

  // MARK: - Goldens

  @Test("text output matches its golden file", arguments: GoldenCase.convert)
  func golden(_ item: GoldenCase) throws {
    try Golden.check(item)
  }

  // MARK: - YAML and property lists read back

  @Test("the YAML output reads back (Yams) as the JSON output, document by document", arguments: ConvertExample.all)
  func yamlReadsBackAsJSON(_ example: ConvertExample) throws {
    let json = try run(example.arguments + ["--compact"])
    let yaml = try run(example.arguments + ["--to", "yaml"])
    #expect(json.status == 0 && yaml.status == 0, "\(json.stderr)\(yaml.stderr)")
    let values = try OutputValues.jsonLines(json.stdout)
    #expect(values.count == (example.ndjson ? 3 : 1))
    #expect(try OutputValues.yamlDocuments(yaml.stdout) == values.map { Optional($0) }, "\(yaml.stdout)")
  }

  @Test(
    "the property list reads back as the JSON output without its nulls, and says how many it left out",
    arguments: ConvertExample.all.filter { !$0.ndjson })
  func plistReadsBackAsJSON(_ example: ConvertExample) throws {
    let json = try run(example.arguments + ["--compact"])
    let plist = try run(example.arguments + ["--to", "plist"])
    #expect(json.status == 0 && plist.status == 0, "\(plist.stderr)")
    let value = try JSONValue.parse(json.stdout)
    let object = try PropertyListSerialization.propertyList(from: Data(plist.stdout.utf8), options: [], format: nil)
    #expect(OutputValues.plist(object, equals: value), "\(plist.stdout)")
    let nulls = OutputValues.nulls(in: value)
    if nulls > 0 {
      #expect(plist.stderr.contains("property lists have no null; \(nulls) null value(s) left out"), "\(plist.stderr)")
    } else {
      #expect(plist.stderr.isEmpty, "\(plist.stderr)")
    }
  }

  /// Foundation's property lists hold keys as Swift strings: one text in two Unicode forms, or a
  /// key an `Any` value repeats, is one key, and the warning says how many were left out.
  @Test(
    "a property list with keys Foundation takes for one says how many were left out", arguments: [[], ["--binary"]])
  func plistMergedKeys(_ binary: [String]) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("in.json", #"{"\u00e9":1,"e\u0301":2,"k":[{"a":1,"a":2}]}"#)
    let converted = try run(["--type", "Any", "--to", "plist", "in.json", "-o", "out.plist"] + binary, in: scratch.url)
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(converted.stderr.contains("castctl: warning: in.json: a property list as Foundation writes it holds keys") && converted.stderr.contains("2 key(s) left out"), "\(converted.stderr)")
  }

  @Test("--to plist --binary writes a binary property list that reads back as the JSON output")
  func binaryPlist() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    let output = try run(["users.cast", "users.json", "--to", "plist", "--binary", "-o", "users.plist"], in: scratch.url)
    #expect(output.status == 0, "\(output.stderr)")
    let data = try scratch.bytes("users.plist")
    #expect(data.starts(with: Array("bplist00".utf8)))
    var format = PropertyListSerialization.PropertyListFormat.xml
    let object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
    #expect(format == .binary)
    let json = try JSONValue.parse(try run(["users.cast", "users.json", "--compact"], in: scratch.url).stdout)
    #expect(OutputValues.plist(object, equals: json))
  }

  /// `Any` passes an object's repeated keys through, which YAML forbids: castctl's own YAML
  /// reader refuses such a mapping (`malformed-yaml`), so it is the consumer here. Keys that are
  /// one text in two Unicode forms are one key to it (Yams compares Swift strings). The keys left
  /// out are counted in a warning, so no value is lost in silence.
  @Test(
    "YAML of an Any value with a repeated key keeps the last value, says so, and reads back through castctl",
    arguments: [
      ("Any", #"{"a":1,"b":3,"a":2}"#, #"{"b":3,"a":2}"#, "1 key(s) left out, the last value kept (first: \"a\""),
      ("[String: Any]", #"{"n":{"x":1,"x":[1]},"l":[{"y":1,"y":2,"y":3}]}"#, #"{"n":{"x":[1]},"l":[{"y":3}]}"#, "3 key(s) left out"),
      ("Any", #"{"\u00e9":1,"e\u0301":2}"#, #"{"e\u0301":2}"#, "(first: \"\u{E9}\", U+E9)"),
    ])
  func yamlRepeatedKeys(_ type: String, _ input: String, _ expected: String, _ warning: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("in.json", input)
    let converted = try run(["--type", type, "--to", "yaml", "in.json", "-o", "out.yaml"], in: scratch.url)
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(converted.stderr.contains("castctl: warning: in.json: YAML as Swift reads it (Yams) holds keys") && converted.stderr.contains(warning), "\(converted.stderr)")
    try scratch.write("in.ndjson", input + "\n" + input + "\n")
    let records = try run(["--type", type, "--to", "yaml", "in.ndjson"], in: scratch.url)
    #expect(records.status == 0 && records.stderr.contains("key(s) left out"), "\(records.stderr)")
    let back = try CastctlProcess.run(
      ["convert", "--type", "Any", "--compact", "out.yaml"], in: scratch.url)
    #expect(back.status == 0, "\(back.stderr)")
    let yaml = try scratch.text("out.yaml")
    #expect(try JSONValue.parse(back.stdout) == JSONValue.parse(expected), "\(yaml)")
  }

  @Test(
    "usage errors exit 64",
    arguments: [
      ["users.cast", "users.json", "--binary"], ["users.cast", "users.ndjson", "--to", "plist"],
      ["users.cast", "users.json", "--keys", "kebab"], ["users.cast", "users.json", "--to", "toml"],
    ])
  func usageErrors(_ arguments: [String]) throws {
    let output = try run(arguments)
    #expect(output.status == 64, "\(output.stderr)")
    #expect(output.stdout.isEmpty)
  }

  @Test(
    "a --keys style that writes two properties at one key: exit 64, an error at the later one, nothing written",
    arguments: [("snake", "user_name"), ("camel", "userName")])
  func keyStyleCollision(_ style: String, _ key: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write(
      "m.cast",
      """
      struct M: DictionaryConvertible {
          var userName: String? //! "userName"
          var user_name: String? //! "user_name"
      }

      """)
    try scratch.write("d.json", #"{"userName": "a", "user_name": "b"}"#)
    let output = try run(["m.cast", "d.json", "--keys", style, "-o", "out.json"], in: scratch.url)
    #expect(output.status == 64, "\(output.stderr)")
    #expect(output.stderr.contains(
      "m.cast:3:9: error[key-style-collision]: --keys \(style) writes properties 'userName' and 'user_name' of 'M' at the same key \"\(key)\""),
      "\(output.stderr)")
    #expect(output.stderr.contains("m.cast:2:9: note: 'userName' declared here"))
    #expect(!scratch.exists("out.json"))
    let json = try run(["m.cast", "d.json", "--keys", "json", "--compact"], in: scratch.url)
    #expect(json.stdout == #"{"userName":"a","user_name":"b"}"# + "\n")
  }

  @Test("invalid input: exit 1, the findings on standard error and nothing on standard output")
  func invalidInputWritesNothing() throws {
    let output = try run(["users.cast", "users-invalid.json"])
    #expect(output.status == 1)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.contains("error[missing-required]"))
    #expect(output.stderr.contains("castctl: not converted:"))
  }

  // MARK: - NDJSON

  @Test("NDJSON stays NDJSON: one compact line per record, one YAML document per record")
  func ndjsonStaysNDJSON() throws {
    let lines = try run(["users.cast", "users.ndjson", "--strict"])
    #expect(lines.status == 0, "\(lines.stderr)")
    let records = lines.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(records.count == 4 && records.last == "", "\(lines.stdout)")
    for record in records.dropLast() {
      #expect(record.hasPrefix("{\"id\":") && !record.contains("\n"))
      #expect(try JSONValue.parse(String(record)) != .null)
    }
    // --compact changes nothing: NDJSON is always one line per record.
    #expect(try run(["users.cast", "users.ndjson", "--strict", "--compact"]).stdout == lines.stdout)
    let yaml = try run(["users.cast", "users.ndjson", "--strict", "--to", "yaml"])
    #expect(yaml.stdout.components(separatedBy: "---\n").count == 4, "\(yaml.stdout)")
  }

  @Test("NDJSON with an invalid record: the valid records, on standard output as in the -o file; exit 1")
  func ndjsonWithAnInvalidRecord() throws {
    let scratch = try ScratchFolder(copying: ["users.cast"])
    defer { scratch.remove() }
    let valid = try String(contentsOf: CastctlProcess.schemas.appendingPathComponent("users.ndjson"), encoding: .utf8)
      .split(separator: "\n")
    try scratch.write("mixed.ndjson", valid[0] + "\n{\"id\": 0}\n" + valid[1] + "\n")
    let output = try run(["users.cast", "mixed.ndjson"], in: scratch.url)
    #expect(output.status == 1)
    #expect(output.stdout.split(separator: "\n").count == 2, "\(output.stdout)")
    #expect(output.stderr.contains("mixed.ndjson:2:"), "\(output.stderr)")
    #expect(output.stderr.contains("castctl: invalid records left out: 6 errors, no warnings in mixed.ndjson (model User): 1 of 3 records invalid"), "\(output.stderr)")
    let written = try run(["users.cast", "mixed.ndjson", "-o", "out.ndjson"], in: scratch.url)
    #expect(written.status == 1)
    #expect(written.stderr == output.stderr)
    #expect(scratch.files == ["mixed.ndjson", "out.ndjson", "users.cast"])
    #expect(try scratch.text("out.ndjson") == output.stdout)
  }

  // MARK: - -o

  @Test("-o writes what standard output would show, with the umask's mode and no temporary file left")
  func outputFile() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    let printed = try run(["users.cast", "users.json"], in: scratch.url)
    let output = try run(["users.cast", "users.json", "-o", "out.json"], in: scratch.url)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.isEmpty)
    #expect(try scratch.text("out.json") == printed.stdout)
    #expect(scratch.files == ["out.json", "users.cast", "users.json"])
    let mask = umask(0)
    umask(mask)
    #expect(try scratch.mode("out.json") == 0o666 & ~Int(mask))
  }

  /// Refused by the property-list writer after the temporary file is made: nothing is left.
  @Test(
    "a document no property list can hold, with -o: exit 1, the old target kept, no temporary file",
    arguments: [#"{"s": "\u0000"}"#, "null", #"{"a": 1e400}"#])
  func refusedPropertyList(_ document: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("in.json", document)
    try scratch.write("out.plist", "precious\n")
    let output = try run(["--type", "Any", "in.json", "--to", "plist", "-o", "out.plist", "--force"], in: scratch.url)
    #expect(output.status == 1, "\(output.stderr)")
    #expect(try scratch.text("out.plist") == "precious\n")
    #expect(scratch.files == ["in.json", "out.plist"])
  }

  @Test("-o refuses to replace an existing file without --force: exit 74, the file untouched")
  func outputExistsWithoutForce() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    try scratch.write("out.json", "precious\n")
    let output = try run(["users.cast", "users.json", "-o", "out.json"], in: scratch.url)
    #expect(output.status == 74)
    #expect(output.stderr.contains("out.json exists; add --force to replace it"), "\(output.stderr)")
    #expect(try scratch.text("out.json") == "precious\n")
    #expect(scratch.files == ["out.json", "users.cast", "users.json"])
  }

  /// A link whose target is missing is a file the rename would replace: it exists.
  @Test("-o refuses to replace a dangling link without --force")
  func danglingLinkWithoutForce() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    try FileManager.default.createSymbolicLink(atPath: scratch.path("out.json"), withDestinationPath: "missing.json")
    let output = try run(["users.cast", "users.json", "-o", "out.json"], in: scratch.url)
    #expect(output.status == 74)
    #expect(output.stderr.contains("out.json exists; add --force to replace it"), "\(output.stderr)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path("out.json")) == "missing.json")
  }

  @Test("-o with an empty name is a usage error")
  func emptyOutputName() throws {
    let output = try run(["users.cast", "users.json", "-o", ""])
    #expect(output.status == 64, "\(output.stderr)")
    #expect(output.stderr.contains("an output file needs a name"), "\(output.stderr)")
  }

  @Test("--force replaces an existing file, which keeps its mode")
  func outputExistsWithForce() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    try scratch.write("out.yaml", "precious\n")
    try scratch.setMode("out.yaml", 0o640)
    let output = try run(["users.cast", "users.json", "--to", "yaml", "-o", "out.yaml", "--force"], in: scratch.url)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(try scratch.text("out.yaml") == (try run(["users.cast", "users.json", "--to", "yaml"], in: scratch.url).stdout))
    #expect(try scratch.mode("out.yaml") == 0o640)
    #expect(scratch.files == ["out.yaml", "users.cast", "users.json"])
  }

  @Test("-o naming the input without --force: exit 74 and the input untouched")
  func outputIsInputWithoutForce() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    let before = try scratch.bytes("users.json")
    let output = try run(["users.cast", "users.json", "-o", "users.json"], in: scratch.url)
    #expect(output.status == 74)
    #expect(try scratch.bytes("users.json") == before)
  }

  @Test(
    "-o naming the input with --force: the input is replaced by the complete output",
    arguments: [["users.cast", "users.json"], ["users.cast", "users.ndjson", "--strict"]])
  func outputIsInputWithForce(_ arguments: [String]) throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json", "users.ndjson"])
    defer { scratch.remove() }
    let expected = try run(arguments, in: scratch.url).stdout
    let output = try run(arguments + ["-o", arguments[1], "--force"], in: scratch.url)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(try scratch.text(arguments[1]) == expected)
    #expect(scratch.files == ["users.cast", "users.json", "users.ndjson"])
  }

  @Test(
    "invalid or malformed input with -o: no output file, an existing target untouched even with --force",
    arguments: [("users-invalid.json", Int32(1)), ("malformed.json", Int32(3))])
  func outputUntouchedOnBadInput(_ data: String, _ status: Int32) throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users-invalid.json"])
    defer { scratch.remove() }
    try scratch.write("malformed.json", "{\"id\": 1,\n")
    let fresh = try run(["users.cast", data, "-o", "out.json"], in: scratch.url)
    #expect(fresh.status == status, "\(fresh.stderr)")
    #expect(!scratch.exists("out.json"))
    try scratch.write("kept.json", "precious\n")
    let forced = try run(["users.cast", data, "-o", "kept.json", "--force"], in: scratch.url)
    #expect(forced.status == status)
    #expect(try scratch.text("kept.json") == "precious\n")
    #expect(scratch.files == ["kept.json", "malformed.json", "users-invalid.json", "users.cast"])
  }

  @Test(
    "NDJSON with a malformed line: standard output has every record before it, then exit 3; -o writes nothing",
    arguments: ["1", "2"])
  func malformedLineEndsStream(_ jobs: String) throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.ndjson"])
    defer { scratch.remove() }
    // More than one piece of output (64 KB) and of a batch shared by workers before the bad line.
    let lines = try scratch.text("users.ndjson").split(separator: "\n").map(String.init)
    let records = (0..<3_000).map { lines[$0 % lines.count] }
    try scratch.write("data.ndjson", (records + [#"{"id": 5, "user_name": "#] + records).joined(separator: "\n") + "\n")
    let whole = try run(["users.cast", "data.ndjson", "--compact", "--jobs", jobs], in: scratch.url)
    #expect(whole.status == 3, "\(whole.stderr)")
    #expect(whole.stderr.contains("data.ndjson:3001:"), "\(whole.stderr)")
    let expected = try run(["users.cast", "users.ndjson", "--compact"], in: scratch.url).stdout.split(separator: "\n")
    let written = whole.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(written.count == 3_001 && written.last == "", "\(written.count) lines")
    #expect(written.dropLast().enumerated().allSatisfy { $0.element == expected[$0.offset % expected.count] })
    let file = try run(["users.cast", "data.ndjson", "--jobs", jobs, "-o", "out.ndjson"], in: scratch.url)
    #expect(file.status == 3)
    #expect(!scratch.exists("out.ndjson"))
  }

  @Test("-o into a folder that does not exist: exit 74")
  func outputFolderMissing() throws {
    let output = try run(["users.cast", "users.json", "-o", "no-such-folder/out.json"])
    #expect(output.status == 74)
    #expect(output.stderr.contains("cannot write no-such-folder/out.json"), "\(output.stderr)")
  }
}
