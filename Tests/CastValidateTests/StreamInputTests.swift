import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// Standard input and other streams (`DataDocument.readStream`): held in memory while small,
/// then copied to an unlinked temporary file, read from its start like any file.
@Suite("Stream input: memory, then a temporary file")
struct StreamInputTests {
  /// `bytes` written into a pipe by another thread while `body` reads its other end.
  static func throughPipe<T>(_ bytes: [UInt8], _ body: (Int32) throws -> T) throws -> T {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let writeEnd = ends[1]
    let writer = Thread {
      bytes.withUnsafeBytes { _ = TemporaryFile.writeAll($0, to: writeEnd) }
      close(writeEnd)
    }
    writer.start()
    defer { close(ends[0]) }
    return try body(ends[0])
  }

  /// NDJSON records, `count` of them.
  static func records(_ count: Int) -> [UInt8] {
    Array((0..<count).map { #"{"id": \#($0), "name": "n\#($0)"}"# + "\n" }.joined().utf8)
  }

  @Test("a stream past the memory limit is a file, its bytes all there from its start", arguments: [1, 100, 1 << 20])
  func spoolsPastLimit(_ memoryLimit: Int) throws {
    let bytes = Self.records(5_000)
    let source = try Self.throughPipe(bytes) { end in
      try DataDocument.readStream(end, name: "<stdin>", limit: nil, memoryLimit: memoryLimit)
    }
    #expect(source.name == "<stdin>")
    #expect(source.size == bytes.count)
    #expect((source.fileDescriptor != nil) == (bytes.count > memoryLimit))
    #expect(source.readAll() == bytes)
    // The stream readers read on from the descriptor's position: its start.
    if let descriptor = source.fileDescriptor {
      var first = [UInt8](repeating: 0, count: 16)
      #expect(first.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 16) } == 16)
      #expect(first == Array(bytes.prefix(16)))
    }
  }

  @Test("NDJSON from a spooled stream validates as from memory, with the same findings")
  func validatesAsFromMemory() throws {
    var bytes = Self.records(3_000)
    bytes += Array(#"{"id": "x", "name": "bad"}"#.utf8) + [0x0A]
    let (registry, _) = SchemaLoader.load([SourceFile(path: "m.cast", text: "struct M {\n  let id: Int\n  let name: String\n}\n")])
    let validator = try #require(DocumentValidator(schema: CompiledSchema(registry: registry), target: .model("M")))
    func run(_ source: DataSource) throws -> (ValidationSummary, [String]) {
      var codes: [String] = []
      let summary = try DataRun(validator: validator, document: DataDocument(source: source, recordsPerLine: true)).run { result in
        codes += result.findings.map { "\($0.code)@\(source.position(of: $0.offset))" }
      }
      return (summary, codes)
    }
    let spooled = try Self.throughPipe(bytes) { try DataDocument.readStream($0, name: "<stdin>", limit: nil, memoryLimit: 64) }
    #expect(spooled.fileDescriptor != nil)
    let fromFile = try run(spooled)
    let fromMemory = try run(DataSource(name: "<stdin>", bytes: bytes))
    #expect(fromFile.0 == fromMemory.0)
    #expect(fromFile.0.records == 3_001 && fromFile.0.invalidRecords == 1)
    #expect(fromFile.1 == fromMemory.1)
  }

  @Test("with no temporary file to be had, the stream is read into memory, as it always was")
  func noTemporaryFile() throws {
    let bytes = Self.records(2_000)
    let source = try Self.throughPipe(bytes) { end in
      try DataDocument.readStream(end, name: "<stdin>", limit: nil, memoryLimit: 64, directory: "/nonexistent-castctl-\(UUID().uuidString)")
    }
    #expect(source.fileDescriptor == nil)
    #expect(source.readAll() == bytes)
  }

  @Test("a stream past --max-bytes is refused, spooled or not", arguments: [64, 1 << 20])
  func limit(_ memoryLimit: Int) throws {
    let bytes = Self.records(1_000)
    #expect(throws: DataProblem.self) {
      _ = try Self.throughPipe(bytes) { try DataDocument.readStream($0, name: "<stdin>", limit: bytes.count - 1, memoryLimit: memoryLimit) }
    }
  }
}
