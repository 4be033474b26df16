/// Type productions: names with generic arguments, `[T]`, `[K: V]`, and the `?` / `!` suffixes.
extension Parser {
  /// Comma-separated generic arguments, up to their `>`: a `,` before the `>` (`Pair<Int, String,>`)
  /// is a trailing comma, which Swift 6.1 allows.
  mutating func parseGenericArguments() -> [TypeSyntax] {
    var types: [TypeSyntax] = []
    repeat {
      types.append(parseType())
    } while consume(",") && !isPunctuation(">")
    return types
  }

  mutating func parseType() -> TypeSyntax {
    let (type, suffix) = parseTypeAndOuterSuffix()
    return suffix?.wrapping(type) ?? type
  }

  /// A type, with its outermost `?` or `!` apart: what a property stores.
  mutating func parseTypeAndOuterSuffix() -> (TypeSyntax, TypeSuffixSyntax?) {
    let start = current.range.lowerBound
    var type = parsePrimaryType()
    var outer: TypeSuffixSyntax?
    // Suffixes bind to the same line only: a `?` on the next line is not part of the type.
    // Each one nests the type a level deeper, so they count against the nesting limit too.
    var suffixes = 0
    while !current.startsLine {
      let isDouble = isPunctuation("??")
      let isImplicitlyUnwrapped = isPunctuation("!")
      guard isDouble || isImplicitlyUnwrapped || isPunctuation("?") else { break }
      // `Int ?`, `Int? ?`: Swift reads a `?` or `!` after a space as another declaration, not
      // as part of the type, and refuses it.
      if current.range.lowerBound != previousEnd {
        error(
          SyntaxMessages.unexpectedToken(
            "'\(text(current))'", "after a type: a type's '?' or '!' follows it with no space between"),
          at: current.range)
        while !current.startsLine, isTypeSuffix(current) { advance() }
        break
      }
      suffixes += isDouble ? 2 : 1
      if nesting + suffixes > Self.maxNesting {
        error(SyntaxMessages.nestingTooDeep(Self.maxNesting), at: current.range)
        while !current.startsLine, isTypeSuffix(current) { advance() }
        return (.missing(at: start), nil)
      }
      if let outer { type = outer.wrapping(type) }
      advance()
      if isDouble { type = .optional(type, range: start..<previousEnd - 1) }
      outer = TypeSuffixSyntax(isImplicitlyUnwrapped: isImplicitlyUnwrapped, range: span(from: start))
    }
    return (type, outer)
  }

  /// A plain name with at most one `?` or `!` after it, the commonest type of a property, read
  /// without building a `TypeSyntax`; nil, the cursor unmoved, for any other type.
  mutating func parsePlainType() -> (name: Range<Int>, suffix: TypeSuffixSyntax?)? {
    let name = current
    guard name.kind == .identifier,
      !isKeyword("some") && !isKeyword("any") && !isKeyword("inout") && !isKeyword("var") && !isKeyword("let")
    else { return nil }
    // Only what follows on the same line continues the type: a dotted name, generic arguments,
    // a suffix.
    let next = peek()
    let sameLine = next.kind == .punctuation && !next.startsLine
    if sameLine, isPunctuation(".", next) || isPunctuation("<", next) || isPunctuation("??", next) { return nil }
    // NB: a suffix after a space is refused; the general path says so.
    if sameLine, isTypeSuffix(next), next.range.lowerBound != name.range.upperBound { return nil }
    guard sameLine, isPunctuation("?", next) || isPunctuation("!", next) else {
      advance()
      return (name.range, nil)
    }
    // `T??`, `T?!`, …: nested optionals, and past the nesting limit the general path reports it.
    let after = peek(2)
    if !after.startsLine, isTypeSuffix(after) { return nil }
    if nesting + 1 > Self.maxNesting { return nil }
    advance()
    advance()
    let suffix = TypeSuffixSyntax(
      isImplicitlyUnwrapped: isPunctuation("!", next), range: name.range.lowerBound..<next.range.upperBound)
    return (name.range, suffix)
  }

  /// `?`, `??` or `!`: what may follow a type on its line.
  // NB: inlined, as the cursor's other questions: called, it copied the whole parser for `self`.
  @inline(__always)
  private func isTypeSuffix(_ token: Token) -> Bool {
    isPunctuation("?", token) || isPunctuation("??", token) || isPunctuation("!", token)
  }

  private mutating func parsePrimaryType() -> TypeSyntax {
    let start = current.range.lowerBound
    if isKeyword("some") || isKeyword("any") || isKeyword("inout") { advance() }
    if isPunctuation("[") {
      guard enterNesting(skipping: "[", "]") else { return .missing(at: start) }
      defer { nesting -= 1 }
      advance()
      let element = parseType()
      if consume(":") {
        let value = parseType()
        expectClosing("]", opening: start, what: "dictionary type")
        return .dictionary(key: element, value: value, range: span(from: start))
      }
      expectClosing("]", opening: start, what: "array type")
      return .array(element, range: span(from: start))
    }
    if isPunctuation("(") {
      // `(T)` is `T`, as in Swift.
      let saved = checkpoint()
      guard enterNesting(skipping: "(", ")") else { return .missing(at: start) }
      advance()
      let inner = parseType()
      nesting -= 1
      if consume(")"), !isPunctuation("->"), !hasErrors(since: saved) { return inner }
      restore(saved)
      // Tuples and function types cannot be mapped; keep their text so the error names them.
      skipBalanced(open: "(", close: ")")
      if isPunctuation("->") {
        advance()
        _ = parseType()
      }
      let range = span(from: start)
      return .named(NameSyntax(text: source.text(range), range: range), arguments: [], range: range)
    }
    guard current.kind == .identifier, !isKeyword("var"), !isKeyword("let") else {
      error(SyntaxMessages.expected("a type", after: "here"), at: missingTokenRange)
      return .missing(at: missingTokenRange.lowerBound)
    }
    var nameText = text(current)
    advance()
    while isPunctuation("."), peek().kind == .identifier, !current.startsLine {
      advance()
      nameText += "." + text(current)
      advance()
    }
    let nameRange = span(from: start)
    var arguments: [TypeSyntax] = []
    if isPunctuation("<"), !current.startsLine {
      guard enterNesting(skipping: "<", ">") else { return .missing(at: start) }
      defer { nesting -= 1 }
      advance()
      arguments = parseGenericArguments()
      expectClosing(">", opening: start, what: "generic arguments")
    }
    return .named(
      NameSyntax(text: nameText, range: nameRange), arguments: arguments, range: span(from: start))
  }

  mutating func expectClosing(_ symbol: StaticString, opening: Int, what: String) {
    if consume(symbol) { return }
    error(
      SyntaxMessages.expected("'\(symbol)'", after: "to end \(what)"),
      at: missingTokenRange,
      notes: [DiagnosticNote("\(what) starts here", at: sourceRange(opening..<opening + 1))])
  }
}
