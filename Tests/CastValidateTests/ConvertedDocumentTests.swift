import Testing

@testable import CastValidate

/// Random JSON values with every shape the layout treats apart: empty and nested containers,
/// strings holding the bytes that lay out JSON (`{`, `,`, `:`, escaped quotes and whitespace).
enum RandomJSON {
  static let strings = [
    "", "a", "{", "}", "[]", ",", ": ", "\"", "\\", "\\\"", "a\"b\\", "\n\t", "é 日本", "/", "- x", "line\nand\nlines\n",
    // Long enough for YAML to fold, which depends on the column a scalar starts at.
    String(repeating: "words and more words ", count: 8),
  ]

  static func value(_ random: inout SeededGenerator, depth: Int = 0) -> JSONValue {
    switch Int.random(in: 0..<(depth > 4 ? 4 : 7), using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .number(["0", "-1.5e3", "12345678901234567890"].randomElement(using: &random) ?? "0")
    case 3: return .string(strings.randomElement(using: &random) ?? "")
    case 4: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in value(&random, depth: depth + 1) })
    default:
      return .object(
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
          JSONMember(key: strings.randomElement(using: &random) ?? "", value: value(&random, depth: depth + 1))
        })
    }
  }
}

@Suite("Laying compact JSON out, and a converted document written as its records come")
struct ConvertedDocumentTests {
  static let styles: [JSONWriter.Style] = [.compact, .pretty(indent: 2), .pretty(indent: 4)]

  @Test("laid out from its compact text, a value is what the writer writes for it, at any level", arguments: styles)
  func layOutMatchesWriter(_ style: JSONWriter.Style) {
    var random = SeededGenerator(seed: 43)
    let writer = JSONWriter(style: style)
    var failures: [String] = []
    for _ in 0..<2_000 {
      let value = RandomJSON.value(&random)
      let level = Int.random(in: 0...2, using: &random)
      var expected: [UInt8] = []
      writer.write(value, level: level, into: &expected)
      let compact = Array(JSONWriter(style: .compact).write(value).utf8)
      var laidOut: [UInt8] = []
      compact.withUnsafeBytes { writer.layOut(compact: $0, level: level, into: &laidOut) }
      if laidOut != expected { failures.append(JSONWriter(style: .compact).write(value)) }
    }
    #expect(failures.isEmpty, "\(failures.prefix(3))")
  }

  /// A deep document's pretty text is mostly indentation (square in the depth): it is handed on
  /// in pieces, which together are the text laid out whole.
  @Test("laid out in pieces past a limit, the pieces are the whole text, each flushed near the limit", arguments: [1, 64, 4096])
  func layOutInPieces(_ limit: Int) {
    var random = SeededGenerator(seed: UInt64(limit))
    let writer = JSONWriter(style: .pretty(indent: 2))
    for _ in 0..<300 {
      let compact = Array(JSONWriter(style: .compact).write(RandomJSON.value(&random)).utf8)
      var whole: [UInt8] = []
      compact.withUnsafeBytes { writer.layOut(compact: $0, level: 1, into: &whole) }
      var joined: [UInt8] = []
      var largest = 0
      var output: [UInt8] = []
      _ = compact.withUnsafeBytes {
        writer.layOut(compact: $0, level: 1, into: &output, flushingPast: limit) { piece in
          largest = max(largest, piece.count)
          joined += piece
          piece.removeAll()
        }
      }
      joined += output
      #expect(joined == whole)
      // A piece is flushed at the first token boundary past the limit.
      #expect(largest < limit + 64 + compact.count, "\(largest)")
    }
  }

  @Test("whitespace between tokens is left out, whitespace in strings kept", arguments: styles)
  func layOutIgnoresWhitespace(_ style: JSONWriter.Style) throws {
    let text = " { \"a b\" :\t[ 1 ,\r\n{ } , [ ] ] , \"c\" : \" : , \" } "
    let value = try JSONValue.parse(text)
    var expected: [UInt8] = []
    JSONWriter(style: style).write(value, into: &expected)
    var laidOut: [UInt8] = []
    Array(text.utf8).withUnsafeBytes { JSONWriter(style: style).layOut(compact: $0, level: 0, into: &laidOut) }
    #expect(String(decoding: laidOut, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
  }

  /// A spool of 64 bytes moves nearly every element to its temporary file.
  @Test(
    "a JSON document of n records is the writer's text of the array, or of the one object",
    arguments: [0, 1, 2, 3, 50], [false, true])
  func jsonDocumentMatchesWriter(_ records: Int, _ smallSpool: Bool) throws {
    var random = SeededGenerator(seed: UInt64(records))
    let values = (0..<records).map { _ in RandomJSON.value(&random) }
    for style in Self.styles {
      for isArray in records == 1 ? [true, false] : [true] {
        let document = ConvertedDocument<[UInt8]>(.json(style), spool: ByteSpool(memoryLimit: smallSpool ? 64 : 8 << 20))
        for value in values { try document.add(Array(JSONWriter(style: .compact).write(value).utf8)) }
        var written: [UInt8] = []
        try document.write(isArray: isArray, nothing: Array("null".utf8)) { written.append(contentsOf: $0) }
        let whole: JSONValue = isArray ? .array(values) : values[0]
        #expect(String(decoding: written, as: UTF8.self) == JSONWriter(style: style).write(whole) + "\n", "\(style)")
      }
    }
  }

  @Test("a YAML document of n records is Yams's text of the array, or of the one object", arguments: [0, 1, 2, 3, 50])
  func yamlDocumentMatchesYams(_ records: Int) throws {
    var random = SeededGenerator(seed: UInt64(100 + records))
    let values = (0..<records).map { _ in RandomJSON.value(&random) }
    for isArray in records == 1 ? [true, false] : [true] {
      let document = ConvertedDocument<JSONValue>(.yaml, spool: ByteSpool(memoryLimit: 64))
      for value in values { try document.add(value) }
      var written: [UInt8] = []
      try document.write(isArray: isArray, nothing: .null) { written.append(contentsOf: $0) }
      let whole: JSONValue = isArray ? .array(values) : values[0]
      #expect(String(decoding: written, as: UTF8.self) == (try YAMLOutput.write(whole)))
    }
  }

  @Test("a lone document with no record is null")
  func nothing() throws {
    var json: [UInt8] = []
    try ConvertedDocument<[UInt8]>(.json(.pretty(indent: 2))).write(isArray: false, nothing: Array("null".utf8)) {
      json.append(contentsOf: $0)
    }
    #expect(json == Array("null\n".utf8))
  }
}
