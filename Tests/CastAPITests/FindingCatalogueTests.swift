import CastValidate
import Foundation
import Testing

/// The findings catalogue is the one source of what codes mean: the README's table is it, and
/// every code's example gives that code.
@Suite("The findings catalogue")
struct FindingCatalogueTests {
  @Test("the README's table of finding codes is exactly the catalogue, in its order")
  func readmeTable() throws {
    let readme = try String(contentsOf: LibraryAPITests.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.indices.first { lines[$0] == "| code | meaning |" && lines[$0 + 2].hasPrefix("| `missing-required`") })
    let rows = lines[(start + 2)...].prefix { $0.hasPrefix("|") }
    #expect(Array(rows) == FindingCode.allCases.map { "| `\($0.rawValue)` | \($0.explanation.meaning) |" })
  }

  @Test("each code's example, run through the library, gives a finding with that code", arguments: FindingCode.allCases)
  func exampleGivesItsCode(_ code: FindingCode) throws {
    let example = code.explanation.example
    let schema = try Schema(source: example.model, options: example.registryOptions)
    let model = try #require(example.modelName)
    let report = try schema.validator(for: model, options: example.validationOptions).validate(example.data)
    #expect(report.findings.contains { $0.code == code.rawValue }, "\(report.findings.map(\.code))")
  }

  @Test("every explanation says something of its own")
  func explanationsAreDistinct() {
    let details = FindingCode.allCases.map(\.explanation.detail)
    #expect(Set(details).count == details.count)
    #expect(FindingCode.allCases.allSatisfy { $0.explanation.code == $0 && !$0.summary.contains("`") })
  }
}
