import Testing

@testable import CastValidate

@Suite("JSONScanner: nesting depth")
struct JSONScannerDepthTests {
  static let tooDeep = "nesting deeper than 512 levels (raise it with --max-depth)"

  @Test("512 levels are accepted and 513 rejected, by every reader")
  func defaultLimit() throws {
    #expect(JSONProbe.skipError(JSONProbe.nestedArrays(512, inner: "1")) == nil)
    #expect(throws: Never.self) { try JSONValue.parse(JSONProbe.nestedArrays(512)) }
    let expected = JSONSyntaxError(offset: 512, message: Self.tooDeep)
    #expect(JSONProbe.skipError(JSONProbe.nestedArrays(513)) == expected)
    #expect(JSONProbe.pullError(JSONProbe.nestedArrays(513)) == expected)
    #expect(throws: expected) { try JSONValue.parse(JSONProbe.nestedArrays(513)) }
  }

  @Test("objects count towards the depth as arrays do")
  func objectsCount() {
    let deep = Array((String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)).utf8)
    #expect(JSONProbe.skipError(deep) == JSONSyntaxError(offset: 512 * 5, message: Self.tooDeep))
    let mixed = Array((String(repeating: #"[{"a":"#, count: 256) + "1" + String(repeating: "}]", count: 256)).utf8)
    #expect(JSONProbe.skipError(mixed) == nil)
  }

  @Test("a million '[' is a depth error, quickly and without a crash")
  func millionOpenings() {
    let bytes = [UInt8](repeating: 0x5B, count: 1_000_000)
    let started = ContinuousClock.now
    #expect(JSONProbe.skipError(bytes) == JSONSyntaxError(offset: 512, message: Self.tooDeep))
    #expect(throws: JSONSyntaxError(offset: 512, message: Self.tooDeep)) { try JSONValue.parse(bytes) }
    #expect(ContinuousClock.now - started < .seconds(2))
  }

  @Test("a raised limit lets skipValue go deep without recursing")
  func raisedLimit() {
    let depth = 200_000
    #expect(JSONProbe.skipError(JSONProbe.nestedArrays(depth, inner: "1"), maxDepth: depth) == nil)
    #expect(JSONProbe.skipError(JSONProbe.nestedArrays(depth + 1), maxDepth: depth)?.offset == depth)
    let mixed = Array(
      (String(repeating: #"[{"a":"#, count: 50_000) + "[]" + String(repeating: "}]", count: 50_000)).utf8)
    #expect(JSONProbe.skipError(mixed, maxDepth: 100_001) == nil)
    // A mismatched closer deep inside still has to be caught: the kind of each level is remembered.
    let wrong = Array((String(repeating: #"[{"a":"#, count: 1_000) + "1]" + String(repeating: "}]", count: 1_000)).utf8)
    #expect(
      JSONProbe.skipError(wrong, maxDepth: 10_000)?.message
        == "unexpected character ']'; expected ',' or '}' after an object member")
  }

  @Test("a small limit counts exactly")
  func smallLimit() {
    #expect(JSONProbe.pullError(Array("[[1]]".utf8), maxDepth: 2) == nil)
    #expect(
      JSONProbe.pullError(Array("[[[1]]]".utf8), maxDepth: 2)
        == JSONSyntaxError(offset: 2, message: "nesting deeper than 2 levels (raise it with --max-depth)"))
    #expect(JSONProbe.pullError(Array("1".utf8), maxDepth: 0) == nil)
    #expect(JSONProbe.pullError(Array("[]".utf8), maxDepth: 0)?.offset == 0)
  }

  @Test(
    "the depth error suggests raising the limit only below the largest --max-depth",
    arguments: [
      (2, " (raise it with --max-depth)"), (JSONScanner.maxDepthLimit - 1, " (raise it with --max-depth)"),
      (JSONScanner.maxDepthLimit, " (the most --max-depth allows)"),
    ])
  func depthHint(_ limit: Int, _ hint: String) {
    #expect(
      JSONProbe.skipError(JSONProbe.nestedArrays(limit + 1), maxDepth: limit)
        == JSONSyntaxError(offset: limit, message: "nesting deeper than \(limit) levels\(hint)"))
  }

  @Test("a scanner that starts inside a container counts the levels above it against the limit")
  func startingDepth() {
    Array("[[1]]".utf8).withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer, maxDepth: 2, depth: 1)
      #expect(throws: JSONSyntaxError(offset: 1, message: "nesting deeper than 2 levels (raise it with --max-depth)")) {
        try scanner.skipValue()
      }
    }
  }

  @Test("depth goes back down as containers close")
  func depthTracking() throws {
    try Array(#"[{"a":[]},[]]"#.utf8).withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer)
      try scanner.beginArray()
      #expect(scanner.depth == 1)
      var first = true
      #expect(try scanner.nextElement(&first))
      try scanner.skipValue()
      #expect(scanner.depth == 1)
      #expect(try scanner.nextElement(&first))
      try scanner.beginArray()
      #expect(scanner.depth == 2)
      var inner = true
      #expect(try !scanner.nextElement(&inner))
      #expect(scanner.depth == 1)
      #expect(try !scanner.nextElement(&first))
      #expect(scanner.depth == 0)
      try scanner.expectEnd()
    }
  }
}
