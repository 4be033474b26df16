/// Where a record's values start in its file, by JSON Pointer, for the round-trip ledger: found by
/// reading the record's bytes again the first time an entry asks, as most records change
/// nothing on their trip and never need one.
package final class PointerOffsets {
  private let bytes: [UInt8]
  /// The file offset of `bytes`' first byte.
  private let base: Int
  /// The record's pointer in its document (`/3` for the fourth element of a top-level array).
  private let prefix: String
  private let maxDepth: Int
  /// Of a key's occurrences the first is the one read (`Policy.duplicateKeyFirstWins`).
  private let firstWins: Bool
  /// Offsets by pointer relative to the record, once read.
  private var table: [String: Int]?

  /// The offsets of the record held in `bytes`, which start at file offset `base`.
  package init(record bytes: UnsafeRawBufferPointer, base: Int, pointer prefix: String, maxDepth: Int, firstWins: Bool = false) {
    self.bytes = Array(bytes)
    self.base = base
    self.prefix = prefix
    self.maxDepth = maxDepth
    self.firstWins = firstWins
  }

  /// Offsets already known, by absolute pointer and file offset.
  package init(_ table: [String: Int]) {
    bytes = []
    base = 0
    prefix = ""
    maxDepth = 0
    firstWins = false
    self.table = table
  }

  /// Where the value at `pointer` starts; nil when the record holds none there. Of a key's
  /// occurrences the one the decoder reads is the one found: the last, or with `firstWins` the first.
  package subscript(pointer: String) -> Int? {
    guard pointer.hasPrefix(prefix) else { return nil }
    let relative = pointer.dropFirst(prefix.count)
    guard relative.isEmpty || relative.hasPrefix("/") else { return nil }
    if table == nil {
      // NB: the engine read these bytes as this record already, so they parse.
      table = bytes.withUnsafeBytes { try? JSONPointerIndex.offsets(of: $0, maxDepth: maxDepth, firstWins: firstWins) } ?? [:]
    }
    return table?[String(relative)].map { $0 + base }
  }
}
