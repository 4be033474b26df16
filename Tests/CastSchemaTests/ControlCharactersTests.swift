import Testing

@testable import CastSchema

/// `ControlCharacters.escaped`: text from the data printed on one line, its controls escaped as
/// JSON writes them, everything else as it is.
@Suite("ControlCharacters: one printable line")
struct ControlCharactersTests {
  @Test(
    "control characters are escaped, everything else kept",
    arguments: [
      ("plain", "plain"), ("é ü 😀 \u{2028}", "é ü 😀 \u{2028}"), ("a\nb", "a\\nb"), ("tab\there", "tab\\there"),
      ("\r", "\\r"), ("\u{1B}]0;title\u{07}", "\\u001B]0;title\\u0007"), ("\u{0}", "\\u0000"), ("del\u{7F}", "del\\u007F"),
      ("c1\u{85}\u{9F}", "c1\\u0085\\u009F"), ("\u{A0}¢", "\u{A0}¢"), ("", ""),
    ])
  func escapes(_ text: String, _ expected: String) {
    #expect(ControlCharacters.escaped(text) == expected)
  }

  @Test(
    "a caret's column moves past the escapes before it, and tabs stay where asked",
    arguments: [
      ("a\u{7F}b", 3, false, "a\\u007Fb", 8), ("a\u{7F}b", 2, false, "a\\u007Fb", 2), ("\n\nx", 3, false, "\\n\\nx", 5),
      ("\tx", 2, true, "\tx", 2), ("\tx", 2, false, "\\tx", 3), ("plain", 4, false, "plain", 4),
    ])
  func movesColumn(_ text: String, _ column: Int, _ keepingTabs: Bool, _ expected: String, _ moved: Int) {
    let escaped = ControlCharacters.escaped(text, column: column, keepingTabs: keepingTabs)
    #expect(escaped.text == expected)
    #expect(escaped.column == moved)
  }

  @Test("a model file's control character is named by its code point")
  func controlInModelFile() {
    let (_, diagnostics) = SchemaLoader.load([SourceFile(path: "nul.cast", text: "struct A { let a: Int }\u{0}\n")])
    #expect(diagnostics.contains { $0.message.contains("control character U+0000") }, "\(diagnostics.map(\.message))")
  }
}
