/// Default values and raw values: the literal forms castctl can evaluate, plus `Type()`.
extension Parser {
  mutating func parseExpression() -> ExpressionSyntax {
    let start = current.range.lowerBound
    let expression = parsePrimaryExpression()
    // Anything after a primary on the same line (operators, `!`, method calls) makes the whole
    // expression something castctl cannot evaluate; it ends where the declaration or the element
    // does (`;`, `,`, a closing bracket), not only at the line's end.
    if !current.startsLine, !atEnd, current.kind != .directive,
      !isPunctuation("}"), !isPunctuation("]"), !isPunctuation(")"), !isPunctuation(","),
      !isPunctuation(":"), !isPunctuation(";"), !isPunctuation("{")
    {
      while !atEnd, !current.startsLine, current.kind != .directive, !isPunctuation("}"), !isPunctuation(";"),
        !isPunctuation(","), !isPunctuation("]"), !isPunctuation(")")
      {
        if isPunctuation("(") || isPunctuation("[") {
          let isParenthesis = isPunctuation("(")
          skipBalanced(open: isParenthesis ? "(" : "[", close: isParenthesis ? ")" : "]")
        } else {
          advance()
        }
      }
      return .unsupported(range: span(from: start))
    }
    return expression
  }

  private mutating func parsePrimaryExpression() -> ExpressionSyntax {
    let start = current.range.lowerBound
    if isPunctuation("-"), peek().kind == .integer || peek().kind == .float {
      advance()
      let kind = current.kind
      advance()
      let literal = source.text(span(from: start))
      return kind == .integer
        ? .integer(literal, range: span(from: start)) : .float(literal, range: span(from: start))
    }
    switch current.kind {
    case .integer:
      advance()
      return .integer(source.text(span(from: start)), range: span(from: start))
    case .float:
      advance()
      return .float(source.text(span(from: start)), range: span(from: start))
    case .string:
      let value = StringLiteral.decode(source.bytes[current.range])
      advance()
      return value.map { .string($0, range: span(from: start)) } ?? .interpolatedString(range: span(from: start))
    case .identifier:
      return parseIdentifierExpression(start: start)
    case .regex:
      advance()
      return .unsupported(range: span(from: start))
    default:
      break
    }
    if isPunctuation("\\") {
      // A key path (`\User.name`, `\.id`): the rest of it is read past with what follows.
      advance()
      return .unsupported(range: span(from: start))
    }
    if isPunctuation(".") && peek().kind == .identifier {
      advance()
      let member = name(current)
      advance()
      if isPunctuation("(") {
        skipBalanced(open: "(", close: ")")
        return .unsupported(range: span(from: start))
      }
      return .member(member, range: span(from: start))
    }
    if isPunctuation("[") {
      return parseCollectionExpression(start: start)
    }
    if isPunctuation("{") {
      // A closure called for the value (`= { … }()`): code castctl cannot run.
      skipBalanced(open: "{", close: "}")
      if isPunctuation("("), !current.startsLine { skipBalanced(open: "(", close: ")") }
      return .unsupported(range: span(from: start))
    }
    error(SyntaxMessages.expected("a value", after: "after '='"), at: current.range)
    return .unsupported(range: start..<start)
  }

  private mutating func parseIdentifierExpression(start: Int) -> ExpressionSyntax {
    // NB: the keywords as written: `` `if` `` would be a name.
    if isKeyword("if") || isKeyword("switch") { return skipBranchingExpression(start: start) }
    switch text(current) {
    case "true", "false":
      let value = text(current) == "true"
      advance()
      return .bool(value, range: span(from: start))
    case "nil":
      advance()
      return .nil(range: span(from: start))
    default:
      let type = parseType()
      // NB: a keyword is lexed as an identifier but is no type, so `var a: Int =` followed by
      // `var b…` on the next line consumes nothing (parseType reported it): the value is missing.
      guard previousEnd > start else { return .unsupported(range: start..<start) }
      if isPunctuation("("), isPunctuation(")", peek()) {
        advance()
        advance()
        return .construct(type, range: span(from: start))
      }
      if isPunctuation("(") { skipBalanced(open: "(", close: ")") }
      return .unsupported(range: span(from: start))
    }
  }

  /// `if c { 1 } else if d { 2 } else { 3 }` or `switch k { case …: 1 default: 2 }` (Swift 5.9
  /// expressions): code castctl cannot run, read past whole, an `else` on the next line too.
  private mutating func skipBranchingExpression(start: Int) -> ExpressionSyntax {
    repeat {
      advance()  // `if`, `switch` or `else`
      // The condition or subject, up to the branch's `{` (an `else if` reads its `if` here). It
      // stops at what ends the enclosing body, so a branch with no `{` breaks nothing more.
      while !atEnd, !isPunctuation("{"), !isPunctuation("}"), !isPunctuation(";"), current.kind != .directive {
        if isPunctuation("(") || isPunctuation("[") {
          let isParenthesis = isPunctuation("(")
          skipBalanced(open: isParenthesis ? "(" : "[", close: isParenthesis ? ")" : "]")
        } else {
          advance()
        }
      }
      guard isPunctuation("{") else { break }
      skipBalanced(open: "{", close: "}")
    } while isKeyword("else")
    return .unsupported(range: span(from: start))
  }

  /// `[a, b]`, `[k: v]`, `[:]`, or a construction such as `[String]()` / `[String: Int]()`.
  private mutating func parseCollectionExpression(start: Int) -> ExpressionSyntax {
    guard enterNesting(skipping: "[", "]") else { return .unsupported(range: span(from: start)) }
    defer { nesting -= 1 }
    let saved = checkpoint()
    if let constructed = tryParseConstruction(start: start) { return constructed }
    restore(saved)
    advance()
    if consume(":") {
      expectClosing("]", opening: start, what: "dictionary literal")
      return .dictionary([], range: span(from: start))
    }
    var elements: [ExpressionSyntax] = []
    var pairs: [DictionaryElementSyntax] = []
    while !atEnd, !isPunctuation("]"), !gaveUp {
      let element = parseExpression()
      if consume(":") {
        pairs.append(DictionaryElementSyntax(key: element, value: parseExpression()))
      } else {
        elements.append(element)
      }
      if !consume(",") { break }
    }
    expectClosing("]", opening: start, what: pairs.isEmpty ? "array literal" : "dictionary literal")
    if !pairs.isEmpty, elements.isEmpty { return .dictionary(pairs, range: span(from: start)) }
    if !pairs.isEmpty { return .unsupported(range: span(from: start)) }
    return .array(elements, range: span(from: start))
  }

  private mutating func tryParseConstruction(start: Int) -> ExpressionSyntax? {
    let errorsBefore = diagnostics.count
    let type = parseType()
    guard diagnostics.count == errorsBefore, isPunctuation("("), isPunctuation(")", peek()) else {
      return nil
    }
    advance()
    advance()
    return .construct(type, range: span(from: start))
  }
}
