import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// One pattern, one string, and whether the pattern must match somewhere in it.
struct PatternCase: Sendable, CustomTestStringConvertible {
  let pattern: String
  let text: String
  let matches: Bool

  var testDescription: String {
    let shown = text.count > 40 ? "\(text.prefix(20))… (\(text.count) characters)" : text
    return "/\(pattern.prefix(60))/ \(matches ? "matches" : "rejects") \(shown.debugDescription)"
  }

  static func yes(_ pattern: String, _ text: String) -> Self { Self(pattern: pattern, text: text, matches: true) }
  static func no(_ pattern: String, _ text: String) -> Self { Self(pattern: pattern, text: text, matches: false) }
}

/// One pattern outside the subset, the phrase its error must contain, and the 1-based position.
struct PatternErrorCase: Sendable, CustomTestStringConvertible {
  let pattern: String
  let reason: String
  let position: Int

  var testDescription: String { "/\(pattern)/ → \(reason) at \(position)" }
}

@Suite("PatternMatcher: the linear-time //! pattern subset")
struct PatternMatcherTests {
  static let literalsAndEscapes: [PatternCase] = [
    .yes("abc", "xxabcxx"), .no("abc", "ab c"), .yes("", ""), .yes("", "anything"),
    .yes("a\\.b", "a.b"), .no("a\\.b", "axb"), .yes("\\(\\)\\[\\]\\{\\}\\*\\+\\?\\|\\^\\$\\\\", "()[]{}*+?|^$\\"),
    .yes("\\n", "a\nb"), .yes("\\t\\r\\f\\v", "\t\r\u{0C}\u{0B}"), .yes("\\0", "\0"),
    .yes("\\x41\\u00e9\\u{1F600}", "Aé😀"), .no("\\x41", "a"), .yes("é+", "caféé"), .yes("}", "}"), .yes("]", "]"),
    .yes("e\u{301}", "cafe\u{301}"), .no("^é$", "e\u{301}"),
  ]

  static let classes: [PatternCase] = [
    .yes("^[a-z]+$", "abc"), .no("^[a-z]+$", "abC"), .yes("^[^@ ]+@[^@ ]+$", "ada@example.org"),
    .no("^[^@ ]+@[^@ ]+$", "a b@c"), .yes("^[0-9]{5}$", "12345"), .no("^[0-9]{5}$", "1234"),
    .no("^[0-9]{5}$", "123456"), .yes("[]a]", "]"), .yes("[^]a]", "b"), .no("[^]a]", "]"),
    .yes("^[-a]+$", "-a-"), .yes("^[a-]+$", "a-"), .yes("[\\]]", "]"), .yes("[\\d_]", "_"),
    .yes("^[α-ω]+$", "λογος"), .yes("^\\d+$", "0123456789"), .no("\\d", "٣"),
    .yes("^\\w+$", "snake_Case9"), .no("\\w", "é"), .yes("\\s", "a\u{00A0}b"), .yes("\\s", "\u{3000}"),
    .yes("^\\D\\W\\S$", "a-b"), .no("\\D", "123"), .yes("[\\s\\d]", " "), .yes(".", "é"), .no(".", "\n"), .no(".", "\r"),
    .yes("^.$", "😀"),
  ]

  static let structure: [PatternCase] = [
    .yes("^$", ""), .no("^$", "a"), .yes("^a", "ab"), .no("^a", "ba"), .yes("a$", "ba"), .no("a$", "ab"),
    .no("a$", "a\n"), .yes("cat|dog", "hotdog"), .no("^(cat|dog)$", "cats"), .yes("^(?:ab)+$", "ababab"),
    .no("^(?:ab)+$", "aba"), .yes("^(?<year>\\d{4})-(?P<month>\\d\\d)$", "2024-03"), .yes("^(a|)b$", "b"),
    .yes("^(|a|b)*$", "abba"), .yes("^x(a|b|c|d|e)*y$", "xabcdeedcbay"), .yes("^a|b$", "ax"), .yes("^a|b$", "xb"),
    .no("^(a|b)$", "ab"),
  ]

  static let quantifiers: [PatternCase] = [
    .yes("^a*$", ""), .yes("^a*$", "aaa"), .no("^a+$", ""), .yes("^a+$", "aaa"), .yes("^ab?c$", "ac"),
    .yes("^ab?c$", "abc"), .no("^ab?c$", "abbc"), .yes("^a{3}$", "aaa"), .no("^a{3}$", "aa"),
    .yes("^a{2,}$", "aaaaa"), .no("^a{2,}$", "a"), .yes("^a{2,3}$", "aaa"), .no("^a{2,3}$", "aaaa"),
    .yes("^a{,2}$", ""), .no("^a{,2}$", "aaa"), .yes("^a{0}b$", "b"), .yes("^a*?b+?c??$", "aabb"),
    .yes("^(ab){2}$", "abab"), .yes("^(a*)*$", "aaaa"), .yes("^(a*)+b$", "b"), .yes("^(a?){3}a{3}$", "aaa"),
    .yes("^[a-c]{1000}$", String(repeating: "b", count: 1000)), .no("^[a-c]{1000}$", String(repeating: "b", count: 999)),
  ]

  /// Unicode properties (short, long, loose names, negated, in classes) and case-insensitive
  /// matching (global, scoped, in classes, negated classes, non-ASCII letters).
  static let propertiesAndCase: [PatternCase] = [
    .yes("^\\p{Lu}\\p{Ll}+$", "Émile"), .no("^\\p{Lu}\\p{Ll}+$", "émile"), .yes("^\\p{L}+$", "日本語"),
    .yes("^\\p{Letter}+$", "Ωμέγα"), .no("^\\p{L}+$", "abc1"), .yes("^\\P{L}+$", "123 !"), .no("^\\P{L}$", "x"),
    .yes("^\\p{Nd}+$", "٣٤٥"), .yes("^[\\p{L}\\p{N}_]+$", "ab_12"), .no("^[^\\p{L}]$", "a"),
    .yes("^\\p{decimal_number}$", "7"), .yes("^\\p{White_Space}$", "\u{3000}"), .yes("^\\p{Emoji}$", "😀"),
    .yes("^\\p{Sc}$", "€"), .yes("^\\p{P}+$", "¿?!"),
    .yes("(?i)^abc$", "AbC"), .no("(?i)^abc$", "abd"), .yes("^x(?i:y)z$", "xYz"), .no("^x(?i:y)z$", "XYz"),
    .no("^x(?i:y)z$", "xyZ"), .yes("^(?i)[a-c]+$", "aBC"), .no("(?i)^[^a]$", "A"), .yes("(?i)^é$", "É"),
    .yes("(?i)^straße$", "STRAßE"), .yes("^a((?i)b)c$", "aBc"), .no("^a((?i)b)c$", "aBC"),
    // Case classes both ways, the mappings that are no one-to-one pair among them.
    .no("^(?i)ı$", "I"), .no("^(?i)I$", "ı"), .no("^(?i)i$", "İ"), .yes("^(?i)I$", "i"), .yes("^(?i)ſ$", "s"), .yes("^(?i)s$", "ſ"), .yes("^(?i)k$", "\u{212A}"),
    .yes("^(?i)\u{212A}$", "k"), .yes("^(?i)Σ$", "ς"), .yes("^(?i)σ$", "ς"), .yes("^(?i)µ$", "μ"), .yes("^(?i)ß$", "ẞ"),
    .yes("^(?i)ẞ$", "ß"), .no("^(?i)s$", "t"),
  ]

  @Test(
    "the matcher agrees with the expected result",
    arguments: literalsAndEscapes + classes + structure + quantifiers + propertiesAndCase
      + [.yes("^\\pL+$", "日本語"), .no("^\\PL$", "x")])
  func matching(_ row: PatternCase) throws {
    let matcher = try #require(PatternMatcher(row.pattern), "the pattern did not compile")
    #expect(matcher.matches(row.text) == row.matches)
  }

  static let rejected: [PatternErrorCase] = [
    PatternErrorCase(pattern: "(a)\\1", reason: "backreferences are not supported", position: 4),
    PatternErrorCase(pattern: "(?<n>a)\\k<n>", reason: "backreferences are not supported", position: 8),
    PatternErrorCase(pattern: "a(?=b)", reason: "lookahead '(?=' is not supported", position: 2),
    PatternErrorCase(pattern: "a(?!b)", reason: "lookahead '(?!' is not supported", position: 2),
    PatternErrorCase(pattern: "(?<=a)b", reason: "lookbehind '(?<=' is not supported", position: 1),
    PatternErrorCase(pattern: "(?<!a)b", reason: "lookbehind '(?<!' is not supported", position: 1),
    PatternErrorCase(pattern: "(?>a)", reason: "atomic groups", position: 1),
    PatternErrorCase(pattern: "(?m)abc", reason: "inline options other than (?i)", position: 1),
    PatternErrorCase(pattern: "(?-i)abc", reason: "inline options other than (?i)", position: 1),
    PatternErrorCase(pattern: "\\bword", reason: "word boundaries are not supported", position: 1),
    PatternErrorCase(pattern: "\\Aabc\\z", reason: "'\\A' is not supported; use ^ and $", position: 1),
    PatternErrorCase(pattern: "\\p{Greek}", reason: "unknown Unicode property 'Greek'", position: 1),
    PatternErrorCase(pattern: "a\\p{Lu", reason: "'\\p{' is never closed", position: 2),
    PatternErrorCase(pattern: "\\q", reason: "unknown escape '\\q'", position: 1),
    PatternErrorCase(pattern: "abc\\", reason: "escapes nothing", position: 4),
    PatternErrorCase(pattern: "(ab", reason: "'(' is never closed", position: 1),
    PatternErrorCase(pattern: "ab)", reason: "unmatched ')'", position: 3),
    PatternErrorCase(pattern: "[a-", reason: "'[' is never closed", position: 1),
    PatternErrorCase(pattern: "[z-a]", reason: "the range is out of order", position: 2),
    PatternErrorCase(pattern: "[\\d-z]", reason: "a range cannot start or end with a class", position: 2),
    PatternErrorCase(pattern: "[[:alpha:]]", reason: "POSIX classes", position: 2),
    PatternErrorCase(pattern: "[a[b]]", reason: "a '[' inside a class must be escaped", position: 3),
    PatternErrorCase(pattern: "[a-z&&[^x]]", reason: "class set operations ('&&')", position: 5),
    PatternErrorCase(pattern: "*a", reason: "'*' has nothing to repeat", position: 1),
    PatternErrorCase(pattern: "a|+", reason: "'+' has nothing to repeat", position: 3),
    PatternErrorCase(pattern: "a**", reason: "a quantifier cannot follow another", position: 3),
    PatternErrorCase(pattern: "a*+", reason: "possessive quantifiers", position: 3),
    PatternErrorCase(pattern: "^*", reason: "an anchor cannot be repeated", position: 2),
    PatternErrorCase(pattern: "a{2", reason: "'{' starts a repetition", position: 2),
    PatternErrorCase(pattern: "a{x}", reason: "'{' starts a repetition", position: 2),
    PatternErrorCase(pattern: "{", reason: "'{' starts a repetition", position: 1),
    PatternErrorCase(pattern: "a{3,2}", reason: "bounds out of order", position: 2),
    PatternErrorCase(pattern: "a{1001}", reason: "a repetition count above 1000", position: 3),
    PatternErrorCase(pattern: "a{99999999999999999999}", reason: "a repetition count above 1000", position: 3),
    PatternErrorCase(pattern: "(a{1000}){1000}", reason: "too large once its repetitions are expanded", position: 1),
    PatternErrorCase(pattern: "\\x4", reason: "a hex escape needs 2 hex digits", position: 1),
    PatternErrorCase(pattern: "\\u{D800}", reason: "not a Unicode scalar value", position: 1),
    PatternErrorCase(pattern: "(?<>a)", reason: "a named group needs a name", position: 1),
    PatternErrorCase(
      pattern: String(repeating: "(", count: 101) + String(repeating: ")", count: 101),
      reason: "groups are nested more than 100 deep", position: 101),
  ]

  @Test("syntax outside the subset is an error with a reason and a position", arguments: rejected)
  func rejection(_ row: PatternErrorCase) {
    let error = Pattern.problem(in: row.pattern)
    #expect(error?.reason.contains(row.reason) == true, "\(String(describing: error))")
    #expect(error?.position == row.position, "\(String(describing: error))")
    #expect(PatternMatcher(row.pattern) == nil)
  }

  @Test("a .cast pattern outside the subset is a load-time error naming the reason")
  func loadTimeError() {
    let text = "class M {\n  var s: String //! pattern \"(a)\\\\1\"\n}\n"
    let (_, diagnostics) = SchemaLoader.load([SourceFile(path: "p.cast", text: text)])
    let error = diagnostics.first { $0.code == "invalid-pattern" }
    #expect(error?.severity == .error)
    #expect(error?.message.contains("backreferences are not supported at character 4") == true, "\(diagnostics)")
  }

  static let exponential: [PatternCase] = [
    .no("^(a+)+$", String(repeating: "a", count: 40) + "b"),
    .no("^(a|a)*$", String(repeating: "a", count: 40) + "b"),
    .no("^(a|aa)+$", String(repeating: "a", count: 40) + "b"),
    .no("^(a*)*b$", String(repeating: "a", count: 40)),
    .no("^(.*a){20}$", String(repeating: "a", count: 40) + "b"),
    .no("(x+x+)+y", String(repeating: "x", count: 100_000)),
    .no("^(\\w+\\s?)*$", String(repeating: "word ", count: 20_000) + "!"),
  ]

  @Test("patterns that make a backtracking engine take exponential time finish at once", arguments: exponential)
  func noBacktracking(_ row: PatternCase) throws {
    let matcher = try #require(PatternMatcher(row.pattern))
    let text = row.text
    let clock = ContinuousClock()
    let elapsed = clock.measure { #expect(!matcher.matches(text)) }
    #expect(elapsed < .seconds(5), "took \(elapsed)")
  }

  @Test("a megabyte string is matched in linear time")
  func longInput() throws {
    let matcher = try #require(PatternMatcher("^[a-z]+(,[a-z]+)*$"))
    let text = Array(repeating: "abcdefg", count: 130_000).joined(separator: ",")
    let clock = ContinuousClock()
    let elapsed = clock.measure { #expect(matcher.matches(text)) }
    #expect(elapsed < .seconds(10), "took \(elapsed)")
  }

  @Test("a pattern of 100,000 open groups is refused without exhausting the stack")
  func deepGroups() {
    let error = Pattern.problem(in: String(repeating: "(", count: 100_000))
    #expect(error?.reason.contains("nested more than") == true)
  }

  @Test("thousands of alternatives compile and match")
  func manyAlternatives() throws {
    let words = (0..<1_000).map { "w\($0)" }
    let matcher = try #require(PatternMatcher("^(" + words.joined(separator: "|") + ")$"))
    #expect(matcher.matches("w999"))
    #expect(!matcher.matches("w1000"))
  }

  @Test("the shipped examples' patterns are in the subset")
  func shippedPatterns() {
    for pattern in ["^[0-9]{5}$", "^[^@ ]+@[^@ ]+$", "^[a-z]+$", "[0-9]"] {
      #expect(Pattern.problem(in: pattern) == nil, "\(pattern)")
    }
  }

  /// The same rows against Foundation's `NSRegularExpression` (ICU), where its syntax is the same.
  @Test("properties and (?i) match as NSRegularExpression does", arguments: propertiesAndCase)
  func agreesWithNSRegularExpression(_ row: PatternCase) throws {
    let regex = try NSRegularExpression(pattern: row.pattern)
    let range = NSRange(row.text.startIndex..., in: row.text)
    #expect((regex.firstMatch(in: row.text, range: range) != nil) == row.matches)
  }
}

/// Patterns that are runs of one class each (`^[a-z]{1,255}$`) are read run by run, without the
/// program: the same answers as the Pike machine, on any string.
struct PatternClassRunTests {
  /// Seeded random patterns of runs over small overlapping classes, each with random strings of
  /// their letters: whichever way a pattern is read, the Pike machine's answer.
  @Test("random runs of classes answer as the Pike machine does", arguments: 0..<4)
  func randomRuns(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let classes = ["[ab]", "[bc]", "[a-c]", "a", "c", "[^a]", "\\d", "[0-9a]"]
    let counts = ["", "?", "*", "+", "{2}", "{0,2}", "{1,3}", "{2,}"]
    var readAsRuns = 0
    for _ in 0..<300 {
      var text = "^"
      for _ in 0..<(1 + Int(random.next() % 4)) {
        text += classes[Int(random.next() % UInt64(classes.count))] + counts[Int(random.next() % UInt64(counts.count))]
      }
      text += "$"
      let matcher = try #require(PatternMatcher(text), "\(text)")
      if matcher.runs != nil { readAsRuns += 1 }
      let alphabet = Array("abc0x".unicodeScalars)
      for _ in 0..<60 {
        var candidate = String.UnicodeScalarView()
        for _ in 0..<Int(random.next() % 7) { candidate.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
        let string = String(candidate)
        #expect(matcher.matches(string) == matcher.scalarMatches(string), "\(text) on \(string)")
      }
    }
    // Enough of them are read as runs for the comparison to say something.
    #expect(readAsRuns > 50)
  }

  static let patterns: [(pattern: String, runs: Bool)] = [
    ("^[a-z]{1,1000}$", true), ("^[A-Z]{2}[0-9]{3,5}$", true), ("^[a-z][a-z0-9_]{2,31}$", true), ("^\\d{5}$", true),
    ("^[^,]*,[0-9]+$", true), ("(?i)^[a-c]+$", false), ("^x$", true), ("^[a-z]+[0-9]*$", true), ("^é{2,3}ü*$", true),
    ("^[a-z]{2}[a-z]{1,3}$", true), ("^[a-z]{1,3}[a-c]$", false), ("^[a-z]+$|^x$", false), ("[a-z]{3}$", false),
    ("^(ab)+$", false), ("^[a-z]*", false), ("^[a-z€中😀]+$", true), ("^[^€]{2,}😀?$", false), ("中.😀", false),
    // A run that may be empty between two that meet: no class runs (a QA pass found them read so).
    ("^[a-z]+[0-9]?[a-z]$", false), ("^0*-?[0-9][A-Z]*$", false), ("^\\p{L}+\\d*\\p{L}{2}$", false),
    ("^[0-9]{0,2}[x]*[^a-z]{2,}$", false), ("^[A-Za-z]+ ?[A-Za-z]+$", false), ("^\\w+-*\\w+$", false), ("^-*[abc]?-{1}$", false),
    ("^[a-z]+[0-9]?[A-Z]$", true), ("^[a-z]*[0-9]*[A-Z]+$", true),
  ]

  @Test("class runs answer as the Pike machine does", arguments: patterns.indices)
  func sameAnswers(_ row: Int) throws {
    let (text, expectRuns) = Self.patterns[row]
    let matcher = try #require(PatternMatcher(text))
    #expect((matcher.runs != nil) == expectRuns, "\(text)")
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("abcxyzAB09_,éü€中😀".unicodeScalars)
    for _ in 0..<3_000 {
      let length = Int.random(in: 0...12, using: &generator)
      var candidate = String.UnicodeScalarView()
      for _ in 0..<length { candidate.append(alphabet.randomElement(using: &generator) ?? "a") }
      let string = String(candidate)
      #expect(matcher.matches(string) == matcher.scalarMatches(string), "\(text) on \(string)")
    }
    for length in [0, 1, 5, 31, 32, 33, 999, 1000, 1001] {
      let string = String(repeating: "a", count: length)
      #expect(matcher.matches(string) == matcher.scalarMatches(string), "\(text) on \(length) a's")
    }
  }
}

/// The scalars a pattern reads from UTF-8 bytes are the string's own, for scalars of every
/// length (and a few malformed sequences read as U+FFFD, never past the end).
struct UTF8ScalarsTests {
  @Test("UTF-8 bytes decode to the string's own scalars", arguments: 0..<4)
  func sameScalars(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let pool: [ClosedRange<UInt32>] = [0x00...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
    for _ in 0..<500 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int(random.next() % 12) {
        let range = pool[Int(random.next() % UInt64(pool.count))]
        let value = range.lowerBound + UInt32(random.next() % UInt64(range.count))
        if let scalar = Unicode.Scalar(value) { text.append(scalar) }
      }
      var string = String(text)
      let decoded = string.withUTF8 { bytes -> [Unicode.Scalar] in
        var scalars = UTF8Scalars(UnsafeRawBufferPointer(bytes))
        var out: [Unicode.Scalar] = []
        while let scalar = scalars.next() { out.append(scalar) }
        return out
      }
      #expect(decoded == Array(string.unicodeScalars))
    }
  }

  @Test("malformed UTF-8 reads as U+FFFD, never past its end", arguments: [[0xC3], [0xE2, 0x82], [0x80, 0x41], [0xF0, 0x9F, 0x98]] as [[UInt8]])
  func malformed(_ bytes: [UInt8]) {
    let decoded = bytes.withUnsafeBytes { buffer -> [Unicode.Scalar] in
      var scalars = UTF8Scalars(buffer)
      var out: [Unicode.Scalar] = []
      while let scalar = scalars.next() { out.append(scalar) }
      return out
    }
    #expect(decoded.first == "\u{FFFD}")
    #expect(decoded.count <= bytes.count)
  }
}
