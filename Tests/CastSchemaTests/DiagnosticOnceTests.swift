import CastSchema
import Foundation
import Testing

/// A problem is reported once, where it is, however many models hold the declaration: a
/// subclass inherits its superclass's properties and, in Convertible, makes their keys again
/// under its own lists; a generic template is lowered once per specialization.
@Suite("Each diagnostic once at its place")
struct DiagnosticOnceTests {
  /// Every broken case of the tables, by name.
  static let broken: [BrokenCase] =
    BrokenCase.syntax + BrokenCase.names + BrokenCase.keys + BrokenCase.defaults + BrokenCase.enums
    + BrokenCase.fidelity + BrokenCase.repeatedSetElements + BrokenCase.codable + BrokenCase.directives

  /// Two subclasses below each class of a loaded schema, the lower one with Convertible lists,
  /// so that every inherited property is lowered, flattened and keyed again.
  static func subclasses(of registry: ModelRegistry) -> String {
    registry.models.values.filter { !$0.isStruct && !$0.name.contains("<") }.map { model in
      """
      class Below\(model.name): \(model.name) {
      }
      class Under\(model.name): Below\(model.name) {
          var keyMapping: [String: String] = [:]
          var ignoredKeys: [String] = []
      }

      """
    }.joined()
  }

  /// The diagnostics that repeat an earlier one's code, place and message.
  static func repeated(_ texts: [String]) -> [String] {
    let (registry, first) = Loading.load(texts)
    let (_, diagnostics) = Loading.load(texts + [subclasses(of: registry)])
    var seen: Set<String> = []
    return (first.map { ("", $0) } + diagnostics.map { ("with subclasses: ", $0) }).compactMap { label, diagnostic in
      let key = "\(label)\(diagnostic.code) \(diagnostic.range) \(diagnostic.message)"
      return seen.insert(key).inserted ? nil : key
    }
  }

  @Test("a broken schema reports each problem once, also below two subclasses", arguments: broken)
  func brokenSchema(_ broken: BrokenCase) {
    #expect(Self.repeated(broken.files.map { MarkedSource($0).text }) == [])
  }

  @Test(
    "a Convertible subclass's lists do not warn again about the snake_case key of a property they key again",
    arguments: [
      "class P: Convertible, CustomKeyMapping, UnderscoreToCamelCase {\n    var a: Int?\n    var keyMapping = [\"a\": \"b\"]\n}\nclass E: P {\n    var empID: Int?\n}\n",
      "class P: Convertible, UnderscoreToCamelCase {\n    var a: Int?\n}\nclass E: P {\n    var empID: Int?\n}\nclass F: E {\n    var keyMapping = [\"a\": \"b\"]\n}\nclass G: F {\n    var keyMapping = [\"a\": \"c\"]\n}\n",
    ])
  func snakeCaseOnce(_ text: String) {
    let (_, diagnostics) = Loading.load(text)
    #expect(Loading.problemCodes(diagnostics) == ["snake-case-not-invertible"])
  }

  @Test("a sample schema reports each problem once, also below two subclasses", arguments: Samples.repositorySchemas)
  func sample(_ path: String) throws {
    let text = try String(contentsOf: Samples.packageRoot.appendingPathComponent(path), encoding: .utf8)
    #expect(Self.repeated([text]) == [])
  }

  @Test(
    "a shared sample schema reports each problem once, also below two subclasses",
    .enabled(if: Samples.sharedExists, Samples.sharedMissing), arguments: Samples.sharedSchemas)
  func sharedSample(_ path: String) throws {
    let text = try String(contentsOf: Samples.shared.appendingPathComponent(path), encoding: .utf8)
    #expect(Self.repeated([text]) == [])
  }
}
