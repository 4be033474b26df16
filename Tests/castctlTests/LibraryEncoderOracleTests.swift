import CastValidate
import Foundation
import Testing

/// The library's `encoded(as:options:)` against `JSONEncoder` on this machine, with its output
/// formatting as `EncodingOptions` spells it: `[.sortedKeys]` and `[.sortedKeys,
/// .withoutEscapingSlashes]`, byte for byte, on slashes in values, keys, URLs and nested models.
@Suite("EncodingOptions, checked with JSONEncoder")
struct LibraryEncoderOracleTests {
  static let models = """
    import Foundation

    struct Inner: Codable {
      var path: String
    }
    struct Page: Codable {
      var title: String
      var link: URL
      var parts: [String]
      var byPath: [String: Int]
      var inner: Inner?
    }
    """

  static let documents = [
    #"{"title": "a/b", "link": "https://example.com/x/y", "parts": ["/", "//", "\/"], "byPath": {"/root": 1, "a/b/c": 2}, "inner": {"path": "p/q"}}"#,
    #"{"title": "no slash", "link": "file:///tmp/a%2Fb", "parts": [], "byPath": {}}"#,
    #"{"title": "\u002F", "link": "http://x", "parts": ["a\\/b"], "byPath": {"\/": 0}}"#,
  ]

  /// (EncodingOptions, the JSONEncoder.OutputFormatting it stands for.)
  static let formattings: [(EncodingOptions, String)] = [
    (EncodingOptions(sortedKeys: true), "[.sortedKeys]"),
    (EncodingOptions(sortedKeys: true, withoutEscapingSlashes: true), "[.sortedKeys, .withoutEscapingSlashes]"),
  ]

  /// A program that decodes each document (one a line of standard input, after the formatting's
  /// index and a tab) and prints what JSONEncoder encodes it as with that formatting.
  static var program: String {
    let encoders = formattings.map { "  { let e = JSONEncoder(); e.outputFormatting = \($0.1); return e }()," }
    return models + """

      let encoders: [JSONEncoder] = [
      \(encoders.joined(separator: "\n"))
      ]
      while let line = readLine() {
        let parts = line.split(separator: "\\t", maxSplits: 1).map(String.init)
        do {
          let page = try JSONDecoder().decode(Page.self, from: Foundation.Data(parts[1].utf8))
          print(String(decoding: try encoders[Int(parts[0]) ?? 0].encode(page), as: UTF8.self))
        } catch {
          print("error")
        }
      }

      """
  }

  @Test("encoded(as:options:) writes what JSONEncoder writes with that output formatting", .enabled(if: Oracle.swiftc != nil, "swiftc is not on PATH"))
  func agreesWithJSONEncoder() throws {
    let swiftc = try #require(Oracle.swiftc)
    let oracle = try Oracle(source: Self.program, swiftc: swiftc)
    let inputs = Self.formattings.indices.flatMap { index in Self.documents.map { (index, $0) } }
    let encoded = try oracle.lines(answering: inputs.map { "\($0.0)\t\($0.1)" })
    let validator = try Schema(source: Self.models, path: "models.swift").validator(for: "Page")
    for ((index, document), expected) in zip(inputs, encoded) {
      let written = try validator.decode(document).encoded(as: .json(pretty: false), options: Self.formattings[index].0)
      #expect(String(decoding: written, as: UTF8.self) == expected, "\(Self.formattings[index].1) \(document)")
    }
  }
}
