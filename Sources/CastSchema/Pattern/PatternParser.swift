/// Reads a pattern's text into a `PatternNode` tree. Everything outside castctl's subset
/// (backreferences, lookaround, inline options, Unicode properties, …) is an error with a reason
/// and a position, so a `.cast` file learns at load time that its pattern cannot be checked.
struct PatternParser {
  private let scalars: [Unicode.Scalar]
  /// Index of the next scalar to read.
  private var index = 0
  /// Groups open at the cursor; bounded so a hostile pattern cannot exhaust the stack.
  private var depth = 0
  /// `(?i)`: letters match in either case, to the end of the enclosing group.
  private var caseInsensitive = false

  init(_ text: String) {
    scalars = Array(text.unicodeScalars)
  }

  /// The whole pattern.
  mutating func parse() throws(PatternError) -> PatternNode {
    let node = try parseAlternation()
    // An alternation stops only at the end or at a ')' no group opened.
    if index < scalars.count { throw failure("unmatched ')'", at: index) }
    return node
  }

  // MARK: - Structure

  private mutating func parseAlternation() throws(PatternError) -> PatternNode {
    var branches = [try parseSequence()]
    while peek == "|" {
      index += 1
      branches.append(try parseSequence())
    }
    return branches.count == 1 ? branches[0] : .alternation(branches)
  }

  private mutating func parseSequence() throws(PatternError) -> PatternNode {
    var parts: [PatternNode] = []
    while let scalar = peek, scalar != "|", scalar != ")" {
      let start = index
      let atom = try parseAtom()
      parts.append(try parseQuantifier(on: atom, startingAt: start))
    }
    switch parts.count {
    case 0: return .empty
    case 1: return parts[0]
    default: return .sequence(parts)
    }
  }

  private mutating func parseAtom() throws(PatternError) -> PatternNode {
    let start = index
    guard let scalar = next() else { throw failure("unexpected end of the pattern", at: start) }
    switch scalar {
    case "(": return try parseGroup(openedAt: start)
    case "[": return .scalars(try parseClass(openedAt: start))
    case _ where caseInsensitive && scalar.properties.changesWhenCaseMapped: return .scalars(ScalarSet.single(scalar).caseFolded())
    case ".": return .scalars(.notLineBreak)
    case "^": return .start
    case "$": return .end
    case "\\": return .scalars(try parseEscape(at: start, inClass: false))
    case "*", "+", "?": throw failure("'\(scalar)' has nothing to repeat", at: start)
    case "{":
      throw failure("'{' starts a repetition {m}, {m,} or {m,n}; write \\{ for a literal brace", at: start)
    default: return .literal(scalar)
    }
  }

  private mutating func parseGroup(openedAt start: Int) throws(PatternError) -> PatternNode {
    guard depth < Pattern.maxNesting else {
      throw failure("groups are nested more than \(Pattern.maxNesting) deep", at: start)
    }
    // `(?i)` holds to the end of the group it stands in; a group leaves the flag as it found it.
    let outerFlag = caseInsensitive
    if peek == "?", try parseGroupKind(openedAt: start) == .setsOption {
      return .empty
    }
    depth += 1
    let inner = try parseAlternation()
    depth -= 1
    caseInsensitive = outerFlag
    guard next() == ")" else { throw failure("'(' is never closed", at: start) }
    return inner
  }

  /// What a `(?…` opened.
  private enum GroupKind { case group, setsOption }

  /// After `(?`: accepts `(?:`, named groups and the `i` option (`(?i)` for the rest of the
  /// enclosing group, `(?i:…)` for its own); rejects lookaround, atomic groups and other options.
  private mutating func parseGroupKind(openedAt start: Int) throws(PatternError) -> GroupKind {
    index += 1
    let kind = next()
    switch kind {
    case ":": return .group
    case "i" where peek == ")":
      index += 1
      caseInsensitive = true
      return .setsOption
    case "i" where peek == ":":
      index += 1
      caseInsensitive = true
      return .group
    case "=", "!": throw failure("lookahead '(?\(kind.map(String.init) ?? "")' is not supported", at: start)
    case ">": throw failure("atomic groups '(?>' are not supported", at: start)
    case "<" where peek == "=" || peek == "!":
      throw failure("lookbehind '(?<\(peek.map(String.init) ?? "")' is not supported", at: start)
    case "<":
      try skipGroupName(openedAt: start)
    case "P" where peek == "<":
      index += 1
      try skipGroupName(openedAt: start)
    default:
      throw failure("inline options other than (?i) and (?i:…), and group kinds '(?…' other than '(?:', are not supported", at: start)
    }
    return .group
  }

  /// A named group's `name>`: accepted and forgotten, since nothing is captured.
  private mutating func skipGroupName(openedAt start: Int) throws(PatternError) {
    var length = 0
    while let scalar = next() {
      if scalar == ">" {
        guard length > 0 else { break }
        return
      }
      guard scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else {
        throw failure("a group name may hold letters, digits and '_' only", at: index - 1)
      }
      length += 1
    }
    throw failure("a named group needs a name and a closing '>'", at: start)
  }

  // MARK: - Quantifiers

  private mutating func parseQuantifier(on atom: PatternNode, startingAt start: Int) throws(PatternError) -> PatternNode {
    let quantifierStart = index
    let bounds: (min: Int, max: Int?)
    switch peek {
    case "*": bounds = (0, nil)
    case "+": bounds = (1, nil)
    case "?": bounds = (0, 1)
    case "{": bounds = try parseCount()
    default: return atom
    }
    // `parseCount` consumed its braces; the one-scalar quantifiers are consumed here.
    if scalars[quantifierStart] != "{" { index += 1 }
    if atom == .start || atom == .end {
      throw failure("an anchor cannot be repeated", at: quantifierStart)
    }
    // `*?` (lazy) matches the same strings as `*`; possessive `*+` does not, so it is refused.
    if peek == "?" {
      index += 1
    } else if peek == "+" {
      throw failure("possessive quantifiers ('+' after a quantifier) are not supported", at: index)
    }
    if let following = peek, ["*", "+", "?", "{"].contains(following) {
      throw failure("a quantifier cannot follow another; group the first: (…)\(following)", at: index)
    }
    return .repetition(atom, min: bounds.min, max: bounds.max)
  }

  /// `{m}`, `{m,}`, `{m,n}` or `{,n}`, consumed; anything else after `{` is an error.
  private mutating func parseCount() throws(PatternError) -> (min: Int, max: Int?) {
    let start = index
    index += 1
    let lower = try readCount()
    var upper = lower
    if peek == "," {
      index += 1
      upper = try readCount()
    }
    guard next() == "}", lower != nil || upper != nil else {
      throw failure("'{' starts a repetition {m}, {m,} or {m,n}; write \\{ for a literal brace", at: start)
    }
    let low = lower ?? 0
    if let upper, upper < low { throw failure("repetition {\(low),\(upper)} has its bounds out of order", at: start) }
    return (low, upper)
  }

  /// Decimal digits, at most `Pattern.maxRepetition`; nil when there are none.
  private mutating func readCount() throws(PatternError) -> Int? {
    let start = index
    var value = 0
    while let scalar = peek, ("0"..."9").contains(scalar) {
      value = min(value * 10 + Int(scalar.value - 0x30), Pattern.maxRepetition + 1)
      index += 1
    }
    guard index > start else { return nil }
    guard value <= Pattern.maxRepetition else {
      throw failure("a repetition count above \(Pattern.maxRepetition) is not supported", at: start)
    }
    return value
  }

  // MARK: - Classes

  /// After `[`: items up to the closing `]`; `^` first negates, `]` first is literal.
  private mutating func parseClass(openedAt start: Int) throws(PatternError) -> ScalarSet {
    var negated = false
    if peek == "^" {
      negated = true
      index += 1
    }
    var set = ScalarSet()
    var first = true
    while true {
      let itemStart = index
      guard let scalar = next() else { throw failure("'[' is never closed", at: start) }
      if scalar == "]", !first { break }
      first = false
      if scalar == "[" {
        throw failure(
          peek == ":" ? "POSIX classes like [:alpha:] are not supported"
            : "a '[' inside a class must be escaped: \\[", at: itemStart)
      }
      if ["&", "~", "-"].contains(scalar), peek == scalar, itemStart > start + 1, index + 1 < scalars.count,
        scalars[index + 1] != "]"
      {
        throw failure("class set operations ('\(scalar)\(scalar)') are not supported", at: itemStart)
      }
      let lower: ScalarSet = scalar == "\\" ? try parseEscape(at: itemStart, inClass: true) : .single(scalar)
      guard peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" else {
        set = set.union(lower)
        continue
      }
      index += 1
      let upperStart = index
      guard let upperScalar = next() else { throw failure("'[' is never closed", at: start) }
      let upper: ScalarSet = upperScalar == "\\" ? try parseEscape(at: upperStart, inClass: true) : .single(upperScalar)
      guard let low = lower.singleValue, let high = upper.singleValue else {
        throw failure("a range cannot start or end with a class like \\d", at: itemStart)
      }
      guard low <= high else { throw failure("the range is out of order", at: itemStart) }
      set = set.union(ScalarSet([low...high]))
    }
    // Folded before the negation: `(?i)[^a]` excludes `A` too.
    if caseInsensitive { set = set.caseFolded() }
    return negated ? set.inverted() : set
  }

  // MARK: - Escapes

  /// After `\` (at `start`): a class shorthand or one scalar.
  private mutating func parseEscape(at start: Int, inClass: Bool) throws(PatternError) -> ScalarSet {
    guard let scalar = next() else { throw failure("'\\' at the end of the pattern escapes nothing", at: start) }
    switch scalar {
    case "d": return .digit
    case "D": return ScalarSet.digit.inverted()
    case "w": return .word
    case "W": return ScalarSet.word.inverted()
    case "s": return .space
    case "S": return ScalarSet.space.inverted()
    case "n": return .single("\n")
    case "t": return .single("\t")
    case "r": return .single("\r")
    case "f": return .single("\u{0C}")
    case "v": return .single("\u{0B}")
    case "0": return .single("\0")
    case "x", "u": return .single(try parseHexEscape(at: start, short: scalar == "x" ? 2 : 4))
    case "1"..."9", "k", "g":
      throw failure("backreferences are not supported", at: start)
    case "b", "B":
      throw failure(inClass ? "'\\\(scalar)' is not supported in a class" : "word boundaries are not supported", at: start)
    case "A", "z", "Z", "G":
      throw failure("'\\\(scalar)' is not supported; use ^ and $", at: start)
    case "p", "P":
      let name: String
      if peek == "{" {
        index += 1
        var text = ""
        while let part = next(), part != "}" { text.unicodeScalars.append(part) }
        guard index <= scalars.count, scalars[index - 1] == "}" else { throw failure("'\\\(scalar){' is never closed", at: start) }
        name = text
      } else {
        guard let letter = next() else { throw failure("'\\\(scalar)' needs a property: \\\(scalar){L}", at: start) }
        name = String(letter)
      }
      guard let set = UnicodeProperty.set(named: name) else {
        throw failure("unknown Unicode property '\(name)' (castctl knows \(UnicodeProperty.knownNames); not scripts)", at: start)
      }
      return scalar == "P" ? set.inverted() : set
    case "Q", "E":
      throw failure("quoting with \\Q…\\E is not supported; escape each character", at: start)
    default:
      guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else {
        return .single(scalar)
      }
      throw failure("unknown escape '\\\(scalar)'", at: start)
    }
  }

  /// `\xHH`, `\uHHHH`, or either with braces `\x{…}`, `\u{…}`: a scalar by its hex value.
  private mutating func parseHexEscape(at start: Int, short: Int) throws(PatternError) -> Unicode.Scalar {
    let braced = peek == "{"
    if braced { index += 1 }
    var value: UInt32 = 0
    var digits = 0
    while let scalar = peek, let digit = Self.hexValue(scalar) {
      guard braced || digits < short else { break }
      value = min(value &* 16 &+ digit, 0x110000)
      digits += 1
      index += 1
    }
    if braced, next() != "}" { digits = 0 }
    guard digits > 0, braced || digits == short else {
      throw failure("a hex escape needs \(short) hex digits, or braces: \\u{1F600}", at: start)
    }
    guard let scalar = Unicode.Scalar(value) else {
      throw failure("the escape is not a Unicode scalar value", at: start)
    }
    return scalar
  }

  private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar {
    case "0"..."9": scalar.value - 0x30
    case "a"..."f": scalar.value - 0x61 + 10
    case "A"..."F": scalar.value - 0x41 + 10
    default: nil
    }
  }

  // MARK: - Reading

  private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  /// The scalar at the cursor, consumed; nil (and nothing consumed) at the end.
  private mutating func next() -> Unicode.Scalar? {
    guard let scalar = peek else { return nil }
    index += 1
    return scalar
  }

  /// An error at the 0-based scalar `offset`, reported 1-based.
  private func failure(_ reason: String, at offset: Int) -> PatternError {
    PatternError(reason, at: min(offset, scalars.count) + 1)
  }
}

extension ScalarSet {
  /// A set of one scalar.
  static func single(_ scalar: Unicode.Scalar) -> ScalarSet { ScalarSet([scalar.value...scalar.value]) }

  /// The scalar value when the set holds exactly one.
  var singleValue: UInt32? {
    ranges.count == 1 && ranges[0].lowerBound == ranges[0].upperBound ? ranges[0].lowerBound : nil
  }
}
