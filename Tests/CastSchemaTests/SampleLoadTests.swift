import CastSchema
import Foundation
import Testing

/// Every schema the project promises to load does, with no errors; Classy has the keys the
/// original generator gave it under `-c`.
@Suite("Sample schemas load")
struct SampleLoadTests {
  @Test(
    "each shared sample schema loads with no errors", .enabled(if: Samples.sharedExists, Samples.sharedMissing),
    arguments: Samples.sharedSchemas)
  func sharedSample(_ path: String) throws {
    try expectNoErrors(Samples.shared.appendingPathComponent(path))
  }

  @Test("each repository schema loads with no errors", arguments: Samples.repositorySchemas)
  func repositorySchema(_ path: String) throws {
    try expectNoErrors(Samples.packageRoot.appendingPathComponent(path))
  }

  @Test("the sample lists are complete", .enabled(if: Samples.sharedExists, Samples.sharedMissing))
  func sampleLists() {
    let shared = Samples.sharedSchemas
    #expect(shared.count { $0.hasPrefix("samples/history/") } == 14)
    #expect(shared.count { $0.hasPrefix("samples/derived/") } >= 7)
    #expect(Samples.repositorySchemas.count { $0.hasPrefix("schemas/seeds/") } >= 1)
    #expect(Samples.repositorySchemas.count { !$0.hasPrefix("schemas/seeds/") } >= 1)
  }

  /// (model, property, keys under `-c`, required, usage)
  static let classyFacts: [(String, String, [String], Bool, PropertyUsage)] = [
    ("Classy", "powerMode", ["PowerMode"], true, .normal),
    ("Classy", "x", ["X"], false, .normal),
    ("Classy", "y", ["Arg", "Y"], false, .normal),
    ("Classy", "nested", ["Outer/Inner", "X/Y"], false, .normal),
    ("Classy", "second", ["Second[1]"], false, .normal),
    ("Classy", "lowercasedProperty", ["will"], false, .normal),
    ("Classy", "skip", [], false, .skipJSON),
    ("Classy", "derived", [], false, .ignored),
    ("Classy", "cust", ["Cust"], false, .custom),
    ("Classz", "powerMode", ["PowerMode"], true, .normal),
    ("Classz", "another", ["Another"], false, .normal),
    ("SubClass", "name", ["classx/Name"], false, .normal),
    ("SubClass", "opt", ["classx/Opt"], false, .normal),
    ("SubClass", "yaw", ["Yaw"], true, .normal),
  ]

  @Test("Classy's keys under -c", .enabled(if: Samples.sharedExists, Samples.sharedMissing), arguments: classyFacts)
  func classyKeys(_ model: String, _ name: String, _ keys: [String], _ required: Bool, _ usage: PropertyUsage) throws {
    let property = try #require(try classy().property(model, name))
    #expect(property.keyTexts == keys)
    #expect(property.isRequired == required)
    #expect(property.usage == usage)
  }

  @Test(
    "Classy's defaults, verbatim key and flattened order", .enabled(if: Samples.sharedExists, Samples.sharedMissing))
  func classyDetails() throws {
    let registry = try classy()
    #expect(registry.property("Classy", "y")?.defaultValue == .string("as"))
    #expect(
      registry.property("Classy", "lowercasedProperty")?.defaultValue == .enumCase(name: "yes", raw: .string("yes")))
    #expect(registry.property("Classy", "lowercasedProperty")?.keySource == .verbatim)
    #expect(registry.property("Classy", "xx") == nil)  // computed
    #expect(registry.models["SubClass"]?.superKey?.description == "classx")
    #expect(registry.models["SubClass"]?.properties.map(\.name) == ["name", "age", "opt", "yaw"])
    let classy = try #require(registry.models["Classy"]).properties.map(\.name)
    #expect(registry.models["Classz"]?.properties.map(\.name) == classy + ["another"])
    #expect(Array(registry.models.keys) == ["Classy", "Classx", "Classz", "SubClass"])
    #expect(registry.models.values.allSatisfy { $0.dialect == .jsoncast })
  }

  private func classy() throws -> ModelRegistry {
    let file = try SourceFile.read(path: Samples.shared.appendingPathComponent("samples/JSONCast-Classy.cast").path)
    return SchemaLoader.load([file], options: RegistryOptions(capitalizeKeys: true)).registry
  }

  private func expectNoErrors(_ url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let file = try SourceFile.read(path: url.path)
    let (registry, diagnostics) = SchemaLoader.load([file])
    let errors = Loading.errors(diagnostics)
    #expect(errors.isEmpty, "\(DiagnosticRenderer(files: [file]).render(errors))", sourceLocation: sourceLocation)
    #expect(!registry.models.isEmpty, sourceLocation: sourceLocation)
  }
}
