import Testing

@testable import CastSchema

/// Deep nesting is cut off at `Parser.maxNesting` with one clear error; long chains and many
/// models load whole.
extension RobustnessTests {
  /// A shape of nesting: the text for a depth, with `1️⃣` before the first level past the limit.
  struct Nesting: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var make: @Sendable (_ depth: Int, _ limit: Int) -> String
  }

  static let nestings: [Nesting] = [
    Nesting(testDescription: "[[…Int…]]") { depth, limit in
      property("var x: " + levels(depth, limit, "[") + "Int" + String(repeating: "]", count: depth))
    },
    Nesting(testDescription: "Array<Array<…Int…>>") { depth, limit in
      property("var x: " + levels(depth, limit, "Array<", marker: 5) + "Int" + String(repeating: ">", count: depth))
    },
    Nesting(testDescription: "[String: [String: …Int…]]") { depth, limit in
      property("var x: " + levels(depth, limit, "[String: ") + "Int" + String(repeating: "]", count: depth))
    },
    Nesting(testDescription: "Int???…") { depth, limit in property("var x: Int" + levels(depth, limit, "?")) },
    Nesting(testDescription: "default [[…1…]]") { depth, limit in
      property("var x: Any = " + levels(depth, limit, "[") + "1" + String(repeating: "]", count: depth))
    },
    Nesting(testDescription: "class in class in …") { depth, limit in
      levels(depth, limit + 1) { "class C\($0) {\n" } + String(repeating: "}\n", count: depth)
    },
  ]

  @Test("deep nesting stops at the limit with one nesting-too-deep error", arguments: nestings, [1_000, 20_000])
  func deepNesting(_ nesting: Nesting, depth: Int) throws {
    let source = MarkedSource(nesting.make(depth, Parser.maxNesting))
    let (_, diagnostics) = Loading.load(source.text)
    let errors = Loading.errors(diagnostics)
    #expect(errors.map(\.code) == ["nesting-too-deep"])
    let file = SourceFile(path: "a.cast", text: source.text)
    #expect(errors.first.map { file.location(of: $0.range.bytes.lowerBound) } == source.location())
    #expect(diagnostics.count { $0.severity == .warning } <= 1)  // at most "cannot evaluate the default"
  }

  @Test("nesting up to the limit loads", arguments: nestings)
  func nestingAtTheLimit(_ nesting: Nesting) {
    let source = MarkedSource(nesting.make(Parser.maxNesting, Parser.maxNesting))
    #expect(Loading.load(source.text).diagnostics.filter { $0.severity != .note }.isEmpty)
  }

  @Test("every level carrying all the suffixes it may still loads")
  func suffixesAtEveryLevel() {
    var type = "Int"
    for level in stride(from: Parser.maxNesting - 1, through: 0, by: -1) {
      type = "[" + type + "]" + String(repeating: "?", count: Parser.maxNesting - 1 - level)
    }
    let (registry, diagnostics) = Loading.load(Self.property("var x: " + type))
    #expect(Loading.errors(diagnostics).isEmpty)
    #expect(registry.property("A", "x") != nil)
  }

  @Test("a chain of 10,000 typealiases stops with nesting-too-deep errors")
  func longTypealiasChain() {
    let text = (0..<10_000).map { "typealias A\($0) = A\($0 + 1)\n" }.joined() + "typealias A10000 = Int\n"
    let errors = Loading.errors(Loading.load(text).diagnostics)
    #expect(!errors.isEmpty)
    #expect(errors.allSatisfy { $0.code == "nesting-too-deep" })
  }

  /// An inheritance chain flattens up to 100 superclasses; past that, every 101st class is read
  /// without its superclass (each class holds what it inherits, so a chain of n holds n²/2).
  @Test("an inheritance chain flattens superclass first, up to 100 superclasses", arguments: [101, 2_000])
  func deepInheritance(_ depth: Int) throws {
    let text =
      "class C0: Class {\n  var p0: Int?\n}\n"
      + (1..<depth).map { "class C\($0): C\($0 - 1) {\n  var p\($0): Int?\n}\n" }.joined()
    let (registry, diagnostics) = Loading.load(text)
    #expect(registry.models.count == depth)
    let cut = stride(from: 101, to: depth, by: 101).map { "C\($0)" }
    #expect(diagnostics.map(\.code) == Array(repeating: "nesting-too-deep", count: cut.count))
    #expect(diagnostics.map(\.message) == cut.map { "class '\($0)' has more than 100 superclasses; it is read without them" })
    let full = try #require(registry.models["C100"])
    #expect(full.properties.map(\.name) == (0...100).map { "p\($0)" })
    #expect(full.dialect == .dson)
    #expect(full.superclass == "C99")
    let last = try #require(registry.models["C\(depth - 1)"])
    let base = (depth - 1) / 101 * 101
    #expect(last.properties.map(\.name) == (base..<depth).map { "p\($0)" })
  }

  @Test("10,000 models in one file all load")
  func manyModels() {
    let count = 10_000
    let text = (0..<count).map { "struct M\($0) {\n  var p\($0): Int\n}\n" }.joined()
    let (registry, diagnostics) = Loading.load(text)
    #expect(diagnostics.isEmpty)
    #expect(Array(registry.models.keys) == (0..<count).map { "M\($0)" })
    #expect((0..<count).allSatisfy { registry.property("M\($0)", "p\($0)")?.type == .scalar(.int) })
  }

  @Test("many array-literal defaults do not spend the file's error budget")
  func arrayDefaultsAreFree() {
    let text =
      "class A {\n" + (0..<3 * Parser.maxErrorsPerFile).map { "  var a\($0): [Int] = [\($0)]\n" }.joined() + "}\n"
    let (registry, diagnostics) = Loading.load(text)
    #expect(diagnostics.isEmpty)
    #expect(registry.models["A"]?.properties.count == 3 * Parser.maxErrorsPerFile)
  }

  /// `class A {` + the declaration + `}`.
  static func property(_ declaration: String) -> String { "class A {\n  \(declaration)\n}\n" }

  /// `unit` repeated `depth` times, with `1️⃣` before repetition number `limit + 1` (1-based),
  /// `marker` characters into it (to point at the `<` of `Array<`).
  static func levels(_ depth: Int, _ limit: Int, _ unit: String, marker: Int = 0) -> String {
    levels(depth, limit, marker: marker) { _ in unit }
  }

  /// `unit(0) unit(1) …`, marked as above.
  static func levels(_ depth: Int, _ limit: Int, marker: Int = 0, _ unit: (Int) -> String) -> String {
    var text = ""
    for level in 0..<depth {
      let piece = unit(level)
      text += level == limit ? piece.prefix(marker) + "1️⃣" + piece.dropFirst(marker) : piece
    }
    return text
  }
}
