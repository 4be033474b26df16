import CastSchema
import Testing

/// A snippet of a long line reads only the bytes around its caret; it must draw exactly what
/// reading the whole line drew.
@Suite("Source snippets of long lines")
struct SourceSnippetTests {
  /// The snippet as it was drawn from the whole line.
  static func wholeLineRender(_ file: SourceFile, range: Range<Int>) -> String {
    let maxWidth = SourceSnippet.maxWidth
    let line = file.location(of: range.lowerBound).line
    let lineBytes = file.lineRange(line)
    let caret = min(max(range.lowerBound, lineBytes.lowerBound), lineBytes.upperBound)
    var characters = Array(file.text(lineBytes).map { $0 == "\t" ? " " : $0 })
    var column = file.text(lineBytes.lowerBound..<caret).count + 1
    var width = max(1, file.text(caret..<min(max(range.upperBound, caret), lineBytes.upperBound)).count)
    if characters.count > maxWidth {
      let keepBefore = min(column - 1, maxWidth / 3)
      let from = column - 1 - keepBefore
      let to = min(characters.count, from + maxWidth)
      let prefix: [Character] = from > 0 ? ["…"] : []
      characters = prefix + characters[from..<to] + (to < characters.count ? ["…"] : [])
      column = prefix.count + keepBefore + 1
      width = max(1, min(width, to - from - keepBefore))
    }
    let lead = characters.prefix(max(0, column - 1))
    let spanned = characters.dropFirst(lead.count).prefix(width)
    var out = ""
    SnippetLine.append(
      number: line, text: String(characters), caretColumn: DisplayWidth.of(String(lead)) + 1,
      markerWidth: max(1, DisplayWidth.of(String(spanned))), indent: "", marks: StyleMarks(TextStyle(enabled: false)), to: &out)
    return out
  }

  @Test("a snippet of a random line equals the one drawn from the whole line", arguments: 0..<6)
  func sameAsWholeLine(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let pieces = ["var a: Int = 0; ", "x", "\t", "é", "e\u{301}", "世界", "👨‍👩‍👧", "🇫🇷", " ", "\"", "ab"]
    // Half the lines of emoji families only: the longest characters a window must hold.
    let alphabets = [pieces, ["👨‍👩‍👧", "👩‍👩‍👦‍👦"]]
    for round in 0..<60 {
      let pieces = alphabets[round % 2]
      let count = Int.random(in: 1...1_500, using: &generator)
      let line = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
      let text = "struct S {\n" + line + "\n}\n"
      let file = SourceFile(path: "s.cast", text: text)
      let start = 11
      let end = start + line.utf8.count
      // A caret at a character's first byte, as every diagnostic's is.
      let boundaries = line.indices.map { start + line.utf8.distance(from: line.startIndex, to: $0) }
      guard let lower = boundaries.randomElement(using: &generator) else { continue }
      let upper = min(end, lower + Int.random(in: 0...40, using: &generator))
      let range = lower..<upper
      #expect(
        SourceSnippet.render(file, range: range, style: TextStyle(enabled: false)) == Self.wholeLineRender(file, range: range),
        "line of \(count) pieces, range \(range)")
    }
  }
}
