import CastSchema
import Testing

@testable import CastValidate

/// A `Set`'s repeated elements, found through the elements' hashes (not by comparing each with
/// every other), as Swift's `Set` finds them: Strings by canonical equivalence.
struct SetElementTests {
  static let schema = """
    struct M: DictionaryConvertible {
        var names: Set<String>?
        var ids: Set<Int>?
    }
    """

  @Test(
    "a repeated element is reported where it repeats, with the clean-record check and without it",
    arguments: [
      (#"{"names":["é","e\u0301"]}"#, ["warning duplicate-element /names/1"]),
      (#"{"ids":[1,2,3,2,1]}"#, ["warning duplicate-element /ids/3", "warning duplicate-element /ids/4"]),
      (#"{"ids":[0,-0]}"#, []),
      (#"{"names":["a","b"],"ids":[]}"#, []),
    ])
  func repeatedElements(_ json: String, _ expected: [String]) throws {
    let registry = EngineProbe.registry(Self.schema)
    for cleanCheck in [true, false] {
      let run = try EngineProbe.run(registry, json, build: false, cleanCheck: cleanCheck)
      #expect(run.record.findings.map(EngineProbe.describe) == expected, "\(json)")
    }
  }

  @Test("the one repeat among 20,000 elements is found, at its index")
  func largeSet() throws {
    let names = (0..<20_000).map { "\"n\($0)\"" } + ["\"n17\""]
    let json = #"{"names":["# + names.joined(separator: ",") + "]}"
    let run = try EngineProbe.run(EngineProbe.registry(Self.schema), json, build: false)
    #expect(run.record.findings.map(EngineProbe.describe) == ["warning duplicate-element /names/20000"])
  }
}
