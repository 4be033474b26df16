import CastSchema
import CastValidate
import Testing

@testable import castctl

/// `--summary`'s tally: findings by code and path pattern, its memory bounded by `patternLimit`.
@Suite("validate --summary: findings by code and path pattern")
struct FindingTallyTests {
  static func unknownKey(_ path: String) -> Finding {
    Finding(code: "unknown-key", severity: .warning, message: "unknown key", path: path, offset: 0)
  }

  @Test(
    "patterns past the limit are counted, not told apart, and the last line says so",
    arguments: [
      (1_000, "warning[unknown-key] ×181 at 181 other paths"),
      (50, "warning[unknown-key] ×181 at more than 30 other paths (past 50 distinct paths, paths are not told apart)"),
    ])
  func limit(_ patternLimit: Int, _ last: String) {
    var tally = FindingTally(patternLimit: patternLimit)
    // Array indices fold into one pattern; keys that are data do not.
    for index in 0..<30 { tally.add(Self.unknownKey("/\(index)/x")) }
    for key in 0..<200 { tally.add(Self.unknownKey("/k\(key)")) }
    let lines = tally.render(style: TextStyle(enabled: false)).split(separator: "\n").map(String.init)
    #expect(lines.first == "warning[unknown-key] ×30 at /*/x")
    #expect(lines.count == 21)
    #expect(lines.last == last)
  }
}
