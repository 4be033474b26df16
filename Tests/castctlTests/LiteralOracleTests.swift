import Foundation
import Testing

/// Swift literals as defaults, against the compiler and `JSONEncoder` on this machine: a Codable
/// struct's `let` with a value is written as it stands, so castctl's `convert` of `{}` must write
/// exactly what `JSONEncoder` writes of the compiled struct.
@Suite("Literals, checked with swiftc and JSONEncoder")
struct LiteralOracleTests {
  static let markedModel = #####"""
    import Foundation

    struct Literals: Codable {
      let plain = "tab\there \"quoted\" back\\slash \u{1F600} \0end"
      let raw = #"a "quoted" \n stays"#
      let rawEscape = #"line\#nnext \#t tab"#
      let doubleRaw = ##"x"#y\##n"##
      let multi = """
          first
            indented "quoted"

          after a blank line \
          joined, and \<SPACES>
          joined after spaces
          """
      let multiRaw = #"""
          raw \n and \#n
          """#
      let hexFloat = 0x1p3
      let hexFraction = -0x1.8p-1
      let hexFloat32: Float = 0x1.99999ap-4
      let hexFloatMax: Float = 0x1.fffffep127
      let hexInt = 0x1F
      let grouped = 1_000.5
      var v: Int?
    }
    """#####

  /// The model, with spaces after a line-ending backslash (which would not survive an editor
  /// that trims lines, so they are put in here).
  static let model = markedModel.replacingOccurrences(of: "<SPACES>", with: " \t ")

  static let program = model + """

    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    print(String(decoding: try encoder.encode(Literals()), as: UTF8.self))

    """

  /// The same sources with LF and with CRLF line breaks (a multi-line literal's are `\n` either way).
  @Test(
    "convert writes each literal default as JSONEncoder writes the compiled value", .enabled(if: Oracle.swiftc != nil, "swiftc is not on PATH"),
    arguments: ["\n", "\r\n"])
  func literalsAgreeWithSwiftc(_ lineBreak: String) throws {
    let swiftc = try #require(Oracle.swiftc)
    let oracle = try Oracle(source: Self.program.replacingOccurrences(of: "\n", with: lineBreak), swiftc: swiftc)
    let expected = try ChildProcess(oracle.binary, [], in: FileManager.default.temporaryDirectory).finish(timeout: 60)
    try #require(expected.status == 0, "\(expected)")
    let schema = try CastctlProcess.temporaryFile("literals.swift", Self.model.replacingOccurrences(of: "\n", with: lineBreak))
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let check = try CastctlProcess.run(["check", schema])
    #expect(check.status == 0 && !(check.stdout + check.stderr).contains("warning["), "\(check.stdout)\(check.stderr)")
    let output = try CastctlProcess.run(["convert", schema, "-", "--compact", "--sorted-keys"], stdin: "{}")
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.trimmingCharacters(in: .newlines) == expected.stdout.trimmingCharacters(in: .newlines))
  }

  @Test("an interpolated string default is a String whose value castctl says it cannot know")
  func interpolation() throws {
    let schema = try CastctlProcess.temporaryFile(
      "interpolated.swift", "struct N: Codable {\n  let id = \"v\\(2)\"\n  let q: String = \"a\\(\"b\")c\"\n  var v: Int\n}\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let check = try CastctlProcess.run(["check", schema])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let said = check.stdout + check.stderr
    #expect(said.components(separatedBy: "warning[unsupported-default]").count == 3, "\(said)")
    let schemaTable = try CastctlProcess.run(["schema", schema])
    #expect(schemaTable.stdout.contains("id  ") && schemaTable.stdout.contains("String"), "\(schemaTable.stdout)")
  }
}
