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

  /// (code, the library's name of an option its texts mention, the flag's.)
  static let namedOptions: [(FindingCode, String, String)] = [
    (.nullNotAllowed, "`ValidationOptions.strict`", "`--strict`"),
    (.coerced, "`ValidationOptions.strict`", "`--strict`"),
    (.unknownKey, "`ValidationOptions.unknownKeys = .warn`", "`--unknown warn`"),
    (.unknownKey, "`ValidationOptions.unknownKeys = .warn|.error`", "`--unknown warn|error`"),
    (.ignoredKey, "`ValidationOptions.unknownKeys`", "`--unknown`"),
    (.tooManyErrors, "`ValidationOptions.maxErrors = N`", "`--max-errors N`"),
    (.tooManyErrors, "`ValidationOptions.maxRecordFindings`", "`--max-record-findings`"),
  ]

  @Test("a program's explanation names the library's options where castctl's names its flags", arguments: namedOptions)
  func explanationForPrograms(_ code: FindingCode, _ library: String, _ flag: String) {
    let program = code.explanation(naming: .library)
    let commandLine = code.explanation(naming: .commandLine)
    #expect((program.meaning + program.detail).contains(library) && !(program.meaning + program.detail).contains(flag))
    #expect((commandLine.meaning + commandLine.detail).contains(flag))
    #expect(commandLine.meaning == code.explanation.meaning && commandLine.detail == code.explanation.detail)
  }

  @Test("no explanation for a program names a flag", arguments: FindingCode.allCases)
  func noFlagsForPrograms(_ code: FindingCode) {
    let program = code.explanation(naming: .library)
    #expect(!(program.meaning + program.detail).contains("--"), "\(program.meaning) \(program.detail)")
    #expect(program.example.arguments == code.explanation.example.arguments)
  }

  @Test("every explanation says something of its own")
  func explanationsAreDistinct() {
    let details = FindingCode.allCases.map(\.explanation.detail)
    #expect(Set(details).count == details.count)
    #expect(FindingCode.allCases.allSatisfy { $0.explanation.code == $0 && !$0.summary.contains("`") })
  }
}
