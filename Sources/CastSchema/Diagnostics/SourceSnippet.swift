/// The source line of a range with a caret line under it, as every renderer shows it.
package enum SourceSnippet {
  /// The most characters of a source line shown; a longer line is cut to a window around the
  /// caret, with `…` where it was cut.
  package static let maxWidth = 120

  /// Renders the line holding `range.lowerBound`, a gutter with the line number, and `^~~~` under
  /// the span (clipped to that line).
  package static func render(
    _ file: SourceFile, range: Range<Int>, style: TextStyle, indent: String = ""
  ) -> String {
    let start = file.location(of: range.lowerBound)
    var lineText = expandTabs(file.lineText(start.line))
    let lineNumber = String(start.line)
    let gutter = String(repeating: " ", count: lineNumber.count)
    var caretEnd = file.location(of: max(range.upperBound, range.lowerBound))
    if caretEnd.line != start.line {
      caretEnd = SourceLocation(line: start.line, column: lineText.count + 1)
    }
    var width = max(1, caretEnd.column - start.column)
    var column = start.column
    if lineText.count > maxWidth {
      // A window of the line around the caret, so a 10,000-level type or a minified line
      // gives a readable snippet instead of the whole line.
      let characters = Array(lineText)
      let keepBefore = min(column - 1, maxWidth / 3)
      let from = column - 1 - keepBefore
      let to = min(characters.count, from + maxWidth)
      let prefix = from > 0 ? "…" : ""
      lineText = prefix + String(characters[from..<to]) + (to < characters.count ? "…" : "")
      column = prefix.count + keepBefore + 1
      width = max(1, min(width, to - from - keepBefore))
    }
    // Drawn by display width: a wide character or an emoji before or under the caret takes two
    // columns of the terminal.
    let characters = Array(lineText)
    let lead = characters.prefix(max(0, column - 1))
    let spanned = characters.dropFirst(lead.count).prefix(width)
    let caretPrefix = String(repeating: " ", count: DisplayWidth.of(String(lead)))
    let marker = "^" + String(repeating: "~", count: max(1, DisplayWidth.of(String(spanned))) - 1)
    return """
      \(indent)\(style.dim("\(lineNumber) |")) \(lineText)
      \(indent)\(style.dim("\(gutter) |")) \(caretPrefix)\(style.green(marker))

      """
  }

  // NB: a tab would put the caret in the wrong column, since we count Characters.
  private static func expandTabs(_ text: String) -> String {
    text.replacingTabs()
  }
}

extension String {
  fileprivate func replacingTabs() -> String {
    var result = ""
    for character in self { result.append(character == "\t" ? " " : character) }
    return result
  }
}
