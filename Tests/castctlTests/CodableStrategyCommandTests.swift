import Foundation
import Testing

/// The coder strategies through the command line: the options, a file's own strategy line, and
/// the options handed on to each file's run in a many-file convert.
@Suite("Codable strategies end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct CodableStrategyCommandTests {
  static let model = "struct S: Codable {\n  var userName: String\n  var ratio: Double\n}\n"
  static let record = #"{"ratio": "inf", "userName": "a/b"}"#

  @Test("--non-conforming-floats, --key-encoding and --sorted-keys write what JSONEncoder writes; / is \\/ by default")
  func options() throws {
    let schema = try CastctlProcess.temporaryFile("strategies.swift", Self.model)
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let refused = try CastctlProcess.run(["convert", schema, "-", "--compact"], stdin: Self.record)
    #expect(refused.status == 1)
    let output = try CastctlProcess.run(
      ["convert", schema, "-", "--compact", "--non-conforming-floats", "inf,-inf,nan", "--key-encoding", "convert-to-snake-case"],
      stdin: Self.record)
    #expect(output.stdout == #"{"user_name":"a\/b","ratio":"inf"}"# + "\n", "\(output.stdout)\(output.stderr)")
    let sorted = try CastctlProcess.run(
      ["convert", schema, "-", "--compact", "--non-conforming-floats", "inf,-inf,nan", "--sorted-keys", "--without-escaping-slashes"],
      stdin: Self.record)
    #expect(sorted.stdout == #"{"ratio":"inf","userName":"a/b"}"# + "\n", "\(sorted.stdout)\(sorted.stderr)")
  }

  @Test("a file's strategy line applies; the command line wins over it")
  func fileLine() throws {
    let schema = try CastctlProcess.temporaryFile(
      "line.swift", "//! non-conforming-floats inf,-inf,nan\n//! key-encoding convert-to-snake-case\n" + Self.model)
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let output = try CastctlProcess.run(["convert", schema, "-", "--compact"], stdin: Self.record)
    #expect(output.stdout == #"{"user_name":"a\/b","ratio":"inf"}"# + "\n", "\(output.stdout)\(output.stderr)")
    let overridden = try CastctlProcess.run(["convert", schema, "-", "--compact", "--key-encoding", "use-default-keys"], stdin: Self.record)
    #expect(overridden.stdout == #"{"userName":"a\/b","ratio":"inf"}"# + "\n", "\(overridden.stdout)\(overridden.stderr)")
  }

  @Test("a many-file convert hands the strategies to each file's run")
  func manyFiles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("castctl-strategies-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let schema = directory.appendingPathComponent("s.swift").path
    try Self.model.write(toFile: schema, atomically: true, encoding: .utf8)
    for name in ["a", "b"] {
      try Self.record.write(toFile: directory.appendingPathComponent("\(name).json").path, atomically: true, encoding: .utf8)
    }
    let out = directory.appendingPathComponent("out").path
    let run = try CastctlProcess.run(
      ["convert", schema, directory.appendingPathComponent("a.json").path, directory.appendingPathComponent("b.json").path,
       "-o", out + "/", "--compact", "--sorted-keys", "--non-conforming-floats", "inf,-inf,nan", "--key-encoding", "convert-to-snake-case"])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    for name in ["a", "b"] {
      let written = try String(contentsOfFile: out + "/\(name).json", encoding: .utf8)
      #expect(written == #"{"ratio":"inf","user_name":"a\/b"}"# + "\n")
    }
  }
}
