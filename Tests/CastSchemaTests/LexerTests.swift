import Foundation
import Testing

@testable import CastSchema

/// The lexer's shortcuts: a byte mask for the bytes of names, and each token's first byte
/// carried in the token.
@Suite("Lexer")
struct LexerTests {
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
