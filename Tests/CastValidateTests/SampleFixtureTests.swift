import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// The seed libraries' test data (`<packageRoot>/../shared/samples`) and the package's own
/// `schemas/` examples, found from this file's path
/// (`<packageRoot>/Tests/CastValidateTests/SampleFixtureTests.swift`).
enum SampleFiles {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
  static let samples = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/samples")
  static let schemas = packageRoot.appendingPathComponent("schemas")

  /// True when the shared samples folder exists.
  static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: samples.appendingPathComponent("derived").path)
  }
  /// The skip message shown when it is missing.
  static let missing = "shared samples not found at \(samples.path) (../shared beside the package); skipping"
}

/// One data file against one schema, with the outcome the seed's own test (or the demo) names.
struct FixtureCase: Sendable, CustomTestStringConvertible {
  /// Schema files, relative to `folder`.
  let schemas: [String]
  /// The data file, relative to `folder`.
  let data: String
  /// Nil: the one root model, as the command line picks it.
  var model: String?
  var type: String?
  var registryOptions = RegistryOptions()
  var strict = false
  var ndjson = false
  let valid: Bool
  var records = 1
  /// Property → value text in the first record (see `EngineProbe.Run.value`).
  var values: [String: String] = [:]
  /// The folder the paths are relative to.
  var folder = SampleFiles.samples
  /// The folder of the schema paths, when not `folder`.
  var schemaFolder: URL?

  var testDescription: String {
    ([data, "against"] + schemas + (model.map { ["--model", $0] } ?? [])).joined(separator: " ")
  }

  /// Loads the schemas from disk and validates the data file.
  func run() throws -> EngineProbe.Run {
    var files: [SourceFile] = []
    for schema in schemas {
      files.append(try SourceFile.read(path: (schemaFolder ?? folder).appendingPathComponent(schema).path))
    }
    let (registry, diagnostics) = SchemaLoader.load(files, options: registryOptions)
    let errors = diagnostics.filter { $0.severity == .error }.map { "\($0.code): \($0.message)" }
    #expect(errors.isEmpty, "schema errors: \(errors)")
    let json = try String(contentsOf: folder.appendingPathComponent(data), encoding: .utf8)
    let options = ValidationOptions(strict: strict)
    if let type {
      let parsed = SchemaLoader.parseType(type, in: registry)
      let resolved = try #require(parsed.type)
      return try EngineProbe.run(registry, json, model: nil, type: resolved, options: options, ndjson: ndjson)
    }
    let roots = registry.rootModels
    let target = try #require(model ?? (roots.count == 1 ? roots[0] : nil), "no single root model: \(roots)")
    return try EngineProbe.run(registry, json, model: target, options: options, ndjson: ndjson)
  }

  /// Asserts the verdict, the record count and the values.
  func check(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let run = try run()
    #expect(run.isValid == valid, "\(run.findings.sorted())", sourceLocation: sourceLocation)
    #expect(run.records.count == records, sourceLocation: sourceLocation)
    #expect(run.summary.isValid == valid, sourceLocation: sourceLocation)
    for (property, value) in values.sorted(by: { $0.key < $1.key }) {
      #expect(run.value(property) == value, "\(property)", sourceLocation: sourceLocation)
    }
  }
}

extension FixtureCase {
  static let classy = "JSONCast-Classy.cast"
  static let capitalized = RegistryOptions(capitalizeKeys: true)

  /// JSON Cast's CastingAppTests (run with `-c`, as the app's build rule did).
  static let jsonCast: [FixtureCase] = [
    FixtureCase(
      schemas: [classy], data: "derived/JSONCast-CastingAppTests-Classy-fail.json", model: "Classy",
      registryOptions: capitalized, valid: false),
    FixtureCase(
      schemas: [classy], data: "derived/JSONCast-CastingAppTests-Classy-ok.json", model: "Classy",
      registryOptions: capitalized, valid: true,
      values: ["x": "3", "why": "nil", "y": #"default:"as""#, "powerMode": "0", "u": "nil"]),
    FixtureCase(
      schemas: [classy], data: "derived/JSONCast-CastingAppTests-Classz-full.json", model: "Classz",
      registryOptions: capitalized, valid: true,
      values: [
        "x": "3", "a": "[1,2,3]", "cx": #"Classx{name:"Joe",age:15}"#, "why": #""maybe""#, "y": #""word""#,
        "powerMode": "3", "u": #""http://houzz.com""#, "nested": "4", "another": #""another""#,
        "d2": #"{"K":"v","K2":3}"#, "second": #""second""#,
      ]),
    FixtureCase(
      schemas: [classy], data: "derived/JSONCast-CastingAppTests-Classx.json", model: "Classx",
      registryOptions: capitalized, valid: true, values: ["age": "60", "name": #""Donald""#]),
    FixtureCase(
      schemas: [classy], data: "derived/JSONCast-CastingAppTests-SubClass-supertag.json", model: "SubClass",
      registryOptions: capitalized, valid: true, values: ["yaw": "3", "age": "60", "name": #""Donald""#]),
    FixtureCase(
      schemas: [classy], data: "derived/JSONCast-CastingAppTests@fcbfd7b-Classz-full.json", model: "Classz",
      registryOptions: RegistryOptions(caseInsensitiveKeys: true), valid: true,
      values: [
        "x": "3", "y": #""word""#, "nested": "4", "d2": #"{"k":"v","k2":3}"#, "another": #""another""#,
        "cx": #"Classx{name:"Joe",age:15}"#, "second": "nil",
      ]),
  ]

  /// JsonObject, Convertible, Nosce and DSON test data against their models.
  static let otherSeeds: [FixtureCase] = [
    FixtureCase(
      schemas: ["derived/JsonObject-User.models.swift"], data: "derived/JsonObject-SampleData.json", valid: true,
      values: [
        "id": "12345", "name": #""Bob""#, "isPublic": "true", "accountBalance": "101.24", "ranking": "10.21",
        "metadata": #"{"arm_length":[5.67,16.42]}"#,
      ]),
    FixtureCase(
      schemas: ["seeds/jsonobject-basic.cast"], data: "derived/JsonObject-README-basic.json", model: "User",
      valid: true,
      values: ["id": "1025", "state": #""CA""#], schemaFolder: SampleFiles.schemas),
    FixtureCase(
      schemas: ["seeds/jsonobject-keymapping.cast"], data: "derived/JsonObject-README-keymapping.json", model: "User",
      valid: true, values: ["memberId": "30495", "isPublic": "true"], schemaFolder: SampleFiles.schemas),
    FixtureCase(
      schemas: ["derived/Convertible-E1.models.swift"], data: "Convertible-Person.json", model: "Person", valid: true,
      values: ["id": "1", "firstName": #""Brad""#, "lastName": #""Hilton""#, "public": "true", "bestFriend": "nil"]),
    FixtureCase(
      schemas: ["derived/Convertible-E1.models.swift"], data: "Convertible-Array.json", model: "Person", valid: true,
      records: 2),
    FixtureCase(
      schemas: ["derived/Convertible-E1.models.swift"], data: "Convertible-Dictionary.json", model: "Person",
      valid: true, values: ["id": "0"]),
    FixtureCase(
      schemas: ["derived/Convertible-E1.models.swift"], data: "history/Convertible-Person@2015-06-25-8bbcd47.json",
      model: "Person", valid: true,
      values: ["bestFriend": #"Person{id:1,firstName:"Dallin",lastName:"Miller",public:true}"#]),
    FixtureCase(
      schemas: ["derived/Convertible-E1.models.swift"], data: "Convertible-Person.json", model: "RequiredKeysPerson",
      valid: true, values: ["firstName": #""Brad""#, "isPublic": "true"]),
    // OptionalKeysPerson has no UnderscoreToCamelCase, so its required keys are camelCase.
    FixtureCase(
      schemas: ["derived/Convertible-E1.models.swift"], data: "Convertible-Person.json", model: "OptionalKeysPerson",
      valid: false),
    FixtureCase(
      schemas: ["derived/Convertible-E3.models.swift"], data: "Convertible-Person.json", model: "Person", valid: true,
      values: ["id": "1", "firstName": #""Brad""#, "public": "true"]),
    FixtureCase(
      schemas: ["derived/Convertible-E3.models.swift"], data: "Convertible-Array.json", model: "Person", valid: true,
      records: 2),
    FixtureCase(
      schemas: ["derived/Convertible-E3.models.swift"], data: "Convertible-Person.json", model: "PersonValue",
      valid: true, values: ["id": "1", "public": "true"]),
    FixtureCase(
      schemas: ["derived/Nosce-ModelSpace.models.swift"], data: "derived/Nosce-Company.json", model: "Company",
      valid: true, values: ["seniors": #"["Henry"]"#]),
    FixtureCase(
      schemas: ["derived/Nosce-ModelSpace.models.swift"], data: "derived/Nosce-Company.expected.json",
      model: "Company", valid: true),
    FixtureCase(
      schemas: ["derived/Nosce-ModelSpace.models.swift"], data: "derived/Nosce-Employee.json", model: "Employee",
      valid: true, values: ["name": #""John""#, "age": "28", "isActive": "true", "trusted": "false"]),
    FixtureCase(
      schemas: ["derived/Nosce-ModelSpace.models.swift"], data: "derived/Nosce-Person.json", model: "Person",
      valid: true, values: ["position": #"Position{salary:100000,name:"CEO"}"#]),
    FixtureCase(
      schemas: ["derived/Nosce-ModelSpace.models.swift"], data: "derived/Nosce-Position.json", model: "Position",
      valid: true, values: ["salary": "32000"]),
    FixtureCase(
      schemas: ["derived/Nosce-ModelSpace.models.swift"], data: "derived/Nosce-Position-missing-salary.json",
      model: "Position", valid: true, values: ["salary": "nil", "name": #""CEO""#]),
    FixtureCase(
      schemas: ["derived/Nosce-ModelSpace.models.swift"], data: "derived/Nosce-Position-array.json", model: "Position",
      valid: true, records: 2),
    FixtureCase(
      schemas: ["derived/Nosce-ModelSpace.models.swift"], data: "derived/Nosce-simple-array.json", type: "[Int]",
      valid: true),
    FixtureCase(
      schemas: ["derived/DSON-Assignment.models.swift"], data: "derived/DSON-Fish.json", valid: true,
      values: ["str": #""str""#, "int": "1", "bool": "true", "float": "12.34", "double": "56.78"]),
    FixtureCase(
      schemas: ["derived/DSON-Serialization.models.swift"], data: "derived/DSON-Shark.expected.json", model: "Shark",
      valid: true, values: ["flt": "111.111"]),
    FixtureCase(
      schemas: ["derived/DSON-Serialization.models.swift"], data: "derived/DSON-Trout.expected.json", model: "Trout",
      valid: true, values: ["int": "[123456]"]),
    FixtureCase(
      schemas: ["derived/DSON-Serialization.models.swift"], data: "derived/DSON-School.expected.json", model: "School",
      valid: true, values: ["members": #"[Minnow{name:"tim"},Minnow{name:"tim"},Minnow{name:"tim"}]"#]),
    FixtureCase(
      schemas: ["derived/DSON-Serialization.models.swift"], data: "derived/DSON-Pod.expected.json", model: "Pod",
      valid: true, values: ["members": #"{"bill":Dolphin{age:14},"steve":Dolphin{age:14}}"#]),
    FixtureCase(
      schemas: ["derived/DSON-Nested.models.swift"], data: "derived/DSON-nested.expected.json", model: "Fish",
      valid: true, values: ["type": #"Minnow{name:"tim"}"#]),
  ]

  /// The repository's `schemas/` examples with the flags and models `scripts/demo.sh` uses.
  static let examples: [FixtureCase] = [
    FixtureCase(schemas: ["users.cast"], data: "users.json", valid: true, folder: SampleFiles.schemas),
    FixtureCase(schemas: ["users.cast"], data: "users-invalid.json", valid: false, folder: SampleFiles.schemas),
    FixtureCase(
      schemas: ["users.cast"], data: "users.ndjson", strict: true, ndjson: true, valid: true, records: 3,
      folder: SampleFiles.schemas),
    FixtureCase(
      schemas: ["classy.cast"], data: "classy.json", model: "Classz", registryOptions: capitalized, valid: true,
      values: ["x": "3", "y": #""word""#, "nested": "4", "second": #""second""#], folder: SampleFiles.schemas),
    FixtureCase(
      schemas: ["convertible-person.cast"], data: "convertible-person.json", valid: true,
      values: ["firstName": #""Brad""#], folder: SampleFiles.schemas),
    FixtureCase(
      schemas: ["dson-fish.cast"], data: "dson-fish.json", valid: true, values: ["double": "56.78"],
      folder: SampleFiles.schemas),
    FixtureCase(
      schemas: ["jsonobject-user.cast"], data: "jsonobject-user.json", valid: true, values: ["isPublic": "true"],
      folder: SampleFiles.schemas),
    FixtureCase(
      schemas: ["nosce-company.cast"], data: "nosce-company.json", valid: true, folder: SampleFiles.schemas),
    // The seed of README's `infer --seed` example: the orders have outgrown it (that is the example).
    FixtureCase(
      schemas: ["order-seed.cast"], data: "orders.ndjson", strict: true, ndjson: true, valid: false, records: 12,
      folder: SampleFiles.schemas),
  ]
}

@Suite("Seed test data and schemas/ examples")
struct SampleFixtureTests {
  @Test(
    "JSON Cast's CastingAppTests data against Classy.cast (-c, or -i for @fcbfd7b)",
    .enabled(if: SampleFiles.isAvailable, "\(SampleFiles.missing)"), arguments: FixtureCase.jsonCast)
  func jsonCastCastingAppTests(_ fixture: FixtureCase) throws {
    try fixture.check()
  }

  @Test(
    "Classy-fail is invalid because PowerMode is missing",
    .enabled(if: SampleFiles.isAvailable, "\(SampleFiles.missing)"))
  func classyFailNamesPowerMode() throws {
    let run = try FixtureCase.jsonCast[0].run()
    #expect(run.findings == ["error missing-required /PowerMode"])
  }

  @Test(
    "JsonObject, Convertible, Nosce and DSON test data against their models",
    .enabled(if: SampleFiles.isAvailable, "\(SampleFiles.missing)"), arguments: FixtureCase.otherSeeds)
  func otherSeedFixtures(_ fixture: FixtureCase) throws {
    try fixture.check()
  }

  @Test("every schemas/*.cast example with its data", arguments: FixtureCase.examples)
  func schemaExamples(_ fixture: FixtureCase) throws {
    try fixture.check()
  }

  @Test("users-invalid.json names each problem where it is")
  func usersInvalidFindings() throws {
    let run = try FixtureCase.examples[1].run()
    let errors = Set(run.record.findings.filter { $0.severity == .error }.map(EngineProbe.describe))
    #expect(
      errors == [
        "error unknown-enum-value /role", "error invalid-format /created_at", "error missing-required /address/zip",
        "error check-failed /address/geo/lat",
      ])
    let codes = Set(run.record.findings.map(\.code))
    #expect(codes.isSuperset(of: ["coerced", "unknown-enum-value", "invalid-format"]), "\(codes)")
  }

  @Test("every schemas/*.cast example has a data file in the table")
  func everyExampleCovered() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: SampleFiles.schemas.path)
      .filter { $0.hasSuffix(".cast") }
    #expect(!names.isEmpty)
    let covered = Set(FixtureCase.examples.flatMap(\.schemas))
    for name in names { #expect(covered.contains(name), "\(name) has no data file in FixtureCase.examples") }
  }
}
