import CastSchema
import Testing

@testable import CastValidate

/// A schema compiled for one target (`validate`) compiles the models that target reaches and
/// finds exactly what a schema compiled whole finds.
struct TargetCompilationTests {
  static let schema = """
    enum Role: String { case admin, viewer }
    struct Tag {
        let name: String
    }
    struct Geo {
        let lat: Double
        let lon: Double
    }
    struct Address {
        let city: String
        let geo: Geo?
    }
    struct Team {
        let members: [String: [Member?]]
    }
    struct Member {
        let name: String
        let role: Role
        let tags: Set<String>?
    }
    struct M {
        let id: Int
        let address: Address
        let team: Team?
    }
    struct Unused {
        let id: Int
        let tag: Tag
    }
    class Base {
        var id: Int = 0
    }
    class Child: Base {
        var home: Address?
    }
    """

  /// The target, and the models whose plans must be compiled (the others stay empty).
  @Test(
    "only the models a target reaches are compiled",
    arguments: [
      (ValidationTarget.model("M"), ["M", "Address", "Geo", "Team", "Member"]),
      (.model("Geo"), ["Geo"]),
      (.model("Unused"), ["Unused", "Tag"]),
      (.model("Child"), ["Child", "Address", "Geo"]),
      (.type(.array(.dictionary(key: .scalar(.string), value: .optional(.model("Tag"))))), ["Tag"]),
      (.type(.scalar(.int)), []),
    ])
  func reachedModels(_ target: ValidationTarget, _ expected: [String]) throws {
    let registry = EngineProbe.registry(Self.schema)
    let schema = CompiledSchema(registry: registry, target: target)
    let compiled = try #require(DocumentValidator(schema: schema, target: target)).schema
    let withFields = compiled.plans.filter { !$0.fields.isEmpty }.map(\.name)
    #expect(Set(withFields) == Set(expected))
    #expect(compiled.plans.map(\.name) == Array(registry.models.keys))
  }

  /// Records for `M` and `Child`: valid, invalid deep down, of the wrong shape.
  @Test(
    "a schema compiled for its target finds what the whole schema finds",
    arguments: [
      ("M", #"{"id": 1, "address": {"city": "Oslo", "geo": {"lat": 1, "lon": 2}}}"#),
      ("M", #"{"id": 1, "address": {"city": "Oslo"}, "team": {"members": {"a": [null, {"name": "x", "role": "admin"}]}}}"#),
      ("M", #"{"id": "1", "address": {"city": 5, "geo": {"lat": "x"}}, "team": {"members": {"a": [{"role": "boss", "tags": [1]}]}}}"#),
      ("M", #"[{"id": 1}, 3, {"address": []}]"#),
      ("Child", #"{"id": 2, "home": {"city": "Rome", "geo": null}}"#),
      ("Child", #"{"id": true, "home": {"geo": {"lon": []}}}"#),
    ])
  func sameFindings(_ model: String, _ json: String) throws {
    let registry = EngineProbe.registry(Self.schema)
    var results: [[String]] = []
    for schema in [
      CompiledSchema(registry: registry, options: ValidationOptions(strict: true)),
      CompiledSchema(registry: registry, options: ValidationOptions(strict: true), target: .model(model)),
    ] {
      let validator = try #require(DocumentValidator(schema: schema, target: .model(model)))
      var lines: [String] = []
      let bytes = Array(json.utf8)
      _ = try bytes.withUnsafeBytes { raw in
        try validator.validateDocument(raw) { record in
          lines.append("\(record.isValid)")
          lines += record.findings.map {
            "\(EngineProbe.describe($0)) \($0.offset) \($0.message) \(String(describing: $0.declaration))"
          }
        }
      }
      results.append(lines)
    }
    #expect(results[0] == results[1])
    #expect(!results[0].isEmpty)
  }
}
