import Testing

@testable import CastSchema

@Suite("Did you mean: the closest name within a few edits")
struct NameSuggestionTests {
  /// Every cell of the table: what the banded distance must agree with.
  static func fullDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }

  @Test("the banded distance is the full table's when within the limit, else nil")
  func bandedMatchesFull() {
    var random = SeededGenerator(seed: 43)
    let alphabet = Array("abcé".unicodeScalars)
    var failures: [String] = []
    for _ in 0..<5_000 {
      let a = (0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" }
      let b = (0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" }
      let limit = Int.random(in: 0...4, using: &random)
      let full = Self.fullDistance(a, b)
      let banded = NameSuggestion.editDistance(a, b, atMost: limit)
      if banded != (full <= limit ? full : nil) { failures.append("\(String(String.UnicodeScalarView(a))) \(String(String.UnicodeScalarView(b))) \(limit)") }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  @Test(
    "suggestions",
    arguments: [
      ("usr_name", ["user_name", "id"], "user_name"),
      ("Nmae", ["name", "age"], "name"),
      ("x", ["y", "xy"], "y"),
      ("completely", ["different"], nil),
      ("name", ["name"], nil),
      ("abc", ["abd", "abe"], "abd"),
    ] as [(String, [String], String?)])
  func suggestions(_ name: String, _ candidates: [String], _ expected: String?) {
    #expect(NameSuggestion.closest(to: name, in: candidates) == expected)
  }

  /// Two megabytes of key beside short names: the full table took 37 s (`castctl validate` of a
  /// record with such a key under `--unknown warn`).
  @Test("a huge name beside short ones, and a short name beside huge ones, have no suggestion")
  func hugeNames() {
    let huge = String(repeating: "k", count: 2 << 20)
    #expect(NameSuggestion.closest(to: huge, in: ["key", "kk"]) == nil)
    #expect(NameSuggestion.closest(to: "kkk", in: [huge, huge + "x"]) == nil)
    #expect(NameSuggestion.closest(to: huge, in: [huge + "x"]) == huge + "x")
  }
}
