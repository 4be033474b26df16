import CastSchema
import Testing

/// Scalar spellings and key directives repeated across models: the lookups loading takes shortcuts for.
extension RegistryTests {
  static let spellings: [(String, ScalarType?)] = [
    ("Int", .int), ("UInt64", .uint64), ("CGFloat", .cgFloat), ("NSNumber", .number), ("Character", .character),
    ("NSString", .string), ("Substring", .string), ("NSURL", .url), ("NSDecimalNumber", .decimal),
    ("Float32", .float), ("Float64", .double), ("TimeInterval", .double), ("NSTimeInterval", .double),
    ("NSInteger", .int), ("NSUInteger", .uint), ("ObjCBool", .bool), ("Swift.Int", .int),
    ("Foundation.URL", .url), ("Foundation.NSDate", .date), ("Other.Int", nil), ("Swift.", nil), ("int", nil),
    ("", nil), ("Int ", nil), ("NSDecimalNumbers", nil), ("Swift.Swift.Int", nil),
  ]

  @Test("scalar types are found by every spelling, and only by those", arguments: spellings)
  func scalarSpellings(_ name: String, _ type: ScalarType?) {
    #expect(ScalarType.named(name) == type)
  }

  @Test("a key directive repeated across models gives each the same keys, verbatim ones apart")
  func repeatedKeyDirectives() throws {
    let registry = Self.registry(
      "struct A {\n  var x: Int //! \"k/j\"\n  var y: Int //! v\"v\"\n}\n"
        + "struct B {\n  var x: Int //! \"k/j\"\n  var y: Int //! \"v\"\n}\n",
      options: RegistryOptions(capitalizeKeys: true))
    let a = try #require(registry.models["A"]?.properties)
    let b = try #require(registry.models["B"]?.properties)
    #expect(a.map { $0.keys.map(\.description) } == [["K/J"], ["v"]])
    #expect(b.map { $0.keys.map(\.description) } == [["K/J"], ["V"]])
    #expect(a.map(\.keySource) == [.directive, .verbatim])
    #expect(b.map(\.keySource) == [.directive, .directive])
  }

  @Test("a thousand distinct keys, more than the parsed keys are remembered by, each stay their own")
  func manyDistinctKeys() throws {
    let keys = (0..<1000).map { "k\($0)/x" }
    let body = keys.enumerated().map { "  var p\($0.offset): Int //! \"\($0.element)\"\n" }.joined()
    let registry = Self.registry("struct A {\n\(body)}\nstruct B {\n\(body)}\n")
    for model in ["A", "B"] {
      let properties = try #require(registry.models[model]?.properties)
      #expect(properties.map { $0.keys.map(\.description) } == keys.map { [$0] })
    }
  }

  @Test("an invalid key directive is reported wherever it is repeated")
  func repeatedInvalidKeys() {
    let (_, diagnostics) = Loading.load("struct A {\n  var x: Int //! \"a//b\"\n}\nstruct B {\n  var x: Int //! \"a//b\"\n}\n")
    #expect(diagnostics.filter { $0.severity == .error }.map(\.range.bytes.lowerBound).count == 2)
  }
}
