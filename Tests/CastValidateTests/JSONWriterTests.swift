import Testing

@testable import CastValidate

@Suite("JSONWriter and JSONValue")
struct JSONWriterTests {
  static let sample = #"{"a": [1, 2.50, {}], "b": {"c": null, "d": [], "e": true}, "f": "x\ny", "": -0}"#

  @Test("pretty output matches python -m json.tool --indent 2")
  func prettyGolden() throws {
    let expected = """
      {
        "a": [
          1,
          2.50,
          {}
        ],
        "b": {
          "c": null,
          "d": [],
          "e": true
        },
        "f": "x\\ny",
        "": -0
      }
      """
    #expect(JSONWriter().write(try JSONValue.parse(Self.sample)) == expected)
  }

  @Test("compact output has no whitespace")
  func compactGolden() throws {
    let expected = #"{"a":[1,2.50,{}],"b":{"c":null,"d":[],"e":true},"f":"x\ny","":-0}"#
    #expect(JSONWriter(style: .compact).write(try JSONValue.parse(Self.sample)) == expected)
  }

  static let scalars: [(JSONValue, String)] = [
    (.null, "null"),
    (.bool(false), "false"),
    (.number("1e400"), "1e400"),
    (.string("say \"hi\" \\ bye"), #""say \"hi\" \\ bye""#),
    (.string("a/b"), #""a/b""#),
    (.string("é€😀"), "\"é€😀\""),
    (.string("\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}"), #""\u0000\u0001\b\t\n\f\r\u001f\#u{7F}""#),
    (.array([]), "[]"),
    (.object([]), "{}"),
    (.array([.array([])]), "[\n  []\n]"),
  ]

  @Test("scalars and empty containers", arguments: scalars)
  func scalarOutput(_ value: JSONValue, _ expected: String) {
    #expect(JSONWriter().write(value) == expected)
  }

  @Test("indent width is honoured")
  func indentWidth() {
    let value = JSONValue.object([JSONMember(key: "k", value: .array([.number("1")]))])
    #expect(JSONWriter(style: .pretty(indent: 4)).write(value) == "{\n    \"k\": [\n        1\n    ]\n}")
  }

  @Test("indentation wider than the writer's constant of spaces is written whole")
  func wideIndentation() {
    let value = JSONValue.object([JSONMember(key: "k", value: .array([.number("1")]))])
    let (one, two) = (String(repeating: " ", count: 50), String(repeating: " ", count: 100))
    #expect(JSONWriter(style: .pretty(indent: 50)).write(value) == "{\n\(one)\"k\": [\n\(two)1\n\(one)]\n}")
  }

  static let roundTrips = [
    Self.sample, "[]", "{}", "0", #""\u0000\uD834\uDD1E""#, #"{"a":1,"a":2}"#,
    "[1e400, -0.0, 123456789012345678901234567890]",
    #"{"\/\b\f\n\r\t\"\\":"é"}"#,
  ]

  @Test("parse → write → parse gives the same value", arguments: roundTrips)
  func roundTrip(_ text: String) throws {
    let value = try JSONValue.parse(text)
    for style in [JSONWriter.Style.compact, .pretty(indent: 2)] {
      var bytes: [UInt8] = []
      JSONWriter(style: style).write(value, into: &bytes)
      #expect(try JSONValue.parse(bytes) == value)
    }
  }

  @Test("the tree keeps order, duplicates and literal text")
  func treeShape() throws {
    let value = try JSONValue.parse(#"{"b":1.0,"a":[true,null],"b":"x"}"#)
    #expect(
      value
        == .object([
          JSONMember(key: "b", value: .number("1.0")),
          JSONMember(key: "a", value: .array([.bool(true), .null])),
          JSONMember(key: "b", value: .string("x")),
        ]))
  }

  @Test("parse skips a BOM and rejects trailing content")
  func documentBoundaries() throws {
    #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF, 0x5B, 0x5D]) == .array([]))
    #expect(throws: JSONSyntaxError(offset: 3, message: "unexpected character '2'; expected the end of the document")) {
      try JSONValue.parse("[] 2")
    }
  }

  @Test("JSONPointerIndex records each value's start by JSON Pointer, the last of a repeated key")
  func offsets() throws {
    let text = #"{"a": [10, {"b/c": 1, "~": 2}], "": true, "a": 3}"#
    let offsets = try Array(text.utf8).withUnsafeBytes { try JSONPointerIndex.offsets(of: $0) }
    let expected: [String: Int] = ["": 0, "/a/0": 7, "/a/1": 11, "/a/1/b~1c": 19, "/a/1/~0": 27, "/": 36, "/a": 47]
    #expect(offsets == expected)
  }

  static let pointers: [(JSONPointer, String)] = [
    (.root, ""),
    (JSONPointer.root.appending(key: "a").appending(index: 0).appending(key: "b"), "/a/0/b"),
    (JSONPointer([.key("a/b"), .key("m~n"), .key("~1")]), "/a~1b/m~0n/~01"),
    (JSONPointer([.key("")]), "/"),
    (JSONPointer([.key("é"), .index(12)]), "/é/12"),
  ]

  @Test("JSON Pointer text follows RFC 6901", arguments: pointers)
  func pointerText(_ pointer: JSONPointer, _ expected: String) {
    #expect(pointer.description == expected)
  }
}
