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
