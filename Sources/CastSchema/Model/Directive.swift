/// A `//!` directive, understood.
package enum Directive: Sendable, Hashable {
  /// `"key"` / `v"key"`: key spec text (alternatives `??`, paths `/`, indices `[n]`).
  case key(String, verbatim: Bool)
  /// `ignore`: not in JSON, not archived.
  case ignore
  /// `ignore json` / `skip json`: not in JSON.
  case ignoreJSON
  /// `custom`: pass the raw value through.
  case custom
  /// `super "k"`: superclass properties under `k`.
  case superKey(String)
  /// Model-level flags with no effect on JSON.
  case awake, awakeFromRead, initializer, nscoding, nolog
  /// A declarative check.
  case check(Check)
  /// `date epoch|epoch-ms|iso8601|"pattern"`
  case date(DateFormat)

  /// Whether it belongs to a model rather than to a property.
  package var isModelLevel: Bool {
    switch self {
    case .superKey, .awake, .awakeFromRead, .initializer, .nscoding, .nolog: true
    default: false
    }
  }

  /// Every directive word castctl knows, for "did you mean".
  static let words = [
    "ignore", "skip", "custom", "super", "awake", "awakeFromRead", "init", "nscoding", "nolog",
    "range", "min", "max", "length", "count", "pattern", "date",
  ]
}

/// A parsed directive with the position of its text.
package struct ParsedDirective: Sendable, Hashable {
  /// What it says.
  package var directive: Directive
  /// Where it is written.
  package var range: Range<Int>
}

extension DirectiveSyntax {
  /// A cheap look at the first word, so the parser can attach own-line directives to the model
  /// (`//! init`, `//! super "k"`) or to the next property (`//! "key"`).
  func isModelLevel(in source: SourceFile) -> Bool {
    Self.modelLevelWords.contains(firstWord(in: source))
  }

  private static let modelLevelWords: Set<String> = ["super", "awake", "awakeFromRead", "init", "nscoding", "nolog"]

  /// The letters after leading spaces and tabs. Every property's directive asks, so ASCII text
  /// is read as bytes; a non-ASCII byte where the word ends may extend it (a combining accent
  /// is part of the letter before it), so then the Character view decides.
  private func firstWord(in source: SourceFile) -> String {
    let bytes = source.bytes
    let text = textRange
    var start = text.lowerBound
    while start < text.upperBound, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
      start += 1
    }
    var end = start
    while end < text.upperBound, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z") {
      end += 1
    }
    if end < text.upperBound, bytes[end] >= 0x80 {
      return String(source.text(text).drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter })
    }
    return source.text(start..<end)
  }
}

/// Parses a directive's text into directives; unknown words become diagnostics.
struct DirectiveParser {
  private let syntax: DirectiveSyntax
  private let file: Int
  private var scalars: [Unicode.Scalar]
  private var offsets: [Int]
  private var position = 0
  private(set) var diagnostics: [Diagnostic] = []

  init(_ syntax: DirectiveSyntax, file: Int, source: SourceFile) {
    self.syntax = syntax
    self.file = file
    var scalars: [Unicode.Scalar] = []
    var offsets: [Int] = []
    var offset = syntax.textStart
    // NB: the text is decoded with invalid UTF-8 replaced by U+FFFD (3 bytes for what may have
    // been 1), so offsets are clamped to the comment: positions stay inside the file.
    let end = syntax.range.upperBound
    for scalar in syntax.text(in: source).unicodeScalars {
      scalars.append(scalar)
      offsets.append(min(offset, end))
      offset += UTF8.width(scalar)
    }
    offsets.append(min(offset, end))
    self.scalars = scalars
    self.offsets = offsets
  }

  static func parse(_ syntax: DirectiveSyntax, file: Int, source: SourceFile) -> ([ParsedDirective], [Diagnostic]) {
    // NB: its text would read such bytes as U+FFFD, a key or pattern nobody wrote.
    if let bad = UTF8Validation.firstInvalidByte(in: source.bytes[syntax.range]) {
      let offset = syntax.range.lowerBound + bad
      let message = SyntaxMessages.invalidUTF8(UTF8Validation.hex(source.bytes[offset]), in: "a '//!' directive")
      return ([], [Diagnostic(message, at: SourceRange(file: file, bytes: offset..<offset + 1))])
    }
    if let plain = plainKey(syntax, in: source) {
      return ([ParsedDirective(directive: .key(source.text(plain.key), verbatim: plain.verbatim), range: plain.range)], [])
    }
    var parser = DirectiveParser(syntax, file: file, source: source)
    let result = parser.parseAll()
    return (result, parser.diagnostics)
  }

  /// A directive that is a key alone: where the key's bytes are, and the directive's range.
  struct PlainKey {
    /// The bytes between the quotes, in the file.
    var key: Range<Int>
    /// `v"key"`.
    var verbatim: Bool
    /// From the `v` or the opening quote to the closing quote.
    var range: Range<Int>
  }

  /// `"key"` or `v"key"` alone, in ASCII without escapes: nearly every directive of a large
  /// schema. Read straight from the bytes, with what the full parser would find; nil for
  /// anything else.
  static func plainKey(_ syntax: DirectiveSyntax, in source: SourceFile) -> PlainKey? {
    // NB: over the file's bytes in place, without a bounds check on each. The key stays in the
    // file: a repeated one is looked up by its bytes, without a String.
    let base = syntax.textStart
    return source.bytes.withUnsafeBufferPointer { file in
      let bytes = UnsafeBufferPointer(rebasing: file[syntax.textRange])
      func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
      }
      var index = 0
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      let start = index
      let verbatim = index < bytes.count && bytes[index] == UInt8(ascii: "v")
      if verbatim { index += 1 }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
      index += 1
      let keyStart = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        guard bytes[index] < 0x80, bytes[index] != UInt8(ascii: "\\") else { return nil }
        index += 1
      }
      guard index < bytes.count else { return nil }
      let key = base + keyStart..<base + index
      index += 1
      let end = index
      while index < bytes.count {
        guard isSpace(bytes[index]) else { return nil }
        index += 1
      }
      // ASCII text is the file's bytes one for one, so offsets need no table.
      return PlainKey(key: key, verbatim: verbatim, range: base + start..<base + end)
    }
  }

  private mutating func parseAll() -> [ParsedDirective] {
    var result: [ParsedDirective] = []
    while true {
      skipSpaces()
      guard position < scalars.count else { break }
      let start = position
      guard let directive = parseOne() else { break }
      result.append(ParsedDirective(directive: directive, range: offsets[start]..<offsets[position]))
    }
    return result
  }

  private mutating func parseOne() -> Directive? {
    let start = position
    if scalars[position] == "\"" || (scalars[position] == "v" && peek(1) == "\"") {
      let verbatim = scalars[position] == "v"
      if verbatim { position += 1 }
      guard let key = readString() else { return nil }
      return .key(key, verbatim: verbatim)
    }
    if let strategy = strategyName() {
      // A file's strategy line inside a declaration would read as `date …` or as an unknown
      // `key`/`non`: it is the right line in the wrong place.
      report(
        SchemaMessages.misplacedDirective(
          strategy, "a coder strategy applies to the whole file; write it on a line of its own at the top level, outside any declaration"),
        from: start)
      return nil
    }
    let word = readWord()
    switch word.lowercased() {
    case "ignore", "ignored":
      let save = position
      skipSpaces()
      if readWord() == "json" { return .ignoreJSON }
      position = save
      // The original matched any text starting with `ignore`; so do we, but only as one word.
      skipToEnd()
      return .ignore
    case "skip":
      skipSpaces()
      let next = readWord()
      guard next == "json" else {
        report(SchemaMessages.malformedDirective("'skip' must be followed by 'json'"), from: start)
        return nil
      }
      return .ignoreJSON
    case "custom": return .custom
    case "super":
      skipSpaces()
      guard peek(0) == "\"" else {
        report(SchemaMessages.malformedDirective("'super' needs a quoted key: //! super \"key\""), from: start)
        return nil
      }
      // NB: a string that does not end, or holds a bad escape, is reported by `readString`.
      guard let key = readString() else { return nil }
      return .superKey(key)
    case "awake": return .awake
    case "awakefromread": return .awakeFromRead
    case "init": return .initializer
    case "nscoding": return .nscoding
    case "nolog": return .nolog
    case "range", "min", "max":
      return parseRangeCheck(word: word.lowercased(), start: start)
    case "length", "count":
      guard let (lower, upper) = readIntegerRange(start: start) else { return nil }
      return .check(word.lowercased() == "length" ? .length(lower: lower, upper: upper) : .count(lower: lower, upper: upper))
    case "pattern":
      skipSeparator()
      guard peek(0) == "\"" else {
        report(SchemaMessages.malformedDirective("'pattern' needs a quoted regular expression"), from: start)
        return nil
      }
      guard let pattern = readString() else { return nil }
      return .check(.pattern(pattern))
    case "date":
      skipSeparator()
      if position < scalars.count, scalars[position] == "\"" {
        guard let pattern = readString() else { return nil }
        return .date(.pattern(pattern))
      }
      var word = readWord().lowercased()
      if word == "epoch", peek(0) == "-" {
        // `epoch-ms`: one word with a hyphen.
        position += 1
        word += "-" + readWord().lowercased()
      }
      switch word {
      case "epoch", "seconds", "epoch-s": return .date(.epochSeconds)
      case "epoch-ms", "milliseconds", "ms": return .date(.epochMilliseconds)
      case "iso8601", "iso": return .date(.iso8601)
      default:
        report(SchemaMessages.malformedDirective("'date' takes epoch, epoch-ms, iso8601 or a quoted pattern"), from: start)
        return nil
      }
    default:
      // A hyphenated word (a misspelt strategy, `key-decodng`) is named whole, not as `key`.
      var spelled = word
      while !spelled.isEmpty, peek(0) == "-", let next = peek(1), next.properties.isAlphabetic {
        position += 1
        spelled += "-" + readWord()
      }
      let shown = spelled.isEmpty ? String(scalars[position]) : spelled
      let end = spelled.isEmpty ? position + 1 : position
      diagnostics.append(
        Diagnostic(
          SchemaMessages.unknownDirective(shown),
          at: SourceRange(file: file, bytes: offsets[start]..<offsets[min(end, scalars.count)]),
          notes: NameSuggestion.closest(to: shown, in: spelled.contains("-") ? FileStrategies.names : Directive.words).map {
            [DiagnosticNote("did you mean '\($0)'?")]
          } ?? []))
      return nil
    }
  }

  /// The name of a file-level strategy (`date-decoding`, …) at the cursor, as a whole word.
  private func strategyName() -> String? {
    FileStrategies.names.first { name in
      let named = Array(name.unicodeScalars)
      guard position + named.count <= scalars.count, Array(scalars[position..<position + named.count]) == named else { return false }
      guard let next = peek(named.count) else { return true }
      return !(next.properties.isAlphabetic || next == "-" || next == "_" || next.properties.numericType != nil)
    }
  }

  private mutating func parseRangeCheck(word: String, start: Int) -> Directive? {
    skipSeparator()
    if word == "min" || word == "max" {
      guard let bound = readNumber() else {
        report(SchemaMessages.malformedDirective("'\(word)' needs a number"), from: start)
        return nil
      }
      return .check(word == "min" ? .range(lower: bound, upper: nil, upperInclusive: true)
        : .range(lower: nil, upper: bound, upperInclusive: true))
    }
    let lower = readNumber()
    guard let inclusive = readRangeOperator() else {
      report(SchemaMessages.malformedDirective("'range' needs a range such as 0...10, 0..<10, 1... or ...9"), from: start)
      return nil
    }
    let upper = readNumber()
    guard lower != nil || upper != nil else {
      report(SchemaMessages.malformedDirective("'range' needs at least one bound"), from: start)
      return nil
    }
    return .check(.range(lower: lower, upper: upper, upperInclusive: inclusive))
  }

  private mutating func readIntegerRange(start: Int) -> (Int?, Int?)? {
    skipSeparator()
    let lowerText = readNumber()
    let inclusive = readRangeOperator()
    let upperText = inclusive == nil ? lowerText : readNumber()
    let lower = lowerText.flatMap { Int($0) }
    var upper = upperText.flatMap { Int($0) }
    if inclusive == false, let value = upper { upper = value - 1 }
    // NB: `length 5` means exactly 5.
    guard (lowerText == nil || lower != nil) && (upperText == nil || upper != nil),
      lower != nil || upper != nil
    else {
      report(SchemaMessages.malformedDirective("expected a whole-number range such as 1...40 or 3"), from: start)
      return nil
    }
    return (lower, upper)
  }

  /// `...` → true, `..<` → false, nothing → nil.
  private mutating func readRangeOperator() -> Bool? {
    guard peek(0) == ".", peek(1) == "." else { return nil }
    if peek(2) == "." {
      position += 3
      return true
    }
    if peek(2) == "<" {
      position += 3
      return false
    }
    return nil
  }

  private mutating func readNumber() -> String? {
    let start = position
    if peek(0) == "-" || peek(0) == "+" { position += 1 }
    while let scalar = peek(0), scalar.properties.numericType != nil || scalar == "_"
      || (scalar == "." && peek(1) != "." && peek(-1) != ".") || scalar == "e" || scalar == "E"
      // An exponent's sign (`1e-30`).
      || ((scalar == "-" || scalar == "+") && (peek(-1) == "e" || peek(-1) == "E"))
    {
      position += 1
    }
    let text = String(String.UnicodeScalarView(scalars[start..<position])).replacingUnderscores()
    guard !text.isEmpty, text != "-", text != "+", Double(text) != nil else {
      position = start
      return nil
    }
    return text.hasPrefix("+") ? String(text.dropFirst()) : text
  }

  private mutating func readString() -> String? {
    guard peek(0) == "\"" else { return nil }
    let start = position
    position += 1
    var value = String.UnicodeScalarView()
    while let scalar = peek(0), scalar != "\"" {
      if scalar == "\\" {
        // A directive's string is read as a Swift literal is: `\\d` in a pattern is `\d`.
        switch StringEscape.read(multiline: false, { peek(1 + $0)?.value }) {
        case .scalar(let escaped, let length):
          value.append(escaped)
          position += 1 + length
        case .invalid(let length, let reason):
          report(SyntaxMessages.invalidEscape(reason), from: position, to: min(position + 1 + length, scalars.count))
          return nil
        case .interpolation, .lineContinuation:
          report(SyntaxMessages.invalidEscape("a directive's string cannot interpolate"), from: position, to: position + 2)
          return nil
        }
      } else {
        value.append(scalar)
        position += 1
      }
    }
    guard peek(0) == "\"" else {
      report(SyntaxMessages.unterminatedString, from: start)
      return nil
    }
    position += 1
    return String(value)
  }

  private mutating func readWord() -> String {
    let start = position
    while let scalar = peek(0), scalar.properties.isAlphabetic || scalar == "_" || scalar.properties.numericType != nil {
      position += 1
    }
    return String(String.UnicodeScalarView(scalars[start..<position]))
  }

  private mutating func skipSpaces() {
    while let scalar = peek(0), scalar == " " || scalar == "\t" || scalar == "\r" { position += 1 }
  }

  /// Spaces, and an optional `=` or `:` (`min=0`, `length: 1...3`).
  private mutating func skipSeparator() {
    skipSpaces()
    if peek(0) == "=" || peek(0) == ":" { position += 1 }
    skipSpaces()
  }

  private mutating func skipToEnd() { position = scalars.count }

  private func peek(_ distance: Int) -> Unicode.Scalar? {
    let at = position + distance
    return at >= 0 && at < scalars.count ? scalars[at] : nil
  }

  private mutating func report(_ message: DiagnosticMessage, from start: Int, to end: Int? = nil) {
    diagnostics.append(
      Diagnostic(message, at: SourceRange(file: file, bytes: offsets[start]..<offsets[end ?? scalars.count])))
    position = scalars.count
  }
}

extension String {
  fileprivate func replacingUnderscores() -> String { filter { $0 != "_" } }
}
