import CastSchema
import Testing

/// A property wrapper on a Codable model's property is code castctl cannot run: a note, and the
/// property is read as its declared type.
@Suite struct PropertyWrapperTests {
  static func codes(_ text: String) -> [String] {
    SchemaLoader.load([SourceFile(path: "w.swift", text: text)]).diagnostics.map(\.code)
  }

  @Test(
    "a wrapper on a Codable property is the note codable-property-wrapper; Swift's own attributes are not wrappers",
    arguments: [
      ("struct A: Codable {\n  @Published var x: Int\n}\n", ["codable-property-wrapper"]),
      ("struct A: Codable {\n  @Clamped(0...9) var x: Int\n  @Trimmed var y: String\n}\n", ["codable-property-wrapper", "codable-property-wrapper"]),
      ("struct A: Codable {\n  @available(*, deprecated) var x: Int\n  @objc dynamic var y: Int\n}\n", []),
      ("struct A: DictionaryConvertible {\n  @Published var x: Int\n}\n", []),
    ])
  func wrapperNote(text: String, codes: [String]) {
    #expect(Self.codes(text) == codes)
  }

  @Test("the property is read as its declared type, and the note names it")
  func readAsDeclaredType() throws {
    let (registry, diagnostics) = SchemaLoader.load([SourceFile(path: "w.swift", text: "struct A: Codable {\n  @Published var x: Int?\n}\n")])
    let property = try #require(registry.models["A"]?.properties.first)
    #expect(property.type == .scalar(.int) && property.isMapped)
    #expect(diagnostics.first?.message.contains("as its declared type, Int") == true)
  }
}
