import Foundation
import Testing

@testable import CastValidate

/// The `length` that `--explain` and `--comments` show is what `//! length` counts: Swift's
/// `String.count` (grapheme clusters) of the decoded string, not the bytes of its JSON text.
@Suite("castctl infer: a string's length evidence counts Characters, as //! length does")
struct InferStringLengthTests {
  /// JSON string literals (as written in the data, escapes and all).
  static let literals: [String] = [
    #""abc""#, #""é""#, #""line1\nline2""#, #""😀""#, #""e\u0301""#, #""a\r\nb""#, #""a\rb""#, #""\u00e9\u00e9""#,
    #""\ud83d\ude00x""#, #""tab\there""#, #""👩‍👩‍👧""#, #""🇫🇷🇩🇪""#, #""\"quoted\"""#, #""""#,
  ]

  /// What Swift counts: Foundation decodes the literal, `String.count` counts it.
  static func swiftCount(_ literal: String) throws -> Int {
    let value = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
    return try #require(value?.first).count
  }

  /// Both ways `infer` reads records: from the scanner and from a parsed tree.
  static func evidence(_ records: String) throws -> (scanned: String?, tree: String?) {
    let scanned = Inferrer()
    try Array(records.utf8).withUnsafeBytes { try scanned.observeNDJSON($0) }
    let tree = Inferrer()
    for line in records.split(separator: "\n") { tree.observe(try JSONValue.parse(Array(line.utf8))) }
    let range = { (inferrer: Inferrer) in inferrer.schema()?.evidence.first?.properties.first { $0.path == "/s" }?.range }
    return (range(scanned), range(tree))
  }

  @Test("a string read for its text", arguments: literals)
  func readString(_ literal: String) throws {
    let count = try Self.swiftCount(literal)
    let (scanned, tree) = try Self.evidence("{\"s\": \(literal)}")
    #expect(scanned == "length \(count)…\(count)")
    #expect(tree == "length \(count)…\(count)")
  }

  /// Past the distinct-value sketch and with no format left, the scanner reads a string for
  /// its length only.
  @Test("a string read for its length only", arguments: literals)
  func unreadString(_ literal: String) throws {
    let count = try Self.swiftCount(literal)
    let filler = (0..<100).map { "{\"s\": \"w\($0 % 10)\($0 / 10)\"}" }.joined(separator: "\n")
    let (scanned, tree) = try Self.evidence(filler + "\n{\"s\": \(literal)}")
    #expect(scanned == "length \(min(3, count))…\(max(3, count))")
    #expect(tree == "length \(min(3, count))…\(max(3, count))")
  }

  @Test("the length shown is one //! length accepts", arguments: literals)
  func lengthCheckAgrees(_ literal: String) throws {
    let count = try Self.swiftCount(literal)
    let model = "struct R: DictionaryConvertible {\n    let s: String //! length \(count)...\(count)\n}\n"
    var verifier = InferVerifier(text: model, path: "r.cast", model: "R")
    try Array("{\"s\": \(literal)}".utf8).withUnsafeBytes { try verifier.check($0, ndjson: true) }
    #expect(verifier.report.findingCount == 0, "\(InferProbe.problems(verifier.report))")
  }
}
