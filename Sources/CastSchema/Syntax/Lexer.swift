/// Turns `.cast` bytes into tokens. Never fails: bad bytes become `.unknown` tokens and
/// unterminated strings or comments are reported as diagnostics.
// NB: it reads through a raw buffer, valid only inside `tokenize`: every byte of a schema
// passes through here, and an array's bounds check on each read was a visible part of loading.
struct Lexer {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let file: Int
  private var position: Int
  /// Where lexing stops: the end of the file.
  private let end: Int
  private var sawNewline = true
  /// The last token's range: a `/` right after `func` or `operator` names an operator, never
  /// opens a regex literal.
  private var previous = 0..<0
  /// The last extended regex literal (`#/…/#`) found unclosed: from its `#` to where its scan
  /// stopped (its line's end, or the file's) no `/` is followed by `hashes` `#`s. A later `#/` of
  /// at least as many `#`s inside that stretch, whose own scan would stop there too, is not
  /// scanned again: a long line, or file, of unclosed `#/`s would be quadratic.
  private var unclosedExtendedRegex = (from: Int.max, through: 0, hashes: Int.max)
  /// Problems found while lexing (unterminated strings and comments).
  private(set) var diagnostics: [Diagnostic] = []

  private init(bytes: UnsafeBufferPointer<UInt8>, file: Int) {
    self.bytes = bytes
    self.file = file
    // A leading byte-order mark is not part of the text, as swiftc reads it.
    self.position = ByteOrderMark.begins(bytes) ? ByteOrderMark.utf8.count : 0
    // Token offsets are 32-bit; `SourceFile.read` keeps files far below that.
    self.end = min(bytes.count, Int(UInt32.max))
  }

  /// Lexes the whole file; the last token is always `.endOfFile`.
  static func tokenize(_ source: SourceFile, file: Int) -> (tokens: [Token], diagnostics: [Diagnostic]) {
    source.bytes.withUnsafeBufferPointer { bytes in
      var lexer = Lexer(bytes: bytes, file: file)
      var tokens: [Token] = []
      // Hand-written schemas run about one token per six bytes; reserving that up front spares the
      // copies (and fresh pages) of growing a large array step by step.
      tokens.reserveCapacity(bytes.count / 5 + 16)
      while true {
        let token = lexer.next()
        tokens.append(token)
        if token.kind == .endOfFile { break }
      }
      return (tokens, lexer.diagnostics)
    }
  }

  /// The next token.
  mutating func next() -> Token {
    skipTrivia()
    let startsLine = sawNewline
    sawNewline = false
    let start = position
    guard position < end else {
      return Token(kind: .endOfFile, range: start..<start, startsLine: true, lead: 0)
    }
    let kind = scanToken()
    previous = start..<position
    return Token(kind: kind, range: start..<position, startsLine: startsLine, lead: bytes[start])
  }

  // MARK: - Trivia

  private mutating func skipTrivia() {
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: "\n"):
        sawNewline = true
        position += 1
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
        position += 1
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
        if peek(2) == UInt8(ascii: "!") { return }
        skipToEndOfLine()
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
        skipBlockComment()
      default:
        return
      }
    }
  }

  private mutating func skipToEndOfLine() {
    while position < end, bytes[position] != UInt8(ascii: "\n") { position += 1 }
  }

  private mutating func skipBlockComment() {
    let start = position
    var depth = 0
    while position < end {
      if bytes[position] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        depth += 1
        position += 2
      } else if bytes[position] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        depth -= 1
        position += 2
        if depth == 0 { return }
      } else {
        if bytes[position] == UInt8(ascii: "\n") { sawNewline = true }
        position += 1
      }
    }
    diagnostics.append(
      Diagnostic(SyntaxMessages.unterminatedComment, at: SourceRange(file: file, bytes: start..<start + 2)))
  }

  // MARK: - Tokens

  private mutating func scanToken() -> TokenKind {
    let byte = bytes[position]
    switch byte {
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/") && peek(2) == UInt8(ascii: "!"):
      scanDirective()
      return .directive
    case UInt8(ascii: "\""):
      scanString()
      return .string
    case UInt8(ascii: "#") where startsRawString(at: position):
      scanString()
      return .string
    case UInt8(ascii: "#") where scanExtendedRegex():
      return .regex
    case UInt8(ascii: "/") where scanBareRegex():
      return .regex
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      return scanNumber()
    case UInt8(ascii: "`"):
      return scanBacktickedIdentifier()
    case _ where Self.isIdentifierStart(byte):
      return scanIdentifier()
    default:
      return scanPunctuation()
    }
  }

  /// A directive runs to the end of the line, or to the next `//` outside a string literal,
  /// so `//! "k"//! custom` is two directives and `//! "k" // why` keeps its comment out.
  private mutating func scanDirective() {
    position += 3
    var inString = false
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") { break }
      if byte == UInt8(ascii: "\r"), peek(1) == UInt8(ascii: "\n") { break }
      if inString {
        if byte == UInt8(ascii: "\\") { position += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
        // Another directive, or a plain comment after this one: either way this one ends.
        break
      }
      position += 1
    }
    position = min(position, end)
  }

  /// How deep string literals inside interpolations are followed.
  static let interpolationLimit = 100

  /// Whether `#`s at `index` open a raw string (`#"…"#`), not a `#if`.
  private func startsRawString(at index: Int) -> Bool {
    var index = index
    while index < end, bytes[index] == UInt8(ascii: "#") { index += 1 }
    return index < end && bytes[index] == UInt8(ascii: "\"")
  }

  /// Whether `count` `#`s stand at `index`.
  private func hashes(_ count: Int, at index: Int) -> Bool {
    guard index + count <= end else { return false }
    for offset in 0..<count where bytes[index + offset] != UInt8(ascii: "#") { return false }
    return true
  }

  /// A string literal, `"…"`, `"""…"""` or raw (`#"…"#`), whose value `StringLiteral` reads; an
  /// interpolation's parentheses (`\(f("x"))`) are part of it.
  private mutating func scanString(depth: Int = 0) {
    let start = position
    var count = 0
    while position < end, bytes[position] == UInt8(ascii: "#") {
      count += 1
      position += 1
    }
    let multiline = position + 2 < end && bytes[position + 1] == UInt8(ascii: "\"") && bytes[position + 2] == UInt8(ascii: "\"")
    position += multiline ? 3 : 1
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\\"), hashes(count, at: position + 1) {
        let backslash = position
        position += 1 + count
        if position < end, bytes[position] == UInt8(ascii: "(") {
          skipInterpolation(multiline: multiline, depth: depth)
        } else {
          checkEscape(from: backslash, at: position, multiline: multiline)
          position += 1
        }
        continue
      }
      if byte == UInt8(ascii: "\"") {
        if !multiline, hashes(count, at: position + 1) {
          position += 1 + count
          // NB: the outermost literal holds those nested in its interpolations: read once.
          if depth == 0 { checkUTF8(start..<position) }
          return
        }
        if multiline, position + 2 < end, bytes[position + 1] == UInt8(ascii: "\""), bytes[position + 2] == UInt8(ascii: "\""),
          hashes(count, at: position + 3)
        {
          position += 3 + count
          if depth == 0 { checkUTF8(start..<position) }
          return
        }
      } else if !multiline, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        diagnostics.append(
          Diagnostic(SyntaxMessages.unterminatedString, at: SourceRange(file: file, bytes: start..<position)))
        return
      }
      position += 1
    }
    position = min(position, end)
    diagnostics.append(
      Diagnostic(SyntaxMessages.unterminatedString, at: SourceRange(file: file, bytes: start..<position)))
  }

  /// Reports the escape whose backslash is at `backslash` when swiftc would refuse it
  /// (`StringEscape`); `start` is its first character after the backslash and the `#`s.
  private mutating func checkEscape(from backslash: Int, at start: Int, multiline: Bool) {
    let escape = StringEscape.read(multiline: multiline) { [bytes, end] offset in
      start + offset < end ? UInt32(bytes[start + offset]) : nil
    }
    guard case .invalid(let length, let reason) = escape else { return }
    diagnostics.append(
      Diagnostic(SyntaxMessages.invalidEscape(reason), at: SourceRange(file: file, bytes: backslash..<min(start + length, end))))
  }

  /// Reports a literal whose bytes are not UTF-8, which swiftc refuses (and whose value would
  /// hold U+FFFD where they were).
  private mutating func checkUTF8(_ range: Range<Int>) {
    guard let bad = UTF8Validation.firstInvalidByte(in: bytes[range]) else { return }
    let offset = range.lowerBound + bad
    diagnostics.append(
      Diagnostic(
        SyntaxMessages.invalidUTF8(UTF8Validation.hex(bytes[offset]), in: "a string literal"), at: SourceRange(file: file, bytes: offset..<offset + 1)))
  }

  /// `(…)` of an interpolation, string literals inside it included; in a one-line literal it
  /// stops at the line's end, which leaves that literal unterminated.
  private mutating func skipInterpolation(multiline: Bool, depth: Int) {
    var parentheses = 0
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: "("):
        parentheses += 1
        position += 1
      case UInt8(ascii: ")"):
        parentheses -= 1
        position += 1
        if parentheses == 0 { return }
      // NB: literals in interpolations nest at most 100 deep (the nesting limit); deeper, a
      // quote is read as any byte, so that no input makes the recursion deep.
      case UInt8(ascii: "\"") where depth < Self.interpolationLimit:
        scanString(depth: depth + 1)
      case UInt8(ascii: "#") where depth < Self.interpolationLimit && startsRawString(at: position):
        scanString(depth: depth + 1)
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        if !multiline { return }
        position += 1
      default:
        position += 1
      }
    }
  }

  private mutating func scanNumber() -> TokenKind {
    if bytes[position] == UInt8(ascii: "0"), let radix = peek(1),
      radix == UInt8(ascii: "x") || radix == UInt8(ascii: "b") || radix == UInt8(ascii: "o")
    {
      position += 2
      // `0x1.8p3`: a hexadecimal float has a binary exponent, and may have a fraction before it.
      var kind = TokenKind.integer
      if radix == UInt8(ascii: "x") {
        let digits = position
        skipHexDigits()
        // NB: Swift wants a digit before the point (`0x.8p1` is no literal) and after the `p`.
        if position > digits, position + 1 < end, bytes[position] == UInt8(ascii: "."), Self.isHexDigit(bytes[position + 1]) {
          position += 1
          skipHexDigits()
        }
        if position > digits, position + 1 < end, bytes[position] | 0x20 == UInt8(ascii: "p") {
          let sign = bytes[position + 1] == UInt8(ascii: "-") || bytes[position + 1] == UInt8(ascii: "+") ? 1 : 0
          if position + 1 + sign < end, Self.isDigit(bytes[position + 1 + sign]) { kind = .float }
        }
      }
      while position < end, Self.isIdentifierContinue(bytes[position]) { position += 1 }
      // NB: `-` and `+` of an exponent: `0x1p-3`.
      if kind == .float, position + 1 < end, bytes[position - 1] | 0x20 == UInt8(ascii: "p"),
        bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+"), Self.isDigit(bytes[position + 1])
      {
        position += 1
        skipDigits()
      }
      return kind
    }
    var kind = TokenKind.integer
    skipDigits()
    if position < end, bytes[position] == UInt8(ascii: "."), let next = peek(1),
      Self.isDigit(next)
    {
      kind = .float
      position += 1
      skipDigits()
    }
    if position < end, bytes[position] | 0x20 == UInt8(ascii: "e") {
      var look = position + 1
      if look < end, bytes[look] == UInt8(ascii: "+") || bytes[look] == UInt8(ascii: "-") {
        look += 1
      }
      if look < end, Self.isDigit(bytes[look]) {
        kind = .float
        position = look
        skipDigits()
      }
    }
    return kind
  }

  private mutating func skipDigits() {
    while position < end, Self.isDigit(bytes[position]) || bytes[position] == UInt8(ascii: "_") {
      position += 1
    }
  }

  private mutating func skipHexDigits() {
    while position < end, Self.isHexDigit(bytes[position]) || bytes[position] == UInt8(ascii: "_") {
      position += 1
    }
  }

  /// `` `class` `` or a raw identifier (Swift 6.2, SE-0451): `` `my key` ``, `` `a-b.c` ``, any
  /// characters on one line but a backtick, a backslash or a control character, not all spaces.
  /// The name is what stands between the backticks (`SourceFile.name(at:)`), as it is to swiftc:
  /// a Codable property `` `my key` `` has the key `"my key"`.
  private mutating func scanBacktickedIdentifier() -> TokenKind {
    let start = position
    position += 1
    var allSpaces = true
    var allBits: UInt8 = 0
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: "`") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0x7F { break }
      allBits |= byte
      if byte != UInt8(ascii: " ") { allSpaces = false }
      position += 1
    }
    // NB: as for a plain name, bytes that are not UTF-8 make no name.
    if position < end, bytes[position] == UInt8(ascii: "`"), position > start + 1, !allSpaces,
      allBits < 0x80 || String(validating: UnsafeBufferPointer(rebasing: bytes[start + 1..<position]), as: UTF8.self) != nil
    {
      position += 1
      return .identifier
    }
    position = start + 1
    return .unknown
  }

  // MARK: - Regex literals

  /// A bare regex literal, `/a}b/`, read as Swift's lexer reads one where it may also be an
  /// operator: the `/` is not bound to what precedes it (`a/b/c` divides), is followed by neither
  /// a space nor a tab (`10 / 2` divides), and closes on its line, not before a space (`a /b / c`)
  /// nor before a comment, with no `)` it did not open (`reduce(1, /)`). False, the position
  /// unmoved, for a `/` that is an operator.
  // NB: the scan stops at the first `/` it does not take as escaped, so no byte is scanned by two
  // failed attempts: a long line of `/`s stays linear.
  private mutating func scanBareRegex() -> Bool {
    guard !isLeftBound(position), let first = peek(1), first != UInt8(ascii: " "), first != UInt8(ascii: "\t"),
      first != UInt8(ascii: "\n"), first != UInt8(ascii: "\r"), !followsOperatorKeyword()
    else { return false }
    var index = position + 1
    var groups = 0
    var classes = 0
    var lastSpace = -1
    while index < end {
      switch bytes[index] {
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        return false
      case UInt8(ascii: "\\"):
        guard index + 1 < end, bytes[index + 1] != UInt8(ascii: "\n"), bytes[index + 1] != UInt8(ascii: "\r") else {
          return false
        }
        index += 2
        continue
      case UInt8(ascii: "/"):
        let next = index + 1 < end ? bytes[index + 1] : 0
        guard next != UInt8(ascii: "/"), next != UInt8(ascii: "*"), lastSpace != index - 1 else { return false }
        position = index + 1
        return true
      case UInt8(ascii: "(") where classes == 0:
        groups += 1
      case UInt8(ascii: ")") where classes == 0:
        guard groups > 0 else { return false }
        groups -= 1
      case UInt8(ascii: "["):
        classes += 1
      case UInt8(ascii: "]") where classes > 0:
        classes -= 1
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        lastSpace = index
      default:
        break
      }
      index += 1
    }
    return false
  }

  /// An extended regex literal, `#/a}b/#` (`##/…/##`, …), which is a regex wherever it stands;
  /// after `#/` and nothing but spaces to the line's end, it may span lines. False, the position
  /// unmoved, when `#`s are not followed by `/` or the literal is not closed (then the `#` is
  /// read as it was before, and swiftc reports the literal).
  private mutating func scanExtendedRegex() -> Bool {
    let start = position
    var index = position
    while index < end, bytes[index] == UInt8(ascii: "#") { index += 1 }
    let count = index - start
    guard index < end, bytes[index] == UInt8(ascii: "/") else { return false }
    index += 1
    var look = index
    while look < end, bytes[look] == UInt8(ascii: " ") || bytes[look] == UInt8(ascii: "\t") { look += 1 }
    let multiline = look < end && (bytes[look] == UInt8(ascii: "\n") || bytes[look] == UInt8(ascii: "\r"))
    let known = unclosedExtendedRegex
    if start > known.from, start < known.through, count >= known.hashes, !multiline || known.through == end {
      return false
    }
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "/"), hashes(count, at: index + 1) {
        index += 1
        while index < end, bytes[index] == UInt8(ascii: "#") { index += 1 }
        position = index
        return true
      }
      if byte == UInt8(ascii: "\\"), index + 1 < end, multiline || (bytes[index + 1] != UInt8(ascii: "\n") && bytes[index + 1] != UInt8(ascii: "\r")) {
        index += 2
        continue
      }
      if !multiline, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
      index += 1
    }
    unclosedExtendedRegex = (start, min(index, end), count)
    return false
  }

  /// Whether the byte before `index` binds an operator there to what precedes it: anything but
  /// whitespace, an opening bracket, `,`, `;`, `:`, the end of a `/* */` comment or the file's start.
  private func isLeftBound(_ index: Int) -> Bool {
    guard index > 0 else { return false }
    switch bytes[index - 1] {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0,
      UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
      return false
    case UInt8(ascii: "/"):
      return !(index > 1 && bytes[index - 2] == UInt8(ascii: "*"))
    default:
      // NB: a byte-order mark is not text: a file may start with one.
      return !(index == ByteOrderMark.utf8.count && ByteOrderMark.begins(bytes))
    }
  }

  /// Whether the last token is `func` or `operator`: `static func /(lhs: T, rhs: T)` declares the operator.
  private func followsOperatorKeyword() -> Bool {
    let word = bytes[previous]
    return word.elementsEqual("func".utf8) || word.elementsEqual("operator".utf8)
  }

  private mutating func scanIdentifier() -> TokenKind {
    let start = position
    var allBits: UInt8 = 0
    while position < end, Self.isIdentifierContinue(bytes[position]) {
      allBits |= bytes[position]
      position += 1
    }
    // NB: identifiers may hold non-ASCII letters; if the bytes are not valid UTF-8, the whole
    // run is garbage and becomes one unknown token rather than a bogus name.
    if allBits >= 0x80, String(validating: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self) == nil
    {
      return .unknown
    }
    return .identifier
  }

  private mutating func scanPunctuation() -> TokenKind {
    let byte = bytes[position]
    if (byte == UInt8(ascii: "-") && peek(1) == UInt8(ascii: ">"))
      || (byte == UInt8(ascii: "?") && peek(1) == UInt8(ascii: "?"))
    {
      position += 2
      return .punctuation
    }
    if byte == UInt8(ascii: "."), peek(1) == UInt8(ascii: "."),
      peek(2) == UInt8(ascii: ".") || peek(2) == UInt8(ascii: "<")
    {
      position += 3
      return .punctuation
    }
    position += 1
    return Self.isPunctuationByte(byte) ? .punctuation : .unknown
  }

  /// One of `{}()[]<>:;,=?!.@#-+*/&|^%~`, or the `\` of a key path (`\User.name`).
  static func isPunctuationByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
      UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: ":"), UInt8(ascii: ";"),
      UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "."),
      UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"),
      UInt8(ascii: "/"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "%"),
      UInt8(ascii: "~"), UInt8(ascii: "\\"):
      true
    default:
      false
    }
  }

  private func peek(_ distance: Int) -> UInt8? {
    position + distance < end ? bytes[position + distance] : nil
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
  }

  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "$") || byte >= 0x80
  }

  /// A letter, digit, `_`, `$` or any byte of a non-ASCII character.
  // NB: one shift of a 64-bit mask per byte, without a branch per character class: every byte
  // of every name passes through here.
  @inline(__always)
  static func isIdentifierContinue(_ byte: UInt8) -> Bool {
    guard byte < 0x80 else { return true }
    // Bits for `$` and `0`…`9` (bytes 0–63), then `A`…`Z`, `_` and `a`…`z` (bytes 64–127).
    let mask: UInt64 = byte < 64 ? 0x03FF_0010_0000_0000 : 0x07FF_FFFE_87FF_FFFE
    return mask >> (byte & 63) & 1 != 0
  }
}
