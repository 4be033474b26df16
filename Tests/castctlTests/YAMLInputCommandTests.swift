import Foundation
import Testing

/// YAML input (`.yaml`, `.yml`, `--from yaml`): read as the JSON it describes, findings and
/// errors pointing into the YAML, and a stream of several documents read as records.
@Suite("castctl with YAML input, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct YAMLInputCommandTests {
  private func run(_ arguments: [String], in folder: URL) throws -> CastctlProcess.Output {
    try CastctlProcess.run(arguments, in: folder)
  }

  /// PyYAML, where this machine has it: the YAML 1.1 reader most YAML is written for.
  static let pyYAML: Bool = {
    guard let python = try? ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import yaml"], in: FileManager.default.temporaryDirectory).finish(timeout: 30)
    else { return false }
    return python.status == 0
  }()

  /// Merge keys (`<<`), in order and beside keys of their own, and a byte-order mark that
  /// begins a string (which Yams drops).
  static let pyYAMLDocuments = [
    "base: &b {a: 1, b: 2}\nd:\n  <<: *b\n  c: 3\n",
    "a: &a {x: 1, y: 2}\nb: &b {y: 3, z: 4}\nc:\n  <<: [*a, *b]\n  x: 9\nd: {<<: *a}\n",
    "a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nc: {<<: *b, z: 3}\n",
    "s: \"\\uFEFFabc\"\n\"\\ufeffk\": 1\nt: '\u{FEFF}x'\nu: \"a\\uFEFF\"\n",
    "- <<: {a: 1}\n  a: 2\n- {\"<<\": 5}\n",
    "\"\\uFEFFk\": \"\\uFEFF\"\n",
    "- \u{FEFF}1\n- \u{FEFF}true\n- a: \u{FEFF}\n",
    "m0: &m0 {k0: 0}\n" + (1..<60).map { "m\($0): &m\($0)\n  <<: *m\($0 - 1)\n  k\($0): \($0)\n" }.joined(),
    // The stream's own byte-order mark, as editors on Windows save it, before several lines.
    "\u{FEFF}x: 1\nn: 2\n", "\u{FEFF}- 1\n- 2\n", "\u{FEFF}---\na: 1\n", "\u{FEFF}\"\\uFEFFk\": 1\nj: 2\n",
  ]

  /// Findings about a key (an ignored property's key, a key the model does not declare) point at
  /// the key, not at the value before it.
  @Test("a finding about a YAML key points at the key", arguments: ["", "\u{FEFF}"])
  func keyFindingPositions(_ prefix: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("u.cast", "class U: DictionaryConvertible {\n  var name: String!\n  var age: Int?\n  var skip: Int? //! ignore\n}\n")
    try scratch.write("in.yaml", prefix + "name: bob\nage: 7\nskip: 1\n\"nmae\": x\n")
    let castctl = try run(["validate", "u.cast", "in.yaml", "--unknown", "warn"], in: scratch.url)
    #expect(castctl.status == 0, "\(castctl.stderr)")
    #expect(castctl.stdout.contains("in.yaml:3:1: note[ignored-key]"), "\(castctl.stdout)")
    #expect(castctl.stdout.contains("in.yaml:4:1: warning[unknown-key]"), "\(castctl.stdout)")
  }

  @Test("a finding in a YAML file that begins with a byte-order mark points at its line and column")
  func byteOrderMarkPositions() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("m.cast", "struct M {\n  let a: Int\n  let b: Int\n}\n")
    try scratch.write("in.yaml", "\u{FEFF}a: 1\nb: x\n")
    let castctl = try run(["validate", "m.cast", "in.yaml"], in: scratch.url)
    #expect(castctl.status == 1)
    #expect(castctl.stdout.hasPrefix("in.yaml:2:4: error[type-mismatch]"), "\(castctl.stdout)")
  }

  @Test(
    "YAML reads as PyYAML reads it: merge keys, a leading byte-order mark", .enabled(if: pyYAML, "python3 with PyYAML is not on this machine"),
    arguments: pyYAMLDocuments)
  func readsAsPyYAML(_ yaml: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("in.yaml", yaml)
    let castctl = try run(["convert", "--type", "Any", "in.yaml", "--compact"], in: scratch.url)
    #expect(castctl.status == 0, "\(castctl.stderr)")
    try scratch.write("out.json", castctl.stdout)
    // NB: compared in Python: Foundation's JSON reader drops a byte-order mark that begins a string.
    let script = """
      import json, yaml
      expected = yaml.safe_load(open('in.yaml', encoding='utf-8'))
      got = json.load(open('out.json', encoding='utf-8'))
      print('same' if got == expected and list(json.dumps(got)) == list(json.dumps(expected)) else json.dumps(expected))
      """
    let python = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], in: scratch.url).finish(timeout: 30)
    #expect(python.status == 0, "\(python.stderr)")
    #expect(python.stdout == "same\n", "castctl \(castctl.stdout) PyYAML \(python.stdout)")
  }

  @Test("a YAML document validates like its JSON, and a finding points at the YAML line and column")
  func singleDocument() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    try scratch.write("user.yaml", try run(["convert", "users.cast", "users.json", "--to", "yaml"], in: scratch.url).stdout)
    #expect(try run(["validate", "users.cast", "user.yaml"], in: scratch.url).status == 0)
    let yaml = try scratch.text("user.yaml")
    try scratch.write("bad.yaml", yaml.replacing("role: admin", with: "role: boss"))
    let line = try #require(yaml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("role:") }) + 1
    let output = try run(["validate", "users.cast", "bad.yaml"], in: scratch.url)
    #expect(output.status == 1)
    #expect(output.stdout.contains("bad.yaml:\(line):7: error[unknown-enum-value]"), "\(output.stdout)")
  }

  @Test("convert --to yaml of NDJSON reads back as records: one per document, the same JSON lines")
  func documentStreamReadsBackAsRecords() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.ndjson"])
    defer { scratch.remove() }
    let yaml = try run(["convert", "users.cast", "users.ndjson", "--to", "yaml"], in: scratch.url)
    try scratch.write("users.yaml", yaml.stdout)
    let validated = try run(["validate", "users.cast", "users.yaml"], in: scratch.url)
    #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
    #expect(validated.stdout.contains("0 of 3 records invalid"), "\(validated.stdout)")
    let lines = try run(["convert", "users.cast", "users.ndjson"], in: scratch.url)
    #expect(try run(["convert", "users.cast", "users.yaml"], in: scratch.url).stdout == lines.stdout)
  }

  @Test("in a stream of YAML documents a finding gives the YAML line of its document as the record's")
  func documentStreamFindingPositions() throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.ndjson"])
    defer { scratch.remove() }
    let yaml = try run(["convert", "users.cast", "users.ndjson", "--to", "yaml"], in: scratch.url).stdout
    let documents = yaml.components(separatedBy: "---\n").filter { !$0.isEmpty }
    try #require(documents.count == 3)
    let second = try #require(documents[1].range(of: "email: ")).lowerBound
    let broken = documents[0] + "---\n" + String(documents[1][..<second]) + "email: 7\n"
      + documents[1][second...].drop { $0 != "\n" }.dropFirst() + "---\n" + documents[2]
    try scratch.write("users.yaml", "---\n" + broken)
    let lines = ("---\n" + broken).split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.indices.filter { lines[$0] == "---" }.dropFirst().first) + 2
    let email = try #require(lines.firstIndex { $0 == "email: 7" }) + 1
    let output = try run(["validate", "users.cast", "users.yaml", "--format", "json"], in: scratch.url)
    #expect(output.status == 1, "\(output.stderr)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect(document["records"] as? Int == 3)
    let finding = try #require((document["findings"] as? [[String: Any]])?.first, "\(output.stdout)")
    #expect(finding["line"] as? Int == email)
    #expect(finding["record"] as? Int == start)
  }

  @Test(
    "YAML nested too deep: exit 3 and error[malformed-yaml], saying whose limit it is",
    arguments: [
      (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), [String](), "nesting deeper than 512 levels"),
      (String(repeating: "[", count: 1200) + String(repeating: "]", count: 1200), ["--max-depth", "5000"],
       "nesting deeper than libyaml's limit of 1000 levels"),
    ])
  func deepYAML(_ yaml: String, _ options: [String], _ message: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("deep.yaml", yaml + "\n")
    let output = try run(["validate", "--type", "Any", "deep.yaml"] + options, in: scratch.url)
    #expect(output.status == 3)
    #expect(output.stderr.contains("error[malformed-yaml]: \(message)"), "\(output.stderr)")
  }

  /// A syntax error (the scanner's, the parser's), an undefined alias (the composer's) and a
  /// repeated key (at its mapping, which is all Yams tells) each point into the YAML.
  @Test(
    "malformed YAML: exit 3 and error[malformed-yaml] at the problem's line and column",
    arguments: [
      ("id: 1\nuser_name: [a\nemail: x\n", "bad.yaml:3:"),
      ("id: 1\nuser_name: *nowhere\n", "bad.yaml:2:12: error[malformed-yaml]: found undefined alias"),
      // At the repeat, which Yams does not name, found in the same block mapping.
      ("id: 1\naddress:\n  city: a\n  city: b\n", "bad.yaml:4:3: error[malformed-yaml]: a mapping has the key 'city' twice"),
      ("id: 1\naddress:\n  city: a\n  zip: '1'\n  # note\n\n  \"city\" : b\n", "bad.yaml:7:3: error[malformed-yaml]: a mapping has the key 'city' twice"),
      ("a: {x: 1, x: 2}\n", "bad.yaml:1:5: error[malformed-yaml]: a mapping has the key 'x' twice"),
      // One text in two Unicode forms, which YAML tells apart and Yams does not: said so.
      ("\"\\u00e9\": 1\n\"e\\u0301\": 2\n", "one text in two Unicode forms is one key"),
    ])
  func malformedYAML(_ yaml: String, _ says: String) throws {
    let scratch = try ScratchFolder(copying: ["users.cast"])
    defer { scratch.remove() }
    try scratch.write("bad.yaml", yaml)
    let output = try run(["validate", "users.cast", "bad.yaml"], in: scratch.url)
    #expect(output.status == 3)
    #expect(output.stderr.contains("error[malformed-yaml]"), "\(output.stderr)")
    #expect(output.stderr.contains(says), "\(output.stderr)")
  }
}
