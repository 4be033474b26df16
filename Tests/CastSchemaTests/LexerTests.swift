import Foundation
import Testing

@testable import CastSchema

/// The lexer's shortcuts: a byte mask for the bytes of names, and each token's first byte
/// carried in the token; raw identifiers and regex literals as Swift 6.3's lexer reads them.
@Suite("Lexer")
struct LexerTests {
  /// The tokens of `text` as `kind text`, without the end of the file.
  static func tokens(_ text: String) -> [String] {
    let source = SourceFile(path: "a.swift", text: text)
    return Lexer.tokenize(source, file: 0).tokens.dropLast().map { "\($0.kind) \(source.text($0.range))" }
  }

  /// Raw identifiers (Swift 6.2, SE-0451), each accepted by swiftc 6.3.1 (`swiftc -parse`), and
  /// the name castctl reads from them: the text between the backticks, which is the Codable key
  /// JSONEncoder writes (checked by encoding such a struct).
  @Test(
    "a raw identifier is one identifier token, named by what its backticks enclose",
    arguments: [
      ("`my key`", "my key"), ("`a-b.c`", "a-b.c"), ("`émoji 🎉`", "émoji 🎉"), ("`a/b`", "a/b"), ("`{}`", "{}"),
      ("`\"q\"`", "\"q\""), ("` a`", " a"), ("`#if`", "#if"), ("`::`", "::"),
    ])
  func rawIdentifier(_ written: String, _ name: String) {
    let source = SourceFile(path: "a.swift", text: "let \(written): Int")
    let tokens = Lexer.tokenize(source, file: 0).tokens
    #expect(tokens.map(\.kind) == [.identifier, .identifier, .punctuation, .identifier, .endOfFile])
    #expect(source.name(at: tokens[1].range) == name)
  }

  /// What swiftc 6.3.1 refuses between backticks stays a stray backtick, as before.
  @Test(
    "backticks around only spaces, or around a backslash, tab or line break, make no name",
    arguments: ["` `", "`a\\b`", "`a\tb`", "`a\nb`", "``"])
  func notRawIdentifier(_ written: String) {
    #expect(Self.tokens(written).first == "unknown `")
  }

  /// Regex literals hold `}`, `"` and `)` that would otherwise end a body, open a string or
  /// close a group: each is one token, as swiftc lexes it.
  @Test(
    "a regex literal is one token, whatever brackets and quotes it holds",
    arguments: [
      ("{ /a}b/ }", ["punctuation {", "regex /a}b/", "punctuation }"]),
      ("let r = /a\"b/", ["identifier let", "identifier r", "punctuation =", "regex /a\"b/"]),
      ("f(/[}]/)", ["identifier f", "punctuation (", "regex /[}]/", "punctuation )"]),
      ("{ return /a\\/}/ }", ["punctuation {", "identifier return", "regex /a\\/}/", "punctuation }"]),
      ("[/(a)}/, /b/]", ["punctuation [", "regex /(a)}/", "punctuation ,", "regex /b/", "punctuation ]"]),
      ("x = #/a}b/ c/#", ["identifier x", "punctuation =", "regex #/a}b/ c/#"]),
      ("##/a/#}/## }", ["regex ##/a/#}/##", "punctuation }"]),
      ("#/\n  a}\"b\n  /#\n}", ["regex #/\n  a}\"b\n  /#", "punctuation }"]),
    ])
  func regexLiteral(_ text: String, _ expected: [String]) {
    #expect(Self.tokens(text) == expected)
  }

  /// A `/` Swift reads as an operator stays punctuation: the rules that tell a regex literal
  /// from division (bound on its left, a space after it, no closing `/` on its line, a space
  /// before that `/`, a `)` it did not open, after `func`) and comments.
  @Test(
    "a '/' that divides, an operator's name and comments are no regex literal",
    arguments: [
      ("10 / 2", ["integer 10", "punctuation /", "integer 2"]),
      ("a/b/c", ["identifier a", "punctuation /", "identifier b", "punctuation /", "identifier c"]),
      ("(a)/2/(b)", ["punctuation (", "identifier a", "punctuation )", "punctuation /", "integer 2", "punctuation /", "punctuation (", "identifier b", "punctuation )"]),
      ("a /2", ["identifier a", "punctuation /", "integer 2"]),
      ("a /b / c", ["identifier a", "punctuation /", "identifier b", "punctuation /", "identifier c"]),
      ("f(1, /)", ["identifier f", "punctuation (", "integer 1", "punctuation ,", "punctuation /", "punctuation )"]),
      ("a /b// c", ["identifier a", "punctuation /", "identifier b"]),
      (
        "func /(l: A, r: A) -> A { l/r }",
        ["identifier func", "punctuation /", "punctuation (", "identifier l", "punctuation :", "identifier A", "punctuation ,",
          "identifier r", "punctuation :", "identifier A", "punctuation )", "punctuation ->", "identifier A", "punctuation {",
          "identifier l", "punctuation /", "identifier r", "punctuation }"]
      ),
      ("x /* /a/ */ // /b/", ["identifier x"]),
      ("#/a", ["punctuation #", "punctuation /", "identifier a"]),
    ])
  func division(_ text: String, _ expected: [String]) {
    #expect(Self.tokens(text) == expected)
  }

  @Test("a byte continues a name exactly when it is a letter, a digit, '_', '$' or part of a non-ASCII character", arguments: 0...255)
  func identifierBytes(_ value: Int) {
    let byte = UInt8(value)
    let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    let expected = letter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "$") || byte >= 0x80
    #expect(Lexer.isIdentifierContinue(byte) == expected)
  }

  @Test("every token carries the first byte of its text", arguments: Samples.repositorySchemas)
  func tokensCarryTheirFirstByte(_ path: String) throws {
    let source = try SourceFile.read(path: Samples.packageRoot.appendingPathComponent(path).path)
    let (tokens, _) = Lexer.tokenize(source, file: 0)
    for token in tokens {
      #expect(token.lead == (token.range.isEmpty ? 0 : source.bytes[token.range.lowerBound]), "token at \(token.range)")
    }
  }
}

/// Bytes that are not UTF-8 inside a string literal, which swiftc refuses ("invalid UTF-8 found in
/// source file"): reported at the byte, where the value would otherwise hold U+FFFD in silence.
@Suite("Lexer: strings, literal or in a directive, that are not UTF-8")
struct StringLiteralUTF8Tests {
  @Test(
    "a string's byte that is not UTF-8 is an error at the byte",
    arguments: [(#"  var s: String = "a"#, [0xFF] as [UInt8], #"b""#), (#"  var s: String? //! "k"#, [0xC3, 0x28], #"""#)])
  func invalidByte(_ before: String, _ bad: [UInt8], _ after: String) {
    let head = Array("struct A {\n\(before)".utf8)
    let source = SourceFile(path: "a.cast", bytes: head + bad + Array("\(after)\n}\n".utf8))
    let (_, diagnostics) = SchemaLoader.load([source])
    let errors = diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1 && errors.first?.message.contains("invalid UTF-8 byte") == true, "\(errors.map(\.message))")
    #expect(errors.first?.range.bytes.lowerBound == head.count)
  }
}
