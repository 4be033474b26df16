import CastSchema
import Testing

/// A `.swift` file keeps other types beside its Codable models (an API client, a view model, a
/// closure typealias): one castctl cannot read, that conforms to no Codable protocol and that no
/// model uses, is set aside with a note instead of making the file's models unusable.
@Suite struct NonModelTypeTests {
  static let model = "import Foundation\nstruct U: Codable {\n  let a: Int\n}\n"

  static func load(_ text: String, path: String = "m.swift") -> (models: [String], codes: [String]) {
    let (registry, diagnostics) = SchemaLoader.load([SourceFile(path: path, text: text)])
    return (Array(registry.models.keys), diagnostics.map(\.code))
  }

  @Test(
    "an unreadable type no model uses is set aside with a note",
    arguments: [
      "final class APIClient {\n  private let decoder = JSONDecoder()\n  var onError: ((Error) -> Void)?\n}\n",
      "typealias Completion = (Result<U, Error>) -> Void\n",
      "final class Cache {\n  var queue = DispatchQueue(label: \"q\")\n  var store: [String: (Int, Int)] = [:]\n}\n",
      "class ViewModel {\n  var onTap: () -> Void = {}\n}\nclass Screen {\n  let model: ViewModel\n}\n",
      "struct Box<T> {\n  var value: T\n  var map: (T) -> T\n}\nfinal class Loader<M: Decodable> {\n  var done: ((M) -> Void)?\n}\n",
    ])
  func setAside(_ other: String) {
    let loaded = Self.load(Self.model + other)
    #expect(loaded.models == ["U"])
    #expect(!loaded.codes.isEmpty && loaded.codes.allSatisfy { $0 == "skipped-declaration" }, "\(loaded.codes)")
  }

  @Test(
    "a type a model uses, a model of a .cast file and one in an inheritance keep their errors",
    arguments: [
      (model + "struct V: Codable {\n  let c: APIClient\n}\nfinal class APIClient {\n  var onError: ((Error) -> Void)?\n}\n", "m.swift"),
      (model + "struct V: Codable {\n  let h: Handler\n}\ntypealias Handler = (Int) -> Void\n", "m.swift"),
      ("final class APIClient {\n  var onError: ((Error) -> Void)?\n}\n", "m.cast"),
      (model + "struct V: Codable {\n  let b: Box<Int>\n}\nstruct Box<T> {\n  var map: (T) -> T\n}\n", "m.swift"),
      ("class Base {\n  var onError: ((Error) -> Void)?\n}\nclass Sub: Base, Codable {\n  var a: Int\n}\n", "m.swift"),
    ])
  func keepsErrors(_ text: String, _ path: String) {
    #expect(Self.load(text, path: path).codes.contains("unsupported-type"))
  }

  @Test("a plain struct castctl can read stays a model")
  func readableStays() {
    let loaded = Self.load(Self.model + "struct Plain {\n  let b: String\n}\n")
    #expect(loaded.models == ["U", "Plain"] && loaded.codes.isEmpty)
  }

  /// The synthesized conformance never reads a property its `CodingKeys` leave out (it has an
  /// initial value); one they list is coded, and a closure there is an error.
  @Test(
    "a property CodingKeys leave out is no data; one they list is",
    arguments: [
      ("struct Row: Codable {\n  var name: String\n  var onTap: (() -> Void)? = nil\n  enum CodingKeys: String, CodingKey { case name }\n}\n", [String]()),
      ("struct Row: Codable {\n  var name: String\n  var onTap: (() -> Void)?\n  enum CodingKeys: String, CodingKey { case name }\n}\n", []),
      ("struct Row: Codable {\n  var name: String\n  var onTap: (() -> Void)? = nil\n  enum CodingKeys: String, CodingKey { case name, onTap }\n}\n", ["unsupported-type", "codable-unknown-key"]),
    ])
  func unlistedProperty(_ text: String, _ codes: [String]) {
    let loaded = Self.load(text)
    #expect(loaded.codes == codes)
    #expect(loaded.models == ["Row"])
  }

  /// CodingKeys whose `stringValue` is code castctl does not read: the keys are unknown, so the
  /// values pass unchecked, with a note (a `switch self` of literals is read: RealSwiftFileOracleTests).
  @Test("CodingKeys with a stringValue castctl cannot read leave the model's values unchecked")
  func unreadableStringValue() throws {
    let text = """
      struct K: Codable {
        let alpha: Int
        enum CodingKeys: CodingKey {
          case alpha
          var stringValue: String { "\\(self)".uppercased() }
        }
      }

      """
    let (registry, diagnostics) = SchemaLoader.load([SourceFile(path: "k.swift", text: text)])
    #expect(diagnostics.map(\.code) == ["codable-custom-coding"])
    #expect(diagnostics.first?.message.contains("its keys are unknown") == true)
    #expect(registry.models["K"]?.properties.first?.usage == .custom)
    #expect(registry.models["K"]?.hasCustomDecoding == true)
  }
}
