import Testing

@testable import CastSchema

/// Whatever the input, loading returns (no crash, no hang), with diagnostics that point inside
/// the file and render.
@Suite("Robustness: any input loads")
struct RobustnessTests {
  @Test("empty and blank files load with no diagnostics", arguments: ["", " ", "\n\n\n", " \t\r\n\u{0B}\u{0C}  \r\n"])
  func blankFiles(_ text: String) {
    let (registry, diagnostics) = Loading.load(text)
    #expect(diagnostics.isEmpty)
    #expect(registry.models.isEmpty)
  }

  @Test(
    "binary garbage loads, and its diagnostics point inside the file",
    arguments: [1, 2, 3, 42, 2024, 65_537] as [UInt64])
  func binaryGarbage(_ seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var bytes = generator.bytes(16_384)
    bytes[100] = 0x00  // NUL
    bytes[200] = 0xC3  // a lead byte …
    bytes[201] = 0x28  // … followed by a non-continuation byte: invalid UTF-8
    bytes[300] = 0xFF  // never valid in UTF-8
    expectLoads(SourceFile(path: "garbage.cast", bytes: bytes))
  }

  @Test("a 1 MB garbage file loads")
  func megabyteOfGarbage() {
    var generator = SeededGenerator(seed: 7)
    expectLoads(SourceFile(path: "big.cast", bytes: generator.bytes(1 << 20)))
  }

  static let vocabulary = [
    "class", "struct", "enum", "typealias", "extension", "func", "case", "var", "let", "lazy", "@objc", "A", "B",
    "Int", "String?", "[", "]", "{", "}", "(", ")", "<", ">", ":", "=", ",", "?", "!", ".", "-", "1", "2.5", "nil",
    "\"s\"", "\"", "\n", "\n", "//! \"k\"", "//! super \"k\"", "//! ignore", "//! range 1...", "/*", "*/", "`",
    "DictionaryConvertible", "JsonObject", "Convertible", "Class", "UnderscoreToCamelCase", "\\",
  ]

  @Test("token soup loads", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func tokenSoup(_ seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let text = generator.tokenSoup(4_000, from: Self.vocabulary)
    expectLoads(SourceFile(path: "soup.cast", text: text))
  }

  /// Places where the parser expects a type or a value and finds a token it cannot start one
  /// with, after white space: the construct's range ends before it starts, unless kept empty.
  @Test(
    "a construct with nothing parsable after white space loads",
    arguments: [
      Array("enum E { case a(b, ".utf8) + [0x8C] + Array(") }".utf8),
      Array("enum E { case a( ".utf8) + [0xFF] + Array(", c) }".utf8),
      Array("enum E { case a(b, ;) }".utf8),
      Array("enum E { case a(x: , y: }) }".utf8),
      Array("struct S { var a: [ ".utf8) + [0x8C] + Array("] }".utf8),
      Array("struct S { var a = [1, ".utf8) + [0x8C] + Array("] }".utf8),
    ])
  func nothingParsableAfterSpace(_ bytes: [UInt8]) {
    expectLoads(SourceFile(path: "broken.cast", bytes: bytes))
  }

  /// Loads, checks every range is inside the file, and renders everything.
  private func expectLoads(_ file: SourceFile, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let (_, diagnostics) = SchemaLoader.load([file])
    // Lexical and syntax errors share one budget per file.
    #expect(Loading.errors(diagnostics).count <= Parser.maxErrorsPerFile + 1, sourceLocation: sourceLocation)
    for diagnostic in diagnostics {
      let ranges = [diagnostic.range] + diagnostic.notes.compactMap(\.range)
      for range in ranges {
        #expect(range.file == 0, sourceLocation: sourceLocation)
        #expect(
          range.bytes.lowerBound >= 0 && range.bytes.upperBound <= file.bytes.count, sourceLocation: sourceLocation)
      }
    }
    let rendered = DiagnosticRenderer(files: [file]).render(diagnostics)
    #expect(rendered.isEmpty == diagnostics.isEmpty, sourceLocation: sourceLocation)
  }
}
