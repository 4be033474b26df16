import Foundation
import Testing

/// `castctl.yaml`: globs mapped to schemas and models, for `castctl validate` alone and for the
/// files a pre-commit hook passes.
@Suite("castctl validate with castctl.yaml", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ProjectFileCommandTests {
  static let project = """
    checks:
      - files: "fixtures/users/**/*.json"
        exclude: "fixtures/users/skip/*"
        schema: [models/user.cast]
        model: User
        strict: true
      - files: ["fixtures/any/*.{json,yml}"]
        type: Any
    """

  /// A repository: models, fixtures mapped by two checks, a file no check maps.
  static func repository(_ project: String = project) throws -> ScratchFolder {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json", "users-invalid.json"])
    let manager = FileManager.default
    for directory in ["models", "fixtures/users/deep", "fixtures/users/skip", "fixtures/any", "sub"] {
      try manager.createDirectory(atPath: folder.path(directory), withIntermediateDirectories: true)
    }
    try manager.moveItem(atPath: folder.path("users.cast"), toPath: folder.path("models/user.cast"))
    try manager.moveItem(atPath: folder.path("users.json"), toPath: folder.path("fixtures/users/a.json"))
    try manager.moveItem(atPath: folder.path("users-invalid.json"), toPath: folder.path("fixtures/users/deep/b.json"))
    try folder.write("fixtures/users/skip/c.json", "not json")
    try folder.write("fixtures/any/x.yml", "a: [1, 2]\n")
    try folder.write("package.json", "{}")
    try folder.write("castctl.yaml", project)
    return folder
  }

  @Test("validate alone checks every mapped file with its check's schema, model and strictness")
  func everyMappedFile() throws {
    let folder = try Self.repository()
    let output = try CastctlProcess.run(["validate"], in: folder.url)
    #expect(output.status == 1, "\(output.stderr)")
    // strict: the "42" for an Int is an error, not a coercion.
    #expect(output.stdout.contains("fixtures/users/deep/b.json:2:9: error[type-mismatch]"), "\(output.stdout)")
    #expect(output.stdout.contains("in fixtures/any/x.yml (type Any)"), "\(output.stdout)")
    #expect(!output.stdout.contains("skip/c.json") && !output.stdout.contains("package.json"))
    #expect(output.stdout.hasSuffix("castctl: 3 files: 2 valid, 1 invalid; 3 records, 1 invalid; by code: check-failed 1, invalid-format 1, missing-required 1, type-mismatch 1, unknown-enum-value 1\n"), "\(output.stdout)")
  }

  /// Data files alone are mapped: from the root or a folder below it; an unmapped file is a note.
  @Test(arguments: [
    ("", ["fixtures/users/a.json", "package.json"], Int32(0), "castctl: 2 files: 1 valid, 1 not mapped"),
    ("sub", ["../fixtures/users/deep/b.json"], Int32(1), "castctl: 1 file: 1 invalid"),
    ("", ["fixtures/users"], Int32(1), "castctl: 3 files: 1 valid, 1 invalid, 1 not mapped"),
  ])
  func mappedArguments(_ directory: String, _ arguments: [String], _ status: Int32, _ summary: String) throws {
    let folder = try Self.repository()
    let output = try CastctlProcess.run(["validate"] + arguments, in: folder.url.appendingPathComponent(directory))
    #expect(output.status == status, "\(output.stdout)\n\(output.stderr)")
    #expect(output.stdout.contains(summary), "\(output.stdout)")
    if summary.contains("not mapped") {
      #expect(output.stderr.contains("no check in castctl.yaml maps this file; skipped"), "\(output.stderr)")
    }
  }

  /// A bad project file: exit 64 and the mistake with its line and column.
  @Test(arguments: [
    ("checks:\n  - files: \"*.json\n", "castctl.yaml:3:1: error: not valid YAML"),
    ("checks: 3\n", "castctl.yaml:1:9: error: checks: must be a list"),
    ("checks:\n  - files: \"*.json\"\n    type: Any\n    type: Int\n", "castctl.yaml:4:5: error: a mapping has the key 'type' twice"),
    ("checks:\n  - files: \"*.json\"\n    schema: m.cast\n    modle: User\n", "castctl.yaml:4:5: error: unknown key 'modle' in a check"),
    ("checks:\n  - schema: m.cast\n", "castctl.yaml:2:5: error: a check needs files:"),
    ("checks:\n  - files: \"*.json\"\n", "castctl.yaml:2:5: error: a check needs schema:"),
    ("checks:\n  - files: \"[a.json\"\n    type: Any\n", "castctl.yaml:2:12: error: cannot read the glob '[a.json'"),
    ("checks:\n  - files: \"*.json\"\n    type: Any\n    strict: maybe\n", "castctl.yaml:4:13: error: strict: must be true or false"),
    ("checks:\n  - files: \"*.json\"\n    type: Any\n    unknown: loud\n", "castctl.yaml:4:14: error: unknown: must be ignore, warn or error"),
    ("chekcs: []\n", "castctl.yaml:1:1: error: unknown key 'chekcs'"),
    ("checks:\n  - files: \"*.json\"\n    type: \"[Strin]\"\n", "castctl.yaml:3:11: error: type: '[Strin]' cannot be read"),
    ("", "castctl.yaml: error: the file is empty"),
  ])
  func badProjectFile(_ text: String, _ message: String) throws {
    let folder = try Self.repository(text)
    let output = try CastctlProcess.run(["validate"], in: folder.url)
    #expect(output.status == 64, "\(output.stderr)")
    #expect(output.stderr.contains(message), "\(output.stderr)")
  }

  /// The schema and model a check names are read before any file: a failure names the check.
  @Test(
    "a schema a check names that cannot be read, or a model it lacks, is named with the check's place",
    arguments: [
      ("checks:\n  - files: \"fixtures/users/*.json\"\n    schema: [models/nope.cast]\n", Int32(66), "cannot read schema models/nope.cast"),
      ("checks:\n  - files: \"fixtures/users/*.json\"\n    schema: [models/user.cast]\n    model: Nope\n", Int32(64), "no model named 'Nope'"),
    ])
  func checkSchemaFailures(_ text: String, _ status: Int32, _ message: String) throws {
    let folder = try Self.repository(text)
    defer { folder.remove() }
    let output = try CastctlProcess.run(["validate"], in: folder.url)
    #expect(output.status == status, "\(output.stderr)")
    #expect(output.stderr.contains(message) && output.stderr.contains("note: in the check at castctl.yaml:2"), "\(output.stderr)")
  }

  /// A file castctl cannot open is unreadable input (66) with the system's reason, not a mistake
  /// in the file (64). (A file without read permission cannot be made so for root, who runs CI.)
  /// A FIFO would block the read for ever; a link to nothing was passed over ("no castctl.yaml").
  @Test("a castctl.yaml that cannot be read: exit 66 with the reason", arguments: [
    ("directory", "Is a directory"), ("fifo", "it is not a regular file"), ("dangling link", "No such file or directory"),
  ])
  func unreadableProjectFile(_ kind: String, _ reason: String) throws {
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    switch kind {
    case "directory": try FileManager.default.createDirectory(atPath: folder.path("castctl.yaml"), withIntermediateDirectories: true)
    case "fifo": #expect(mkfifo(folder.path("castctl.yaml"), 0o644) == 0)
    default: try FileManager.default.createSymbolicLink(atPath: folder.path("castctl.yaml"), withDestinationPath: "nowhere.yaml")
    }
    let output = try CastctlProcess.run(["validate"], in: folder.url, timeout: 60)
    #expect(output.status == 66, "\(output.stderr)")
    #expect(output.stderr.contains("castctl.yaml: error: cannot read the file: \(reason)"), "\(output.stderr)")
  }

  @Test("a check whose files match no file is reported in its place, and the run exits 66")
  func checkMatchingNothing() throws {
    let folder = try Self.repository(Self.project + "\n  - files: \"fixtures/typo/*.json\"\n    type: Any\n")
    defer { folder.remove() }
    let output = try CastctlProcess.run(["validate"], in: folder.url)
    #expect(output.status == 66, "\(output.stdout)\(output.stderr)")
    #expect(output.stderr.contains(#"cannot read castctl.yaml:9: the check's files "fixtures/typo/*.json" match no file"#), "\(output.stderr)")
    // The other checks still ran.
    #expect(output.stdout.contains("a.json"), "\(output.stdout)")
    // A glob into a hidden folder says why it finds nothing; `./` is the project folder.
    try folder.write("castctl.yaml", "checks:\n  - files: \".cfg/*.json\"\n    type: Any\n  - files: \"./top.json\"\n    type: Any\n")
    try FileManager.default.createDirectory(atPath: folder.path(".cfg"), withIntermediateDirectories: true)
    try folder.write(".cfg/a.json", "{}")
    try folder.write("top.json", "{}")
    let hidden = try CastctlProcess.run(["validate"], in: folder.url)
    #expect(hidden.stderr.contains(#"".cfg/*.json" match no file (hidden files and folders are not walked)"#), "\(hidden.stderr)")
    #expect(hidden.stdout.contains("in top.json"), "\(hidden.stdout)")
    try folder.write("castctl.yaml", Self.project + "\n  - files: \"fixtures/typo/*.json\"\n    type: Any\n")
    // CI reports place it in castctl.yaml, at the check's line.
    let github = try CastctlProcess.run(["validate", "--format", "github"], in: folder.url)
    #expect(github.stdout.contains("::error file=castctl.yaml,line=9,title=castctl::"), "\(github.stdout)")
    let sarif = try CastctlProcess.run(["validate", "--format", "sarif"], in: folder.url)
    let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
    let runs = log?["runs"] as? [[String: Any]]
    let notification = ((runs?.first?["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]])?.first
    let location = ((notification?["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any]
    #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == "castctl.yaml", "\(sarif.stdout)")
    #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 9, "\(sarif.stdout)")
  }

  @Test("a schema error of a mapped check ends the run with exit 2 before any file is read, its diagnostics shown once")
  func schemaErrors() throws {
    let folder = try Self.repository()
    try folder.write("models/user.cast", "struct User: Codable { let id: Nope }\n")
    let output = try CastctlProcess.run(["validate"], in: folder.url)
    #expect(output.status == 2, "\(output.stderr)")
    #expect(output.stderr.components(separatedBy: "Nope").count - 1 >= 1)
    #expect(output.stdout.isEmpty, "\(output.stdout)")
  }
}

/// `castctl.yaml`'s globs, through the binary: which of a set of paths one glob maps.
@Suite("castctl.yaml globs", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ProjectGlobTests {
  static let paths = ["a.json", "d/a.json", "d/e/a.json", "d/a.yml", "x/d/a.json"]

  @Test(arguments: [
    ("*.json", ["a.json"]),
    ("d/*.json", ["d/a.json"]),
    ("d/**/*.json", ["d/a.json", "d/e/a.json"]),
    ("**/a.json", ["a.json", "d/a.json", "d/e/a.json", "x/d/a.json"]),
    ("d/a.{json,yml}", ["d/a.json", "d/a.yml"]),
    ("d/?.json", ["d/a.json"]),
    ("[ab].json", ["a.json"]),
    ("[!b].json", ["a.json"]),
    ("d/**", ["d/a.json", "d/a.yml", "d/e/a.json"]),
    ("{d,x}/**/a.json", ["d/a.json", "d/e/a.json", "x/d/a.json"]),
    ("*a*.json", ["a.json"]),
    ("**/*.j*n", ["a.json", "d/a.json", "d/e/a.json", "x/d/a.json"]),
  ])
  func glob(_ glob: String, _ expected: [String]) throws {
    let folder = try ScratchFolder(copying: [])
    for path in Self.paths {
      try FileManager.default.createDirectory(atPath: folder.path(OutputSinkFolder.of(path)), withIntermediateDirectories: true)
      try folder.write(path, "1")
    }
    try folder.write("castctl.yaml", "checks:\n  - files: \"\(glob)\"\n    type: Int\n")
    let output = try CastctlProcess.run(["validate", "--format", "json"], in: folder.url)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stderr)")
    let files = (document["results"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
    #expect(files == expected)
  }
}

/// The folder part of a relative path (`.` for none).
private enum OutputSinkFolder {
  static func of(_ path: String) -> String {
    path.split(separator: "/").dropLast().joined(separator: "/").isEmpty ? "." : path.split(separator: "/").dropLast().joined(separator: "/")
  }
}
