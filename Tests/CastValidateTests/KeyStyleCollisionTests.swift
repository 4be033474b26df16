import CastSchema
import Testing

@testable import CastValidate

/// `--keys` styles that would write two properties of one model at the same key, so that one
/// value overwrites the other (`KeyStyle.collisions`).
@Suite("KeyStyle collisions: two properties one style writes at one key")
struct KeyStyleCollisionTests {
  static let schema = """
    struct M: DictionaryConvertible {
        var userName: String? //! "userName"
        var user_name: String? //! "user_name"
        var inner: Inner?
    }
    struct Inner: DictionaryConvertible {
        var mode: Int? //! "powerMode"
        var power_mode: Int? //! "PowerMode"
        var level: Int? //! "a/level"
        var aLevel: Int? //! "a/Level"
    }
    struct Apart: DictionaryConvertible {
        var first: String?
        var second: String?
    }
    struct Unreached: DictionaryConvertible {
        var mixedCase: Int? //! "mixedCase"
        var mixed_case: Int? //! "mixed_case"
    }
    """

  /// Each collision as `property line after line-of-the-first at "key"`, checking code and severity.
  static func collisions(_ style: KeyStyle, target: ValidationTarget) throws -> [String] {
    let file = SourceFile(path: "m.cast", text: schema)
    let (registry, diagnostics) = SchemaLoader.load([file])
    try #require(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
    return style.collisions(in: CompiledSchema(registry: registry), target: target).map { diagnostic in
      #expect(diagnostic.code == "key-style-collision")
      #expect(diagnostic.severity == .error)
      let line = file.location(of: diagnostic.range.bytes.lowerBound).line
      let noteLine = diagnostic.notes.first?.range.map { file.location(of: $0.bytes.lowerBound).line } ?? 0
      let key = diagnostic.message.split(separator: "\"")[1]
      return "\(file.name(at: diagnostic.range.bytes)) \(line) after \(noteLine) at \"\(key)\""
    }
  }

  @Test(
    "each later property a style writes at an earlier one's key is an error, in the models the target reaches",
    arguments: [
      (KeyStyle.snake, "M", [#"user_name 3 after 2 at "user_name""#, #"power_mode 8 after 7 at "power_mode""#, #"aLevel 10 after 9 at "a/level""#]),
      (.camel, "M", [#"user_name 3 after 2 at "userName""#, #"power_mode 8 after 7 at "powerMode""#, #"aLevel 10 after 9 at "a/level""#]),
      (.snake, "Inner", [#"power_mode 8 after 7 at "power_mode""#, #"aLevel 10 after 9 at "a/level""#]),
      (.json, "M", []),
      (.property, "M", []),
      (.snake, "Apart", []),
    ])
  func collisions(_ style: KeyStyle, model: String, expected: [String]) throws {
    #expect(try Self.collisions(style, target: .model(model)) == expected)
  }

  @Test(
    "a style that makes one property's key another's way through is an error too (OutputOverlap)",
    arguments: [(KeyStyle.snake, "user_name/q"), (.camel, "userName/q")])
  func overlap(_ style: KeyStyle, _ key: String) throws {
    let file = SourceFile(
      path: "o.cast",
      text: "struct O: DictionaryConvertible {\n    var userName: String? //! \"userName\"\n    var q: Int? //! \"user_name/q\"\n}\n")
    let (registry, diagnostics) = SchemaLoader.load([file])
    try #require(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
    let found = style.collisions(in: CompiledSchema(registry: registry), target: .model("O"))
    #expect(found.map(\.code) == ["key-style-collision"])
    #expect(found.first?.message.contains("at \"\(key)\", which overlaps 'userName'") == true, "\(found)")
    #expect(KeyStyle.json.collisions(in: CompiledSchema(registry: registry), target: .model("O")).isEmpty)
  }

  @Test(
    "a style that makes one property's key an array and another's way through an object is an error too",
    arguments: [(KeyStyle.snake, "user_name/q"), (.camel, "userName/q")])
  func arrayAgainstObject(_ style: KeyStyle, _ key: String) throws {
    let file = SourceFile(
      path: "o.cast",
      text: "struct O: DictionaryConvertible {\n    var n: Int? //! \"userName[0]\"\n    var q: Int? //! \"user_name/q\"\n}\n")
    let (registry, diagnostics) = SchemaLoader.load([file])
    try #require(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
    let found = style.collisions(in: CompiledSchema(registry: registry), target: .model("O"))
    #expect(found.map(\.code) == ["key-style-collision"])
    #expect(found.first?.message.contains("at \"\(key)\", which overlaps 'n'") == true, "\(found)")
    #expect(KeyStyle.json.collisions(in: CompiledSchema(registry: registry), target: .model("O")).isEmpty)
  }

  @Test("a type expression reaches the models it names")
  func typeTarget() throws {
    #expect(try Self.collisions(.snake, target: .type(.array(.model("Inner")))).count == 2)
  }
}
