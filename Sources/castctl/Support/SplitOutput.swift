import CastSchema
import CastValidate

/// `--split VALID REJECTS`: valid records to one file, rejected ones with their findings to the
/// other (`VerdictJSON.reject`), both written atomically and made visible together.
final class SplitOutput {
  private let valid: OutputSink
  private let rejects: OutputSink
  private var validBytes: [UInt8] = []
  private var rejectBytes: [UInt8] = []
  private(set) var validCount = 0
  private(set) var rejectCount = 0

  init(valid: String, rejects: String, force: Bool) throws {
    self.valid = try OutputSink(path: valid, force: force)
    do {
      self.rejects = try OutputSink(path: rejects, force: force)
    } catch {
      self.valid.discard()
      throw error
    }
  }

  /// Adds a valid record's line (as read, or as converted; without its newline).
  func addValid(_ bytes: some Collection<UInt8>) throws {
    validBytes.append(contentsOf: bytes)
    validBytes.append(UInt8(ascii: "\n"))
    validCount += 1
    if validBytes.count >= valid.pieceSize { try flush() }
  }

  /// Adds a rejected line's reject record.
  func addReject(_ value: JSONValue) throws {
    JSONWriter(style: .compact).write(value, into: &rejectBytes)
    rejectBytes.append(UInt8(ascii: "\n"))
    rejectCount += 1
    if rejectBytes.count >= rejects.pieceSize { try flush() }
  }

  private func flush() throws {
    do {
      try valid.write(validBytes)
      try rejects.write(rejectBytes)
    } catch {
      discard()
      throw error
    }
    validBytes.removeAll(keepingCapacity: true)
    rejectBytes.removeAll(keepingCapacity: true)
  }

  /// Renames both files over their targets, with interrupts held back between the two renames.
  func commit() throws {
    try flush()
    try InterruptCleanup.withSignalsHeld {
      do {
        try valid.commit()
      } catch {
        rejects.discard()
        throw error
      }
      try rejects.commit()
    }
  }

  /// Leaves both targets as they were.
  func discard() {
    valid.discard()
    rejects.discard()
  }
}
