import CastSchema
import Testing

/// The registry a schema builds: inheritance, dialects, requirement, keys.
@Suite("Registry: inheritance, dialects, requirement, keys")
struct RegistryTests {
  /// Loads a schema that must have no errors or warnings.
  static func registry(
    _ text: String, options: RegistryOptions = RegistryOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> ModelRegistry {
    let (registry, diagnostics) = Loading.load(text, options: options)
    let problems = diagnostics.filter { $0.severity != .note }
    #expect(
      problems.isEmpty, "\(DiagnosticRenderer(files: registry.files).render(problems))", sourceLocation: sourceLocation)
    return registry
  }

  // MARK: - Inheritance

  static let base = "class A {\n  var a: Int?\n  var b: Int?\n}\n"

  static let flattening: [(String, String, RegistryOptions, [String], [String])] = [
    (base + "class B: A {\n  var c: Int?\n}\n", "B", RegistryOptions(), ["a", "b", "c"], ["a", "b", "c"]),
    (
      base + "class B: A {\n  //! super \"base\"\n  var c: Int?\n}\n", "B", RegistryOptions(), ["a", "b", "c"],
      ["base/a", "base/b", "c"]
    ),
    (
      base + "class B: A {\n  var c: Int?\n  //! super \"base\"\n}\n", "B", RegistryOptions(capitalizeKeys: true),
      ["a", "b", "c"], ["base/A", "base/B", "C"]
    ),
    (
      base + "class B: A {\n  //! super \"x/y\"\n}\nclass C: B {\n  var c: Int?\n  //! super \"k\"\n}\n", "C",
      RegistryOptions(),
      ["a", "b", "c"], ["k/x/y/a", "k/x/y/b", "c"]
    ),
    (
      "class C: B {\n  var c: Int?\n}\n" + base.replacing("class A", with: "class B"), "C", RegistryOptions(),
      ["a", "b", "c"], ["a", "b", "c"]
    ),
  ]

  @Test("inherited properties come first; //! super \"k\" puts them under k", arguments: flattening)
  func flatteningOrder(
    _ schema: String, _ model: String, _ options: RegistryOptions, _ names: [String], _ keys: [String]
  ) throws {
    let registry = Self.registry(schema, options: options)
    let properties = try #require(registry.models[model]).properties
    #expect(properties.map(\.name) == names)
    #expect(properties.map { $0.outputKey?.description ?? "-" } == keys)
  }

  @Test("an inherited property remembers where it is declared")
  func declaredIn() throws {
    let registry = Self.registry(Self.base + "class B: A {\n  var c: Int?\n}\n")
    let model = try #require(registry.models["B"])
    #expect(model.properties.map(\.declaredIn) == ["A", "A", "B"])
    #expect(model.superclass == "A")
    #expect(registry.models["A"]?.superclass == nil)
  }

  // MARK: - Dialects

  static let dialects: [(String, Dialect)] = [
    ("class M: DictionaryConvertible {}", .jsoncast),
    ("@objc public final class M: NSObject, DictionaryConvertible, NSCoding {}", .jsoncast),
    ("class M: NSObject, JsonObject {}", .jsonobject),
    ("class M: JsonObject, MapsUnderscoreCaseToCamelCase {}", .jsonobject),
    ("class M: Convertible {}", .convertible),
    ("class M: UnderscoreToCamelCase {}", .convertible),
    ("class M: CustomKeyMapping {}", .convertible),
    ("class M: IgnoredKeys {}", .convertible),
    ("class M: RequiredKeys {}", .convertible),
    ("class M: OptionalKeys {}", .convertible),
    ("class M: DictionaryConvertible, UnderscoreToCamelCase {}", .jsoncast),
    ("class M: NosceSerializationProtocol {}", .nosce),
    ("struct M: NosceDeserializationProtocol {}", .nosce),
    ("class M: Class {}", .dson),
    ("class M: NSObject {}", .jsoncast),
    ("struct M {}", .jsoncast),
    ("class Base: Class {}\nclass M: Base {}", .dson),
    ("class Base: JsonObject {}\nclass Mid: Base {}\nclass M: Mid, Convertible {}", .jsonobject),
  ]

  /// A default castctl cannot evaluate ends where its declaration does: it had run to the line's
  /// end, and the properties after a `;` on that line were lost without a word.
  @Test(
    "a default expression ends at ';', ',' or a closing bracket, not at the line's end",
    arguments: [
      ("var a: Double = 1/2; let b: Int", ["a", "b"]), ("var a: Double = 1 + 2; let b: Int; let c: Int", ["a", "b", "c"]),
      ("var a: [Int] = [1 + 2, 3]; let b: Int", ["a", "b"]), ("var a: Int = max(1, 2) * 3; let b: Int", ["a", "b"]),
      ("var a: Int = 1, b: Int = 2 + 3, c: Int = 4", ["a", "b", "c"]),
    ])
  func defaultExpressionEnds(_ body: String, _ names: [String]) throws {
    // NB: with the warnings such defaults get (`unsupported-default`, `codable-default-ignored`).
    let (registry, diagnostics) = Loading.load("struct M: Codable { \(body) }\nstruct N: Codable { let z: Int }\n")
    #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.map(\.message))")
    #expect(registry.models["M"]?.properties.map(\.name) == names)
    #expect(registry.models["N"]?.properties.map(\.name) == ["z"])
  }

  // MARK: - Swift syntax around models

  /// Ordinary Swift a `.swift` model file may hold, each row accepted by swiftc 6.3.1
  /// (`-swift-version 6 -typecheck`, after `struct U: Codable { let a: Int }`): castctl refused
  /// each with a syntax error, which left every model of the file unusable. The model or enum
  /// named is summed up as `dialect` and `property: key` (a model), or `case = raw value` (an enum).
  static let swiftSyntax: [(String, String, [String])] = [
    // Attributes and `~` in an inheritance list; the conformance after the attribute counts.
    ("final class Cache: Codable, @unchecked Sendable { var hits: Int }", "Cache", ["codable", "hits: hits"]),
    ("extension URL: @retroactive Identifiable { public var id: String { absoluteString } }", "U", ["codable", "a: a"]),
    ("struct P: @preconcurrency Codable { let b: Int }", "P", ["codable", "b: b"]),
    ("struct P: @MainActor Codable { let b: Int }", "P", ["codable", "b: b"]),
    ("struct NC: ~Copyable, Sendable { let b: Int }", "NC", ["jsoncast", "b: b"]),
    ("struct B<T: ~Copyable> { }\nstruct P: Codable { let b: Int }", "P", ["codable", "b: b"]),
    // `;` between declarations.
    ("struct X: Codable { let a: Int }; struct Y: Codable { let b: Int }", "Y", ["codable", "b: b"]),
    ("import Foundation; struct X: Codable { let b: Int }", "X", ["codable", "b: b"]),
    ("enum E: String, Codable { case a; static let x = \"x\"; case b }", "E", ["a = a", "b = b"]),
    ("struct M: Codable { let b: Int; #warning(\"todo\")\n  let c: Int }", "M", ["codable", "b: b", "c: c"]),
    // A trailing comma in generic arguments (Swift 6.1).
    ("struct T1<A: Codable>: Codable { var v: A }\nstruct T2: Codable { var t: T1<Int,> }", "T2", ["codable", "t: t"]),
    ("struct D: Codable { var d: Dictionary<String, Int,> }", "D", ["codable", "d: d"]),
    // Raw identifiers (Swift 6.2): the key is the name between the backticks, as JSONEncoder writes it.
    ("struct R: Codable { let `my key`: Int }", "R", ["codable", "my key: my key"]),
    ("struct R: Codable { let `a-b.c`: Int; let `{}`: Int }", "R", ["codable", "a-b.c: a-b.c", "{}: {}"]),
    (
      "struct R: Codable {\n  let `my key`: Int\n  enum CodingKeys: String, CodingKey { case `my key` = \"k\" }\n}", "R",
      ["codable", "my key: k"]
    ),
    ("enum K: String, Codable { case `a b`, `c-d` = \"x\" }", "K", ["a b = a b", "c-d = x"]),
    // `if` and `switch` expressions as defaults, an `else` on the next line too.
    ("struct E: Codable { var x: Int = if true { 1 } else { 2 }; let y: Int }", "E", ["codable", "x: x", "y: y"]),
    ("struct S: Codable {\n  var x: Int = if true { 1 }\n    else { 2 }\n  let y: Int\n}", "S", ["codable", "x: x", "y: y"]),
    ("struct S: Codable { var x: Int = switch 1 { case 1: 2 default: 3 }\n  let y: Int }", "S", ["codable", "x: x", "y: y"]),
    // Key paths and regex literals in static members and computed properties.
    ("extension U { static let path = \\U.a }", "U", ["codable", "a: a"]),
    ("struct K: Codable { let b: Int; static let path = \\K.b; let c: Int }", "K", ["codable", "b: b", "c: c"]),
    ("extension U { static var pattern: Regex<Substring> { /a}b/ } }", "U", ["codable", "a: a"]),
    ("struct R: Codable { var r: Regex<Substring> { #/a}b\"c/# }; let k: Int }", "R", ["codable", "k: k"]),
    // A parameter pack, in a model nothing specializes.
    ("struct Gen<each T> { }", "U", ["codable", "a: a"]),
  ]

  @Test("Swift syntax around models is read, or read past: the file loads and its models keep their keys", arguments: swiftSyntax)
  func swiftSyntaxAroundModels(_ declarations: String, _ name: String, _ expected: [String]) {
    // NB: with the warnings some get (`codable-default-ignored`, `skipped-member`).
    let (registry, diagnostics) = Loading.load("struct U: Codable { let a: Int }\n\(declarations)\n")
    #expect(Loading.errors(diagnostics).isEmpty, "\(DiagnosticRenderer(files: registry.files).render(diagnostics))")
    if let model = registry.models[name] {
      let properties = model.properties.map { "\($0.name): \($0.keyTexts.joined(separator: "/"))" }
      #expect(["\(model.dialect)"] + properties == expected)
    } else {
      let cases = registry.enums[name]?.cases.map { element -> String in
        guard case .string(let raw) = element.rawValue else { return element.name }
        return "\(element.name) = \(raw)"
      }
      #expect(cases == expected)
    }
  }

  @Test("the dialect comes from the declaration or the superclass", arguments: dialects)
  func dialect(_ schema: String, _ expected: Dialect) {
    #expect(Self.registry(schema).models["M"]?.dialect == expected)
  }

  @Test("RegistryOptions(dialect:) overrides every model's dialect", arguments: Dialect.allCases)
  func dialectOverride(_ dialect: Dialect) {
    let registry = Self.registry(
      "class M: JsonObject {}\nclass N: Class {}\nclass S: M {}", options: RegistryOptions(dialect: dialect))
    #expect(registry.models.values.map(\.dialect) == [dialect, dialect, dialect])
  }

  // MARK: - Required

  static let requirement: [(String, String, Bool)] = [
    ("DictionaryConvertible", "var x: Int", true),
    ("DictionaryConvertible", "var x: Int!", true),
    ("DictionaryConvertible", "var x: Int?", false),
    ("DictionaryConvertible", "var x: Int = 0", false),
    ("DictionaryConvertible", "let x: Int! = nil", false),
    ("DictionaryConvertible", "var x: Int //! custom", false),
    ("NSObject", "var x: [String]", true),
    ("JsonObject", "var x: Int", false),
    ("JsonObject", "var x: Int!", true),
    ("JsonObject", "var x: Int! = 3", false),
    ("JsonObject", "var x: Int?", false),
    ("Convertible", "var x: Int", false),
    ("Convertible", "var x: Int!", false),
    ("Convertible, RequiredKeys", "var x: Int?\n  var requiredKeys = [\"x\"]", true),
    ("Convertible, RequiredKeys", "var x: Int\n  var y: Int?\n  var requiredKeys = [\"y\"]", false),
    ("Convertible, OptionalKeys", "var x: Int?\n  var y: Int?\n  var optionalKeys = [\"y\"]", true),
    ("Convertible, OptionalKeys", "var x: Int\n  var optionalKeys = [\"x\"]", false),
    ("NosceSerializationProtocol", "var x: Int", false),
    ("NosceSerializationProtocol", "var x: Int!", false),
    ("Class", "var x: Int", false),
    ("Class", "var x: Int!", false),
  ]

  @Test("whether a property is required depends on the dialect", arguments: requirement)
  func required(_ protocols: String, _ declaration: String, _ expected: Bool) throws {
    let registry = Self.registry("class M: \(protocols) {\n  \(declaration)\n}\n")
    #expect(try #require(registry.property("M", "x")).isRequired == expected)
  }

  /// Convertible's lists are instance properties: inherited, overridden list by list, and read
  /// for every property the instance has (spec §4: inheritance works in every dialect).
  static let inheritedConfig: [(base: String, sub: String, presence: [String])] = [
    // The subclass's lists reach what it inherits.
    ("var requiredKeys = [\"a\"]", "var requiredKeys = [\"a\", \"b\"]", ["a: required", "b: required"]),
    ("", "var ignoredKeys = [\"a\"]\n  var keyMapping = [\"a\": \"x\", \"b\": \"y\"]", ["a: ignored", "b: optional y"]),
    // The superclass's lists reach what the subclass declares, where it declares none.
    ("var optionalKeys = [\"a\"]", "", ["a: optional", "b: required"]),
    ("var keyMapping = [\"a\": \"x\"]\n  var optionalKeys = [\"a\"]", "var keyMapping = [\"b\": \"y\"]", ["a: optional", "b: required y"]),
    ("var keyMapping = [\"a\": \"x\"]\n  var ignoredKeys = [\"a\"]", "var keyMapping: [String: String] = [:]\n  var requiredKeys = [String]()", ["a: ignored", "b: optional"]),
    // A subclass's ignoredKeys replaces its superclass's: what only the superclass's ignored is read.
    ("var ignoredKeys = [\"a\"]\n  var keyMapping = [\"a\": \"x\"]", "var ignoredKeys = [\"b\"]", ["a: optional x", "b: ignored"]),
    ("var ignoredKeys = [\"a\"]", "var ignoredKeys = [String]()\n  var requiredKeys = [\"a\"]", ["a: required", "b: optional"]),
  ]

  @Test("a Convertible subclass's configuration lists apply to what it inherits, and a superclass's to the subclass", arguments: inheritedConfig)
  func inheritedConfiguration(_ base: String, _ sub: String, _ presence: [String]) throws {
    let (registry, diagnostics) = Loading.load(
      "class Base: Convertible {\n  var a: Int?\n  \(base)\n}\nclass Sub: Base {\n  var b: Int?\n  \(sub)\n}\n")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let model = try #require(registry.models["Sub"])
    #expect(model.properties.map { property in
      let state = property.usage == .ignored ? "ignored" : property.isRequired ? "required" : "optional"
      let key = property.keys.first.map(\.description).flatMap { $0 == property.name ? nil : $0 }
      return "\(property.name): \(state)" + (key.map { " \($0)" } ?? "")
    } == presence)
  }

  @Test("requiredKeys wins over optionalKeys")
  func requiredKeysWin() throws {
    let registry = Self.registry(
      """
      class M: Convertible, RequiredKeys, OptionalKeys {
        var id: Int?
        var name: String?
        var email: String?
        var optionalKeys = ["name"]
        var requiredKeys = ["id"]
      }
      """)
    let model = try #require(registry.models["M"])
    #expect(model.properties.map(\.name) == ["id", "name", "email"])
    #expect(model.properties.map(\.isRequired) == [true, false, false])
  }
}
