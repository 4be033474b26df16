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
      var operands = OperandKinds(expression)
      while !atEnd, !current.startsLine, current.kind != .directive, !isPunctuation("}"), !isPunctuation(";"),
        !isPunctuation(","), !isPunctuation("]"), !isPunctuation(")")
      {
        operands.add(current, text(current))
        skipExpressionPart()
      }
      return operands.hint.map { .typed($0, range: span(from: start)) } ?? .unsupported(range: span(from: start))
    }
    return expression
  }

  /// One step through an expression castctl reads past: a parenthesised or bracketed part whole,
  /// else one token.
  private mutating func skipExpressionPart() {
    if isPunctuation("(") || isPunctuation("[") {
      let isParenthesis = isPunctuation("(")
      skipBalanced(open: isParenthesis ? "(" : "[", close: isParenthesis ? ")" : "]")
    } else {
      advance()
    }
  }

  /// The literals and operators of an expression on literals (`60 * 60`, `1 << 3`, `true && false`),
  /// read token by token for its type; anything else (a name, a call, a parenthesis) gives none.
  /// Operators come one character a token: `<<`, `&&` and `==` are told by the one before.
  private struct OperandKinds {
    var integers = 0, floats = 0, bools = 0, strings = 0
    var arithmetic = 0, bitwise = 0, logical = 0, negations = 0, comparisons = 0
    var other = false
    private var previous = ""

    init(_ first: ExpressionSyntax) {
      switch first {
      case .integer: integers = 1
      case .float: floats = 1
      case .bool: bools = 1
      case .string: strings = 1
      default: other = true
      }
    }

    mutating func add(_ token: Token, _ text: String) {
      defer { previous = token.kind == .punctuation ? text : "" }
      switch token.kind {
      case .integer: integers += 1
      case .float: floats += 1
      // NB: a string with interpolation is still a string.
      case .string: strings += 1
      case .identifier where text == "true" || text == "false": bools += 1
      case .punctuation where ["+", "-", "*", "/", "%"].contains(text): arithmetic += 1
      // `<<` and `>>` shift, `<` and `>` compare; `&&` and `||` are logical, `&` and `|` bitwise.
      case .punctuation where text == "<" || text == ">": count(text, single: \.comparisons, doubled: \.bitwise)
      case .punctuation where text == "&" || text == "|": count(text, single: \.bitwise, doubled: \.logical)
      case .punctuation where text == "^" || text == "~": bitwise += 1
      case .punctuation where text == "!": negations += 1
      case .punctuation where text == "=":
        // `==`, `!=`, `<=`, `>=`: one comparison.
        if previous == "!" { negations -= 1 }
        if !["=", "<", ">"].contains(previous) { comparisons += 1 }
      default: other = true
      }
    }

    /// An operator character that means another operator doubled (`<` and `<<`): counted as
    /// `single`, and as `doubled` instead once its second comes.
    private mutating func count(_ text: String, single: WritableKeyPath<Self, Int>, doubled: WritableKeyPath<Self, Int>) {
      if previous == text {
        self[keyPath: single] -= 1
        self[keyPath: doubled] += 1
      } else {
        self[keyPath: single] += 1
      }
    }

    var hint: TypeHintSyntax? {
      guard !other else { return nil }
      let numbers = integers + floats
      if strings > 0 {
        // `"a" + "b"`; a string compared or multiplied is no string.
        let joins = strings > 1 && arithmetic == strings - 1
        return joins && numbers + bools + bitwise + logical + negations + comparisons == 0 ? .concatenation : nil
      }
      if comparisons > 0 || logical > 0 || (negations > 0 && bools > 0) {
        return numbers + bools > 0 ? .condition : nil
      }
      guard bools == 0, negations == 0, numbers > 1 else { return nil }
      if bitwise > 0 { return floats == 0 ? .arithmetic(isFloat: false) : nil }
      return arithmetic > 0 ? .arithmetic(isFloat: floats > 0) : nil
    }
  }

  /// A prefix operator's value, of what it applies to: `-Double.pi` a `Double`, `!flag` a
  /// `Bool`, `~0` an `Int`; anything else castctl cannot type.
  private func prefixed(_ operator: String, _ operand: ExpressionSyntax, range: Range<Int>) -> ExpressionSyntax {
    switch (`operator`, operand) {
    case ("-", .integer), ("+", .integer), ("~", .integer): return .typed(.arithmetic(isFloat: false), range: range)
    case ("-", .float), ("+", .float): return .typed(.arithmetic(isFloat: true), range: range)
    case ("-", .typed(.arithmetic, _)), ("+", .typed(.arithmetic, _)), ("-", .typed(.call, _)), ("+", .typed(.call, _)),
      ("!", .typed(.condition, _)):
      if case .typed(let hint, _) = operand { return .typed(hint, range: range) }
    // NB: `-Int.max` is of `Int`'s type, not `Int.max`'s value: a value of the type, as a call gives.
    case ("-", .typed(.member(let owner, _), _)), ("+", .typed(.member(let owner, _), _)):
      return .typed(.call(owner), range: range)
    case ("!", .bool): return .typed(.condition, range: range)
    default: break
    }
    return .unsupported(range: range)
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
    if isPunctuation("-") || isPunctuation("+") || isPunctuation("!") || isPunctuation("~"), !peek().startsLine {
      let symbol = text(current)
      advance()
      let operand = parsePrimaryExpression()
      return prefixed(symbol, operand, range: span(from: start))
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
    if isPunctuation("(") {
      // `(1)`: the value in parentheses; a tuple (`(1, 2)`) is no value castctl reads.
      let saved = checkpoint()
      advance()
      let inner = parseExpression()
      if consume(")") { return inner }
      restore(saved)
      skipBalanced(open: "(", close: ")")
      return .unsupported(range: span(from: start))
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
      if isPunctuation("(") {
        let arguments = current.range.lowerBound
        skipBalanced(open: "(", close: ")")
        let call = source.text(arguments..<previousEnd)
        // NB: `Int("3")`, `URL(string:)`, `Int(exactly:)` may give nil: only a number's or an
        // interval's initialiser, unlabelled or labelled `timeInterval…`, always gives its type.
        let plain = !call.contains("\"") && (!call.contains(":") || call.hasPrefix("(timeInterval"))
        return plain ? .typed(.call(type), range: span(from: start)) : .unsupported(range: span(from: start))
      }
      // `Status.active`, `Double.pi`: read as a dotted type name, a member of the type before it.
      if case .named(let name, let arguments, let range) = type, arguments.isEmpty, let dot = name.text.lastIndex(of: "."),
        dot != name.text.startIndex
      {
        let owner = String(name.text[..<dot])
        let ownerRange = range.lowerBound..<(range.lowerBound + owner.utf8.count)
        return .typed(
          .member(.named(NameSyntax(text: owner, range: ownerRange), arguments: [], range: ownerRange), String(name.text[name.text.index(after: dot)...])),
          range: span(from: start))
      }
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
        skipExpressionPart()
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
