import Testing

@testable import castctl

/// A file's name in the `$GITHUB_STEP_SUMMARY` table: code whose fence outlasts its backticks,
/// its `|` escaped (GitHub's tables end a cell at one, in code too).
@Suite("File names in the GitHub step summary's table")
struct StepSummaryTests {
  @Test(
    "a name is one cell whatever it holds",
    arguments: [
      ("a.json", "`a.json`"), ("a|b.json", "`a\\|b.json`"), ("a`b.json", "``a`b.json``"), ("``x", "``` ``x ```"),
      ("t7/a|b`c.json", "``t7/a\\|b`c.json``"), ("new\nline.json", "`new\\nline.json`"),
    ])
  func cell(_ name: String, _ expected: String) {
    #expect(BatchReport.tableCode(name) == expected)
  }
}
