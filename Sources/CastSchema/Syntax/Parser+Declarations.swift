/// Model, enum and typealias productions.
extension Parser {
  // MARK: - class / struct

  mutating func parseModel(start: Int, modifiers: [String]) -> ModelDeclSyntax {
    let keywordToken = current
    let isExtension = isKeyword("extension")
    let isStruct = isKeyword("struct") || isExtension
    advance()
    var modelName = parseDeclName(after: isExtension ? "'extension'" : isStruct ? "'struct'" : "'class'")
    // `extension Outer.Inner`: the last part names the model, as nested models are declared; the
    // whole name tells it from another `Inner` (`NestedNames`).
    var extendedPath = modelName.text
    while isExtension, isPunctuation("."), peek().kind == .identifier {
      advance()
      modelName = name(current)
      extendedPath += "." + modelName.text
      advance()
    }
    var packs: [NameSyntax] = []
    let genericParameters = isPunctuation("<") ? parseGenericParameters(packs: &packs) : []
    var inheritance: [TypeSyntax] = []
    if consume(":") { inheritance = parseInheritance() }
    skipWhereClause()
    var model = ModelDeclSyntax(
      isStruct: isStruct, name: modelName, inheritance: inheritance, modifiers: modifiers,
      properties: tree.properties.count..<tree.properties.count, directives: [], nested: [],
      range: span(from: start))
    model.isExtension = isExtension
    if extendedPath != modelName.text { model.extendedPath = extendedPath }
    // `extension Page where T == Int`: an extension names no parameters of its own.
    if !isExtension {
      model.genericParameters = genericParameters
      model.parameterPacks = packs
    }
    // Header directives: `class B: A //! awake`, before or after a `{` on the next line.
    while current.kind == .directive {
      model.directives.append(directive(current))
      advance()
    }
    guard isPunctuation("{") else {
      error(
        SyntaxMessages.expected("'{'", after: "after the header of '\(modelName.text)'"),
        at: missingTokenRange)
      model.range = span(from: start)
      return model
    }
    advance()
    parseModelBody(into: &model, keyword: keywordToken)
    model.range = span(from: start)
    return model
  }

  private mutating func parseModelBody(into model: inout ModelDeclSyntax, keyword: Token) {
    var pending: [DirectiveSyntax] = []
    while !gaveUp {
      if atEnd {
        error(
          SyntaxMessages.missingBrace(model.isStruct ? "struct" : "class", model.name.text),
          at: current.range,
          notes: [DiagnosticNote("'\(model.name.text)' starts here", at: sourceRange(model.name.range))])
        break
      }
      if isPunctuation("}") {
        advance()
        break
      }
      if current.kind == .directive {
        let item = directive(current)
        if item.isModelLevel(in: source) || !current.startsLine && model.properties.isEmpty && pending.isEmpty
          && isHeaderLine(current)
        {
          model.directives.append(item)
        } else {
          pending.append(item)
        }
        advance()
        continue
      }
      if consume(";") { continue }
      parseMember(into: &model, pending: &pending)
    }
    model.directives.append(contentsOf: pending)
  }

  /// True when a directive sits on the line of the model's `{`.
  private func isHeaderLine(_ token: Token) -> Bool {
    index > 0 && isPunctuation("{", tokens[index - 1])
  }

  private mutating func parseMember(into model: inout ModelDeclSyntax, pending: inout [DirectiveSyntax]) {
    let start = current.range.lowerBound
    let firstToken = index
    let modifiers = parseModifiers()
    // NB: nearly every member is a property: its keyword is matched as bytes, not decoded.
    if isKeyword("var") || isKeyword("let") {
      let attributes = modifiers.contains { $0.hasPrefix("@") } ? wrapperAttributes(from: firstToken) : []
      for property in parseBindings(start: start, pending: &pending) {
        if modifiers.contains("static") {
          warnSkipped("static property '\(source.name(at: property.nameRange))'", at: property.range)
        } else {
          let name = NameSyntax(text: source.name(at: property.nameRange), range: property.nameRange)
          model.propertyWrappers += attributes.map { PropertyWrapperSyntax(wrapper: $0, property: name) }
          if modifiers.contains("lazy") { model.lazyProperties.append(name) }
          append(property, to: &model)
        }
      }
      return
    }
    let word = current.kind == .identifier ? text(current) : ""
    switch word {
    case "class" where isKeywordAhead(["var", "let", "func"]):
      advance()
      if isKeyword("func") { skipFunction() } else { skipPropertyLike() }
    case "class", "struct", "enum", "typealias":
      guard enterNesting(skipping: "{", "}") else { break }
      defer { nesting -= 1 }
      // A model's rows stay together at the end of the table while it is read: its rows so far
      // step aside for the nested declaration's and come back after them.
      let rows = Array(tree.properties[model.properties])
      tree.properties.removeSubrange(model.properties)
      if let decl = parseDeclaration(context: "in '\(model.name.text)'") { model.nested.append(decl) }
      model.properties = tree.properties.count..<tree.properties.count + rows.count
      tree.properties += rows
    case "init" where isPunctuation("(", peek()) && isCodingLabel("from", peek(2)),
      "func" where isCodingLabel("encode", peek()) && isPunctuation("(", peek(2)) && isCodingLabel("to", peek(3)):
      model.customCoding.append(NameSyntax(text: word == "init" ? "init(from:)" : "encode(to:)", range: current.range))
      skipFunction()
    case "func", "init", "deinit", "subscript":
      skipFunction()
    case "case":
      error(
        SyntaxMessages.unexpectedToken("'case'", "in \(model.isStruct ? "struct" : "class") '\(model.name.text)'"),
        at: current.range)
      recoverToMember()
    case _ where current.kind == .identifier && isPunctuation(":", peek()):
      // A README typo (`option: Option?`): read it as the property it clearly means.
      warn(SyntaxMessages.missingVar(word), at: current.range)
      append(parseProperty(start: start, pending: &pending, keywordless: true), to: &model)
    case _ where current.kind == .identifier && isPunctuation("(", peek()):
      warnSkipped("method '\(word)' written without 'func'", at: current.range)
      skipFunction()
    default:
      error(
        SyntaxMessages.unexpectedToken(describe(current), "in '\(model.name.text)'; expected a property"),
        at: current.range)
      recoverToMember()
    }
  }

  /// The attributes from token `first` on that may be property wrappers: any but the
  /// attributes Swift itself defines (`@available`, `@objc`, …).
  private func wrapperAttributes(from first: Int) -> [NameSyntax] {
    var found: [NameSyntax] = []
    for position in first..<max(first, index - 1) where isPunctuation("@", tokens[position]) {
      let name = tokens[position + 1]
      guard name.kind == .identifier, !Self.builtinAttributes.contains(text(name)) else { continue }
      found.append(NameSyntax(text: "@" + text(name), range: tokens[position].range.lowerBound..<name.range.upperBound))
    }
    return found
  }

  static let builtinAttributes: Set<String> = [
    "available", "objc", "nonobjc", "NSManaged", "NSCopying", "IBOutlet", "IBInspectable", "GKInspectable",
    "MainActor", "preconcurrency", "inlinable", "usableFromInline", "frozen", "discardableResult", "Sendable",
    "_spi", "backDeployed", "exclusivity", "unknown", "globalActor", "dynamicMemberLookup", "TaskLocal",
  ]

  private func isCodingLabel(_ word: String, _ token: Token) -> Bool {
    token.kind == .identifier && source.text(token.range) == word
  }

  private mutating func append(_ property: PropertyDeclSyntax, to model: inout ModelDeclSyntax) {
    tree.properties.append(property)
    model.properties = model.properties.lowerBound..<tree.properties.count
  }

  private mutating func warnSkipped(_ what: String, at range: Range<Int>) {
    diagnostics.append(Diagnostic(SyntaxMessages.skippedMember(what), at: sourceRange(range)))
  }

  /// Skips to the next line inside a body, stopping before a `}` that may close it.
  private mutating func recoverToMember() {
    advance()
    while !atEnd, !current.startsLine {
      if isPunctuation("{") {
        skipBalanced(open: "{", close: "}")
        continue
      }
      if isPunctuation("}") { return }
      advance()
    }
  }

  /// Skips `func name(…) -> T { … }`, including a body that starts on the next line; a `;`
  /// ends it as a line does (`static let x = 1; case b` in an enum).
  private mutating func skipFunction() {
    advance()
    while !atEnd {
      if isPunctuation("{") {
        skipBalanced(open: "{", close: "}")
        return
      }
      if isPunctuation("(") {
        skipBalanced(open: "(", close: ")")
        continue
      }
      if isPunctuation("}") || isPunctuation(";") { return }
      if current.startsLine, !isPunctuation("{"), !isPunctuation("->"), !isKeyword("where") { return }
      advance()
    }
  }

  private mutating func skipPropertyLike() {
    advance()
    while !atEnd, !current.startsLine {
      if isPunctuation("{") {
        skipBalanced(open: "{", close: "}")
        return
      }
      if isPunctuation("}") || isPunctuation(";") { return }
      advance()
    }
  }

  // MARK: - Properties

  /// `let` / `var` and every property it declares: `let lat, lon: Double` is two properties of
  /// type `Double` (a name with neither a type nor a value takes the next one's type, as Swift
  /// reads it), and a name without directives of its own has the last one's.
  mutating func parseBindings(start: Int, pending: inout [DirectiveSyntax]) -> [PropertyDeclSyntax] {
    let isLet = isKeyword("let")
    var bindings = [parseProperty(start: start, pending: &pending)]
    while isPunctuation(","), !current.startsLine {
      advance()
      // A `//!` after the comma, ending the line, belongs to the name before it.
      collectTrailingDirectives(into: &bindings[bindings.count - 1])
      var none: [DirectiveSyntax] = []
      bindings.append(parseProperty(start: current.range.lowerBound, pending: &none, continuing: isLet))
    }
    guard let last = bindings.last, bindings.count > 1 else { return bindings }
    var next = last
    for index in bindings.indices.dropLast().reversed() {
      if !bindings[index].hasType, bindings[index].defaultValueIndex == nil {
        // NB: as swiftc, which takes the next type only where no value comes with it
        // (`let a, b: Double = 1` is "type annotation missing in pattern").
        if next.defaultValueIndex != nil || !next.hasType {
          error(
            SyntaxMessages.expected("a type annotation", after: "for '\(source.name(at: bindings[index].nameRange))'"),
            at: bindings[index].nameRange)
        }
        bindings[index].takeType(of: next)
      }
      if bindings[index].directiveIndices.isEmpty { bindings[index].shareDirectives(of: last) }
      next = bindings[index]
    }
    return bindings
  }

  /// A property from its keyword on; `pending` are the own-line directives above it, which
  /// become its first. `continuing`: a declaration's second or later property, after its `,`
  /// (`let` when true).
  mutating func parseProperty(
    start: Int, pending: inout [DirectiveSyntax], keywordless: Bool = false, continuing: Bool? = nil
  ) -> PropertyDeclSyntax {
    let isLet = continuing ?? (!keywordless && isKeyword("let"))
    if !keywordless, continuing == nil { advance() }
    var nameRange = current.range.lowerBound..<current.range.lowerBound
    if current.kind == .identifier, !current.startsLine || keywordless || continuing != nil {
      nameRange = current.range
      advance()
    } else {
      error(SyntaxMessages.expected("a property name", after: "after '\(isLet ? "let" : "var")'"), at: current.range)
    }
    var property = PropertyDeclSyntax(
      isLet: isLet, name: nameRange, start: start, firstDirective: tree.propertyDirectives.count)
    for item in pending { addDirective(item, to: &property) }
    pending = []
    if consume(":") {
      if let (name, suffix) = parsePlainType() {
        property.setPlainType(name: name, suffix: suffix)
      } else {
        let (type, suffix) = parseTypeAndOuterSuffix()
        property.setType(index: tree.propertyTypes.count, suffix: suffix)
        tree.propertyTypes.append(type)
      }
    }
    if consume("=") {
      property.setDefaultValue(index: tree.propertyDefaults.count)
      tree.propertyDefaults.append(parseExpression())
    }
    property.range = span(from: start)
    collectTrailingDirectives(into: &property)
    if isPunctuation("{") {
      let isObserver = isKeyword("willSet", peek()) || isKeyword("didSet", peek())
      if let (accessor, next) = bodilessAccessor() {
        // `{ get set }` is a protocol's requirement; Swift refuses it in a type ("expected '{' to
        // start getter definition"), where it would otherwise pass for a computed property.
        error(
          SyntaxMessages.expected(
            "'{'", after: "to start the body of '\(text(accessor))': '{ get set }' without bodies is a protocol's requirement"),
          at: next.startsLine ? accessor.range.upperBound..<accessor.range.upperBound : next.range)
      }
      property.isComputed = property.defaultValueIndex == nil && !isObserver
      // A directive on the `{` line of a computed property (`var xx: Int { //! ignore`) is its own.
      let braceLine = index
      skipBalanced(open: "{", close: "}")
      if index > braceLine + 1, tokens[braceLine + 1].kind == .directive, !tokens[braceLine + 1].startsLine {
        addDirective(directive(tokens[braceLine + 1]), to: &property)
      }
      collectTrailingDirectives(into: &property)
    }
    if !current.startsLine, !atEnd, current.kind != .directive, !isPunctuation("}"), !isPunctuation(";"),
      keywordless || !isPunctuation(",")
    {
      error(
        SyntaxMessages.unexpectedToken(describe(current), "after property '\(source.name(at: nameRange))'"),
        at: current.range)
      while !atEnd, !current.startsLine, !isPunctuation("}") {
        if current.kind == .directive {
          addDirective(directive(current), to: &property)
        }
        advance()
      }
    }
    return property
  }

  /// At a property's `{`: its first accessor (`get`, `set`) when it has no body, and the token
  /// where that body's `{` belongs, as in a protocol's `{ get set }`; nil for a getter's code,
  /// observers, or accessors with bodies.
  private func bodilessAccessor() -> (accessor: Token, next: Token)? {
    var distance = 1
    while isKeyword("mutating", peek(distance)) || isKeyword("nonmutating", peek(distance)) { distance += 1 }
    let accessor = peek(distance)
    guard isKeyword("get", accessor) || isKeyword("set", accessor) else { return nil }
    distance += 1
    while isKeyword("async", peek(distance)) || isKeyword("throws", peek(distance)) { distance += 1 }
    let next = peek(distance)
    // `set(value) { … }`: a setter's parameter comes before its body.
    return isPunctuation("{", next) || isPunctuation("(", next) ? nil : (accessor, next)
  }

  private mutating func collectTrailingDirectives(into property: inout PropertyDeclSyntax) {
    while current.kind == .directive, !current.startsLine {
      addDirective(directive(current), to: &property)
      advance()
    }
  }

  /// Adds a directive to the property being read, whose directives are the last in the table.
  private mutating func addDirective(_ directive: DirectiveSyntax, to property: inout PropertyDeclSyntax) {
    tree.propertyDirectives.append(directive)
    property.addDirective()
  }

  // MARK: - enum

  mutating func parseEnum(start: Int, isIndirect: Bool = false) -> EnumDeclSyntax {
    advance()
    let enumName = parseDeclName(after: "'enum'")
    var packs: [NameSyntax] = []
    if isPunctuation("<") { _ = parseGenericParameters(packs: &packs) }
    var inheritance: [TypeSyntax] = []
    if consume(":") { inheritance = parseInheritance() }
    skipWhereClause()
    var decl = EnumDeclSyntax(name: enumName, inheritance: inheritance, cases: [], range: span(from: start))
    decl.isIndirect = isIndirect
    while current.kind == .directive { advance() }
    guard consume("{") else {
      error(
        SyntaxMessages.expected("'{'", after: "after the header of enum '\(enumName.text)'"), at: missingTokenRange)
      return decl
    }
    while !gaveUp {
      if atEnd {
        error(
          SyntaxMessages.missingBrace("enum", enumName.text), at: current.range,
          notes: [DiagnosticNote("'\(enumName.text)' starts here", at: sourceRange(enumName.range))])
        break
      }
      if consume("}") { break }
      if current.kind == .directive || consume(";") {
        if current.kind == .directive { advance() }
        continue
      }
      let modifiers = parseModifiers()
      if isKeyword("case") {
        advance()
        let first = decl.cases.count
        parseCaseList(into: &decl.cases)
        if modifiers.contains("indirect") {
          for index in first..<decl.cases.count { decl.cases[index].isIndirect = true }
        }
      } else if isKeyword("init") && isPunctuation("(", peek()) && isCodingLabel("from", peek(2))
        || isKeyword("func") && isCodingLabel("encode", peek()) && isPunctuation("(", peek(2)) && isCodingLabel("to", peek(3))
      {
        decl.customCoding.append(NameSyntax(text: isKeyword("init") ? "init(from:)" : "encode(to:)", range: current.range))
        skipFunction()
      } else if isKeyword("var"), text(peek()) == "stringValue" {
        decl.stringValue = parseStringValue()
      } else if isKeyword("func") || isKeyword("init") || isKeyword("var") || isKeyword("let") || isKeyword("static")
        || isKeyword("subscript")
      {
        // A computed property, a constant of a namespace enum (`static let base = "…"`): code.
        skipFunction()
      } else if isKeyword("enum") || isKeyword("struct") || isKeyword("class") || isKeyword("typealias") {
        guard enterNesting(skipping: "{", "}") else { continue }
        defer { nesting -= 1 }
        if let nested = parseDeclaration(context: "in enum '\(enumName.text)'") { decl.nested.append(nested) }
      } else {
        error(
          SyntaxMessages.unexpectedToken(describe(current), "in enum '\(enumName.text)'; expected 'case'"),
          at: current.range)
        recoverToMember()
      }
    }
    decl.range = span(from: start)
    return decl
  }

  /// A `CodingKey` enum's `var stringValue: String { switch self { case .a: return "A" … } }`
  /// (a `get { }` around it, `return` or not, cases listed together, a `default:`), the current
  /// token being the `var`; any other body is skipped, its keys unknown.
  private mutating func parseStringValue() -> StringValueSyntax {
    advance()
    var result = StringValueSyntax(name: name(current))
    let saved = checkpoint()
    advance()
    if let (keys, defaultKey) = parseStringValueSwitch() {
      result.keys = keys
      result.defaultKey = defaultKey
    } else {
      restore(saved)
      skipFunction()
    }
    return result
  }

  private mutating func parseStringValueSwitch() -> (keys: [String: String], defaultKey: String?)? {
    guard consume(":"), text(current) == "String" else { return nil }
    advance()
    guard consume("{") else { return nil }
    let getter = isKeyword("get") && isPunctuation("{", peek())
    if getter {
      advance()
      advance()
    }
    guard isKeyword("switch"), text(peek()) == "self", isPunctuation("{", peek(2)) else { return nil }
    advance()
    advance()
    advance()
    var keys: [String: String] = [:]
    var defaultKey: String?
    while !consume("}") {
      var names: [String] = []
      if isKeyword("default") {
        advance()
      } else {
        guard isKeyword("case") else { return nil }
        advance()
        repeat {
          guard consume("."), current.kind == .identifier else { return nil }
          names.append(text(current))
          advance()
        } while consume(",")
      }
      guard consume(":") else { return nil }
      if isKeyword("return") { advance() }
      guard current.kind == .string, let key = StringLiteral.decode(source.bytes[current.range]) else { return nil }
      advance()
      _ = consume(";")
      if names.isEmpty { defaultKey = key }
      for name in names { keys[name] = key }
    }
    guard !getter || consume("}"), consume("}") else { return nil }
    return (keys, defaultKey)
  }

  private mutating func parseCaseList(into cases: inout [EnumCaseSyntax]) {
    repeat {
      guard current.kind == .identifier else {
        error(SyntaxMessages.expected("a case name", after: "after 'case' or ','"), at: current.range)
        recoverToMember()
        return
      }
      var element = EnumCaseSyntax(name: name(current), rawValue: nil, associatedValues: nil)
      advance()
      if isPunctuation("(") { element.associatedValues = parseAssociatedValues() }
      if consume("=") { element.rawValue = parseExpression() }
      cases.append(element)
    } while consume(",")
  }

  /// `(Int, name: String, count: Int = 3)`, the current token being the `(`.
  private mutating func parseAssociatedValues() -> [AssociatedValueSyntax] {
    let open = current.range
    advance()
    var values: [AssociatedValueSyntax] = []
    while !consume(")") {
      guard !atEnd, !gaveUp else {
        error(SyntaxMessages.expected("')'", after: "to match this '('"), at: open)
        return values
      }
      let start = current.range.lowerBound
      var label: NameSyntax?
      // `label: Type`, `_ name: Type` and `label name: Type` (only the first name is the key).
      if current.kind == .identifier, isPunctuation(":", peek()) {
        label = name(current)
        advance()
        advance()
      } else if current.kind == .identifier, peek().kind == .identifier, isPunctuation(":", peek(2)) {
        label = isKeyword("_") ? nil : name(current)
        advance()
        advance()
        advance()
      }
      let type = parseType()
      let defaultValue = consume("=") ? parseExpression() : nil
      values.append(AssociatedValueSyntax(label: label, type: type, defaultValue: defaultValue, range: span(from: start)))
      if !consume(",") {
        guard isPunctuation(")") else {
          error(SyntaxMessages.unexpectedToken(describe(current), "in the associated values; expected ',' or ')'"), at: current.range)
          skipToClosingParenthesis()
          return values
        }
      }
    }
    return values
  }

  /// Recovers inside a broken list of associated values: past its `)`, or to the end of the line.
  private mutating func skipToClosingParenthesis() {
    var depth = 0
    while !atEnd {
      if isPunctuation("(") { depth += 1 }
      if isPunctuation(")") {
        if depth == 0 {
          advance()
          return
        }
        depth -= 1
      }
      if current.startsLine, depth == 0 { return }
      advance()
    }
  }

  // MARK: - Generic parameters

  /// `<T>`, `<T: Codable>`, `<K: Hashable & Codable, V>`, `<T,>`, `<each T>`, the current token
  /// being the `<`: the parameters' names, and in `packs` those of parameter packs. Their
  /// constraints say nothing about JSON, so they are read past.
  mutating func parseGenericParameters(packs: inout [NameSyntax]) -> [NameSyntax] {
    let open = current.range
    guard enterNesting(skipping: "<", ">") else { return [] }
    defer { nesting -= 1 }
    advance()
    var parameters: [NameSyntax] = []
    while !consume(">") {
      guard !atEnd, !gaveUp, current.kind == .identifier else {
        error(SyntaxMessages.expected("a generic parameter name", after: "in '<…>'"), at: current.range)
        skipToClosingAngle(opening: open)
        return parameters
      }
      // `each T`: a parameter pack (Swift 5.9), which takes any number of types.
      if isKeyword("each"), peek().kind == .identifier, !peek().startsLine {
        advance()
        packs.append(name(current))
      }
      parameters.append(name(current))
      advance()
      if consume(":") {
        skipConformancePrefixes()
        _ = parseType()
        while isPunctuation("&") {
          advance()
          skipConformancePrefixes()
          _ = parseType()
        }
      }
      if !consume(","), !isPunctuation(">") {
        error(SyntaxMessages.unexpectedToken(describe(current), "in the generic parameters; expected ',' or '>'"), at: current.range)
        skipToClosingAngle(opening: open)
        return parameters
      }
    }
    return parameters
  }

  /// Recovers inside a broken generic parameter clause: past its `>`, or to the `{` or line end.
  private mutating func skipToClosingAngle(opening: Range<Int>) {
    while !atEnd, !isPunctuation("{"), !current.startsLine || current.range == opening {
      if consume(">") { return }
      advance()
    }
  }

  /// An inheritance clause after its `:`: types separated by `,`, a composition (`Codable &
  /// Sendable`) read as its protocols one by one. A conformance's attributes (`@unchecked
  /// Sendable`, `@retroactive Identifiable`, `@preconcurrency`, `@MainActor`) say nothing about
  /// JSON and are read past; a suppressed conformance (`~Copyable`) is no conformance, and is
  /// left out.
  mutating func parseInheritance() -> [TypeSyntax] {
    var types: [TypeSyntax] = []
    repeat {
      if skipConformancePrefixes() {
        _ = parseType()
      } else {
        types.append(parseType())
      }
    } while consume(",") || consume("&")
    return types
  }

  /// Reads past the attributes before a conformance or constraint (`@unchecked`,
  /// `@retroactive`, `@isolated(any)`) and a `~`; true when there was a `~`.
  @discardableResult
  private mutating func skipConformancePrefixes() -> Bool {
    while isPunctuation("@"), peek().kind == .identifier, !peek().startsLine {
      advance()
      advance()
      if isPunctuation("("), !current.startsLine { skipBalanced(open: "(", close: ")") }
    }
    return consume("~")
  }

  // MARK: - protocol

  /// `protocol Model: Codable, Identifiable { … }`: what it inherits, by which the types that
  /// conform to it conform to those too; its requirements are read past.
  mutating func parseProtocol(start: Int) -> DeclSyntax {
    advance()
    let protocolName = parseDeclName(after: "'protocol'")
    // Primary associated types (`protocol Store<Item>`) say nothing about JSON.
    if isPunctuation("<") { skipBalanced(open: "<", close: ">") }
    let inheritance = consume(":") ? parseInheritance() : []
    skipWhereClause()
    skipDeclarationBody()
    let range = span(from: start)
    if inheritance.isEmpty {
      diagnostics.append(Diagnostic(SyntaxMessages.skippedDeclaration("protocol"), at: sourceRange(range)))
    }
    return .protocol(ProtocolDeclSyntax(name: protocolName, inheritance: inheritance, range: range))
  }

  /// `where T: Codable, U == Int`: constraints, which say nothing about JSON, read past up to the body.
  private mutating func skipWhereClause() {
    guard isKeyword("where") else { return }
    while !atEnd, !isPunctuation("{"), !current.startsLine || isKeyword("where") { advance() }
  }

  // MARK: - typealias

  mutating func parseTypealias(start: Int) -> DeclSyntax? {
    advance()
    let aliasName = parseDeclName(after: "'typealias'")
    // NB: a pack (`<each T>`) is read as one parameter: a use then names it with one argument.
    var packs: [NameSyntax] = []
    let parameters = isPunctuation("<") ? parseGenericParameters(packs: &packs) : []
    guard consume("=") else {
      error(SyntaxMessages.expected("'='", after: "in typealias '\(aliasName.text)'"), at: current.range)
      skipRestOfLine()
      return nil
    }
    let type = parseType()
    var alias = TypealiasDeclSyntax(name: aliasName, type: type, range: span(from: start))
    alias.genericParameters = parameters
    // `Codable & Sendable`: a composition of protocols, which a model may conform to.
    while isPunctuation("&"), !current.startsLine {
      advance()
      alias.composition.append(parseType())
      alias.range = span(from: start)
    }
    return .typealias(alias)
  }

  private mutating func parseDeclName(after keyword: String) -> NameSyntax {
    guard current.kind == .identifier else {
      error(SyntaxMessages.expected("a name", after: "after \(keyword)"), at: current.range)
      return NameSyntax(text: "", range: current.range.lowerBound..<current.range.lowerBound)
    }
    let result = name(current)
    advance()
    return result
  }
}
