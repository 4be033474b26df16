import CastSchema
import Testing

@testable import CastValidate

/// Keys compare as the dialect's decoder compares them: the Codable dialect's as Swift Strings
/// (canonical equivalence: `é` is `e\u{301}`, `K` the Kelvin sign), the others' byte for byte.
struct KeyEquivalenceTests {
  static let codable = """
    struct M: Codable {
        let café: Int
        var names: [String: Int]?
    }
    """
  static let cast = """
    struct M: DictionaryConvertible {
        let café: Int
        var names: [String: Int]?
    }
    """
  static let decomposed = "cafe\u{301}"

  @Test(
    "in the Codable dialect another normal form is the same key; first wins, as in JSONDecoder",
    arguments: [
      ("{\"\(decomposed)\":1}", [String]()),
      (#"{"cafe\u0301":1}"#, []),
      ("{\"café\":1,\"\(decomposed)\":2}", ["warning duplicate-key /café"]),
      ("{\"\(decomposed)\":1,\"café\":2}", ["warning duplicate-key /café"]),
      ("{\"café\":1,\"names\":{\"é\":1,\"e\u{301}\":2}}", ["warning duplicate-key /names/é"]),
      ("{\"café\":1,\"names\":{\"K\":1,\"\u{212A}\":2}}", ["warning duplicate-key /names/\u{212A}"]),
      ("{\"café\":1,\"names\":{\"é\":1,\"è\":2}}", []),
      ("{\"café\":1,\"x\u{E9}\":1,\"xe\u{301}\":2}", ["warning duplicate-key /xe\u{301}"]),
      // Past the first 16 keys the comparison is by table.
      ("{\"café\":1,\"names\":{\"é\":0," + (0..<20).map { "\"k\($0)\":\($0)," }.joined() + "\"e\u{301}\":2}}", ["warning duplicate-key /names/e\u{301}"]),
    ])
  func codableKeys(_ json: String, _ expected: [String]) throws {
    let registry = EngineProbe.registry(Self.codable, path: "m.swift")
    for cleanCheck in [true, false] {
      let run = try EngineProbe.run(registry, json, build: false, cleanCheck: cleanCheck)
      #expect(run.isValid, "\(json)")
      #expect(run.record.findings.map(EngineProbe.describe).sorted() == expected.sorted(), "\(json), check \(cleanCheck)")
    }
  }

  @Test("a repeated key keeps the first value in the Codable dialect, whatever its normal form")
  func firstValueKept() throws {
    let registry = EngineProbe.registry(Self.codable, path: "m.swift")
    let run = try EngineProbe.run(registry, "{\"\(Self.decomposed)\":1,\"café\":2,\"names\":{\"é\":1,\"e\u{301}\":2}}")
    #expect(run.value("café") == "1")
    #expect(run.value("names") == #"{"é":1}"#)
  }

  @Test(
    "in the other dialects keys compare byte for byte, as JSONSerialization's do",
    arguments: [
      ("{\"\(decomposed)\":1}", ["error missing-required /café"]),
      ("{\"café\":1,\"names\":{\"é\":1,\"e\u{301}\":2}}", []),
      ("{\"café\":1,\"names\":{\"é\":0," + (0..<20).map { "\"k\($0)\":\($0)," }.joined() + "\"e\u{301}\":2}}", []),
    ])
  func byteKeys(_ json: String, _ expected: [String]) throws {
    let registry = EngineProbe.registry(Self.cast)
    for cleanCheck in [true, false] {
      let run = try EngineProbe.run(registry, json, build: false, cleanCheck: cleanCheck)
      #expect(run.record.findings.map(EngineProbe.describe).filter { !$0.hasPrefix("note") } == expected, "\(json), check \(cleanCheck)")
    }
  }

  @Test(
    "a raw value in another normal form is that case in every dialect, as init(rawValue:) finds it",
    arguments: ["struct M: Codable", "struct M: DictionaryConvertible"])
  func enumRawValues(_ header: String) throws {
    let registry = EngineProbe.registry(
      "enum Mood: String {\n    case caf\u{E9}, plain\n}\n\(header) {\n    let mood: Mood\n    var moods: Set<Mood>?\n}\n",
      path: header.contains("Codable") ? "m.swift" : "m.cast")
    for json in ["{\"mood\":\"cafe\u{301}\"}", #"{"mood":"cafe\u0301"}"#] {
      for cleanCheck in [true, false] {
        let run = try EngineProbe.run(registry, json, cleanCheck: cleanCheck)
        #expect(run.isValid, "\(json): \(run.findings)")
        #expect(run.value("mood") == "\"caf\u{E9}\"")
      }
    }
    let set = try EngineProbe.run(registry, "{\"mood\":\"plain\",\"moods\":[\"caf\u{E9}\",\"cafe\u{301}\"]}")
    #expect(set.record.findings.map(EngineProbe.describe) == ["warning duplicate-element /moods/1"])
  }
}
