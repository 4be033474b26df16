import Foundation
import Testing

@testable import CastSchema

/// The schema codes' catalogue is the one source of what they mean: every example gives its
/// code, and the README's table of schema codes lists exactly the catalogue's codes.
@Suite("The schema codes' catalogue")
struct SchemaCodeTests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("README.md")

  /// `convert --keys` codes and checked defaults need the engine; `castctl explain` runs those
  /// (ExplainCommandTests).
  @Test(
    "each code's example, loaded, gives a diagnostic with that code and severity",
    arguments: SchemaCode.allCases.filter { $0.example.keys == nil && !$0.example.checksDefaults })
  func exampleGivesItsCode(_ code: SchemaCode) {
    let example = code.example
    let (_, diagnostics) = SchemaLoader.load([SourceFile(path: example.file, text: example.model)], options: example.options)
    let found = diagnostics.first { $0.code == code.rawValue }
    #expect(found?.severity == code.severity, "\(diagnostics.map { "\($0.code) \($0.severity)" })")
  }

  @Test("the README's table of schema codes lists every code of the catalogue once, with its severity")
  func readmeTable() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0 == "| code | severity | meaning |" })
    var listed: [String: String] = [:]
    var repeated: [String] = []
    for row in lines[(start + 2)...].prefix(while: { $0.hasPrefix("|") }) {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      for code in cells[0].split(separator: ",").map({ $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }) {
        if listed.updateValue(cells[1], forKey: code) != nil { repeated.append(code) }
      }
    }
    #expect(repeated.isEmpty)
    #expect(listed == Dictionary(uniqueKeysWithValues: SchemaCode.allCases.map { ($0.rawValue, $0.severity.rawValue) }))
  }

  @Test("meanings are one line each and differ")
  func meanings() {
    let meanings = SchemaCode.allCases.map(\.meaning)
    #expect(Set(meanings).count == meanings.count)
    #expect(meanings.allSatisfy { !$0.contains("\n") && !$0.isEmpty })
  }
}
