import CastSchema
import Foundation
import Testing

/// `SourceFile.read`: a regular file is read whole into one buffer of its size, whatever that
/// size is against the 64 KB chunks used for pipes and the like.
@Suite("Reading schema files")
struct SourceReadTests {
  static let sizes = [0, 1, 4095, 65_535, 65_536, 65_537, 200_001]

  @Test("a regular file reads back byte for byte, line starts included", arguments: sizes)
  func regularFile(_ size: Int) throws {
    let bytes = (0..<size).map { $0 % 37 == 36 ? UInt8(ascii: "\n") : UInt8(truncatingIfNeeded: 0x20 + $0 % 90) }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("castctl-read-\(size)-\(UUID()).cast")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let file = try SourceFile.read(path: url.path)
    #expect(file.bytes == bytes)
    #expect(file.lineCount == SourceFile(path: "copy", bytes: bytes).lineCount)
  }

  @Test("a missing file and a directory are reported, not read")
  func unreadable() {
    #expect(throws: SourceReadError.self) { try SourceFile.read(path: "/nonexistent/castctl.cast") }
    #expect(throws: SourceReadError.self) { try SourceFile.read(path: FileManager.default.temporaryDirectory.path) }
  }
}
