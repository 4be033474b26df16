import CastSchema
import Testing

/// JSON keys: directives, `-c`, snake_case, JsonObject's extra alternative, Convertible's lists.
extension RegistryTests {
  static let keyCases: [(String, Bool, [String], KeySource)] = [
    ("var powerMode: Int", false, ["powerMode"], .propertyName),
    ("var powerMode: Int", true, ["PowerMode"], .propertyName),
    ("var y: String? //! \"Arg ?? y\"", false, ["Arg", "y"], .directive),
    ("var y: String? //! \"arg ?? y\"", true, ["Arg", "Y"], .directive),
    ("var n: Int? //! \"outer/inner ?? x/y\"", true, ["Outer/Inner", "X/Y"], .directive),
    ("var n: Int? //! \" outer / inner \"", false, ["outer/inner"], .directive),
    ("var s: String? //! \"second[1]\"", true, ["Second[1]"], .directive),
    ("var w: Int //! v\"will\"", true, ["will"], .verbatim),
    ("var w: Int //! v\"will/be ?? x\"", true, ["will/be", "x"], .verbatim),
    ("var w: Int //! \"k\" // a plain comment after the key", false, ["k"], .directive),
    ("//! \"own-line\"\n  var w: Int", false, ["own-line"], .directive),
  ]

  @Test("keys from directives, with and without -c", arguments: keyCases)
  func keys(_ declaration: String, _ capitalize: Bool, _ expected: [String], _ source: KeySource) throws {
    let registry = Self.registry(
      "class M {\n  \(declaration)\n}\n", options: RegistryOptions(capitalizeKeys: capitalize))
    let property = try #require(registry.models["M"]?.properties.first)
    #expect(property.keyTexts == expected)
    #expect(property.keySource == source)
  }

  @Test("an index key is a component with an index")
  func indexKey() throws {
    let registry = Self.registry("class M {\n  var s: String? //! \"list/second[1]\"\n}\n")
    let key = try #require(registry.property("M", "s")?.outputKey)
    #expect(key.components == [KeyComponent(key: "list"), KeyComponent(key: "second", index: 1)])
    #expect(!key.isSimple)
  }

  @Test(
    "ignored properties have no keys and are not mapped",
    arguments: ["ignore", "ignore json", "skip json", "IGNORED whatever"])
  func ignored(_ directive: String) throws {
    let registry = Self.registry("class M {\n  var x: Int //! \(directive)\n  var y: Int\n}\n")
    let property = try #require(registry.property("M", "x"))
    #expect(property.keys.isEmpty)
    #expect(!property.isMapped)
    #expect(property.usage == (directive.hasSuffix("json") ? .skipJSON : .ignored))
    #expect(registry.models["M"]?.mappedProperties.map(\.name) == ["y"])
  }

  static let snakeCases: [(String, String, [String])] = [
    ("DictionaryConvertible, UnderscoreToCamelCase", "var memberId: Int?", ["member_id"]),
    ("Convertible, UnderscoreToCamelCase", "var isPublic2: Bool?", ["is_public2"]),
    ("JsonObject, MapsUnderscoreCaseToCamelCase", "var memberId: NSNumber!", ["member_id", "memberId"]),
    ("JsonObject, MapsUnderscoreCaseToCamelCase", "var name: String?", ["name"]),
    ("JsonObject, MapsUnderscoreCaseToCamelCase", "var memberId: NSNumber! //! \"id\"", ["id"]),
    ("JsonObject", "var memberId: NSNumber!", ["memberId"]),
    ("Convertible", "var memberId: Int?", ["memberId"]),
  ]

  @Test("snake_case keys, and JsonObject's extra property-name alternative", arguments: snakeCases)
  func snakeCase(_ protocols: String, _ declaration: String, _ expected: [String]) throws {
    let registry = Self.registry("class M: \(protocols) {\n  \(declaration)\n}\n")
    #expect(try #require(registry.models["M"]?.properties.first).keyTexts == expected)
  }

  @Test("a subclass of a snake_case model uses snake_case too")
  func inheritedSnakeCase() {
    let registry = Self.registry("class A: UnderscoreToCamelCase {\n}\nclass B: A {\n  var userName: String?\n}\n")
    #expect(registry.models["B"]?.usesSnakeCase == true)
    #expect(registry.property("B", "userName")?.keyTexts == ["user_name"])
  }

  @Test("Convertible's keyMapping renames, and wins over snake_case")
  func keyMapping() throws {
    let registry = Self.registry(
      """
      class M: Convertible, CustomKeyMapping, UnderscoreToCamelCase {
        var isPublic: Bool = false
        var userName: String?
        var keyMapping = ["isPublic": "public"]
      }
      """)
    let model = try #require(registry.models["M"])
    #expect(model.properties.map(\.name) == ["isPublic", "userName"])
    #expect(registry.property("M", "isPublic")?.keyTexts == ["public"])
    #expect(registry.property("M", "isPublic")?.keySource == .keyMapping)
    #expect(registry.property("M", "userName")?.keyTexts == ["user_name"])
  }

  /// `keyMapping` is an instance property: a superclass's reaches what its subclasses declare
  /// (no "no property of that name" for those), and a subclass's own, which replaces it, leaves
  /// an inherited property it does not name to the class's snake_case rule (CV-24, CV-04).
  @Test("Convertible's keyMapping through inheritance: a superclass's names its subclasses' properties")
  func inheritedKeyMapping() throws {
    let registry = Self.registry(
      """
      class B: Convertible, CustomKeyMapping, UnderscoreToCamelCase {
        var keyMapping = ["subProp": "SP", "baseProp": "BP"]
        var baseProp: Int?
      }
      class S: B {
        var subProp: Int?
      }
      class S2: B {
        var keyMapping = ["otherProp": "OP"]
        var otherProp: Int?
      }
      """)
    #expect(registry.property("S", "subProp")?.keyTexts == ["SP"])
    #expect(registry.property("S", "baseProp")?.keyTexts == ["BP"])
    #expect(registry.property("S2", "baseProp")?.keyTexts == ["base_prop"])
    #expect(registry.property("S2", "otherProp")?.keyTexts == ["OP"])
    // A name no class below declares either is still a misspelling.
    let (_, diagnostics) = Loading.load(
      "class B: Convertible {\n  var keyMapping = [\"subPorp\": \"SP\"]\n}\nclass S: B {\n  var subProp: Int?\n}\n")
    #expect(diagnostics.map(\.code) == ["misplaced-directive"])
  }

  @Test("Convertible's ignoredKeys ignores the properties named")
  func ignoredKeys() throws {
    let registry = Self.registry(
      "class M: Convertible, IgnoredKeys {\n  var secret: String?\n  var name: String?\n  var ignoredKeys = [\"secret\"]\n}\n"
    )
    #expect(registry.property("M", "secret")?.usage == .ignored)
    #expect(registry.models["M"]?.mappedProperties.map(\.name) == ["name"])
  }

  @Test("keyMapping is a plain property outside the Convertible dialect")
  func keyMappingElsewhere() {
    let registry = Self.registry("class M: Class {\n  var keyMapping = [\"a\": \"b\"]\n}\n")
    #expect(registry.property("M", "keyMapping")?.type == .dictionary(key: .scalar(.string), value: .scalar(.string)))
  }
}
