import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// Random JSON values for the differential tests: numbers of every literal shape, strings with
/// escapes and non-ASCII text.
enum RawCheckValues {
  static func number(_ random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      // Near the bounds the schemas below use.
      let near = ["0", "-0", "1", "-1", "5", "-5", "99", "100", "120", "200", "201", "255", "1000", "1000000", "1e3", "1.5"]
      let base = near[Int.random(in: 0..<near.count, using: &random)]
      if base.contains("e") { return base }
      var suffix = ["", "e0", "E+0", "e-400", "e400"]
      if !base.contains(".") { suffix += [".0", ".000", ".0000000000000000001", ".5"] }
      if base != "0", base != "-0" { suffix += ["0e-1"] }
      return base + suffix[Int.random(in: 0..<suffix.count, using: &random)]
    default:
      var text = Bool.random(using: &random) ? "-" : ""
      if Int.random(in: 0..<5, using: &random) == 0 {
        text += "0"
      } else {
        text += String(Int.random(in: 1...9, using: &random))
        for _ in 0..<Int.random(in: 0..<25, using: &random) { text += String(Int.random(in: 0...9, using: &random)) }
      }
      if Bool.random(using: &random) {
        text += "."
        for _ in 0..<Int.random(in: 1..<22, using: &random) { text += String(Int.random(in: 0...9, using: &random)) }
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        text += ["e", "E", "e+", "e-", "E-"][Int.random(in: 0..<5, using: &random)]
        text += String(Int.random(in: 0...(Bool.random(using: &random) ? 30 : 400), using: &random))
      }
      return text
    }
  }

  /// Pieces of a string's JSON content: plain ASCII, raw non-ASCII, and escapes.
  static let pieces = [
    "a", "b", "f", "x", "Z", "0", "7", "-", " ", "é", "e\u{301}", "😀", "👍🏽", "日", "\\u00e9", "\\r\\n", "\\r", "\\n",
    "\\t", "\\\"", "\\\\", "\\/", "\\ud83d\\ude00", "\\u0041",
  ]

  /// A JSON string literal, quotes included.
  static func string(_ random: inout SeededGenerator) -> String {
    let plain = Int.random(in: 0..<3, using: &random) == 0
    var text = "\""
    for _ in 0..<Int.random(in: 0..<8, using: &random) {
      text += plain ? ["a", "f", "0", "9", "x"][Int.random(in: 0..<5, using: &random)] : pieces[Int.random(in: 0..<pieces.count, using: &random)]
    }
    return text + "\""
  }
}

@Suite("Checks on raw bytes: the same answers as on the built instance")
struct RawCheckTests {
  static let edgeLiterals = [
    "0", "-0", "0.0", "-0.0", "0e5", "-0e-5", "1", "-1", "120", "120.0", "120.00000000000000000001", "119.99999999999999999999",
    "1.2e2", "12e1", "1200e-1", "0.0000012e8", "1e400", "-1e400", "1e-400", "-1e-400", "1e999999999999", "1e-999999999999",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551616", "0.5", "-0.5", "1.5",
    "1.4999999999999999999", "1.50000000000000000001", "1000000", "1000000.0", "1e6", "1000001", "999999", "-5", "-5.0", "-6",
    "179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
    "2.2250738585072011e-308", "4.9406564584124654e-324", "2.4703282292062328e-324", "0.1", "0.30000000000000004",
    "9007199254740993", "9007199254740992.5",
  ]
  static let bounds: [(String?, String?, Bool)] = [
    ("0", "120", true), ("0", "120", false), ("-5", "1000000", true), ("1.5", nil, true), (nil, "-0.5", false),
    ("-1e3", "1e3", true), ("0.0000012e8", "1.2e2", true), ("9223372036854775807", nil, true),
  ]

  @Test("a range on a literal's bytes agrees with ExactDecimal of its text", arguments: bounds.indices)
  func exactRange(_ index: Int) {
    let (lowText, highText, inclusive) = Self.bounds[index]
    let lower = lowText.flatMap(ExactDecimal.init)
    let upper = highText.flatMap(ExactDecimal.init)
    var random = SeededGenerator(seed: 0x5EED_0000 + UInt64(index))
    let literals = Self.edgeLiterals + (0..<3000).map { _ in RawCheckValues.number(&random) } + ["+1", "1.", ".5", "1e", "1..2", "abc", ""]
    for literal in literals {
      let expected = ExactDecimal(literal).map { $0.isWithin(lower: lower, upper: upper, upperInclusive: inclusive) }
      let found = Array(literal.utf8).withUnsafeBytes {
        ExactDecimal.literal($0, isWithin: lower, upper: upper, upperInclusive: inclusive)
      }
      #expect(found == expected, "\(literal) in \(lowText ?? "")\(inclusive ? "..." : "..<")\(highText ?? "")")
    }
  }

  @Test("a literal's Double read from its bytes is Double(text), for every literal form")
  func doubles() {
    var random = SeededGenerator(seed: 0xD0B1E)
    for literal in Self.edgeLiterals + (0..<5000).map({ _ in RawCheckValues.number(&random) }) {
      let bytes = Array(literal.utf8)
      let found = bytes.withUnsafeBytes { raw in
        JSONScanner(raw).double(JSONNumberToken(span: JSONSpan(start: 0, end: raw.count), isInteger: false, isNegative: false))
      }
      let expected = Double(literal)
      #expect(expected.map { $0.bitPattern == found.bitPattern } == true, "\(literal): \(found) vs \(String(describing: expected))")
    }
  }

  static let countedTexts = [
    "", "a", "abc", "a\r\nb", "\r\n", "\r", "\n\r", "é", "e\u{301}", "👍🏽", "🇫🇷", "a\u{200D}b", "12345678\r\n", "abcdefgh\rijk", "😀x", "abcdefgh\\ijklmnop", "abcdefghijklmnop\\", "aaaaaaaa\u{A9}",
  ]

  @Test("a character count from bytes, where they settle it, is String.count", arguments: countedTexts)
  func characterCount(_ text: String) {
    let bytes = Array(text.utf8)
    let count = bytes.withUnsafeBytes { ASCIIText.characterCount($0) } ?? text.count
    #expect(count == text.count)
    let ascii = bytes.withUnsafeBytes { ASCIIText.isASCII($0) }
    #expect(ascii == text.utf8.allSatisfy { $0 < 0x80 })
    #expect(bytes.withUnsafeBytes { ASCIIText.isASCIIWithoutEscapes($0) } == (ascii && !bytes.contains(0x5C)))
    for byte: UInt8 in [0x0D, 0x5C, 0x61, 0x80, 0xA9] {
      #expect(bytes.withUnsafeBytes { ASCIIText.contains(byte, in: $0) } == bytes.contains(byte), "\(byte)")
    }
  }

  @Test("random character counts from bytes agree with String.count")
  func randomCharacterCounts() {
    var random = SeededGenerator(seed: 0xC0C0)
    let pool = ["a", "\r", "\n", "\r\n", "é", "e", "\u{301}", "😀", "\u{1F3FD}", "x", " "]
    for _ in 0..<3000 {
      let text = (0..<Int.random(in: 0..<20, using: &random)).map { _ in pool[Int.random(in: 0..<pool.count, using: &random)] }.joined()
      let count = Array(text.utf8).withUnsafeBytes { ASCIIText.characterCount($0) } ?? text.count
      #expect(count == text.count, "\(text.debugDescription)")
    }
  }

  static let patterns: [String] = Array(
    Set(
      (PatternMatcherTests.literalsAndEscapes + PatternMatcherTests.classes + PatternMatcherTests.structure
        + PatternMatcherTests.quantifiers + PatternMatcherTests.propertiesAndCase).map(\.pattern)
        + ["^[0-9a-f]{40}$", "^x", "y$", "a|^b", "(?i)^[a-f]+$", "^(a|b)*c$", "[0-9]{3}", "^\\w{64,70}$", "^a{1,100}$"]
    )
  ).sorted()

  @Test("the byte automaton answers as the scalar machine, on the pattern tests' strings and random ones", arguments: patterns)
  func patternAgreement(_ text: String) throws {
    let matcher = try #require(PatternMatcher(text))
    var random = SeededGenerator(seed: UInt64(truncatingIfNeeded: text.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }))
    let rows = PatternMatcherTests.literalsAndEscapes + PatternMatcherTests.classes + PatternMatcherTests.structure
      + PatternMatcherTests.quantifiers + PatternMatcherTests.propertiesAndCase
    // The pattern's own characters make matches likely; the rest are anything.
    let alphabet = Array(Set(text.unicodeScalars.map { String($0) } + ["a", "b", "c", "x", "y", "0", "9", "f", "A", "\n", "\r", " ", "é", "😀", "_"]))
      .sorted()
    var strings = rows.map(\.text) + ["", String(repeating: "a", count: 70), String(repeating: "0f", count: 20)]
    for _ in 0..<300 {
      strings.append((0..<Int.random(in: 0..<12, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }.joined())
    }
    for string in strings {
      let expected = matcher.scalarMatches(string)
      #expect(matcher.matches(string) == expected, "/\(text)/ on \(string.debugDescription)")
      let viaBytes = Array(string.utf8).withUnsafeBytes { matcher.matches(utf8: $0) }
      #expect(viaBytes == expected, "/\(text)/ on \(string.debugDescription) (bytes)")
    }
  }

  @Test("the shortest match length is a lower bound the matcher never contradicts")
  func minimumLengths() throws {
    let rows: [(String, Int)] = [("^[0-9a-f]{40}(x|yz)?$", 40), ("abc", 3), ("", 0), ("^a*(b|c)?$", 0), ("x|yz", 1), ("^(ab){2}$", 4), ("a{2,}", 2)]
    for (text, length) in rows {
      let automaton = try #require(PatternMatcher(text)?.automaton)
      #expect(automaton.minimumLength == length, "/\(text)/")
    }
  }

  // MARK: - Whole records

  static let schema = #"""
    struct M {
      var i: Int? //! "i" //! range -5...1000000
      var j: Int64? //! "j" //! range 0..<120
      var u: UInt8? //! "u" //! range 1...200
      var d: Double? //! "d" //! range -1000...1000
      var f: Float? //! "f" //! range 0..<1.5
      var c: Decimal? //! "c" //! range -0.5...1e3
      var s: String? //! "s" //! length 1...5
      var p: String? //! "p" //! pattern "^[0-9a-f]{4}$"
      var q: String? //! "q" //! pattern "é|x+"
      var r: String? //! "r" //! length 2...3 //! pattern "^[a-z\\r\\n]+$"
      var w: URL? //! "w" //! length 10...24 //! pattern "^https?://[a-z]"
    }
    """#

  /// Edge cases first: `-0` (which some dialects write as `0`), whole numbers with a fraction or
  /// an exponent, bounds exactly, strings with escapes, CR LF, combining marks and emoji.
  static let edgeRecords = [
    #"{"i": -0, "j": -0, "u": -0, "d": -0, "f": -0, "c": -0}"#, #"{"i": -6, "j": 120, "u": 0, "d": -1000.0000000000001, "f": 1.5, "c": -0.5}"#,
    #"{"i": 1e2, "j": 1.2e2, "u": 2.0e2, "d": 1e3, "f": 1.4999999, "c": 1e3}"#, #"{"i": 1000001.0, "j": 119.5, "u": 200.5, "d": 1e400}"#,
    #"{"i": "12", "j": "-1", "u": true, "d": "5", "f": "0.5", "c": "1e3"}"#, #"{"i": 1.0000000000000000001, "j": 1e-400, "c": 1e-129}"#,
    #"{"s": "\r\n", "p": "\u0030\u0061bc", "q": "caf\u00e9", "r": "a\r\nb"}"#, #"{"s": "e\u0301e\u0301e\u0301", "p": "00ff", "q": "xx", "r": "\r\n"}"#,
    #"{"s": "👍🏽👍🏽👍🏽👍🏽👍🏽", "p": "0FF0", "q": "cafe\u0301", "r": "ab\\"}"#, #"{"s": "", "p": "", "q": "", "r": ""}"#,
    #"{"s": 12345, "p": 1234, "q": true, "r": "abcd"}"#, #"{"s": "abcdef", "p": "00f", "q": "é", "r": "a\nb"}"#,
    #"{"w": "https://example.com/a"}"#, #"{"w": "http:\/\/example.com"}"#, #"{"w": "ftp://example.com/a"}"#,
    #"{"w": "https://é.example/x"}"#, #"{"w": "https://a.b/c d"}"#, #"{"w": "https://example.com/a/long/path"}"#,
    #"{"w": "http://x"}"#, #"{"w": 12345}"#, #"{"w": "HTTPS://EXAMPLE.COM"}"#, #"{"w": "https://ex.com/%41"}"#,
  ]

  /// Random records for `schema`: mostly the plain form of each value, sometimes another kind,
  /// which lenient dialects coerce.
  static func records(seed: UInt64, count: Int) -> String {
    var random = SeededGenerator(seed: seed)
    var lines: [String] = []
    for _ in 0..<count {
      var members: [String] = []
      for key in ["i", "j", "u", "d", "f", "c"] where Int.random(in: 0..<6, using: &random) != 0 {
        let other = Int.random(in: 0..<10, using: &random)
        let value = other == 0 ? "\"\(RawCheckValues.number(&random))\"" : other == 1 ? "true" : RawCheckValues.number(&random)
        members.append("\"\(key)\": \(value)")
      }
      for key in ["s", "p", "q", "r", "w"] where Int.random(in: 0..<6, using: &random) != 0 {
        let other = Int.random(in: 0..<10, using: &random)
        var value = other == 0 ? RawCheckValues.number(&random) : RawCheckValues.string(&random)
        if key == "p", Bool.random(using: &random) {
          value = "\"" + (0..<Int.random(in: 3...5, using: &random)).map { _ in ["0", "a", "f", "9", "g"][Int.random(in: 0..<5, using: &random)] }.joined() + "\""
        }
        if key == "w", Int.random(in: 0..<4, using: &random) != 0 {
          // Mostly URLs, some of them with escapes, spaces or non-ASCII text.
          let scheme = ["https://", "http://", "http:\\/\\/", "ftp://", "HTTP://", ""][Int.random(in: 0..<6, using: &random)]
          value = "\"" + scheme + ["example.com", "a.b", "é.fr", "x"][Int.random(in: 0..<4, using: &random)]
            + ["", "/", "/a/b", "/p?q=1", "/a b", "/%41", "/\\u00e9", "/very/long/path/indeed"][Int.random(in: 0..<8, using: &random)] + "\""
        }
        members.append("\"\(key)\": \(value)")
      }
      lines.append("{" + members.joined(separator: Bool.random(using: &random) ? ", " : ",") + "}")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  struct DialectRun: Sendable, CustomTestStringConvertible {
    let dialect: Dialect
    let strict: Bool
    var testDescription: String { "\(dialect.rawValue)\(strict ? " --strict" : "")" }
  }

  @Test(
    "validating (checks on bytes) and converting (checks on instances) give the same findings",
    arguments: Dialect.allCases.flatMap { [DialectRun(dialect: $0, strict: false), DialectRun(dialect: $0, strict: true)] })
  func sameFindings(_ run: DialectRun) throws {
    let registry = EngineProbe.registry(Self.schema, options: RegistryOptions(dialect: run.dialect))
    let json = Self.edgeRecords.joined(separator: "\n") + "\n" + Self.records(seed: 0xF1D0 + UInt64(run.strict ? 1 : 0), count: 1500)
    let options = ValidationOptions(strict: run.strict)
    let onBytes = try EngineProbe.run(registry, json, options: options, build: false, ndjson: true, cleanCheck: false)
    let onInstances = try EngineProbe.run(registry, json, options: options, build: true, ndjson: true, cleanCheck: false)
    #expect(onBytes.records.count == onInstances.records.count)
    let lines = json.split(separator: "\n")
    for (index, (a, b)) in zip(onBytes.records, onInstances.records).enumerated() {
      let left = a.findings.map(Self.describe)
      let right = b.findings.map(Self.describe)
      #expect(left == right, "record \(index + 1): \(lines[index])")
      #expect(a.isValid == b.isValid)
    }
    // The checks must have run: some values fail them.
    #expect(onBytes.records.contains { $0.findings.contains { $0.code == "check-failed" } })
  }

  static func describe(_ finding: Finding) -> String {
    "\(finding.severity) \(finding.code) \(finding.path) @\(finding.offset) \(finding.message) | \(finding.expected ?? "-") | \(finding.found ?? "-")"
  }
}
