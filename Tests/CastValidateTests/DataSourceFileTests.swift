import Foundation
import Testing

@testable import CastValidate

/// A file read on demand (through its small read window) must answer as the same bytes in memory.
@Suite("DataSource over a file")
struct DataSourceFileTests {
  /// Line lengths around and past the read window, multi-byte characters across its edges, and a
  /// file longer than several windows read ahead.
  static let texts: [String] = [
    (0..<300).map { "{\"n\":\($0),\"s\":\"" + String(repeating: "é", count: $0 % 7) + "\"}" }.joined(separator: "\n"),
    (0..<8).map { String(repeating: "x", count: 1000 * $0 + 17) }.joined(separator: "\n") + "\n",
    String(repeating: "ab☃\n", count: 3000),
    // Past several of the windows dense findings read ahead.
    String(repeating: "{\"k\":\"v☃\"}\n", count: 4_000),
  ]

  @Test("positions and line windows equal the in-memory ones", arguments: texts.indices)
  func sameAnswers(_ index: Int) throws {
    let bytes = Array(Self.texts[index].utf8)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("castctl-ds-\(UUID().uuidString).json").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try DataSource(name: "f", path: path)
    let memory = DataSource(name: "f", bytes: bytes)
    // Increasing offsets, as findings are rendered, then a few going back.
    let offsets = Array(stride(from: 0, to: bytes.count, by: 97)) + [bytes.count, bytes.count / 2, 5]
    for offset in offsets {
      #expect(file.position(of: offset) == memory.position(of: offset), "offset \(offset)")
      let (fileText, fileCaret) = file.lineWindow(around: offset)
      let (memoryText, memoryCaret) = memory.lineWindow(around: offset)
      #expect(fileText == memoryText && fileCaret == memoryCaret, "offset \(offset)")
      let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
      let line = bytes[..<lineStart].count { $0 == 0x0A } + 1
      #expect(file.position(of: offset, line: line, lineStart: lineStart) == memory.position(of: offset))
      #expect(file.read(max(0, offset - 3000)..<offset + 50) == memory.read(max(0, offset - 3000)..<offset + 50))
    }
  }
}
