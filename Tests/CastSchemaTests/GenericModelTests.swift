import CastSchema
import Testing

@testable import CastSchema

/// Generic models (issue 24): a generic struct or class is a template; each specialization a
/// model names (`Page<User>`) is an ordinary model with the parameters substituted.
@Suite struct GenericModelTests {
  static let schema = """
    import Foundation
    struct Page<T: Codable>: Codable {
      let items: [T]
      let next: URL?
    }
    struct Response<Payload: Decodable>: Decodable where Payload: Sendable {
      let data: Payload
      let meta: [String: String]?
    }
    struct Pair<K: Hashable & Codable, V>: Codable {
      let key: K
      let byName: [String: V]
      let first: V?
      let page: Page<V>
    }
    struct Unused<T>: Codable {
      let count: Int
    }
    struct User: Codable {
      let id: Int
      let name: String
    }
    typealias PageOf<T: Codable> = Page<T>
    typealias Named<V> = [String: V]
    """

  static func load(_ text: String) -> (ModelRegistry, [Diagnostic]) {
    SchemaLoader.load([SourceFile(path: "models.swift", text: text)])
  }

  /// A type written against the schema, its specializations lowered: each property's type as
  /// `castctl schema` shows it.
  static func properties(of expression: String) -> [String: [String]] {
    let (registry, _) = load(schema)
    let parsed = SchemaLoader.parseType(expression, in: registry)
    var result: [String: [String]] = [:]
    for (name, model) in parsed.registry.models where name.contains("<") {
      result[name] = model.properties.map { "\($0.name): \($0.type)\($0.optionality == .optional ? "?" : "")" }
    }
    return result
  }

  @Test(
    "a specialization is the generic model with its parameters substituted",
    arguments: [
      ("Page<User>", ["Page<User>": ["items: [User]", "next: URL?"]]),
      ("Page<[Int]>", ["Page<[Int]>": ["items: [[Int]]", "next: URL?"]]),
      ("Page<Int?>", ["Page<Int?>": ["items: [Int?]", "next: URL?"]]),
      ("Page<Swift.Int>", ["Page<Int>": ["items: [Int]", "next: URL?"]]),
      (
        "Response<Page<User>>",
        [
          "Response<Page<User>>": ["data: Page<User>", "meta: [String: String]?"],
          "Page<User>": ["items: [User]", "next: URL?"],
        ]
      ),
      (
        "[Pair<String, User>]",
        [
          "Pair<String, User>": ["key: String", "byName: [String: User]", "first: User?", "page: Page<User>"],
          "Page<User>": ["items: [User]", "next: URL?"],
        ]
      ),
      ("Unused<Int>", ["Unused<Int>": ["count: Int"]]),
      // A generic typealias stands for its type with the arguments put in, as in Swift.
      ("PageOf<User>", ["Page<User>": ["items: [User]", "next: URL?"]]),
      ("Named<PageOf<[Int]>>", ["Page<[Int]>": ["items: [[Int]]", "next: URL?"]]),
    ])
  func specializationSubstitutes(expression: String, expected: [String: [String]]) {
    #expect(Self.properties(of: expression) == expected)
  }

  @Test(
    "a generic model without its arguments or with the wrong count is generic-arguments; a parameter outside its model is unknown",
    arguments: [
      ("struct Feed: Codable { let page: Page }", "generic-arguments", "'Page' is generic: write Page<T>"),
      ("struct Feed: Codable { let page: Page<User, Int> }", "generic-arguments", "'Page' takes 1 type argument, not 2"),
      ("struct Feed: Codable { let pair: Pair<User> }", "generic-arguments", "'Pair' takes 2 type arguments, not 1"),
      ("struct Feed: Codable { let page: PageOf }", "generic-arguments", "'PageOf' is generic: write PageOf<T>"),
      ("struct Feed: Codable { let page: PageOf<User, Int> }", "generic-arguments", "'PageOf' takes 1 type argument, not 2"),
      (
        "typealias Broken<T> = Page<T, T>\nstruct Feed: Codable { let page: Broken<User> }", "generic-arguments",
        "'Page' takes 1 type argument, not 2"
      ),
      ("struct Feed: Codable { let item: T }", "unknown-type", "unknown type 'T'"),
      ("struct Feed: Codable { let page: Page<Strin> }", "unknown-type", "unknown type 'Strin'"),
      (
        "struct Gen<each T: Codable>: Codable { let id: Int }\nstruct Feed: Codable { let g: Gen<Int, String> }", "unsupported-type",
        "type 'Gen' cannot be mapped: its parameter pack 'each T' takes any number of types"
      ),
    ])
  func wrongUseIsReported(declaration: String, code: String, message: String) {
    let (_, diagnostics) = Self.load(Self.schema + "\n" + declaration + "\n")
    let errors = diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1, "\(errors.map(\.message))")
    #expect(errors.first?.code == code)
    #expect(errors.first?.message.hasPrefix(message) == true, "\(errors.first?.message ?? "")")
  }

  @Test(
    "a generic parameter clause and a where clause are read past, their names kept",
    arguments: [
      ("struct A<T>: Codable { let x: T }", ["T"]),
      ("struct A<T: Codable>: Codable { let x: T }", ["T"]),
      ("struct A<K: Hashable & Codable, V>: Codable { let x: [K: V] }", ["K", "V"]),
      ("final class A<T>: Codable where T: Codable, T: Sendable { let x: T }", ["T"]),
      ("struct A<T>: Codable\n  where T: Codable {\n  let x: T\n}", ["T"]),
      ("struct A<T: Codable,>: Codable { let x: T }", ["T"]),
      ("struct A<each T>: Codable { let x: Int }", ["T"]),
      ("struct A<T: ~Copyable> { let x: Int }", ["T"]),
    ])
  func parameterClauseIsParsed(declaration: String, parameters: [String]) {
    let (registry, diagnostics) = Self.load(declaration)
    #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics.map(\.message))")
    #expect(registry.genericModels.map(\.parameters) == [parameters])
    #expect(registry.models.isEmpty)
  }

  @Test(
    "a broken generic parameter clause is one syntax error, and the model after it still loads",
    arguments: [
      ("struct A<: Codable {\n  let x: Int\n}\n", "expected-token"),
      ("struct A<T U>: Codable {\n  let x: Int\n}\n", "unexpected-token"),
      ("struct A<T: Codable {\n  let x: Int\n}\n", "unexpected-token"),
    ])
  func brokenClauseRecovers(declaration: String, code: String) {
    let (registry, diagnostics) = Self.load(declaration + "struct Z: Codable { let id: Int }\n")
    #expect(diagnostics.map(\.code) == [code], "\(diagnostics.map(\.message))")
    #expect(registry.models["Z"] != nil)
  }

  @Test("specializations a model uses are models of the registry, named as Swift spells them, and no roots")
  func usedSpecializationsAreModels() {
    let (registry, diagnostics) = Self.load(Self.schema + "struct Feed: Codable { let page: Page<User>; let nested: Response<Page<Int>>? }\n")
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    #expect(Array(registry.models.keys) == ["User", "Feed", "Page<User>", "Page<Int>", "Response<Page<Int>>"])
    #expect(registry.rootModels == ["Feed"])
  }

  @Test("a generic model nothing specializes is no root: a file with Page<T> and User picks User")
  func unspecializedGenericIsNoRoot() {
    let (registry, _) = Self.load("struct Page<T: Codable>: Codable { let items: [T] }\nstruct User: Codable { let id: Int }\n")
    #expect(registry.rootModels == ["User"])
  }

  @Test("a generic model that specializes itself ever deeper stops at the nesting limit")
  func polymorphicRecursionStops() {
    let (_, diagnostics) = Self.load("struct Tree<T>: Codable { let value: T; let children: [Tree<[T]>] }\nstruct Root: Codable { let tree: Tree<Int> }\n")
    #expect(diagnostics.map(\.code) == ["nesting-too-deep"])
  }

  @Test("a problem in a generic model's declaration is reported once, whether or not it is specialized")
  func templateProblemReportedOnce() {
    let text = "struct Page<T>: Codable {\n  let items: [T]\n  var count: Int = 3\n}\nstruct Feed: Codable { let a: Page<Int>; let b: Page<String> }\n"
    let (_, diagnostics) = Self.load(text)
    #expect(diagnostics.map(\.code) == ["codable-default-ignored"])
    let (_, alone) = Self.load("struct Page<T>: Codable {\n  let items: [Strin]\n}\n")
    #expect(alone.map(\.code) == ["unknown-type"])
  }
}
