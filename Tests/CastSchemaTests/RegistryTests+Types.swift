import CastSchema
import Testing

/// Types: inference from defaults, typealiases, references, enums, roots, `parseType`.
extension RegistryTests {
  static let inference: [(String, TypeRef, DefaultValue)] = [
    ("var int = 123456", .scalar(.int), .number("123456")),
    ("var big = 0x10", .scalar(.int), .number("16")),
    ("var flt = 111.111", .scalar(.double), .number("111.111")),
    ("var big = 1.7e308", .scalar(.double), .number("1.7e308")),
    ("var f: Float = -3.4e38", .scalar(.float), .number("-3.4e38")),
    ("var top: Float = 3.4028235e38", .scalar(.float), .number("3.4028235e38")),
    ("var g: CGFloat = 1_000.5e2", .scalar(.cgFloat), .number("1000.5e2")),
    ("var name = \"tim\"", .scalar(.string), .string("tim")),
    ("var bool = true", .scalar(.bool), .bool(true)),
    ("var xs = [1, 2]", .array(.scalar(.int)), .array([.number("1"), .number("2")])),
    // Swift types a literal as a whole: Int and Double literals together are Doubles (issue 27).
    ("var xs = [1, 2.5]", .array(.scalar(.double)), .array([.number("1"), .number("2.5")])),
    ("var xs = [1.5, 2]", .array(.scalar(.double)), .array([.number("1.5"), .number("2")])),
    ("var xss = [[1], [2.5]]", .array(.array(.scalar(.double))), .array([.array([.number("1")]), .array([.number("2.5")])])),
    ("var xs = [1, nil]", .array(.optional(.scalar(.int))), .array([.number("1"), .null])),
    (
      "var m = [\"a\": 1, \"b\": 2.5]", .dictionary(key: .scalar(.string), value: .scalar(.double)),
      .object([DefaultMember(key: "a", value: .number("1")), DefaultMember(key: "b", value: .number("2.5"))])
    ),
    (
      "var m = [\"a\": [1], \"b\": [2.5, 3]]", .dictionary(key: .scalar(.string), value: .array(.scalar(.double))),
      .object([
        DefaultMember(key: "a", value: .array([.number("1")])),
        DefaultMember(key: "b", value: .array([.number("2.5"), .number("3")])),
      ])
    ),
    ("var names = [String]()", .array(.scalar(.string)), .array([])),
    (
      "var map = [\"a\": 1]", .dictionary(key: .scalar(.string), value: .scalar(.int)),
      .object([DefaultMember(key: "a", value: .number("1"))])
    ),
    ("var members = [Minnow(), Minnow()]", .array(.model("Minnow")), .array([.model("Minnow"), .model("Minnow")])),
    ("var one = Minnow()", .model("Minnow"), .model("Minnow")),
    (
      "var m: [String: Minnow] = [\"bill\": Minnow()]", .dictionary(key: .scalar(.string), value: .model("Minnow")),
      .object([DefaultMember(key: "bill", value: .model("Minnow"))])
    ),
    ("var w: What = .no", .enumeration("What"), .enumCase(name: "no", raw: .string("no"))),
    // A numeric type's static members castctl knows exactly, and `Optional.none` (swiftc takes it
    // over an enum case of that name); they had been `default-type-mismatch` errors.
    ("var z: Int = .zero", .scalar(.int), .number("0")),
    ("var z: Double = .zero", .scalar(.double), .number("0")),
    ("var m: UInt8 = .max", .scalar(.uint8), .number("255")),
    ("var m: Int64 = .min", .scalar(.int64), .number("-9223372036854775808")),
    ("var n: Int? = .none", .scalar(.int), .null),
    ("var n: What? = .none", .enumeration("What"), .null),
    ("var t: String = \"a\\tb\\u{1F600}\"", .scalar(.string), .string("a\tb😀")),
  ]

  /// Other static members (`.pi`, `.infinity`, `.nan`, `Double.max`'s kin) are Swift, but not
  /// values castctl evaluates: a warning, never an error that stops the file.
  @Test("a static member castctl does not evaluate is unsupported-default, a warning", arguments: [
    "var p: Double = .pi", "var p: Double = .infinity", "var p: Float = .nan", "var p: Double = .max", "var p: Double = .greatestFiniteMagnitude",
    "var p: String = .init()",
  ])
  func unevaluatedMembers(_ declaration: String) throws {
    let (registry, diagnostics) = Loading.load("class M: Class {\n  \(declaration)\n}\n")
    #expect(diagnostics.map(\.code) == ["unsupported-default"], "\(diagnostics.map(\.message))")
    guard case .opaque? = registry.models["M"]?.properties.first?.defaultValue else {
      Issue.record("the default is \(String(describing: registry.models["M"]?.properties.first?.defaultValue))")
      return
    }
  }

  @Test("defaults are evaluated, and a missing type is inferred from them", arguments: inference)
  func inferredTypes(_ declaration: String, _ type: TypeRef, _ value: DefaultValue) throws {
    let registry = Self.registry(
      "enum What: String {\n  case yes, no\n}\nclass Minnow: Class {\n  var name = \"tim\"\n}\nclass M: Class {\n  \(declaration)\n}\n"
    )
    let property = try #require(registry.models["M"]?.properties.first)
    #expect(property.type == type)
    #expect(property.defaultValue == value)
  }

  static let aliases: [(String, String, TypeRef, Optionality)] = [
    ("typealias Number = NSNumber", "lazy var id: Number = 0", .scalar(.number), .none),
    ("typealias MaybeInt = Int?", "var x: MaybeInt", .scalar(.int), .optional),
    ("typealias Later = Friend", "var x: [Later]", .array(.model("Friend")), .none),
    ("typealias A = B\ntypealias B = [Int]", "var x: A?", .array(.scalar(.int)), .optional),
  ]

  @Test("typealiases resolve, in any order", arguments: aliases)
  func typealiases(_ alias: String, _ declaration: String, _ type: TypeRef, _ optionality: Optionality) throws {
    let registry = Self.registry("\(alias)\nclass M {\n  \(declaration)\n}\nclass Friend {\n}\n")
    let property = try #require(registry.models["M"]?.properties.first)
    #expect(property.type == type)
    #expect(property.optionality == optionality)
  }

  @Test("forward references and recursion resolve")
  func references() throws {
    let registry = Self.registry(
      "class User {\n  var friends: [User]\n  var best: Friend?\n  var byName: [String: User]?\n}\nclass Friend {\n  var of: User?\n}\n"
    )
    #expect(registry.property("User", "friends")?.type == .array(.model("User")))
    #expect(registry.property("User", "best")?.type == .model("Friend"))
    #expect(registry.property("User", "byName")?.type == .dictionary(key: .scalar(.string), value: .model("User")))
    #expect(registry.property("Friend", "of")?.type == .model("User"))
  }

  static let nestedBetween =
    "class Outer {\n  var a: Int? //! \"ka\"\n  struct Inner {\n    //! \"kc\"\n    var c: String = \"x\"\n  }\n"
    + "  //! \"kb\"\n  var b: Bool = true\n}\n"

  /// (schema, model, its properties as (name, output key, default)): a model's properties, and
  /// their types, defaults and directives, are kept in tables of their file, whatever is
  /// declared between them.
  static let propertyRows: [(String, String, [(String, String, DefaultValue?)])] = [
    (nestedBetween, "Outer", [("a", "ka", nil), ("b", "kb", .bool(true))]),
    (nestedBetween, "Inner", [("c", "kc", .string("x"))]),
    (
      "struct M {\n  var x: Int { //! ignore\n    1\n  }\n  //! \"ky\"\n  var y: [Int] = [1] //! \"kz\"\n"
        + "  var `default`: Int?\n}\n",
      "M", [("y", "kz", .array([.number("1")])), ("default", "default", nil)]
    ),
    (
      "struct M {\n  //! \"ks\"\n  static var s: Int?\n  var t: Int = 2\n  //! \"ko\"\n  option: Int?\n}\n",
      "M", [("t", "t", .number("2")), ("option", "ko", nil)]
    ),
  ]

  @Test("each property keeps its own type, default and directives", arguments: propertyRows)
  func propertyRows(_ schema: String, _ model: String, _ expected: [(String, String, DefaultValue?)]) throws {
    let (registry, _) = Loading.load(schema)
    let properties = try #require(registry.models[model]).properties
    #expect(properties.map(\.name) == expected.map(\.0))
    #expect(properties.map { $0.outputKey?.description ?? "" } == expected.map(\.1))
    #expect(properties.map(\.defaultValue) == expected.map(\.2))
  }

  static let enums: [(String, ScalarType?, [DefaultValue])] = [
    ("enum E: String { case a, b = \"bee\", c }", .string, [.string("a"), .string("bee"), .string("c")]),
    ("enum E: Int { case a, b = 10, c, d = -3, e }", .int, ["0", "10", "11", "-3", "-2"].map(DefaultValue.number)),
    ("enum E: UInt8 {\n  case a = 0x0F\n  case b\n}", .uint8, [.number("15"), .number("16")]),
    ("enum E: UInt8 { case a = 254, b }", .uint8, [.number("254"), .number("255")]),
    ("enum E: Int8 { case a = -128, b }", .int8, [.number("-128"), .number("-127")]),
    (
      "enum E: UInt64 { case a = 9223372036854775807, b }", .uint64,
      [.number("9223372036854775807"), .number("9223372036854775808")]
    ),
    ("enum E: Double { case a, b }", .double, [.number("0"), .number("1")]),
    ("enum E: Double { case a = 1.5, b = 2 }", .double, [.number("1.5"), .number("2")]),
    ("enum E { case a, b }", nil, [.string("a"), .string("b")]),
    ("typealias Raw = Int\nenum E: Raw { case a, b }", .int, [.number("0"), .number("1")]),
  ]

  @Test("enum raw values, implicit ones as Swift assigns them", arguments: enums)
  func enumRawValues(_ schema: String, _ rawType: ScalarType?, _ raws: [DefaultValue]) throws {
    let enumType = try #require(Self.registry(schema).enums["E"])
    #expect(enumType.rawType == rawType)
    #expect(enumType.cases.map(\.rawValue) == raws)
  }

  @Test("rootModels are the models nothing else refers to")
  func rootModels() {
    let registry = Self.registry(
      """
      class Root {
        var child: Child?
        var kids: [Kid]?
      }
      class Child {}
      class Kid {}
      class Other {}
      class Sub: Root {}
      class User {
        var friends: [User]?
      }
      """)
    #expect(registry.rootModels == ["Other", "Sub", "User"])
  }

  static let typeExpressions: [(String, TypeRef?, Bool)] = [
    ("[String: [Int]]", .dictionary(key: .scalar(.string), value: .array(.scalar(.int))), false),
    ("Set<URL>", .set(.scalar(.url)), false),
    ("User?", .model("User"), true),
    ("[User?]", .array(.optional(.model("User"))), false),
    ("Optional<Int>", .scalar(.int), true),
    ("Dictionary<String, [What]>!", .dictionary(key: .scalar(.string), value: .array(.enumeration("What"))), true),
    ("NSNumber", .scalar(.number), false),
    ("Number", .scalar(.number), false),
    // A parenthesised type is that type, as in Swift.
    ("(Int)", .scalar(.int), false),
    ("[(User)?]", .array(.optional(.model("User"))), false),
    ("((String))?", .scalar(.string), true),
  ]

  static let typeSchema = "typealias Number = NSNumber\nenum What { case a }\nclass User {\n}\n"

  @Test("SchemaLoader.parseType resolves a type expression against a registry", arguments: typeExpressions)
  func parseType(_ text: String, _ type: TypeRef?, _ optional: Bool) {
    let result = SchemaLoader.parseType(text, in: Self.registry(Self.typeSchema))
    #expect(result.diagnostics.isEmpty)
    #expect(result.type == type)
    #expect(result.optional == optional)
  }

  @Test(
    "SchemaLoader.parseType reports a bad expression by its code (an unknown name with a did-you-mean)",
    arguments: [
      ("Usr", "unknown-type"), ("[Int", "expected-token"), ("Int Int", "unexpected-token"), ("", "expected-token"),
      ("(Int, Int)", "unsupported-type"), ("[String: (Int) -> Int]", "unsupported-type"),
    ])
  func parseTypeErrors(_ text: String, _ code: String) throws {
    let result = SchemaLoader.parseType(text, in: Self.registry(Self.typeSchema))
    #expect(result.type == nil)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.map(\.code) == [code])
    #expect(diagnostic.range.file == 1)  // the expression's own file, after the registry's
    if text == "Usr" { #expect(diagnostic.notes.map(\.message) == ["did you mean 'User'?"]) }
  }
}

/// One `let` or `var` declaring several properties.
extension RegistryTests {
  static let bindingsModel = """
    struct Geo {
      let lat, lon: Double //! range -180...180
      var count = 1, name: String?
      var a, b: [Int], c = "x"
      var near: Int, //! range 0...9
        far: Int
    }

    """

  @Test(
    "each property of 'let a, b: T' is declared, typed by the next annotation, with the declaration's directives",
    arguments: [
      ("lat", "Double", false, 1), ("lon", "Double", false, 1), ("count", "Int", false, 0), ("name", "String", true, 0),
      ("a", "[Int]", false, 0), ("b", "[Int]", false, 0), ("c", "String", false, 0), ("near", "Int", false, 1),
      ("far", "Int", false, 0),
    ])
  func severalBindings(_ name: String, _ type: String, _ optional: Bool, _ checks: Int) throws {
    let registry = Self.registry(Self.bindingsModel)
    let property = try #require(registry.property("Geo", name))
    #expect(property.type.description == type)
    #expect((property.optionality != .none) == optional)
    #expect(property.checks.count == checks)
    #expect(property.isMapped)
  }
}

/// `#if` blocks: the first branch is read, the others skipped, nested blocks too.
extension RegistryTests {
  @Test(
    "an '#if' block's first branch not known false is read, and its other branches are not",
    arguments: [
      ("first", true), ("nestedFirst", true), ("nestedElse", false), ("elseIf", false), ("otherwise", false), ("after", true),
      ("never", false), ("instead", true), ("alsoNot", false),
    ])
  func conditionalBlocks(_ name: String, _ declared: Bool) throws {
    let model = """
      #if canImport(Foundation)
      import Foundation
      #endif
      struct M {
        #if DEBUG
        var first: Int
        #if os(Linux)
        var nestedFirst: Int
        #else
        var nestedElse: Int
        #endif
        #elseif TESTING
        var elseIf: Int
        #else
        var otherwise: Int
        #endif
        var after: Int
        #if false
        var never: Int
        #elseif false
        var alsoNot: Int
        #else
        var instead: Int
        #endif
        #warning("castctl reads past this")
      }

      """
    let (registry, diagnostics) = SchemaLoader.load([SourceFile(path: "m.swift", text: model)])
    #expect((registry.property("M", name) != nil) == declared)
    // NB: only `#if DEBUG` is unknown; `canImport(Foundation)`, `os(Linux)` and `false` are known
    // (on Linux, where `nestedFirst` is read; elsewhere the row would differ).
    #expect(diagnostics.map(\.code) == ["conditional-compilation"])
  }

  /// What swiftc itself makes of each condition, compiling this test: castctl must agree.
  static let knownConditions: [(String, Bool)] = {
    var rows: [(String, Bool)] = []
    #if os(Linux)
      rows += [("os(Linux)", true), ("os(macOS)", false), ("!os(Linux)", false), ("os(macOS) || os(Linux)", true)]
      rows += [("canImport(UIKit)", false), ("canImport(Glibc)", true), ("targetEnvironment(simulator)", false)]
      rows += [("DEBUG || os(Linux)", true), ("DEBUG && os(macOS)", false), ("!canImport(UIKit) && os(Linux)", true)]
    #endif
    #if canImport(Foundation)
      rows.append(("canImport(Foundation)", true))
    #endif
    #if swift(>=5.9)
      rows.append(("swift(>=5.9)", true))
    #endif
    #if compiler(>=6.0)
      rows.append(("compiler(>=6.0)", true))
    #endif
    #if compiler(<6)
      rows.append(("compiler(<6)", true))
    #else
      rows.append(("compiler(<6)", false))
    #endif
    #if _endian(little) && _pointerBitWidth(_64)
      rows.append(("_endian(little) && _pointerBitWidth(_64)", true))
    #endif
    #if os(Linux) && !canImport(Musl)
      rows.append(("canImport(Musl)", false))
    #endif
    #if arch(x86_64) || arch(arm64)
      rows.append(("arch(x86_64) || arch(arm64)", true))
    #endif
    rows += [("false", false), ("true && !false", true), ("(false || true) && true", true)]
    return rows
  }()

  @Test("a condition swiftc knows on this machine picks the branch it picks, with no note", arguments: knownConditions)
  func knownCondition(_ condition: String, _ value: Bool) {
    let model = "struct M: Codable {\n  #if \(condition)\n  var yes: Int\n  #else\n  var no: Int\n  #endif\n}\n"
    let (registry, diagnostics) = SchemaLoader.load([SourceFile(path: "m.swift", text: model)])
    #expect((registry.property("M", "yes") != nil) == value)
    #expect((registry.property("M", "no") != nil) == !value)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
  }

  @Test(
    "a condition that needs the build's flags reads the first branch not known false, with a note",
    arguments: ["DEBUG", "DEBUG && os(Linux)", "canImport(MyModule)", "hasFeature(Embedded)", "!RELEASE", "swift(>=6)", "swift(<6)"])
  func unknownCondition(_ condition: String) {
    let model = "struct M: Codable {\n  #if \(condition)\n  var yes: Int\n  #else\n  var no: Int\n  #endif\n}\n"
    let (registry, diagnostics) = SchemaLoader.load([SourceFile(path: "m.swift", text: model)])
    #expect(registry.property("M", "yes") != nil && registry.property("M", "no") == nil)
    #expect(diagnostics.map(\.code) == ["conditional-compilation"])
  }
}

/// Generic spellings qualified by their module.
extension RegistryTests {
  @Test(
    "'Swift.Optional<T>' and 'Swift.Array<T>' are 'T?' and '[T]'",
    arguments: [("e", "Int", true), ("f", "[String]", false), ("g", "[String: Int]", false)])
  func qualifiedGenerics(_ name: String, _ type: String, _ optional: Bool) throws {
    let registry = Self.registry(
      "struct A {\n  var e: Swift.Optional<Int>\n  var f: Swift.Array<String>\n  var g: Swift.Dictionary<String, Int>\n}\n")
    let property = try #require(registry.property("A", name))
    #expect(property.type.description == type)
    #expect((property.optionality != .none) == optional)
  }
}
