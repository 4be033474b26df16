import Foundation
import Testing

/// The Codable example (`schemas/codable-user.swift`) through check, schema, validate and the REPL.
@Suite("Codable models end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct CodableCommandTests {
  @Test("check reads the Codable example with no errors or warnings")
  func check() throws {
    let output = try CastctlProcess.run(["check", "codable-user.swift"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("2 models, 1 enum; no errors, no warnings"), "\(output.stdout)")
  }

  @Test("schema shows the CodingKeys keys, the undecoded property, and no CodingKeys enum")
  func schema() throws {
    let output = try CastctlProcess.run(["schema", "codable-user.swift"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("\"display_name\""))
    #expect(output.stdout.contains("\"home_page\""))
    #expect(output.stdout.contains("isSelected   Bool      —               ignored"), "\(output.stdout)")
    #expect(!output.stdout.contains("CodingKeys"))
  }

  @Test("validate accepts the example data and reports what JSONDecoder rejects")
  func validate() throws {
    let good = try CastctlProcess.run(["validate", "codable-user.swift", "codable-user.json"])
    #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
    // JSONDecoder: keyNotFound "display_name".
    let bad = try CastctlProcess.run(
      ["validate", "codable-user.swift", "-"],
      stdin: #"{"id": 1, "role": "admin", "contact": {"email": "a@b"}, "tags": []}"#)
    #expect(bad.status == 1)
    #expect(bad.stdout.contains("missing required key \"display_name\""), "\(bad.stdout)")
  }

  @Test("the REPL's :load reads the example")
  func replLoad() throws {
    let output = try CastctlProcess.run(["repl"], stdin: ":load codable-user.swift\n:models\n")
    #expect(output.stdout.contains("loaded 1 file: 2 models, 1 enum; using User"), "\(output.stdout)\(output.stderr)")
    #expect(!output.stdout.contains("CodingKeys"))
  }
}
