/// The line of a model file holding a range, with `^~~~` under the range (clipped to that line),
/// as every schema diagnostic shows it.
package enum SourceSnippet {
  /// The most characters of a source line shown; a longer line is cut to a window around the
  /// caret, with `…` where it was cut.
  package static let maxWidth = 120

  /// Renders the line holding `range.lowerBound` with its number in a gutter, and the caret line.
  package static func render(
    _ file: SourceFile, range: Range<Int>, style: TextStyle, indent: String = ""
  ) -> String {
    let line = file.location(of: range.lowerBound).line
    let lineBytes = file.lineRange(line)
    let caret = min(max(range.lowerBound, lineBytes.lowerBound), lineBytes.upperBound)
    // Only the bytes around the caret are read as characters: a long line (a minified file, a
    // thousand declarations on one line) is not taken apart again for each of its diagnostics.
    // NB: room for `maxWidth` characters of up to 32 bytes each (an emoji family is 18); a line of
    // longer characters shows fewer of them.
    let window = file.window(lineBytes, around: caret, bytes: 32 * maxWidth)
    let (cutBefore, cutAfter) = (window.lowerBound > lineBytes.lowerBound, window.upperBound < lineBytes.upperBound)
    // NB: a tab is drawn as one space, so the characters before the caret are the columns it moves.
    var characters = Array(file.text(window).replacingTabs())
    var column = file.text(window.lowerBound..<caret).count + 1
    var width = max(1, file.text(caret..<min(max(range.upperBound, caret), window.upperBound)).count)
    if characters.count > maxWidth || cutBefore || cutAfter {
      // A window of the line around the caret, so a 10,000-level type or a minified line
      // gives a readable snippet instead of the whole line.
      let keepBefore = min(column - 1, maxWidth / 3)
      let from = column - 1 - keepBefore
      let to = min(characters.count, from + maxWidth)
      let prefix: [Character] = from > 0 || cutBefore ? ["…"] : []
      characters = prefix + characters[from..<to] + (to < characters.count || cutAfter ? ["…"] : [])
      column = prefix.count + keepBefore + 1
      width = max(1, min(width, to - from - keepBefore))
    }
    // Drawn by display width: a wide character or an emoji before or under the caret takes two
    // columns of the terminal.
    let lead = characters.prefix(max(0, column - 1))
    let spanned = characters.dropFirst(lead.count).prefix(width)
    var out = ""
    SnippetLine.append(
      number: line, text: String(characters), caretColumn: DisplayWidth.of(String(lead)) + 1,
      markerWidth: max(1, DisplayWidth.of(String(spanned))), indent: indent, marks: StyleMarks(style), to: &out)
    return out
  }
}

extension String {
  fileprivate func replacingTabs() -> String {
    var result = ""
    for character in self { result.append(character == "\t" ? " " : character) }
    return result
  }
}
