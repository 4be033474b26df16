import Foundation
import Testing

/// A `--type` target of a Codable schema holds its `Date`s outside any model: they are read as
/// `JSONDecoder` with the `--date-decoding` strategy reads a `[String: Date]`, and `validate` and
/// `convert` give one verdict.
@Suite("Type targets, checked with JSONDecoder")
struct TypeTargetOracleTests {
  /// (`--date-decoding`, the matching `JSONDecoder.DateDecodingStrategy`).
  static let strategies: [(String?, String)] = [
    (nil, ".deferredToDate"), ("seconds-since-1970", ".secondsSince1970"), ("milliseconds-since-1970", ".millisecondsSince1970"),
    ("iso8601", ".iso8601"),
  ]

  static let documents = [
    #"{"a": 0}"#, #"{"a": 1.5, "b": -3}"#, #"{"a": "2024-01-02T03:04:05Z"}"#, #"{"a": "x"}"#, #"{"a": null}"#, #"{}"#,
  ]

  static var program: String {
    let decoders = strategies.map { "{ let d = JSONDecoder(); d.dateDecodingStrategy = \($0.1); return d }()" }
    return """
      import Foundation
      let decoders: [JSONDecoder] = [\(decoders.joined(separator: ", "))]
      while let line = readLine() {
        let parts = line.split(separator: "\\t", maxSplits: 1).map(String.init)
        let decoder = decoders[Int(parts[0]) ?? 0]
        print((try? decoder.decode([String: Date].self, from: Data(parts[1].utf8))) == nil ? "error" : "ok")
      }

      """
  }

  @Test("validate and convert of --type '[String: Date]' accept what JSONDecoder decodes", .enabled(if: Oracle.swiftc != nil, "swiftc is not on PATH"))
  func datesOutsideModels() throws {
    let swiftc = try #require(Oracle.swiftc)
    let oracle = try Oracle(source: Self.program, swiftc: swiftc)
    let cases = Self.strategies.indices.flatMap { strategy in Self.documents.map { (strategy, $0) } }
    let decoded = try oracle.lines(answering: cases.map { "\($0.0)\t\($0.1)" }).map { $0 == "ok" }

    let schema = try CastctlProcess.temporaryFile("dates.swift", "import Foundation\nstruct Stamp: Codable { let at: Date }\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    for ((strategy, document), expected) in zip(cases, decoded) {
      let option = Self.strategies[strategy].0.map { ["--date-decoding", $0] } ?? []
      for command in ["validate", "convert"] {
        let output = try CastctlProcess.run([command, schema, "-", "--type", "[String: Date]"] + option, stdin: document)
        #expect(output.status == (expected ? 0 : 1), "\(command) \(option) \(document): \(output.stdout)\(output.stderr)")
      }
    }
  }
}
