import Testing

@testable import CastSchema

/// A property's plain type name is kept in its row rather than parsed into a `TypeSyntax`: the
/// shortcut must read exactly what the general type parser reads, and leave the rest to it.
@Suite("Plain property types")
struct PlainTypeTests {
  /// Types as written after `var x: `, and whether the row keeps them as a plain name.
  static let types: [(String, Bool)] = [
    ("Int", true), ("Int?", true), ("Int!", true), ("`Type`?", true), ("Model", true),
    // A suffix after a space is refused (as swiftc refuses it): the general parser says so.
    ("Int ?", false), ("Int !", false),
    ("Int = 1", true), ("Int? //! \"k\"", true), ("Int\n  ?", true), ("Int?\n  var y: Int", true),
    ("Int??", false), ("Int???", false), ("Int?!", false), ("Int? ?", false), ("Int!?", false),
    ("Swift.Int?", false), ("Set<Int>", false), ("[Int]?", false), ("some Model", false), ("(Int, Int)", false),
    ("var", false), ("", false),
  ]

  @Test("a plain type name reads as the general type parser reads it, with the cursor left where it leaves it", arguments: types)
  func plainNameMatchesGeneralParse(_ written: String, _ isPlain: Bool) throws {
    let source = SourceFile(path: "a.cast", text: "struct M {\n  var x: \(written)\n}\n")
    let (tree, _) = Parser.parse(source, file: 0)
    let row = try #require(tree.properties.first)
    #expect((row.plainTypeName != nil) == isPlain)

    // The general parser, from the token after the `:`.
    let (tokens, _) = Lexer.tokenize(source, file: 0)
    let colon = try #require(tokens.firstIndex { $0.kind == .punctuation && source.text($0.range) == ":" })
    var shortcut = Parser(source: source, file: 0, tokens: tokens)
    shortcut.index = colon + 1
    var general = shortcut
    let plain = shortcut.parsePlainType()
    #expect((plain != nil) == isPlain)
    let (base, suffix) = general.parseTypeAndOuterSuffix()
    if let plain {
      #expect(shortcut.index == general.index)
      #expect(general.diagnostics.isEmpty)
      #expect(plain.suffix == suffix)
      #expect(tree.baseType(of: row, in: source) == base)
    } else {
      #expect(shortcut.index == colon + 1)
    }
    #expect(tree.typeAnnotation(of: row, in: source) == (suffix.map { $0.wrapping(base) } ?? base))
  }
}
