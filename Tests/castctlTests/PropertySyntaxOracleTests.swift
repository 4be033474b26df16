import Foundation
import Testing

/// A property's type suffixes and accessor block, against swiftc on this machine: castctl
/// reports an error on exactly the lines swiftc refuses (a `?` or `!` after a space, which swiftc
/// reads as the start of another declaration; a protocol's `{ get set }` in a struct), and
/// accepts the rest.
@Suite("Property syntax, checked with swiftc")
struct PropertySyntaxOracleTests {
  /// One property each, in a struct's body.
  static let declarations = [
    "let a: Int", "let b: Int?", "let c: Int??", "let d: Int? ?", "let e: Int ?", "let f: [Int] ?", "let g: [Int]?",
    "let h: Int!", "let i: Int !", "let j: [String: Int] ?", "let k: Set<Int> ?", "let l: Int ? = nil",
    "let m: Optional<Int> ?", "let n: [Int ?]", "let o: Int?? ", "var p: Int { get set }", "var q: Int { get }",
    "var r: Int { get { 1 } }", "var s: Int { get { 1 } set { } }", "var t: Int { 1 }", "var u: Int = 1 { didSet { } }",
    "var v: Int { set }", "var w: Int { nonmutating set }", "var x: Int {\n    get\n  }", "var y: Int { get throws }",
  ]

  @Test(
    "castctl refuses exactly the property declarations swiftc refuses",
    .enabled(if: Oracle.swiftc != nil && CastctlProcess.isAvailable, "needs swiftc and the castctl binary"))
  func agreesWithSwiftc() throws {
    let swiftc = try #require(Oracle.swiftc)
    // Each declaration on a line (or lines) of its own: which one a diagnostic is about is
    // told by its line.
    var source = "struct S {\n"
    var owner: [Int: String] = [:]
    var line = 2
    for declaration in Self.declarations {
      let lines = declaration.split(separator: "\n", omittingEmptySubsequences: false)
      for offset in lines.indices { owner[line + offset] = declaration }
      line += lines.count
      source += "  " + declaration + "\n"
    }
    source += "}\n"
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("property-syntax-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("models.swift")
    try Data(source.utf8).write(to: file)
    /// The declarations on the lines a diagnostic of `pattern` points at.
    func refused(_ text: String, _ pattern: Regex<(Substring, Substring)>) -> Set<String> {
      Set(text.matches(of: pattern).compactMap { Int($0.output.1) }.compactMap { owner[$0] })
    }
    let swiftcSays = try ChildProcess(swiftc, ["-parse", file.path], in: folder).finish(timeout: 120).stderr
    let expected = refused(swiftcSays, /models\.swift:(\d+):\d+: error:/)
    #expect(expected.contains("let e: Int ?") && expected.contains("var p: Int { get set }") && !expected.contains("let c: Int??"), "\(swiftcSays)")
    let output = try CastctlProcess.run(["check", file.path, "--color", "never"])
    let said = output.stdout + output.stderr
    #expect(refused(said, /models\.swift:(\d+):\d+: error\[/) == expected, "\(said)\n\(swiftcSays)")
  }
}
