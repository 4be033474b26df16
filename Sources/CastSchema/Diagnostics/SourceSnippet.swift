/// The source line of a range with a caret line under it, as every renderer shows it.
public enum SourceSnippet {
  /// Renders the line holding `range.lowerBound`, a gutter with the line number, and `^~~~` under
  /// the span (clipped to that line).
  public static func render(
    _ file: SourceFile, range: Range<Int>, style: TextStyle, indent: String = ""
  ) -> String {
    let start = file.location(of: range.lowerBound)
    let lineText = expandTabs(file.lineText(start.line))
    let lineNumber = String(start.line)
    let gutter = String(repeating: " ", count: lineNumber.count)
    var caretEnd = file.location(of: max(range.upperBound, range.lowerBound))
    if caretEnd.line != start.line {
      caretEnd = SourceLocation(line: start.line, column: lineText.count + 1)
    }
    let width = max(1, caretEnd.column - start.column)
    let caretPrefix = String(repeating: " ", count: max(0, start.column - 1))
    let marker = "^" + String(repeating: "~", count: width - 1)
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
