/// `#if` / `#elseif` / `#else` / `#endif` around declarations or members. A condition castctl can
/// evaluate for the machine it runs on (`os(Linux)`, `canImport(UIKit)`, `swift(>=5.9)`:
/// `CompilationCondition`) is read as swiftc reads it there. One it cannot (the build's flags,
/// `DEBUG`) makes it read the block's first branch not known to be false, with a note at that
/// line; the tokens of the branches not read are dropped before parsing. An unmatched `#endif` or
/// an `#if` never closed is an error, as it is to swiftc. The lines of `#warning(…)`, `#error(…)`
/// and `#sourceLocation(…)` are dropped too: they hold no model.
enum ConditionalBlocks {
  /// The tokens the parser reads, and what was said about the blocks.
  static func firstBranches(_ tokens: [Token], in source: SourceFile, file: Int) -> (tokens: [Token], diagnostics: [Diagnostic]) {
    guard tokens.contains(where: { $0.kind == .punctuation && $0.lead == UInt8(ascii: "#") }) else { return (tokens, []) }
    var kept: [Token] = []
    kept.reserveCapacity(tokens.count)
    var diagnostics: [Diagnostic] = []
    // The open blocks, innermost last: where each `#if` line is, whether its parent is skipped,
    // and whether one of its branches has been read.
    var open: [(line: Range<Int>, parentSkipped: Bool, taken: Bool)] = []
    var skipping = false
    var index = 0
    while index < tokens.count {
      guard let word = directive(at: index, tokens, source) else {
        if !skipping || tokens[index].kind == .endOfFile { kept.append(tokens[index]) }
        index += 1
        continue
      }
      // The directive's line: `#if canImport(Foundation)` up to the next line.
      var end = index + 2
      while end < tokens.count, !tokens[end].startsLine, tokens[end].kind != .endOfFile { end += 1 }
      let line = tokens[index].range.lowerBound..<tokens[end - 1].range.upperBound
      let range = SourceRange(file: file, bytes: line)
      let value = word == "if" || word == "elseif" ? CompilationCondition.evaluate(tokens[(index + 2)..<end], in: source) : true
      switch word {
      case "if":
        if !skipping, value == nil { diagnostics.append(Diagnostic(SyntaxMessages.conditionalBlock(source.text(line)), at: range)) }
        open.append((line, skipping, value != false))
        skipping = skipping || value == false
      case "elseif", "else":
        guard var block = open.popLast() else {
          diagnostics.append(Diagnostic(SyntaxMessages.unmatchedConditional("#" + word), at: range))
          break
        }
        if !block.parentSkipped, !block.taken, value == nil {
          diagnostics.append(Diagnostic(SyntaxMessages.conditionalBlock(source.text(line)), at: range))
        }
        skipping = block.parentSkipped || block.taken || value == false
        block.taken = block.taken || !skipping
        open.append(block)
      case "warning", "error", "sourceLocation":
        break
      default:
        if let block = open.popLast() {
          skipping = block.parentSkipped
        } else {
          diagnostics.append(Diagnostic(SyntaxMessages.unmatchedConditional("#endif"), at: range))
        }
      }
      index = end
    }
    for block in open {
      diagnostics.append(Diagnostic(SyntaxMessages.unclosedConditional, at: SourceRange(file: file, bytes: block.line)))
    }
    return (kept, diagnostics)
  }

  /// The word after a `#` that starts a line (`if`, `elseif`, `else`, `endif`, or a line read
  /// past: `warning`, `error`, `sourceLocation`, which may also end a line after a `;`, as in
  /// `let a: Int; #warning("…")`); nil for any other token.
  private static func directive(at index: Int, _ tokens: [Token], _ source: SourceFile) -> String? {
    let hash = tokens[index]
    guard hash.kind == .punctuation, hash.lead == UInt8(ascii: "#"), index + 1 < tokens.count else { return nil }
    let afterSemicolon = index > 0 && tokens[index - 1].kind == .punctuation && tokens[index - 1].lead == UInt8(ascii: ";")
    guard hash.startsLine || afterSemicolon else { return nil }
    let word = tokens[index + 1]
    guard word.kind == .identifier, word.range.lowerBound == hash.range.upperBound else { return nil }
    let text = source.text(word.range)
    if ["warning", "error", "sourceLocation"].contains(text) { return text }
    return hash.startsLine && ["if", "elseif", "else", "endif"].contains(text) ? text : nil
  }
}
