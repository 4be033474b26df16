import Foundation
import Testing

@testable import castctl

/// `ChildOutput`: a child's output held in memory up to `heldBytes`, a longer one read in place
/// from its file, in pieces whose pages are let go as they are handled.
@Suite("A child's output, held or mapped")
struct ChildOutputTests {
  /// An unlinked temporary file holding `bytes`.
  static func file(_ bytes: [UInt8]) throws -> Int32 {
    var template = Array((NSTemporaryDirectory() + "/castctl-output-test-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    try #require(fd >= 0)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    try #require(written == bytes.count)
    return fd
  }

  @Test("the bytes read back are the file's, whole and in pieces, short or long", arguments: [0, 100, ChildOutput.heldBytes, ChildOutput.heldBytes + 1, 3 * ChildOutput.pieceBytes + 12_345])
  func bytesReadBack(_ count: Int) throws {
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
    let fd = try Self.file(bytes)
    defer { close(fd) }
    let output = ChildOutput(file: fd) { _ in bytes }
    #expect(output.count == count)
    #expect(output.isEmpty == (count == 0))
    var pieces: [UInt8] = []
    var largest = 0
    output.forEachPiece { piece in
      pieces.append(contentsOf: piece)
      largest = max(largest, piece.count)
    }
    #expect(pieces == bytes)
    #expect(largest <= ChildOutput.pieceBytes)
    // Read again after its pages were let go: they come back from the file.
    #expect(output.withUnsafeBytes { Array($0) } == bytes)
  }

  @Test("an output past heldBytes keeps a descriptor of its own: the run's may be closed")
  func outlivesTheRunsDescriptor() throws {
    let bytes = [UInt8](repeating: 7, count: ChildOutput.heldBytes + 10)
    let fd = try Self.file(bytes)
    let output = ChildOutput(file: fd) { _ in Issue.record("a long output is not read"); return [] }
    close(fd)
    #expect(output.withUnsafeBytes { Array($0) } == bytes)
  }
}
