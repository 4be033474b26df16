/// Recursive-descent parser for `.cast` files. It always returns a tree: on an error it records a
/// diagnostic and resumes at the next declaration or member, so one run reports every problem.
package struct Parser {
  let source: SourceFile
  let file: Int
  var tokens: [Token]
  /// The tree so far: its tables grow as properties are read, its declarations are set at the end.
  var tree = SourceFileSyntax(declarations: [], strayDirectives: [])
  var index = 0
  var diagnostics: [Diagnostic] = []
  private var errorCount = 0
  /// Set when the error budget is spent; every loop checks it and unwinds.
  var gaveUp = false
  /// How many brackets, generic argument lists and declarations enclose the current token.
  var nesting = 0

  static let maxErrorsPerFile = 50
  /// Deeper nesting is reported and skipped, so the recursion (here and in every later stage
  /// that walks the tree) stays bounded whatever the input.
  static let maxNesting = 100

  /// Parses one file; `file` is its index for diagnostics' ranges.
  package static func parse(_ source: SourceFile, file: Int) -> (SourceFileSyntax, [Diagnostic]) {
    let (lexed, lexDiagnostics) = Lexer.tokenize(source, file: file)
    let (tokens, conditionals) = ConditionalBlocks.firstBranches(lexed, in: source, file: file)
    var parser = Parser(source: source, file: file, tokens: tokens)
    parser.diagnostics = lexDiagnostics + conditionals
    let tree = parser.parseSourceFile()
    return (tree, capped(parser.diagnostics.sorted { $0.range.bytes.lowerBound < $1.range.bytes.lowerBound }))
  }

  /// At most `maxErrorsPerFile` errors, lexical and syntactic together: the next one becomes
  /// `too-many-errors` and everything after it is dropped (binary input would give thousands).
  static func capped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    var errors = 0
    for (index, diagnostic) in diagnostics.enumerated() where diagnostic.severity == .error {
      errors += 1
      if errors > maxErrorsPerFile {
        return Array(diagnostics[..<index]) + [Diagnostic(SyntaxMessages.tooManyErrors, at: diagnostic.range)]
      }
    }
    return diagnostics
  }

  init(source: SourceFile, file: Int, tokens: [Token]) {
    self.source = source
    self.file = file
    self.tokens = tokens
    // NB: a property takes at least four tokens (`var x: T`); the tables' unused room is never
    // touched, whereas growing them copies every row again.
    tree.properties.reserveCapacity(tokens.count / 4)
    tree.propertyTypes.reserveCapacity(tokens.count / 4)
    tree.propertyDirectives.reserveCapacity(tokens.count / 4)
  }

  // MARK: - Top level

  mutating func parseSourceFile() -> SourceFileSyntax {
    var declarations: [DeclSyntax] = []
    var stray: [DirectiveSyntax] = []
    while !atEnd && !gaveUp {
      if current.kind == .directive {
        stray.append(directive(current))
        advance()
      } else if isPunctuation("}") {
        error(SyntaxMessages.unexpectedCloseBrace, at: current.range)
        advance()
      } else if consume(";") {
        // `struct X {…}; struct Y {…}`: a `;` only separates declarations.
        continue
      } else if let decl = parseDeclaration(context: "at top level") {
        declarations.append(decl)
      }
    }
    tree.declarations = declarations
    tree.strayDirectives = stray
    return tree
  }

  /// One declaration starting at the current token, or nil after reporting and skipping junk.
  mutating func parseDeclaration(context: String) -> DeclSyntax? {
    let start = current.range.lowerBound
    let modifiers = parseModifiers()
    let keyword = text(current)
    switch keyword {
    case "class" where !isKeywordAhead(["func", "var", "let"]), "struct":
      return .model(parseModel(start: start, modifiers: modifiers))
    case "enum":
      return .enumeration(parseEnum(start: start, isIndirect: modifiers.contains("indirect")))
    case "typealias":
      return parseTypealias(start: start)
    case "import":
      advance()
      // `import Foundation; struct X …`: the module's name ends at a `;` too.
      while !atEnd, !current.startsLine, !isPunctuation(";") { advance() }
      return .skipped(keyword: keyword, range: span(from: start))
    case "extension":
      return .model(parseModel(start: start, modifiers: modifiers))
    case "protocol":
      return parseProtocol(start: start)
    case "func", "let", "var", "actor", "init", "precedencegroup",
      "operator", "infix", "prefix", "postfix", "class":
      advance()
      skipDeclarationBody()
      let range = span(from: start)
      if keyword != "let" && keyword != "var" {
        diagnostics.append(Diagnostic(SyntaxMessages.skippedDeclaration(keyword), at: sourceRange(range)))
      }
      return .skipped(keyword: keyword, range: range)
    default:
      error(
        SyntaxMessages.unexpectedToken(describe(current), context + "; expected a declaration"),
        at: current.range)
      recoverToDeclaration()
      return nil
    }
  }

  /// Attributes and modifiers before a keyword: `@objc(Name)`, `public`, `private(set)`, `final`.
  mutating func parseModifiers() -> [String] {
    var modifiers: [String] = []
    while !atEnd {
      if isPunctuation("@") {
        advance()
        if current.kind == .identifier {
          modifiers.append("@" + text(current))
          advance()
          if isPunctuation("("), !current.startsLine { skipBalanced(open: "(", close: ")") }
        }
      } else if current.kind == .identifier, current.range.count >= 4, Self.modifierWords.contains(text(current)) {
        modifiers.append(text(current))
        advance()
        if isPunctuation("("), !current.startsLine { skipBalanced(open: "(", close: ")") }
      } else {
        return modifiers
      }
    }
    return modifiers
  }

  // NB: every word here has at least four letters, so `var` and `let` skip the hash lookup.
  static let modifierWords: Set<String> = [
    "public", "private", "fileprivate", "internal", "open", "final", "lazy", "weak", "unowned",
    "dynamic", "override", "required", "convenience", "mutating", "nonmutating", "static",
    "indirect", "optional", "nonisolated", "package",
  ]

  // MARK: - Token cursor

  // NB: the cursor's questions are asked of nearly every token, and are inlined: called, each
  // one copied the whole parser (136 bytes) for its `self`.
  var current: Token {
    @inline(__always) get { tokens[index] }
  }
  var atEnd: Bool {
    @inline(__always) get { current.kind == .endOfFile }
  }
  var previousEnd: Int { index > 0 ? tokens[index - 1].range.upperBound : 0 }

  /// The bytes from `start` to the end of the last token consumed: empty, never inverted, when a
  /// broken construct consumed nothing after `start` (`case a(b, \u{8C})`).
  func span(from start: Int) -> Range<Int> {
    start..<max(start, previousEnd)
  }

  @inline(__always)
  mutating func advance() {
    if index < tokens.count - 1 { index += 1 }
  }

  @inline(__always)
  func peek(_ distance: Int = 1) -> Token {
    tokens[min(index + distance, tokens.count - 1)]
  }

  func text(_ token: Token) -> String {
    token.kind == .identifier ? source.name(at: token.range) : source.text(token.range)
  }

  @inline(__always)
  func isPunctuation(_ symbol: StaticString, _ token: Token? = nil) -> Bool {
    let token = token ?? current
    return token.kind == .punctuation && spells(token, symbol)
  }

  @inline(__always)
  func isKeyword(_ word: StaticString, _ token: Token? = nil) -> Bool {
    let token = token ?? current
    return token.kind == .identifier && spells(token, word)
  }

  func isKeywordAhead(_ words: Set<String>) -> Bool {
    let next = peek()
    return next.kind == .identifier && words.contains(source.text(next.range))
  }

  /// True when the token's bytes are exactly `word`'s: the parser asks this of nearly every
  /// token, so it compares bytes rather than decode a String each time. Punctuation and
  /// keywords are ASCII, so this is the same as comparing Strings.
  @inline(__always)
  private func spells(_ token: Token, _ word: StaticString) -> Bool {
    // NB: inlined, `word` is a constant: its length and first byte fold into two compares, and
    // only a token that passes both (or a longer word) reads the source.
    word.withUTF8Buffer { expected in
      guard let first = expected.first, token.length == expected.count, token.lead == first else { return false }
      return expected.count == 1 || matchesRest(of: token, expected)
    }
  }

  /// Whether the token's bytes after the first are `expected`'s.
  private func matchesRest(of token: Token, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
    let bytes = source.bytes
    var offset = token.offset + 1
    for byte in expected.dropFirst() {
      guard bytes[offset] == byte else { return false }
      offset += 1
    }
    return true
  }

  @inline(__always)
  mutating func consume(_ symbol: StaticString) -> Bool {
    guard isPunctuation(symbol) else { return false }
    advance()
    return true
  }

  func name(_ token: Token) -> NameSyntax {
    NameSyntax(text: text(token), range: token.range)
  }

  func directive(_ token: Token) -> DirectiveSyntax {
    DirectiveSyntax(range: token.range)
  }

  func describe(_ token: Token) -> String {
    switch token.kind {
    case .endOfFile: "end of file"
    case .unknown:
      if let bad = UTF8Validation.firstInvalidByte(in: source.bytes[token.range]) {
        "invalid UTF-8 byte \(UTF8Validation.hex(source.bytes[token.range.lowerBound + bad])) (a .cast file is UTF-8 text)"
      } else if let scalar = source.text(token.range).unicodeScalars.first, scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        "control character U+\(String(repeating: "0", count: scalar.value < 0x10 ? 3 : 2))\(String(scalar.value, radix: 16, uppercase: true))"
      } else {
        "character '\(source.text(token.range).prefix(8))'"
      }
    case .string: "string literal"
    case .directive: "'//!' directive"
    default: "'\(source.text(token.range).prefix(40))'"
    }
  }

  func sourceRange(_ bytes: Range<Int>) -> SourceRange { SourceRange(file: file, bytes: bytes) }

  /// Where a missing token is reported: at the current token, or at the end of the previous one
  /// when the current token starts a new line, so the caret stays on the line that lacks it.
  var missingTokenRange: Range<Int> {
    current.startsLine ? previousEnd..<previousEnd : current.range
  }

  // MARK: - Diagnostics and recovery

  /// The parser's position and error state, for a speculative parse that may be abandoned.
  struct Checkpoint {
    fileprivate let index: Int
    fileprivate let diagnostics: [Diagnostic]
    fileprivate let errorCount: Int
    fileprivate let gaveUp: Bool
  }

  /// Saves the position and error state.
  func checkpoint() -> Checkpoint {
    Checkpoint(index: index, diagnostics: diagnostics, errorCount: errorCount, gaveUp: gaveUp)
  }

  /// Whether an error was reported since `checkpoint`.
  func hasErrors(since checkpoint: Checkpoint) -> Bool {
    errorCount != checkpoint.errorCount
  }

  /// Goes back to a checkpoint: errors found since are forgotten and do not count against the budget.
  mutating func restore(_ checkpoint: Checkpoint) {
    index = checkpoint.index
    diagnostics = checkpoint.diagnostics
    errorCount = checkpoint.errorCount
    gaveUp = checkpoint.gaveUp
  }

  /// Enters one more level of nesting. Past `maxNesting` it reports the error, skips the group at
  /// the current token (`open … close`, or a declaration with its body) and returns false; the
  /// caller then returns a placeholder. A caller that gets true must decrement `nesting` when done.
  mutating func enterNesting(skipping open: StaticString, _ close: StaticString) -> Bool {
    guard nesting >= Self.maxNesting else {
      nesting += 1
      return true
    }
    error(SyntaxMessages.nestingTooDeep(Self.maxNesting), at: current.range)
    if isPunctuation(open) {
      skipBalanced(open: open, close: close)
    } else {
      advance()  // the declaration's keyword
      skipDeclarationBody()
    }
    return false
  }

  mutating func error(_ message: DiagnosticMessage, at range: Range<Int>, notes: [DiagnosticNote] = []) {
    guard !gaveUp else { return }
    errorCount += 1
    if errorCount > Self.maxErrorsPerFile {
      diagnostics.append(Diagnostic(SyntaxMessages.tooManyErrors, at: sourceRange(range)))
      gaveUp = true
      index = tokens.count - 1
      return
    }
    diagnostics.append(Diagnostic(message, at: sourceRange(range), notes: notes))
  }

  mutating func warn(_ message: DiagnosticMessage, at range: Range<Int>) {
    diagnostics.append(Diagnostic(message, at: sourceRange(range)))
  }

  /// Skips to a token at the start of a line that can begin a declaration.
  mutating func recoverToDeclaration() {
    advance()
    while !atEnd {
      if current.startsLine, current.kind == .identifier,
        Self.declarationStarts.contains(text(current)) || Self.modifierWords.contains(text(current))
      {
        return
      }
      if current.startsLine, isPunctuation("@") { return }
      advance()
    }
  }

  static let declarationStarts: Set<String> = [
    "class", "struct", "enum", "typealias", "import", "extension", "protocol", "func",
  ]

  mutating func skipRestOfLine() {
    while !atEnd, !current.startsLine { advance() }
  }

  /// Skips a `{ … }` group (the current token is the opening symbol), counting nesting.
  mutating func skipBalanced(open: StaticString, close: StaticString) {
    let start = current.range
    var depth = 0
    repeat {
      if isPunctuation(open) {
        depth += 1
      } else if isPunctuation(close) {
        depth -= 1
      }
      advance()
    } while depth > 0 && !atEnd
    if depth > 0 {
      error(SyntaxMessages.expected("'\(close)'", after: "to match this '\(open)'"), at: start)
    }
  }

  /// Skips a skipped declaration: its header up to a `{ … }` body, or the rest of its line.
  mutating func skipDeclarationBody() {
    while !atEnd {
      if isPunctuation("{") {
        skipBalanced(open: "{", close: "}")
        return
      }
      if current.startsLine || isPunctuation("}") || isPunctuation(";") { return }
      advance()
    }
  }
}
