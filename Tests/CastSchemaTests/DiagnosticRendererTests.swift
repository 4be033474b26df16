import CastSchema
import Testing

/// The text form of diagnostics: header, source line, caret, notes.
@Suite("Diagnostic rendering")
struct DiagnosticRendererTests {
  @Test("a diagnostic with a located note and one with a plain note render as golden text")
  func golden() {
    let files = Loading.files([
      "class User {\n}\n",
      "// b\n\n\n\n\n\n\n\n\nclass User {\n}\nclass Post {\n  var s: Strin\n}\n",
    ])
    let (_, diagnostics) = SchemaLoader.load(files)
    let expected = """
      b.cast:10:7: error[duplicate-model]: 'User' is declared more than once
      10 | class User {
         |       ^~~~
      a.cast:1:7: note: first declared here
      1 | class User {
        |       ^~~~
      b.cast:13:10: error[unknown-type]: unknown type 'Strin'
      13 |   var s: Strin
         |          ^~~~~
        = note: did you mean 'String'?

      """
    #expect(DiagnosticRenderer(files: files).render(diagnostics) == expected)
  }

  @Test("a model file that begins with a byte-order mark loads, positioned and shown as without it", arguments: ["a.cast", "a.swift"])
  func byteOrderMark(_ path: String) {
    let file = SourceFile(path: path, text: "\u{FEFF}struct User: Codable { var s: Strin }\n")
    let (registry, diagnostics) = SchemaLoader.load([file])
    #expect(registry.models["User"] != nil)
    let expected = """
      \(path):1:31: error[unknown-type]: unknown type 'Strin'
      1 | struct User: Codable { var s: Strin }
        |                               ^~~~~
        = note: did you mean 'String'?

      """
    #expect(DiagnosticRenderer(files: [file]).render(diagnostics) == expected)
  }

  @Test("colour is escape codes around the parts, and nothing when off")
  func colour() throws {
    let (registry, diagnostics) = Loading.load("class M {\n  var s: Strin\n}\n")
    let diagnostic = try #require(diagnostics.first)
    let plain = DiagnosticRenderer(files: registry.files).render(diagnostic)
    let coloured = DiagnosticRenderer(files: registry.files, style: TextStyle(enabled: true)).render(diagnostic)
    #expect(!plain.contains("\u{1B}"))
    #expect(coloured.contains("\u{1B}[1;31merror[unknown-type]\u{1B}[0m"))
    #expect(coloured.replacing(#/\x{1B}\[[0-9;]*m/#, with: "") == plain)
  }

  /// Lines with a marked position, and the display columns before it (counted by hand from
  /// Unicode's East Asian Width: wide characters and emoji two, combining marks and joiners none).
  static let wideLines: [(String, Int)] = [
    ("  var s: String = \"👨‍👩‍👧 世界\"; var t: 1️⃣Strin", 40),
    ("  var 名前: String; var t: 1️⃣Strin", 27),
    ("\tvar t: 1️⃣Strin", 8),
    ("  var s: String = \"é\"; var t: 1️⃣Strin", 30),  // a precomposed é
    ("  var s: String = \"e\u{301}\"; var t: 1️⃣Strin", 30),  // e + combining acute: one Character, two scalars
  ]

  @Test("columns count Unicode scalars, as data columns do; the caret is drawn by display width under the marked one", arguments: wideLines)
  func scalarColumns(_ line: String, _ displayColumns: Int) throws {
    let source = MarkedSource("class M {\n\(line)\n}\n")
    let file = SourceFile(path: "a.cast", text: source.text)
    let (_, diagnostics) = SchemaLoader.load([file])
    let diagnostic = try #require(diagnostics.first { $0.code == "unknown-type" })
    let location = file.location(of: diagnostic.range.bytes.lowerBound)
    #expect(location == source.location())
    let lines = DiagnosticRenderer(files: [file]).render(diagnostic).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0].hasPrefix("a.cast:2:\(location.column): error[unknown-type]"))
    #expect(lines[2] == "  | " + String(repeating: " ", count: displayColumns) + "^~~~~")
    // The source line is shown with its tabs as single spaces, so the caret lines up.
    #expect(lines[1] == "2 | " + source.text.split(separator: "\n")[1].replacing("\t", with: " "))
  }

  @Test("summaries count errors and warnings")
  func summary() {
    #expect(DiagnosticRenderer.count(0, "error") == "no errors")
    #expect(DiagnosticRenderer.count(1, "error") == "1 error")
    #expect(DiagnosticRenderer.count(3, "warning") == "3 warnings")
    let (_, diagnostics) = Loading.load("class M {\n  var a: Strin\n  var b: Int //! ignor\n  var c: Intt\n}\n")
    #expect(DiagnosticRenderer.summary(of: diagnostics) == "2 errors, 1 warning")
  }
}
