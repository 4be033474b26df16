import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// One malformed input, the byte offset its error must point at, and a phrase of the message.
struct MalformedCase: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  let offset: Int
  let message: String

  var testDescription: String { name }

  init(_ name: String, _ bytes: [UInt8], at offset: Int, _ message: String) {
    self.name = name
    self.bytes = bytes
    self.offset = offset
    self.message = message
  }

  /// `"` + bytes + `"`, inside an array: the error offset counts from the array's start.
  static func string(_ name: String, _ inner: [UInt8], at offset: Int, _ message: String) -> Self {
    Self(name, Array(#"[""#.utf8) + inner + Array(#""]"#.utf8), at: offset + 2, message)
  }
}

/// Inputs built to break a reader: huge, deep, wide, or not text at all. Each ends in a result or
/// a positioned syntax error, in bounded time and memory, without a crash. Big inputs are made
/// here, in memory or in a temporary folder, never committed.
@Suite("Hostile JSON input")
struct HostileInputTests {
  // MARK: - Helpers

  /// Validates `bytes` as one document against `type` (a `--type` expression).
  static func validate(
    _ bytes: UnsafeRawBufferPointer, type expression: String, schema: String = "", maxDepth: Int = 512
  ) throws(JSONSyntaxError) -> ValidationSummary {
    let validator = Self.validator(type: expression, schema: schema, maxDepth: maxDepth)
    return try validator.validateDocument(bytes) { _ in }
  }

  /// The summary and finding codes of `bytes` as one document against `type`.
  // NB: through a Result, since a Void typed-throws closure in withUnsafeBytes crashes the
  // 6.3 compiler's IR generation.
  static func check(_ bytes: [UInt8], type expression: String, schema: String = "") throws -> (
    summary: ValidationSummary, codes: [String]
  ) {
    let validator = Self.validator(type: expression, schema: schema)
    return try bytes.withUnsafeBytes { raw in
      Result { () throws(JSONSyntaxError) -> (ValidationSummary, [String]) in
        var codes: [String] = []
        let summary = try validator.validateDocument(raw) { codes += $0.findings.map(\.code) }
        return (summary, codes)
      }
    }.get()
  }

  static func validator(type expression: String, schema: String = "", maxDepth: Int = 512, build: Bool = false)
    -> DocumentValidator
  {
    let (registry, _) = SchemaLoader.load([SourceFile(path: "h.cast", text: schema)])
    let parsed = SchemaLoader.parseType(expression, in: registry)
    let schema = CompiledSchema(registry: registry, options: ValidationOptions(maxDepth: maxDepth))
    guard let type = parsed.type, let validator = DocumentValidator(schema: schema, target: .type(type), build: build)
    else { fatalError("test type \(expression) does not parse") }
    return validator
  }

  /// The syntax error of `bytes` as one document, from the tree reader, `skipValue` and the engine.
  static func errors(_ bytes: [UInt8]) -> [JSONSyntaxError?] {
    let (tree, skip) = JSONTestSuite.outcomes(bytes)
    let engine = bytes.withUnsafeBytes { raw -> JSONSyntaxError? in
      do throws(JSONSyntaxError) {
        _ = try validate(raw, type: "Any")
        return nil
      } catch {
        return error
      }
    }
    return [tree, skip, engine]
  }

  // MARK: - Size and shape

  @Test("nesting 1,000,000 deep is a depth error at level 513, from every reader")
  func millionDeep() {
    let depth = 1_000_000
    for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
      let bytes = Array(String(repeating: open, count: depth).utf8) + Array(String(repeating: close, count: depth).utf8)
      let start = ContinuousClock.now
      for error in Self.errors(bytes) {
        #expect(error?.offset == 512 * open.utf8.count, "\(open): \(String(describing: error))")
        #expect(error?.message.contains("nesting deeper than 512 levels") == true)
      }
      let time = ContinuousClock.now - start
      #expect(time < .seconds(10), "took \(time)")
    }
  }

  // NB: the sizes below are hang guards, not speed tests: a pass that copied or rescanned per byte
  // or per key would be quadratic, and at these sizes would take hours rather than the limit.
  @Test("a 16 MB string is read in one pass, without a copy per byte")
  func sixteenMegabyteString() throws {
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 16_000_002)
    bytes[0] = UInt8(ascii: "\"")
    bytes[bytes.count - 1] = UInt8(ascii: "\"")
    // Every 1,000th byte a two-byte scalar, so the UTF-8 checks cannot take an ASCII-only path.
    for index in stride(from: 1_000, to: bytes.count - 2, by: 1_000) {
      bytes[index] = 0xC3
      bytes[index + 1] = 0xA9
    }
    let start = ContinuousClock.now
    #expect(try Self.check(bytes, type: "String").summary.isValid)
    let time = ContinuousClock.now - start
    #expect(time < .seconds(60), "took \(time)")
  }

  @Test("a 1 MB number literal is kept as text: valid as Any, out of range as Int and Double")
  func megabyteNumber() throws {
    let bytes = Array(String(repeating: "7", count: 1 << 20).utf8)
    #expect(try Self.check(bytes, type: "Any").summary.isValid)
    #expect(try Self.check(bytes, type: "Int").codes == ["out-of-range"])
    #expect(try Self.check(bytes, type: "Double").codes == ["out-of-range"])
  }

  @Test("an object with 200,000 keys validates as Any, as a dictionary and as a model")
  func manyKeys() throws {
    var text = "{"
    text.reserveCapacity(4_000_000)
    for index in 0..<200_000 {
      if index > 0 { text += "," }
      text += "\"k\(index)\":\(index)"
    }
    text += "}"
    let bytes = Array(text.utf8)
    let start = ContinuousClock.now
    #expect(try Self.check(bytes, type: "Any").summary.isValid)
    #expect(try Self.check(bytes, type: "[String: Int]").summary.isValid)
    #expect(try Self.check(bytes, type: "M", schema: "struct M {\n  var k7: Int?\n}\n").summary.isValid)
    let time = ContinuousClock.now - start
    #expect(time < .seconds(60), "took \(time)")
  }

  // MARK: - Not UTF-8, not text

  static let malformed: [MalformedCase] = [
    .string("overlong '/' (C0 AF)", [0xC0, 0xAF], at: 0, "invalid UTF-8 byte 0xC0"),
    .string("overlong NUL (E0 80 80)", [0xE0, 0x80, 0x80], at: 1, "invalid UTF-8 byte 0x80"),
    .string("overlong 4-byte (F0 82 82 AC)", [0xF0, 0x82, 0x82, 0xAC], at: 1, "invalid UTF-8 byte 0x82"),
    .string("UTF-8-encoded surrogate U+D800 (ED A0 80)", [0xED, 0xA0, 0x80], at: 1, "invalid UTF-8 byte 0xA0"),
    .string("UTF-8-encoded surrogate U+DFFF (ED BF BF)", [0xED, 0xBF, 0xBF], at: 1, "invalid UTF-8 byte 0xBF"),
    .string("above U+10FFFF (F4 90 80 80)", [0xF4, 0x90, 0x80, 0x80], at: 1, "invalid UTF-8 byte 0x90"),
    .string("5-byte form (F8 88 80 80 80)", [0xF8, 0x88, 0x80, 0x80, 0x80], at: 0, "invalid UTF-8 byte 0xF8"),
    .string("lone continuation byte (80)", [0x61, 0x80], at: 1, "invalid UTF-8 byte 0x80"),
    .string("0xFF", [0xFF], at: 0, "invalid UTF-8 byte 0xFF"),
    .string("truncated 3-byte sequence before the quote (E2 82)", [0xE2, 0x82], at: 0, "truncated UTF-8 sequence"),
    .string("escaped lone surrogate", Array(#"\uD800"#.utf8), at: 0, "surrogate"),
    MalformedCase("a string cut off inside a UTF-8 sequence", [0x22, 0xE2, 0x82], at: 0, "unterminated string"),
    MalformedCase("invalid UTF-8 in a key", Array(#"{""#.utf8) + [0xC0, 0x80] + Array(#"": 1}"#.utf8), at: 2, "invalid UTF-8"),
    MalformedCase("invalid UTF-8 outside strings", [0x5B, 0xC3, 0xA9, 0x5D], at: 1, "unexpected byte 0xC3"),
    MalformedCase("a raw NUL inside a string", Array(#"["a"#.utf8) + [0] + Array(#"b"]"#.utf8), at: 3, "U+0000"),
    MalformedCase("a NUL after the document", Array("{}".utf8) + [0], at: 2, "unexpected byte 0x00"),
    MalformedCase("only NUL bytes", [0, 0, 0, 0], at: 0, "unexpected byte 0x00"),
    MalformedCase("an empty input", [], at: 0, "unexpected end of input; expected a value"),
    MalformedCase("only whitespace", Array(" \r\n\t".utf8), at: 4, "unexpected end of input"),
    MalformedCase("a byte-order mark alone", [0xEF, 0xBB, 0xBF], at: 3, "unexpected end of input"),
    MalformedCase("a byte-order mark after whitespace", [0x20, 0xEF, 0xBB, 0xBF] + Array("{}".utf8), at: 1, "0xEF"),
    MalformedCase("two byte-order marks", [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("{}".utf8), at: 3, "0xEF"),
    MalformedCase("a UTF-16 byte-order mark", [0xFF, 0xFE] + Array("{}".utf8), at: 0, "0xFF"),
  ]

  @Test("malformed bytes are a syntax error at the offending byte, the same from every reader", arguments: malformed)
  func malformedBytes(_ row: MalformedCase) {
    for error in Self.errors(row.bytes) {
      #expect(error?.offset == row.offset, "\(String(describing: error))")
      #expect(error?.message.contains(row.message) == true, "\(String(describing: error))")
    }
  }

  @Test("a UTF-8 byte-order mark at the start is skipped by every reader, whole-document and streaming")
  func byteOrderMark() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"[{"a": 1}, {"a": 2}]"#.utf8)
    #expect(Self.errors(bytes).allSatisfy { $0 == nil })
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("bom.json", bytes)
    #expect(try Self.stream(file, .array)?.records == 2)
  }

  // MARK: - NDJSON line endings and unbounded input

  /// How a `StreamValidator` reads a file: NDJSON lines or a top-level array's elements.
  enum StreamMode { case ndjson, array }

  /// Streams the file at `path`; nil when `.array` finds no array.
  static func stream(
    _ path: String, _ mode: StreamMode, jobs: Int = 1, chunkSize: Int = 4 << 20, maxBytes: Int? = nil
  ) throws -> ValidationSummary? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw POSIXError(.ENOENT) }
    defer { close(descriptor) }
    let stream = StreamValidator(
      config: validator(type: "[String: Int]"), jobs: jobs, chunkSize: chunkSize, maxBytes: maxBytes)
    switch mode {
    case .ndjson: return try stream.ndjson(descriptor: descriptor, progress: { _, _ in }, onRecord: { _ in })
    case .array: return try stream.array(descriptor: descriptor, progress: { _, _ in }, onRecord: { _ in })
    }
  }

  static let lineEndings: [(name: String, text: String)] = [
    ("LF", "{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n"),
    ("CRLF", "{\"a\":1}\r\n{\"a\":2}\r\n{\"a\":3}\r\n"),
    ("last line without a newline", "{\"a\":1}\n{\"a\":2}\n{\"a\":3}"),
    ("CRLF, last line without a newline", "{\"a\":1}\r\n{\"a\":2}\r\n{\"a\":3}"),
    ("blank and CRLF-only lines", "\r\n{\"a\":1}\r\n\r\n{\"a\":2}\n\n{\"a\":3}\r\n\r\n"),
  ]

  @Test("NDJSON with CRLF endings or no final newline gives every record, streamed or in memory",
    arguments: lineEndings.map(\.name))
  func ndjsonLineEndings(_ name: String) throws {
    let text = try #require(Self.lineEndings.first { $0.name == name }?.text)
    let bytes = Array(text.utf8)
    let validator = Self.validator(type: "[String: Int]")
    let inMemory = try bytes.withUnsafeBytes { raw in
      Result { () throws(JSONSyntaxError) -> ValidationSummary in try validator.validateNDJSON(raw) { _ in } }
    }.get()
    #expect(inMemory.records == 3 && inMemory.isValid)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("lines.ndjson", bytes)
    // A 4 KB chunk (the smallest) over a repeated text puts line ends on every chunk boundary.
    let repeated = String(repeating: text.hasSuffix("}") ? text + "\n" : text, count: 2_000)
    let big = try folder.write("big.ndjson", Array(repeated.utf8))
    for jobs in [1, 2] {
      let summary = try Self.stream(file, .ndjson, jobs: jobs)
      #expect(summary?.records == 3 && summary?.isValid == true, "jobs \(jobs)")
      let chunked = try Self.stream(big, .ndjson, jobs: jobs, chunkSize: 4096)
      #expect(chunked?.records == 6_000 && chunked?.isValid == true, "jobs \(jobs), 4 KB chunks")
    }
  }

  /// Under a limit smaller than a read, the limit ends it; past a read, its line is cut at its
  /// first byte, which JSON never holds (`LineBatchReader`), and that ends the run.
  @Test("an endless input stops at --max-bytes with a read error, or where its line is cut, in bounded memory")
  func endlessInput() throws {
    let limit = 1 << 20
    do {
      _ = try Self.stream("/dev/zero", .ndjson, chunkSize: 2 << 20, maxBytes: limit)
      Issue.record("/dev/zero was read to an end")
    } catch StreamError.read(let error) {
      #expect(error.reason.contains("larger than --max-bytes (\(limit) bytes)"))
    }
    do {
      _ = try Self.stream("/dev/zero", .ndjson, chunkSize: 4096)
      Issue.record("/dev/zero was read to an end")
    } catch StreamError.syntax(let error, _) {
      #expect(error.offset == 0)
    }
    // As an array it stops at once: the first byte is not '['.
    #expect(try Self.stream("/dev/zero", .array, chunkSize: 4096, maxBytes: limit) == nil)
  }
}

/// A fresh temporary folder for one test's generated files; the test removes it.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("castctl-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `bytes` to `name` in the folder and returns its path.
  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(bytes).write(to: file)
    return file.path
  }

  /// Deletes the folder and its files.
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
