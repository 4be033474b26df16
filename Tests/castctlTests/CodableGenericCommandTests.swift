import Foundation
import Testing

/// The generic Codable example (`schemas/codable-page.swift`: `Page<T>`, `Response<Payload>`,
/// `User`) through validate, convert, schema and the REPL, each naming a specialization.
@Suite("Generic Codable models end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct CodableGenericCommandTests {
  static let page = #"{"items": [{"id": 1, "name": "Ada"}], "next": "http://x.org/2"}"#

  @Test(
    "a data command names a specialization with --model or --type; a generic model alone is a usage error",
    arguments: [
      (["validate", "codable-page.swift", "-", "--model", "Page<User>"], page, 0, "no errors, no warnings in <stdin> (model Page<User>)"),
      (["validate", "codable-page.swift", "-", "--model", "Page<User>"], #"{"items": [{"id": 1}]}"#, 1, "missing required key \"name\""),
      (
        ["validate", "codable-page.swift", "codable-page.json", "--model", "Response<Page<User>>"], "", 1,
        "JSONDecoder throws this error first: typeMismatch(Int, codingPath: data.items[1].id)"
      ),
      (["validate", "codable-page.swift", "-", "--type", "[Page<User>]"], "[\(page)]", 0, "(type [Page<User>])"),
      // JSONEncoder writes "/" as "\/" (--without-escaping-slashes does not), and so does convert.
      (["convert", "codable-page.swift", "-", "--model", "Page<User>"], page, 0, #""next": "http:\/\/x.org\/2""#),
      (["validate", "codable-page.swift", "-", "--model", "Page"], page, 64, "--model 'Page<User>'"),
      (["validate", "codable-page.swift", "-", "--model", "Page<User, Int>"], page, 64, "'Page' takes 1 type argument, not 2"),
      (["validate", "codable-page.swift", "-"], #"{"id": 1, "name": "a"}"#, 0, "(model User)"),
      (["schema", "codable-page.swift", "Response<Page<User>>"], "", 0, "struct Response<Page<User>>"),
      (["schema", "codable-page.swift", "Page<User>.items"], "", 0, "items     [User]"),
      (["check", "codable-page.swift"], "", 0, "3 models (2 generic), no enums; no errors, no warnings"),
      (["repl"], ":load codable-page.swift\n:validate Page<User> \(page)\n", 0, "(model Page<User>)"),
    ] as [([String], String, Int32, String)])
  func namesASpecialization(arguments: [String], stdin: String, status: Int32, expected: String) throws {
    let output = try CastctlProcess.run(arguments, stdin: stdin)
    #expect(output.status == status, "\(output.stdout)\(output.stderr)")
    #expect((output.stdout + output.stderr).contains(expected), "\(output.stdout)\(output.stderr)")
  }

  @Test(
    "with no single root, the usage error shows a generic model's form",
    arguments: [
      ("struct Page<T: Codable>: Codable { let items: [T] }\n", "--model 'Page<String>'"),
      (
        "struct Page<T: Codable>: Codable { let items: [T] }\nstruct A: Codable { let a: Int }\nstruct B: Codable { let b: Int }\n",
        "candidates: A, B, Page<T>"
      ),
    ])
  func noRootShowsGenericForm(schema: String, expected: String) throws {
    let path = try CastctlProcess.temporaryFile("generic.swift", schema)
    defer { CastctlProcess.removeTemporaryFile(path) }
    let output = try CastctlProcess.run(["validate", path, "-"], stdin: "{}")
    #expect(output.status == 64, "\(output.stdout)\(output.stderr)")
    #expect(output.stderr.contains(expected), "\(output.stderr)")
  }
}
