import CastSchema
import Testing

/// A model file's own strategy lines (`//! key-decoding convert-from-snake-case` at the top
/// level): they set the strategy an option would, the command line wins, and a misspelt or
/// malformed one is the usual directive diagnostic.
@Suite struct FileStrategyTests {
  static func load(_ header: String, options: RegistryOptions = RegistryOptions()) -> (ModelRegistry, [Diagnostic]) {
    let text = header + "struct U: Codable {\n  let userName: String\n  let at: Date\n}\n"
    return SchemaLoader.load([SourceFile(path: "u.swift", text: text)], options: options)
  }

  @Test("a strategy line sets the strategy for the models loaded")
  func linesSetStrategies() {
    let (registry, diagnostics) = Self.load(
      "//! key-decoding convert-from-snake-case\n//! key-encoding convertToSnakeCase\n//! date-decoding iso8601\n//! non-conforming-floats inf,-inf,nan\n")
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    #expect(registry.options.keyDecoding == .convertFromSnakeCase)
    #expect(registry.options.keyEncoding == .convertToSnakeCase)
    #expect(registry.options.codableDateFormat == .iso8601)
    #expect(registry.options.nonConformingFloats == NonConformingFloats(option: "inf,-inf,nan"))
    #expect(registry.models["U"]?.properties.first?.keys.map(\.description).contains("user_name") == true)
  }

  @Test("an option given on the command line wins over the file's line")
  func commandLineWins() {
    var options = RegistryOptions()
    options.commandLineStrategies = ["key-decoding"]
    let (registry, diagnostics) = Self.load("//! key-decoding convert-from-snake-case\n//! date-decoding iso8601\n", options: options)
    #expect(diagnostics.isEmpty)
    #expect(registry.options.keyDecoding == .useDefaultKeys)
    #expect(registry.options.codableDateFormat == .iso8601)
  }

  @Test(
    "a misspelt strategy is unknown-directive, a bad value malformed-directive, another top-level line still misplaced",
    arguments: [
      ("//! key-decodng convert-from-snake-case\n", "unknown-directive"), ("//! key-decoding nope\n", "malformed-directive"),
      ("//! date-decoding\n", "malformed-directive"), ("//! non-conforming-floats a,b\n", "malformed-directive"),
      ("//! ignore\n", "misplaced-directive"),
    ])
  func misspeltLines(header: String, code: String) {
    let (_, diagnostics) = Self.load(header)
    #expect(diagnostics.map(\.code) == [code])
  }

  @Test("two files that set one strategy two ways: the later line is malformed-directive")
  func conflictingFiles() {
    let files = [
      SourceFile(path: "a.swift", text: "//! key-decoding convert-from-snake-case\nstruct A: Codable { let aB: Int }\n"),
      SourceFile(path: "b.swift", text: "//! key-decoding use-default-keys\nstruct B: Codable { let bC: Int }\n"),
    ]
    let (registry, diagnostics) = SchemaLoader.load(files)
    #expect(diagnostics.map(\.code) == ["malformed-directive"])
    #expect(registry.options.keyDecoding == .convertFromSnakeCase)
  }
}
