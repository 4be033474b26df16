import Foundation
import Testing
import Yams

@testable import CastValidate

/// The bound on what YAML aliases expand to (`AliasExpansion`): never under the JSON text written,
/// and close enough to it that aliases well within the 16 MiB limit are not refused.
@Suite("YAML alias expansion: a bound, and a close one")
struct AliasExpansionTests {
  /// Scalars (as a YAML double-quoted string spells them) that escape in every way JSON escapes,
  /// each repeated through an alias.
  @Test(arguments: ["plain", #"with \"quotes\" and \\"#, "a/b/c", #"tab\there"#, #"bell\a"#, "é中😀", "", "12.5", "true", "~"])
  func boundsTheText(_ scalar: String) throws {
    let yaml = "a: &x [\"\(scalar)\", {k: \"\(scalar)\"}]\nb: *x\nc: [*x, *x]\n"
    let written = try YAMLInput.json(from: Array(yaml.utf8)).bytes.count
    var expansion = AliasExpansion()
    let node = try #require(try Yams.compose(yaml: yaml))
    #expect(expansion.size(of: node) >= written, "\(yaml)")
  }

  /// 100 aliases of a 100 KB list make 10 MB of JSON: within the limit (the bound had been six
  /// times each string's bytes, which refused it).
  @Test func acceptsWhatFits() throws {
    let item = String(repeating: "a", count: 100)
    var yaml = "base: &b [" + Array(repeating: item, count: 1_000).joined(separator: ", ") + "]\n"
    yaml += "copies: [" + Array(repeating: "*b", count: 100).joined(separator: ", ") + "]\n"
    let json = try YAMLInput.json(from: Array(yaml.utf8))
    #expect(json.bytes.count > 10_000_000)
  }
}
