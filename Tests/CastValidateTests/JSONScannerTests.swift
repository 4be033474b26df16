import Testing

@testable import CastValidate

@Suite("JSONScanner: tokens and errors")
struct JSONScannerTests {
  static let documents: [(String, [String])] = [
    ("{}", ["{", "}"]),
    ("[]", ["[", "]"]),
    (" \t\r\n[ 1 , -2.5e3 ] \n", ["[", "n:1", "n:-2.5e3", "]"]),
    (
      #"{"a":{"b":[true,false,null]},"c":"d"}"#,
      ["{", "k:a", "{", "k:b", "[", "true", "false", "null", "]", "}", "k:c", "s:d", "}"]
    ),
    (#"{"a":1,"a":2}"#, ["{", "k:a", "n:1", "k:a", "n:2", "}"]),
    (#"[[],{},[[]]]"#, ["[", "[", "]", "{", "}", "[", "[", "]", "]", "]"]),
    (#""\u00e9\n""#, ["s:é\n"]),
    ("0", ["n:0"]),
    ("-0", ["n:-0"]),
    (#"{"a\u0062":"\uD834\uDD1E"}"#, ["{", "k:ab", "s:𝄞", "}"]),
  ]

  @Test("documents give the expected tokens", arguments: documents)
  func tokenSequences(_ document: String, _ expected: [String]) throws {
    #expect(try JSONProbe.tokens(Array(document.utf8)) == expected)
    #expect(JSONProbe.skipError(Array(document.utf8)) == nil)
  }

  static let errors: [([UInt8], Int, String)] = [
    (Array("".utf8), 0, "unexpected end of input; expected a value"),
    (Array(#"{"a" 1}"#.utf8), 5, "unexpected character '1'; expected ':' after an object key"),
    (Array(#"{"a":1 "b":2}"#.utf8), 7, #"unexpected character '"'; expected ',' or '}' after an object member"#),
    (Array(#"{"a":1,}"#.utf8), 7, "unexpected character '}'; expected a string key after ','"),
    (Array("{,}".utf8), 1, "unexpected character ','; expected a string key or '}'"),
    (Array("{1:2}".utf8), 1, "unexpected character '1'; expected a string key or '}'"),
    (Array("[1,]".utf8), 3, "unexpected character ']'; expected a value"),
    (Array("[1 2]".utf8), 3, "unexpected character '2'; expected ',' or ']' after an array element"),
    (Array("[".utf8), 1, "unexpected end of input; expected a value or ']'"),
    (Array("[1".utf8), 2, "unexpected end of input; expected ',' or ']' after an array element"),
    (Array(#"{"a":1"#.utf8), 6, "unexpected end of input; expected ',' or '}' after an object member"),
    (Array("[1] x".utf8), 4, "unexpected character 'x'; expected the end of the document"),
    (Array("[\u{0C}]".utf8), 1, "unexpected byte 0x0C; expected a value"),
    (Array(#""abc"#.utf8), 0, "unterminated string"),
    (Array(#"["a\"#.utf8), 1, "unterminated string"),
    ([0x22, 0x61, 0x01, 0x22], 2, "unescaped control character U+0001 in string (write it as an escape)"),
    (Array(#"["\x"]"#.utf8), 2, #"invalid escape: character 'x' after '\' in string"#),
    (Array(#"["\u12G4"]"#.utf8), 6, #"invalid \u escape: character 'G' is not a hex digit"#),
    (Array(#"["\uD800"]"#.utf8), 2, #"unpaired high surrogate \uD800 in string (a \u low surrogate must follow)"#),
    (Array(#"["\uD800\u0041"]"#.utf8), 2, #"high surrogate \uD800 followed by \u0041, not by a low surrogate"#),
    (Array(#"["\uDC00"]"#.utf8), 2, #"unpaired low surrogate \uDC00 in string"#),
    (Array(#"["\uDD1E\uD834"]"#.utf8), 2, #"unpaired low surrogate \uDD1E in string"#),
    ([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], 2, "invalid UTF-8 byte 0xC0 in string"),
    ([0x5B, 0x22, 0xE0, 0x80, 0x80, 0x22, 0x5D], 3, "invalid UTF-8 byte 0x80 in string"),
    ([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], 3, "invalid UTF-8 byte 0xA0 in string"),
    ([0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], 3, "invalid UTF-8 byte 0x90 in string"),
    ([0x5B, 0x22, 0xF5, 0x80, 0x80, 0x80, 0x22, 0x5D], 2, "invalid UTF-8 byte 0xF5 in string"),
    ([0x5B, 0x22, 0x81, 0x22, 0x5D], 2, "invalid UTF-8 byte 0x81 in string"),
    ([0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D], 2, "truncated UTF-8 sequence starting with byte 0xE2 in string"),
    ([0x22, 0xE2, 0x82], 0, "unterminated string"),
    (Array("[01]".utf8), 1, "leading zero in a number"),
    (Array("[-01]".utf8), 2, "leading zero in a number"),
    (Array("[-]".utf8), 2, "unexpected character ']'; expected a digit after '-'"),
    (Array("[-a]".utf8), 2, "unexpected character 'a'; expected a digit after '-'"),
    (Array("[1.]".utf8), 3, "unexpected character ']'; expected a digit after '.'"),
    (Array("[1e]".utf8), 3, "unexpected character ']'; expected a digit in the exponent"),
    (Array("[1e+]".utf8), 4, "unexpected character ']'; expected a digit in the exponent"),
    (Array("[.5]".utf8), 1, "unexpected character '.'; expected a value"),
    (Array("[+1]".utf8), 1, "unexpected character '+'; expected a value"),
    (Array("1.5e".utf8), 4, "unexpected end of input; expected a digit in the exponent"),
    (Array("[tru]".utf8), 1, "invalid literal; expected 'true'"),
    (Array("[fals]".utf8), 1, "invalid literal; expected 'false'"),
    (Array("[nul]".utf8), 1, "invalid literal; expected 'null'"),
    (Array("[True]".utf8), 1, "unexpected character 'T'; expected a value"),
    ([0xEF, 0xBB, 0xBF, 0x7B, 0x7D], 0, "unexpected byte 0xEF; expected a value"),
  ]

  @Test("malformed documents give the expected error", arguments: errors)
  func errorOffsetsAndMessages(_ document: [UInt8], _ offset: Int, _ message: String) {
    let expected = JSONSyntaxError(offset: offset, message: message)
    #expect(JSONProbe.pullError(document) == expected)
    // The BOM row is the one place the two paths differ: the skip helper skips a BOM, the walk does not.
    if document.first != 0xEF { #expect(JSONProbe.skipError(document) == expected) }
  }

  @Test("a BOM is skipped only when asked, and a BOM alone is not a document")
  func byteOrderMark() {
    #expect(JSONProbe.skipError([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]) == nil)
    let bomOnly = JSONSyntaxError(offset: 3, message: "unexpected end of input; expected a value")
    #expect(JSONProbe.skipError([0xEF, 0xBB, 0xBF]) == bomOnly)
    let partialBOM = JSONSyntaxError(offset: 0, message: "unexpected byte 0xEF; expected a value")
    #expect(JSONProbe.skipError([0xEF, 0xBB]) == partialBOM)
  }

  @Test("baseOffset shifts spans and errors")
  func baseOffset() throws {
    let bytes = Array(#"  "ab" x"#.utf8)
    try bytes.withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer, baseOffset: 100)
      let token = try scanner.readString()
      #expect(token.span == JSONSpan(start: 103, end: 105))
      #expect(scanner.offset == 106)
      #expect(scanner.string(token) == "ab")
      #expect(Array(scanner.bytes(token.span)) == Array("ab".utf8))
      let trailing = JSONSyntaxError(offset: 107, message: "unexpected character 'x'; expected the end of the document")
      #expect(throws: trailing) {
        try scanner.expectEnd()
      }
    }
  }

  @Test("number tokens report their shape")
  func numberShapes() throws {
    let cases: [(String, Bool, Bool)] = [
      ("1", true, false), ("-1", true, true), ("-0", true, true),
      ("1.5", false, false), ("-1e5", false, true), ("0E-0", false, false),
    ]
    for (literal, isInteger, isNegative) in cases {
      try Array(literal.utf8).withUnsafeBytes { buffer in
        var scanner = JSONScanner(buffer)
        let token = try scanner.readNumber()
        #expect(token.isInteger == isInteger, "\(literal)")
        #expect(token.isNegative == isNegative, "\(literal)")
        #expect(token.span == JSONSpan(start: 0, end: buffer.count))
        let atEnd = scanner.isAtEnd
        #expect(atEnd)
      }
    }
  }
}
