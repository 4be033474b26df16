import CastSchema
import Testing

@testable import CastValidate

@Suite("TextPosition and LineIndex")
struct TextPositionTests {
  static let cases: [(String, Int, Int, Int)] = [
    ("", 0, 1, 1),
    ("abc", 0, 1, 1),
    ("abc", 2, 1, 3),
    ("abc", 3, 1, 4),
    ("ab\ncd", 2, 1, 3),
    ("ab\ncd", 3, 2, 1),
    ("ab\ncd", 4, 2, 2),
    ("ab\r\ncd", 2, 1, 3),  // the CR belongs to its line
    ("ab\r\ncd", 3, 1, 4),  // and so does the LF
    ("ab\r\ncd", 4, 2, 1),
    ("\n\n\nx", 3, 4, 1),
    ("é\nxé!", 2, 1, 2),  // é is 2 bytes, 1 column
    ("é\nxé!", 4, 2, 2),
    ("é\nxé!", 6, 2, 3),
    ("😀€x", 7, 1, 3),  // 4 + 3 bytes before x
    ("abc", 99, 1, 4),  // clamped to the end
    ("abc", -5, 1, 1),  // clamped to the start
    ("\u{FEFF}abc", 3, 1, 1),  // a byte-order mark is not a column
    ("\u{FEFF}abc", 5, 1, 3),
    ("\u{FEFF}a\nb", 5, 2, 1),
  ]

  @Test("offsets become 1-based lines and scalar columns, in data and in model files alike", arguments: cases)
  func locate(_ text: String, _ offset: Int, _ line: Int, _ column: Int) {
    let bytes = Array(text.utf8)
    let expected = TextPosition(line: line, column: column)
    bytes.withUnsafeBytes { buffer in
      #expect(LineIndex(buffer).position(of: offset, in: buffer) == expected)
    }
    #expect(SourceFile(path: "model.cast", bytes: bytes).location(of: offset) == expected)
    #expect(DataSource(name: "data.json", bytes: bytes).position(of: offset) == expected)
  }

  /// Positions go on from the last one on its line (findings come in order), or from the
  /// columns counted before on a long line, or from the index's nearest line; out of order
  /// (a duplicate's first occurrence after the repeat), or on another line: the same answers.
  @Test(
    "a data file's positions are the same in any order, on short and long lines and across many",
    arguments: [(false, 200, 2), (true, 200, 2), (false, 3_000, 3), (true, 3_000, 3), (false, 5, 300), (true, 5, 300)])
  func positionsInAnyOrder(_ inLine: Bool, elements: Int, lines: Int) {
    let line = "{\"é\": [" + (0..<elements).map { "\($0)" }.joined(separator: ",") + "], \"😀\": 1}"
    let bytes = Array(String(repeating: line + "\n", count: lines).utf8)
    let index = bytes.withUnsafeBytes { LineIndex($0) }
    var generator = SeededGenerator(seed: 37)
    let stride = max(1, bytes.count / 3_000)
    let offsets = Array(Swift.stride(from: 0, to: bytes.count, by: stride))
      + (0..<600).map { _ in Int.random(in: 0..<bytes.count, using: &generator) }
    let data = DataSource(name: "t.json", bytes: bytes)
    for offset in offsets {
      let expected = bytes.withUnsafeBytes { index.position(of: offset, in: $0) }
      let lineStart = (bytes[..<offset].lastIndex(of: 0x0A) ?? -1) + 1
      let found = inLine ? data.position(of: offset, line: expected.line, lineStart: lineStart) : data.position(of: offset)
      #expect(found == expected, "offset \(offset)")
    }
  }

  /// Editors do not show a byte order mark: the first line's columns count from after it, and
  /// the line shown under a finding leaves it out. Other lines, and a mark elsewhere, are as ever.
  @Test("a leading byte order mark is not a column", arguments: [false, true])
  func byteOrderMark(_ inLine: Bool) {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"é\": 1}\n\u{FEFF}{}".utf8)
    let data = DataSource(name: "t.ndjson", bytes: bytes)
    func position(_ offset: Int, line: Int, lineStart: Int) -> TextPosition {
      inLine ? data.position(of: offset, line: line, lineStart: lineStart) : data.position(of: offset)
    }
    #expect(position(3, line: 1, lineStart: 0) == TextPosition(line: 1, column: 1))
    #expect(position(10, line: 1, lineStart: 0) == TextPosition(line: 1, column: 7))  // the `1`
    #expect(position(16, line: 2, lineStart: 13) == TextPosition(line: 2, column: 2))  // after a mark not at the start
    let window = data.lineWindow(around: 10)
    #expect(window.text == "{\"é\": 1}")
    #expect(window.caretColumn == 7)
  }

  @Test("a data position and a model file's position agree at every offset")
  func indexAgrees() {
    let bytes = Array("{\r\n  \"é\": [1,\n2],\n\n  \"😀\": \"x\"\n}\n".utf8)
    let file = SourceFile(path: "model.cast", bytes: bytes)
    bytes.withUnsafeBytes { buffer in
      let index = LineIndex(buffer)
      #expect(index.lineStarts == [0, 3, 15, 19, 20, 34, 36])
      for offset in 0...buffer.count {
        #expect(index.position(of: offset, in: buffer) == file.location(of: offset), "\(offset)")
      }
    }
  }

  /// Many offsets at once, in any order and repeated, say what each one alone says: texts with
  /// and without a byte order mark, several lines, multibyte scalars, offsets past the end.
  @Test("positions(of:) agrees with position(of:) for every offset", arguments: [false, true])
  func batchAgrees(_ mark: Bool) {
    let text = Array("{\"é\": [1,\n2, \"😀\"],\r\n\n  \"a\": \"中文\"}\n".utf8)
    let bytes = (mark ? [0xEF, 0xBB, 0xBF] : []) + text
    bytes.withUnsafeBytes { buffer in
      let index = LineIndex(buffer)
      let offsets = (0...buffer.count + 2).reversed() + [5, 0, 3, 3, buffer.count]
      let batch = index.positions(of: Array(offsets), in: buffer)
      for offset in offsets {
        #expect(batch[offset] == index.position(of: offset, in: buffer), "\(offset)")
      }
      // Only some offsets: the walk along a line goes from one to the next.
      for stride in [3, 7] {
        let some = Array(Swift.stride(from: 1, through: buffer.count, by: stride))
        let positions = index.positions(of: some, in: buffer)
        for offset in some { #expect(positions[offset] == index.position(of: offset, in: buffer), "\(offset), stride \(stride)") }
      }
    }
  }

  @Test("a scanner error offset maps to the line and column of the bad byte")
  func errorPosition() throws {
    let bytes = Array("{\n  \"é\": tru\n}".utf8)
    let error = try #require(JSONProbe.pullError(bytes))
    #expect(error.message == "invalid literal; expected 'true'")
    bytes.withUnsafeBytes { buffer in
      #expect(LineIndex(buffer).position(of: error.offset, in: buffer) == TextPosition(line: 2, column: 8))
      #expect(LineIndex(buffer).position(of: error.offset, in: buffer).description == "2:8")
    }
  }
}
