import CastSchema
import Testing

/// A `Codable` enum's associated values: each case's values become the properties of its object,
/// keyed by label or by position among all the case's values.
extension RegistryTests {
  static let payloadEnum = """
    enum Shape: Codable {
      case none
      case circle(radius: Double), square(side: Double = 1)
      case pair(Int, name: String?)
      case mixed(_ first: Int, inner: [String: [Int]], Other?)
    }
    struct Other: Codable { let a: Int }

    """

  @Test(
    "associated values: labels or _N keys, optionality, types",
    arguments: [
      ("none", nil), ("circle", ["radius: Double required"]), ("square", ["side: Double required"]),
      ("pair", ["_0: Int required", "name: String? optional"]),
      ("mixed", ["_0: Int required", "inner: [String: [Int]] required", "_2: Other? optional"]),
    ] as [(String, [String]?)])
  func associatedValues(_ caseName: String, _ expected: [String]?) throws {
    let (registry, _) = Loading.load(Self.payloadEnum)
    let enumCase = try #require(registry.enums["Shape"]?.cases.first { $0.name == caseName })
    let described = enumCase.associatedValues?.map { value in
      "\(value.keyTexts.joined(separator: " ?? ")): \(value.type)\(value.optionality == .optional ? "?" : "") "
        + (value.isRequired ? "required" : "optional")
    }
    #expect(described == expected)
  }

  @Test("a payload default is ignored by the synthesized init (a warning); nothing else is reported")
  func payloadDiagnostics() {
    let (_, diagnostics) = Loading.load(Self.payloadEnum)
    #expect(Loading.problemCodes(diagnostics) == ["codable-default-ignored"])
  }

  @Test(
    "associated values in an enum that is not Codable, or has a raw type, are dropped with a warning",
    arguments: ["enum E { case a(Int), b }\n", "enum E: String, Codable { case a(Int), b }\n"])
  func payloadOutsideCodable(_ text: String) throws {
    let (registry, diagnostics) = Loading.load(text)
    #expect(Loading.problemCodes(diagnostics).contains("enum-associated-values"))
    #expect(try #require(registry.enums["E"]).cases.map(\.name) == ["b"])
  }

  @Test("under convert-from-snake-case a label reads the key convertToSnakeCase writes too")
  func payloadSnakeCase() throws {
    var options = RegistryOptions()
    options.keyDecoding = .convertFromSnakeCase
    let (registry, _) = Loading.load("enum E: Codable { case a(firstName: Int, Int) }\n", options: options)
    let values = try #require(registry.enums["E"]?.cases.first?.associatedValues)
    #expect(values.map(\.keyTexts) == [["firstName", "first_name"], ["_1"]])
  }
}

/// A `Codable` enum's `CodingKeys` and `<Case>CodingKeys` (checked against swiftc: which of these
/// it refuses to compile).
extension RegistryTests {
  static let keyedEnum = """
    enum E: Codable {
      case a(x: Int, Int = 4)
      case myCase(Int)
      case c
      enum CodingKeys: String, CodingKey { case a = "A", myCase }
      enum ACodingKeys: String, CodingKey { case x = "ex" }
    }
    extension E {
      enum MyCaseCodingKeys: String, CodingKey { case _0 = "zero" }
    }

    """

  @Test("CodingKeys renames case keys and drops a case it leaves out; <Case>CodingKeys renames or leaves out values")
  func enumCodingKeys() throws {
    let (registry, diagnostics) = Loading.load(Self.keyedEnum)
    #expect(Loading.problemCodes(diagnostics) == ["codable-case-not-coded"])
    let cases = try #require(registry.enums["E"]).cases
    #expect(cases.map(\.name) == ["a", "myCase"])
    #expect(cases.map(\.rawValue) == [.string("A"), .string("myCase")])
    #expect(cases[0].associatedValues?.map(\.keyTexts) == [["ex"], []])
    #expect(cases[0].associatedValues?.map(\.isMapped) == [true, false])
    #expect(cases[1].associatedValues?.map(\.keyTexts) == [["zero"]])
    #expect(registry.enums["MyCaseCodingKeys"] == nil)
  }

  @Test(
    "coding keys Swift refuses: a value left out without a default, a key naming nothing",
    arguments: [
      ("enum E: Codable {\n  case a(x: Int, y: Int?)\n  enum ACodingKeys: String, CodingKey { case x }\n}\n", "codable-key-missing"),
      ("enum E: Codable {\n  case a(x: Int)\n  enum ACodingKeys: String, CodingKey { case x, z }\n}\n", "codable-unknown-key"),
      ("enum E: Codable {\n  case a, b\n  enum CodingKeys: String, CodingKey { case a, b, zz }\n}\n", "codable-unknown-key"),
    ])
  func enumCodingKeysRefused(_ text: String, _ code: String) {
    let (_, diagnostics) = Loading.load(text)
    #expect(Loading.problemCodes(diagnostics) == [code])
  }
}

/// A `Codable` enum's hand-written coding.
extension RegistryTests {
  @Test(
    "a hand-written init(from:) or encode(to:), in the enum or an extension, is noted and marks the enum",
    arguments: [
      "enum L: String, Codable {\n  case a\n  init(from decoder: Decoder) throws { self = .a }\n}\n",
      "enum L: Codable {\n  case a(Int)\n}\nextension L {\n  func encode(to encoder: Encoder) throws {}\n}\n",
    ])
  func enumCustomCoding(_ text: String) throws {
    let (registry, diagnostics) = Loading.load(text)
    #expect(diagnostics.map(\.code) == ["codable-custom-coding"])
    #expect(try #require(registry.enums["L"]).hasCustomCoding)
  }
}
