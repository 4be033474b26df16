import CastSchema
import Testing

/// Nested types' names: their own while no other type takes it, else their dotted path, looked up
/// from the inside out as Swift does; a declared type hides a built-in one of its name.
@Suite("Nested type names")
struct NestedNameTests {
  /// (source, model, property, the type it resolves to).
  static let resolutions: [(String, String, String, TypeRef)] = [
    // Unique: the nested type keeps its own name.
    ("struct A {\n  struct B { var x: Int }\n  var b: B\n}\n", "A", "b", .model("B")),
    // Two `Address`es, each its parent's.
    (twoAddresses, "User", "address", .model("User.Address")),
    (twoAddresses, "Company", "address", .model("Company.Address")),
    (twoAddresses, "Company", "other", .optional(.model("User.Address"))),
    // Beside a top-level one: the inner one inside its parent, the outer one elsewhere.
    ("struct Node { var v: Int }\nstruct Tree {\n  struct Node { var w: Int }\n  var root: Node\n}\nstruct Forest { var n: Node }\n", "Tree", "root", .model("Tree.Node")),
    ("struct Node { var v: Int }\nstruct Tree {\n  struct Node { var w: Int }\n  var root: Node\n}\nstruct Forest { var n: Node }\n", "Forest", "n", .model("Node")),
    // A sibling inside the parent, found from a nested type's own properties.
    (twoAddresses, "Branch", "address", .array(.model("Company.Address"))),
    (twoAddresses, "Branch", "kind", .enumeration("Company.Kind")),
    // A declared type hides a built-in one; a module-qualified name still names the built-in.
    (response, "Response", "data", .model("Response.Data")),
    (response, "Response", "raw", .scalar(.data)),
    // A nested type hides a built-in one inside its parent only.
    (response, "Avatar", "png", .scalar(.data)),
    // A class sees the types its superclass holds before the ones around it.
    ("class Inner { var top = \"\" }\nclass Base {\n  class Inner { var nested = 0 }\n}\nclass Sub: Base {\n  var x: Inner?\n}\n", "Sub", "x", .optional(.model("Base.Inner"))),
    ("class Inner { var top = \"\" }\nclass Base {\n  class Inner { var nested = 0 }\n}\nclass Other {\n  var x: Inner?\n}\n", "Other", "x", .optional(.model("Inner"))),
    ("struct URL { var host: String }\nstruct Link { var url: URL? }\n", "Link", "url", .optional(.model("URL"))),
    // A constructed default names its type from inside the model too.
    ("struct Address { var line = \"\" }\nstruct Company {\n  struct Address { var zip = 0 }\n  var a = Address()\n}\n", "Company", "a", .model("Company.Address")),
  ]

  static let response = "struct Response {\n  struct Data { var id: Int }\n  var data: Data\n  var raw: Foundation.Data\n}\nstruct Avatar { var png: Data }\n"

  static let twoAddresses = """
    struct User {
      struct Address { var street: String }
      var address: Address
    }
    struct Company {
      enum Kind: String { case shop }
      struct Address { var zip: Int }
      struct Branch { var address: [Address]; var kind: Kind }
      var address: Address
      var other: User.Address?
    }
    struct Kind { var x: Int }

    """

  @Test("a type name resolves to the declaration Swift would find", arguments: resolutions)
  func resolves(_ source: String, _ model: String, _ property: String, _ type: TypeRef) throws {
    let registry = RegistryTests.registry(source)
    let found = try #require(registry.models[model]?.properties.first { $0.name == property }, "\(registry.models.keys)")
    #expect((found.optionality == .none ? found.type : .optional(found.type)) == type)
  }

  @Test("an extension of a dotted name extends that nested type")
  func dottedExtension() throws {
    let registry = RegistryTests.registry(
      "struct A: Codable {\n  struct Item: Codable { let n: Int }\n}\nstruct Item: Codable { let n: Int }\n"
        + "extension A.Item {\n  enum CodingKeys: String, CodingKey { case n = \"N\" }\n}\n")
    #expect(registry.models["A.Item"]?.properties.first?.keys.first?.description == "N")
    #expect(registry.models["Item"]?.properties.first?.keys.first?.description == "n")
  }

  static let problems: [(String, String, String)] = [
    // Two of one name in one scope are still one name declared twice.
    ("struct A {\n  struct B { var x: Int }\n  struct B { var y: Int }\n}\nstruct B { var z: Int }\n", "duplicate-model", "'A.B' is declared more than once"),
    // A name only nested types have is no type outside them, and the note says which they are.
    (twoAddresses + "struct Other { var a: Address }\n", "unknown-type", "'Company.Address', 'User.Address'"),
  ]

  @Test("what Swift refuses is reported", arguments: problems)
  func reported(_ source: String, _ code: String, _ text: String) {
    let (registry, diagnostics) = Loading.load(source)
    let rendered = DiagnosticRenderer(files: registry.files).render(diagnostics)
    #expect(diagnostics.contains { $0.code == code }, "\(rendered)")
    #expect(rendered.contains(text), "\(rendered)")
  }
}
