import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// A top-level array read element by element in small chunks, so that elements straddle every
/// chunk boundary, must give exactly what the array gives read whole.
struct ArrayStreamTests {
  /// Records of every shape an element can take: valid, invalid, scalars, escapes, nesting.
  static func elements(_ count: Int) -> [String] {
    (0..<count).map { index in
      switch index % 9 {
      case 0: #"{"id": \#(index), "user_name": "u\#(index)", "email": "u\#(index)@example.org", "role": "admin"}"#
      case 1: #"{"id": \#(index), "user_name": "tab\tand \"quote\" \u00e9", "email": "e@x.org", "role": "viewer", "tags": ["a", "b"]}"#
      case 2: #"{"id": "\#(index)", "user_name": "", "email": "bad", "role": "root"}"#
      case 3: "12345678901234567890\(index)"
      case 4: #""a string element""#
      case 5: "null"
      case 6: #"{"id": \#(index), "user_name": "deep", "email": "d@x.org", "role": "editor", "tags": [[["x"]]]}"#
      case 7: #"[1, 2, {"a": [true, false]}]"#
      default: #"{"id": \#(index), "user_name": "\#(String(repeating: "long ", count: 200))", "email": "l@x.org", "role": "admin"}"#
      }
    }
  }

  static func validator() throws -> DocumentValidator {
    let (registry, _) = SchemaLoader.load([SourceFile(path: "p.cast", text: ParallelNDJSONTests.schema)])
    return try #require(DocumentValidator(schema: CompiledSchema(registry: registry), target: .model("User")))
  }

  /// Each record's index, validity, span and findings.
  static func describe(_ result: RecordResult) -> String {
    "\(result.index) \(result.isValid) \(result.span.start)..<\(result.span.end) "
      + result.findings.map { "\($0.code)\($0.path)@\($0.offset)" }.joined(separator: ",")
  }

  /// Streams `bytes` as an array in chunks of `chunkSize`; the records or the syntax error.
  static func streamed(_ bytes: [UInt8], chunkSize: Int) throws -> Result<[String], StreamError> {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let descriptor = open(try folder.write("array.json", bytes), O_RDONLY)
    defer { close(descriptor) }
    let stream = StreamValidator(config: try validator(), chunkSize: chunkSize)
    var records: [String] = []
    return Result { () throws(StreamError) -> [String] in
      _ = try stream.array(descriptor: descriptor, progress: { _, _ in }) { records.append(describe($0)) }
      return records
    }
  }

  /// The same bytes read whole: the records with findings, which are those a stream reports.
  static func whole(_ bytes: [UInt8]) throws -> Result<[String], JSONSyntaxError> {
    let validator = try validator()
    var records: [String] = []
    return bytes.withUnsafeBytes { raw in
      Result { () throws(JSONSyntaxError) -> [String] in
        _ = try validator.validateDocument(raw) { if !$0.findings.isEmpty { records.append(describe($0)) } }
        return records
      }
    }
  }

  @Test("streamed in 4 KB chunks, at any alignment, an array gives the records it gives whole",
    arguments: [0, 1, 2, 3, 7, 100, 1_000, 2_047, 4_095])
  func sameRecordsAtEveryAlignment(_ shift: Int) throws {
    let text = String(repeating: " ", count: shift) + "[" + Self.elements(300).joined(separator: ",\n ") + "]\n"
    let bytes = Array(text.utf8)
    let whole = try Self.whole(bytes).get()
    #expect(whole.count > 100)
    #expect(try Self.streamed(bytes, chunkSize: 4096).get() == whole)
    #expect(try Self.streamed(bytes, chunkSize: 1 << 20).get() == whole)
  }

  /// Malformed arrays: a syntax error at the same offset however the file is chunked.
  static let malformed: [String] = [
    #"[{"id": 1}, {"id": 2"#,
    #"[{"id": 1}, {"id": 2]]"#,
    #"[{"id": 1} {"id": 2}]"#,
    #"[{"id": 1},]"#,
    #"[{"id": 1}, tru]"#,
    #"[{"id": 1}, 12"#,
    #"[{"id": "unterminated}]"#,
    #"[{"id": 1}] x"#,
  ]

  @Test("a malformed array fails at the same offset in any chunking", arguments: malformed)
  func malformedAtSameOffset(_ tail: String) throws {
    // Padding puts the malformed part across a 4 KB boundary.
    let padding = Array(repeating: #"{"id": 1, "user_name": "p", "email": "p@x.org", "role": "admin"}"#, count: 60)
    let text = "[" + padding.joined(separator: ",") + "," + tail.dropFirst()
    var offsets: [Int] = []
    for chunkSize in [4096, 1 << 20] {
      guard case .failure(.syntax(let error, _)) = try Self.streamed(Array(text.utf8), chunkSize: chunkSize) else {
        Issue.record("\(chunkSize): no syntax error")
        continue
      }
      offsets.append(error.offset)
    }
    #expect(offsets.count == 2 && offsets[0] == offsets[1], "\(offsets)")
  }
}
