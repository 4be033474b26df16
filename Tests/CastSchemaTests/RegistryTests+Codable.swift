import CastSchema
import Testing

/// Codable models: CodingKeys are the keys, what they leave out and a `let` with a value are not
/// decoded, and CodingKeys is no enum of its own.
extension RegistryTests {
  static let codableModel = """
    struct User: Codable {
      var id: Int
      var homepage: String
      var note: String?
      var cached: Int = 0
      let kind = "user"
      enum CodingKeys: String, CodingKey {
        case id
        case homepage = "home_page"
      }
    }
    struct Plain: Codable {
      var id: Int
      let version = 1
      enum CodingKeys: String, CodingKey { case id = "ID" }
    }

    """

  @Test(
    "a CodingKeys case is the JSON key; a property it leaves out is not decoded",
    arguments: [
      ("id", ["id"], true), ("homepage", ["home_page"], true), ("note", [], false), ("cached", [], false),
      ("kind", [], false),
    ])
  func codingKeys(_ name: String, _ keys: [String], _ mapped: Bool) throws {
    let property = try #require(Self.registry(Self.codableModel).property("User", name))
    #expect(property.keyTexts == keys)
    #expect(property.isMapped == mapped)
    if mapped { #expect(property.keySource == .codingKeys) }
  }

  @Test("CodingKeys of several models is neither an enum nor a duplicate name")
  func codingKeysHidden() {
    let registry = Self.registry(Self.codableModel)
    #expect(registry.enums["CodingKeys"] == nil)
    #expect(registry.property("Plain", "id")?.keyTexts == ["ID"])
  }

  @Test("without CodingKeys, a let with a value keeps its key (JSONEncoder writes it) and is not required")
  func letWithValueWithoutCodingKeys() throws {
    let registry = Self.registry("struct M: Codable {\n  let id: Int\n  let kind = \"m\"\n}\n")
    #expect(try #require(registry.property("M", "id")).isRequired)
    let kind = try #require(registry.property("M", "kind"))
    #expect(kind.isMapped && kind.keyTexts == ["kind"] && !kind.isRequired)
  }
}

/// `CodingKeys` whose own `stringValue` gives two cases one key: swiftc compiles it and
/// JSONDecoder reads both properties from that key (SharedCodingKeyOracleTests), so the model
/// loads without a `duplicate-json-key`; two keys that meet only under `-i` are still one.
extension RegistryTests {
  static func sharedKeyModel(_ cases: String) -> String {
    "struct A: Codable {\n  var a: Int\n  var b: Int?\n  var c: String\n"
      + "  enum CodingKeys: CodingKey {\n    case a, b, c\n    var stringValue: String { switch self { \(cases) } }\n  }\n}\n"
  }

  @Test(
    "CodingKeys that give cases one key load, each property keyed by it",
    arguments: [
      (#"case .a, .b: "k"; case .c: "c""#, ["k", "k", "c"]),
      (#"case .a: "k"; case .b: "k"; case .c: "k""#, ["k", "k", "k"]),
      (#"case .c: "c"; default: "k""#, ["k", "k", "c"]),
    ])
  func sharedCodingKeys(_ cases: String, _ keys: [String]) throws {
    let registry = Self.registry(Self.sharedKeyModel(cases))
    for (name, key) in zip(["a", "b", "c"], keys) {
      let property = try #require(registry.property("A", name))
      #expect(property.keyTexts == [key] && property.isMapped && property.keySource == .codingKeys)
    }
  }

  @Test("keys that meet only under -i are still duplicate-json-key")
  func sharedOnlyFolded() {
    let text = Self.sharedKeyModel(#"case .a: "k"; case .b: "K"; case .c: "c""#)
    let (_, diagnostics) = Loading.load(text, options: RegistryOptions(caseInsensitiveKeys: true))
    #expect(diagnostics.map(\.code) == ["duplicate-json-key"])
  }
}

/// Extensions and hand-written coding.
extension RegistryTests {
  @Test("an extension makes its model codable and brings its CodingKeys")
  func extensionConformance() throws {
    let registry = Self.registry(
      """
      struct User {
        var id: Int
      }
      extension User: Codable {
        enum CodingKeys: String, CodingKey { case id = "user_id" }
        func greet() {}
      }

      """)
    #expect(registry.models["User"]?.dialect == .codable)
    #expect(registry.property("User", "id")?.keyTexts == ["user_id"])
  }

  /// A hand-written `init(from:)` decodes the model (with or without an `encode(to:)`); an
  /// `encode(to:)` alone leaves decoding to the synthesized `init(from:)` (as JSONDecoder does).
  @Test(
    "a hand-written init(from:) passes the properties through unchecked; an encode(to:) alone does not",
    arguments: [
      ("  init(from decoder: Decoder) throws { a = 1 }\n", true),
      ("  init(from decoder: Decoder) throws { a = 1 }\n  func encode(to encoder: Encoder) throws {}\n", true),
      ("  public func encode(to encoder: Encoder) throws {}\n", false),
    ])
  func customCoding(_ member: String, _ unchecked: Bool) throws {
    let (registry, diagnostics) = Loading.load("struct M: Codable {\n  var a: Int\n\(member)}\n", options: RegistryOptions())
    #expect(diagnostics.map(\.code) == ["codable-custom-coding"])
    let property = try #require(registry.property("M", "a"))
    #expect(property.usage == (unchecked ? .custom : .normal))
    #expect(property.isRequired == !unchecked)
  }
}

/// Subclasses of a Codable class.
extension RegistryTests {
  @Test("a Codable subclass decodes its superclass's properties only, as JSONDecoder does")
  func codableSubclass() throws {
    let (registry, _) = Loading.load(
      "class A: Codable {\n  var id: Int?\n}\nclass B: A {\n  var extra: Int = 5\n}\n", options: RegistryOptions())
    #expect(try #require(registry.property("B", "id")).isMapped)
    #expect(try #require(registry.property("B", "extra")).isMapped == false)
  }
}

/// Conformance through a typealias.
extension RegistryTests {
  @Test("a model conforming to 'typealias Model = Codable & Sendable' is codable")
  func typealiasComposition() {
    let registry = Self.registry("typealias Model = Codable & Sendable\nstruct U: Model {\n  var id: Int\n}\n")
    #expect(registry.models["U"]?.dialect == .codable)
    #expect(registry.aliases["Model"] == nil)
  }

  /// A type conforms to what its protocols inherit, as in Swift: `struct U: Model` with
  /// `protocol Model: Codable` has the synthesized Codable conformance.
  @Test(
    "a model conforms to what its protocols inherit, through any number of them",
    arguments: [
      ("protocol Model: Codable {}\nstruct U: Model {\n  var id: Int\n}\n", Dialect.codable),
      ("protocol Model: Codable, Sendable where Self: Equatable {\n  var id: Int { get }\n}\nstruct U: Model {\n  var id: Int\n}\n", .codable),
      ("protocol Base: Decodable {}\nprotocol Entity: Base, Identifiable {}\nstruct U: Entity, Equatable {\n  var id: Int\n}\n", .codable),
      ("protocol Store<Item>: Encodable {}\nstruct U: Store {\n  var id: Int\n}\n", .codable),
      ("typealias Both = Codable & Sendable\nprotocol Model: Both {}\nstruct U: Model {\n  var id: Int\n}\n", .codable),
      ("protocol Model: DictionaryConvertible {}\nstruct U: Model {\n  var id: Int\n}\n", .jsoncast),
      ("protocol Model: Equatable {}\nstruct U: Model {\n  var id: Int\n}\n", .jsoncast),
      // NB: a cycle Swift refuses; castctl reads each protocol once and stops.
      ("protocol A: B {}\nprotocol B: A, Codable {}\nstruct U: A {\n  var id: Int\n}\n", .codable),
      ("struct U: Codable & Sendable {\n  var id: Int\n}\n", .codable),
      ("struct U: Equatable, Codable & Sendable {\n  var id: Int\n}\n", .codable),
    ])
  func protocolInheritance(_ text: String, _ dialect: Dialect) {
    let registry = Self.registry(text)
    #expect(registry.models["U"]?.dialect == dialect)
  }

  @Test("an enum conforms to a composition and to what its protocols inherit")
  func enumConformances() {
    let registry = Self.registry(
      "protocol Model: Codable {}\nenum Shape: Model {\n  case dot(x: Int)\n}\nenum Color: String, Codable & Hashable {\n  case red\n}\n")
    #expect(registry.enums["Shape"]?.isCodable == true)
    #expect(registry.enums["Color"]?.rawType == .string)
    #expect(registry.enums["Color"]?.isCodable == true)
  }

  @Test("a protocol that inherits nothing is read past with a note; one that inherits is read without one")
  func protocolNotes() {
    let (_, plain) = Loading.load("protocol Named {\n  var name: String { get }\n}\nstruct U {\n  var id: Int\n}\n")
    #expect(plain.map(\.code) == ["skipped-declaration"])
    let (_, refining) = Loading.load("protocol Model: Codable {\n  func f()\n}\nstruct U: Model {\n  var id: Int\n}\n")
    #expect(refining.map(\.code) == [])
  }
}
