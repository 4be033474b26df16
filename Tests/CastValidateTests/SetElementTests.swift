import CastSchema
import Testing

@testable import CastValidate

/// A `Set`'s repeated elements, found through the elements' hashes (not by comparing each with
/// every other), as Swift's `Set` finds them: Strings by canonical equivalence, numbers by value.
struct SetElementTests {
  static let schema = """
    struct M: DictionaryConvertible {
        var names: Set<String>?
        var ids: Set<Int>?
        var values: Set<Double>?
        var floats: Set<Float>?
        var amounts: Set<Decimal>?
    }
    """

  @Test(
    "a repeated element is reported where it repeats, with the clean-record check and without it",
    arguments: [
      (#"{"names":["é","e\u0301"]}"#, ["warning duplicate-element /names/1"]),
      (#"{"ids":[1,2,3,2,1]}"#, ["warning duplicate-element /ids/3", "warning duplicate-element /ids/4"]),
      // Numbers are equal as their type's values: `-0` is the Int 0, `1.0` and `1e0` the Double 1.
      (#"{"ids":[0,-0]}"#, ["warning duplicate-element /ids/1"]),
      (#"{"ids":[-0,0,-1]}"#, ["warning duplicate-element /ids/1"]),
      (#"{"values":[1,1.0,1e0,2]}"#, ["warning duplicate-element /values/1", "warning duplicate-element /values/2"]),
      (#"{"values":[0,-0.0]}"#, ["warning duplicate-element /values/1"]),
      (#"{"values":[0.1,0.10000000000000001,1.5,15e-1]}"#, ["warning duplicate-element /values/1", "warning duplicate-element /values/3"]),
      (#"{"values":[0.1,0.2,1e300]}"#, []),
      (#"{"floats":[0.1,0.10000000001,2]}"#, ["warning duplicate-element /floats/1"]),
      (#"{"amounts":[1,1.0,1.50,1.5,0.01]}"#, ["warning duplicate-element /amounts/1", "warning duplicate-element /amounts/3"]),
      (#"{"names":["a","b"],"ids":[]}"#, []),
      // An element read through a coercion is compared by its instance, the others by their bytes.
      (#"{"ids":[5,"5"]}"#, ["warning coerced /ids/1", "warning duplicate-element /ids/1"]),
      (#"{"ids":["5",5]}"#, ["warning coerced /ids/0", "warning duplicate-element /ids/1"]),
      (#"{"ids":[1.0,1]}"#, ["warning duplicate-element /ids/1"]),
      (#"{"values":[1,"1.0"]}"#, ["warning coerced /values/1", "warning duplicate-element /values/1"]),
      // Past the first 16 elements the comparison is by table; text that is not ASCII by String.
      ("{\"names\":[" + (0..<20).map { "\"n\($0)\"," }.joined() + "\"caf\u{E9}\",\"cafe\u{301}\"]}", ["warning duplicate-element /names/21"]),
      ("{\"names\":[\"caf\u{E9}\"," + (0..<20).map { "\"n\($0)\"," }.joined() + "\"cafe\u{301}\"]}", ["warning duplicate-element /names/21"]),
      ("{\"names\":[\"K\",\"\u{212A}\",\"k\"]}", ["warning duplicate-element /names/1"]),
    ])
  func repeatedElements(_ json: String, _ expected: [String]) throws {
    let registry = EngineProbe.registry(Self.schema)
    for cleanCheck in [true, false] {
      let run = try EngineProbe.run(registry, json, build: false, cleanCheck: cleanCheck)
      #expect(run.record.findings.map(EngineProbe.describe) == expected, "\(json)")
    }
  }

  @Test(
    "a Set's nils, and collections in a Set, are equal as their values are, in any order",
    arguments: [
      (#"{"names":["a",null,null,"a"]}"#, ["warning duplicate-element /names/2", "warning duplicate-element /names/3"]),
      (#"{"sets":[[1,2],[2,1]]}"#, ["warning duplicate-element /sets/1"]),
      (#"{"sets":[[1,2],[1,1,2]]}"#, ["warning duplicate-element /sets/1", "warning duplicate-element /sets/1/1"]),
      (#"{"lists":[[1],[1.0],[1e0],[1,1]]}"#, ["warning duplicate-element /lists/1", "warning duplicate-element /lists/2"]),
      (#"{"lists":[[1,2],[2,1]]}"#, []),
      (#"{"maps":[{"a":1,"b":2},{"b":2,"a":1.0}]}"#, ["warning duplicate-element /maps/1"]),
      (#"{"maps":[{"a":1},{"a":2}]}"#, []),
      (#"{"points":[{"x":1},{"x":1.0,"y":null}]}"#, ["warning duplicate-element /points/1"]),
      // A property left absent holds its default, equal to the same value read.
      (#"{"marks":[{"x":1},{"x":1,"w":0.5,"t":[1,2]}]}"#, ["warning duplicate-element /marks/1"]),
      (#"{"marks":[{"x":1,"w":5e-1},{"x":1,"t":[1,2.0]}]}"#, ["warning duplicate-element /marks/1"]),
      (#"{"marks":[{"x":1},{"x":1,"t":[2,1]}]}"#, []),
    ])
  func collectionsAndNils(_ json: String, _ expected: [String]) throws {
    let registry = EngineProbe.registry(
      """
      struct P: DictionaryConvertible, Hashable {
          var x: Double
          var y: Int?
      }
      struct Mark: DictionaryConvertible, Hashable {
          var x: Int
          var w: Double = 0.5
          var t: [Double] = [1, 2]
      }
      struct M: DictionaryConvertible {
          var names: Set<String?>?
          var sets: Set<Set<Int>>?
          var lists: Set<[Double]>?
          var maps: Set<[String: Double]>?
          var points: Set<P>?
          var marks: Set<Mark>?
      }
      """)
    for cleanCheck in [true, false] {
      let run = try EngineProbe.run(registry, json, build: false, cleanCheck: cleanCheck)
      #expect(run.record.findings.map(EngineProbe.describe) == expected, "\(json), check \(cleanCheck)")
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
