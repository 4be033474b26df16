import Foundation
import Testing

@testable import CastValidate

/// `ByteSpool` gives back every byte in order, whether they stayed in memory, went to a temporary
/// file, or could not.
@Suite("ByteSpool: bytes in memory, then in a temporary file")
struct ByteSpoolTests {
  /// Pieces of every size around the memory limit, with every byte value.
  static func pieces() -> [[UInt8]] {
    (0..<200).map { index in (0..<(index * 7 % 97)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) } }
  }

  @Test("every byte comes back in order", arguments: [1, 10, 1_000, 8 << 20])
  func roundTrip(_ memoryLimit: Int) {
    let spool = ByteSpool(memoryLimit: memoryLimit)
    var expected: [UInt8] = []
    for piece in Self.pieces() {
      spool.append(contentsOf: piece)
      expected += piece
    }
    #expect(spool.count == expected.count)
    #expect((spool.bytesInFile > 0) == (memoryLimit < expected.count))
    var read: [UInt8] = []
    spool.forEachPiece { read.append(contentsOf: $0) }
    #expect(read == expected)
    // Read twice: the file is read from its start each time.
    var again: [UInt8] = []
    spool.forEachPiece { again.append(contentsOf: $0) }
    #expect(again == expected)
  }

  @Test("an empty spool hands nothing")
  func empty() {
    let spool = ByteSpool(memoryLimit: 1)
    #expect(spool.isEmpty)
    var pieces = 0
    spool.forEachPiece { pieces += $0.isEmpty ? 0 : 1 }
    #expect(pieces == 0)
  }

  /// In a folder that does not exist, no file can be made: the bytes stay in memory.
  @Test("with no temporary file to be had, the bytes stay in memory")
  func noTemporaryFile() {
    let spool = ByteSpool(memoryLimit: 8, directory: "/nonexistent-castctl-\(UUID().uuidString)")
    var expected: [UInt8] = []
    for piece in Self.pieces() {
      spool.append(contentsOf: piece)
      expected += piece
    }
    #expect(spool.bytesInFile == 0)
    var read: [UInt8] = []
    spool.forEachPiece { read.append(contentsOf: $0) }
    #expect(read == expected)
  }
}
