import Testing

@testable import CastValidate

/// A decoded value knows how deep it is from its own record's text: one read from a large input
/// is not taken for one as deep as the limit, which sent every value read from it (each
/// subscript's too) to a thread of its own to be released.
@Suite("DecodedValue: the depth of each record, not of the input")
struct DecodedDepthTests {
  static let schema = "struct Row {\n  let id: Int\n  let tags: [[String]]\n}\n"

  @Test(arguments: [10, 5_000])
  func depthOfEachRecord(_ rows: Int) throws {
    let validator = try Schema(source: Self.schema, path: "row.cast").validator(for: "Row")
    let text = (0..<rows).map { #"{"id": \#($0), "tags": [["a", "b"], ["c"]]}"# }.joined(separator: "\n") + "\n"
    let decoded = validator.decodeEach(text, format: .ndjson)
    #expect(decoded.values.count == rows)
    #expect(decoded.values.allSatisfy { $0.value.depth <= 3 }, "\(decoded.values.first.map(\.value.depth) ?? -1)")
    #expect(decoded.values.last?.value["tags"]?[1]?[0]?.string == "c")
    let records = try validator.decodeRecords(text, format: .ndjson)
    #expect(records.allSatisfy { $0.depth <= 3 } && records.count == rows)
  }
}
