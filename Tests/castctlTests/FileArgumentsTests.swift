import Foundation
import Testing

@testable import castctl

/// How file arguments divide into schemas and data, and which runs are many-file runs: one data
/// file after the schemas must stay exactly today's command.
@Suite("file arguments: schemas, data, one file or many")
struct FileArgumentsTests {
  /// Arguments, how many came after `--`, `--data`, whether `--type` was given, and the outcome.
  struct Case: Sendable, CustomTestStringConvertible {
    let files: [String]
    var afterTerminator = 0
    var forced: [String] = []
    var typeGiven = false
    let schemas: [String]
    let data: [String]
    let isBatch: Bool
    var testDescription: String { files.joined(separator: " ") + (forced.isEmpty ? "" : " --data \(forced)") }
  }

  static let cases: [Case] = [
    // Today's commands: every argument but the last a schema, whatever its name.
    Case(files: ["a.cast", "d.json"], schemas: ["a.cast"], data: ["d.json"], isBatch: false),
    Case(files: ["model.txt", "d.json"], schemas: ["model.txt"], data: ["d.json"], isBatch: false),
    Case(files: ["a.cast", "b.cast", "-"], schemas: ["a.cast", "b.cast"], data: ["-"], isBatch: false),
    Case(files: ["d.json"], typeGiven: true, schemas: [], data: ["d.json"], isBatch: false),
    Case(files: ["a.cast"], schemas: [], data: ["a.cast"], isBatch: false),
    Case(files: ["-"], schemas: [], data: ["-"], isBatch: false),
    // Many files.
    Case(files: ["a.cast", "d.json", "e.ndjson"], schemas: ["a.cast"], data: ["d.json", "e.ndjson"], isBatch: true),
    Case(files: ["d.json", "a.cast", "e.yml"], schemas: ["a.cast"], data: ["d.json", "e.yml"], isBatch: true),
    Case(files: ["a.cast", "m.swift", "d.json", "x.txt", "e.json"], schemas: ["a.cast", "m.swift"], data: ["d.json", "x.txt", "e.json"], isBatch: true),
    Case(files: ["a.cast", "x.txt"], afterTerminator: 1, schemas: ["a.cast"], data: ["x.txt"], isBatch: true),
    Case(files: ["a.cast", "b.cast"], afterTerminator: 1, schemas: ["a.cast"], data: ["b.cast"], isBatch: true),
    Case(files: ["a.cast"], forced: ["x.txt"], schemas: ["a.cast"], data: ["x.txt"], isBatch: true),
    Case(files: [], schemas: [], data: [], isBatch: true),
    Case(files: ["d.json", "e.json"], schemas: [], data: ["d.json", "e.json"], isBatch: true),
    Case(files: ["d.json"], schemas: [], data: ["d.json"], isBatch: true),
    // `-` before the last argument: a schema from standard input, as before.
    Case(files: ["a.cast", "-", "d.json"], schemas: ["a.cast", "-"], data: ["d.json"], isBatch: false),
    Case(files: ["a.cast", "d.json", "-"], schemas: ["a.cast"], data: ["d.json", "-"], isBatch: true),
    // `-` before the first data file is a schema from standard input, in a many-file run too.
    Case(files: ["-", "d.json", "e.json"], schemas: ["-"], data: ["d.json", "e.json"], isBatch: true),
    Case(files: ["a.cast", "-", "d.json", "e.json"], schemas: ["a.cast", "-"], data: ["d.json", "e.json"], isBatch: true),
    Case(files: ["a.cast", "d.json", "-", "e.json"], schemas: ["a.cast"], data: ["d.json", "-", "e.json"], isBatch: true),
  ]

  @Test(arguments: cases)
  func classify(_ item: Case) {
    let arguments = FileArguments(files: item.files, forced: item.forced, afterTerminator: item.afterTerminator, typeGiven: item.typeGiven)
    #expect(arguments.isBatch == item.isBatch)
    #expect(arguments.schemas == item.schemas)
    #expect(arguments.data == item.data)
  }

  @Test("a directory, last or not, makes a many-file run")
  func directories() throws {
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("d"), withIntermediateDirectories: true)
    let last = FileArguments(files: ["a.cast", folder.path("d")], forced: [], afterTerminator: 0, typeGiven: false)
    #expect(last.isBatch && last.data == [folder.path("d")])
    let first = FileArguments(files: ["a.cast", folder.path("d"), "x.cast"], forced: [], afterTerminator: 0, typeGiven: false)
    #expect(first.isBatch && first.schemas == ["a.cast", "x.cast"])
  }

  @Test(
    "extensions: a file's, lower-cased; none for a dot file or no dot",
    arguments: [("a/b.JSON", "json"), ("a.b/c", ""), (".hidden", ""), ("x.tar.gz", "gz"), ("dir/", ""), ("d/e.yml", "yml")])
  func fileExtension(_ path: String, _ expected: String) {
    #expect(DataFileWalk.fileExtension(path) == expected)
  }
}
