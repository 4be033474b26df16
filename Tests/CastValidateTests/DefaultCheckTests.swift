import CastSchema
import Testing

@testable import CastValidate

/// A default its own check refuses is what an absent key decodes to: `convert` would write what
/// `validate` rejects, so loading warns (`default-fails-check`), through the engine's own checks.
@Suite("Defaults against their own checks")
struct DefaultCheckTests {
  static let declarations: [(String, String?)] = [
    ("var age: Int = 0 //! range 1...120", "0 is outside range 1...120"),
    ("var age: Int = 18 //! range 1...120", nil),
    ("var ratio: Float = 0.1 //! max 0.1", nil),  // a Float's bound is the Float it rounds to
    ("var ratio: Double = 1e-3 //! min 0.01", "1e-3 is outside range 0.01..."),
    ("var price: Decimal = 0.10000000000000000001 //! max 0.1", "0.10000000000000000001 is outside range ...0.1"),
    ("var name: String = \"\" //! length 1...", "length 0 is outside length 1..."),
    ("var name: String = \"e\\u{301}\" //! length ...1", nil),  // one Character
    ("var code: String = \"ab\" //! pattern \"^[A-Z]+$\"", "\"ab\" does not match pattern \"^[A-Z]+$\""),
    ("var tags: [String] = [] //! count 1...", "0 elements is outside count 1..."),
    ("var scores: [String: Int] = [\"a\": 1, \"b\": 2] //! count ...1", "2 elements is outside count ...1"),
    ("var nick: String? = nil //! length 1...", nil),
    ("var when: String = makeDefault() //! length 1...", nil),  // a default castctl cannot evaluate
  ]

  @Test("a default its property's check refuses is a warning saying why; one it accepts, or cannot evaluate, is not", arguments: declarations)
  func defaults(_ declaration: String, _ failure: String?) {
    let (_, diagnostics) = SchemaFrontend.load([SourceFile(path: "a.cast", text: "struct A {\n  \(declaration)\n}\n")], options: RegistryOptions())
    let found = diagnostics.filter { $0.code == "default-fails-check" }
    #expect(found.map(\.severity) == (failure == nil ? [] : [.warning]), "\(diagnostics)")
    if let failure { #expect(found.first?.message.contains(": \(failure);") == true, "\(found)") }
  }

  @Test("an inherited default is reported once, where it is declared")
  func inheritedOnce() {
    let text = "class Base {\n  var age: Int = 0 //! range 1...\n}\nclass Sub: Base {\n  var name: String?\n}\n"
    let (_, diagnostics) = SchemaFrontend.load([SourceFile(path: "a.cast", text: text)], options: RegistryOptions())
    #expect(diagnostics.filter { $0.code == "default-fails-check" }.count == 1)
  }
}
