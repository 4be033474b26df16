import Dispatch
import Foundation

/// Validates a file without holding it: NDJSON in chunks of lines (split across `jobs` threads,
/// results merged back in input order), a top-level array element by element. Memory stays near
/// `chunkSize` per thread whatever the file size.
public struct StreamValidator: Sendable {
  public let config: DocumentValidator
  /// Worker threads for NDJSON.
  public var jobs: Int
  /// Bytes read at a time.
  public var chunkSize: Int
  /// Refuse inputs larger than this (`--max-bytes`).
  public var maxBytes: Int?
  /// Bytes per piece of a batch shared among the workers (tests make it small).
  var pieceSize = BatchState.defaultPieceSize

  /// Creates a streaming validator.
  public init(config: DocumentValidator, jobs: Int = 1, chunkSize: Int = 4 << 20, maxBytes: Int? = nil) {
    self.config = config
    self.jobs = max(1, jobs)
    self.chunkSize = chunkSize
    self.maxBytes = maxBytes
  }

  /// Progress after each chunk: bytes done and records so far.
  public typealias Progress = (_ bytes: Int, _ records: Int) -> Void

  /// NDJSON from `descriptor`. `onRecord` sees, in input order, every record with findings (and
  /// every record when the validator builds instances).
  public func ndjson(
    descriptor: Int32, progress: Progress, onRecord: (RecordResult) -> Void
  ) throws(StreamError) -> ValidationSummary {
    let reader = LineBatchReader(descriptor: descriptor, chunkSize: chunkSize, limit: maxBytes)
    var state = BatchState(workers: (0..<jobs).map { _ in BatchWorker(run: config.run()) }, pieceSize: pieceSize)
    var batch: (bytes: UnsafeRawBufferPointer, base: Int)?
    do { batch = try reader.next() } catch { throw .read(error) }
    // The last batch's records, handed on while the workers read the next batch.
    var collected: [RecordResult] = []
    while let current = batch {
      // A batch read on this thread reports as it goes, so the records before it come first.
      if state.runsDirectly(current.bytes) {
        collected.forEach(onRecord)
        collected = []
      }
      let running = try state.start(current.bytes, base: current.base, keepAll: config.build, onRecord: onRecord)
      // While the workers read this batch, this thread reports the last one (rendering findings
      // is the serial part of a run) and reads the next batch into the other buffer.
      collected.forEach(onRecord)
      let upcoming = Result { () throws(ChunkReadError) in try reader.next() }
      let (records, error) = state.collect(running)
      collected = records
      if let error {
        collected.forEach(onRecord)
        throw error
      }
      progress(current.base + current.bytes.count, state.summary.records)
      do { batch = try upcoming.get() } catch { throw .read(error) }
    }
    collected.forEach(onRecord)
    return state.summary
  }

  /// NDJSON already in memory (standard input), in the same batches and on the same threads.
  public func ndjson(
    buffer: UnsafeRawBufferPointer, progress: Progress, onRecord: (RecordResult) -> Void
  ) throws(StreamError) -> ValidationSummary {
    var state = BatchState(workers: (0..<jobs).map { _ in BatchWorker(run: config.run()) }, pieceSize: pieceSize)
    var start = 0
    while start < buffer.count {
      var end = min(start + chunkSize, buffer.count)
      if end < buffer.count { end = min(ValidationRun.newline(in: buffer, from: end) + 1, buffer.count) }
      try state.process(UnsafeRawBufferPointer(rebasing: buffer[start..<end]), base: start, keepAll: config.build, onRecord: onRecord)
      start = end
      progress(start, state.summary.records)
    }
    return state.summary
  }

  /// A top-level array from `descriptor`, one record per element; nil (and nothing consumed
  /// beyond what was read) when the input is not an array, so the caller reads it whole.
  public func array(
    descriptor: Int32, progress: Progress, onRecord: (RecordResult) -> Void
  ) throws(StreamError) -> ValidationSummary? {
    let reader = ChunkReader(descriptor: descriptor, chunkSize: chunkSize, limit: maxBytes)
    do { _ = try reader.fill() } catch { throw .read(error) }
    guard reader.pending.first(where: { !ArraySplitter.isWhitespace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF })
      == UInt8(ascii: "[")
    else { return nil }
    var run = config.run()
    var splitter = ArraySplitter()
    var summary = ValidationSummary()
    var index = 0
    while true {
      let pending = reader.pending
      let base = reader.pendingOffset
      var position = 0
      elements: while true {
        switch splitter.next(pending, base: base, index: &position) {
        case .needMore:
          break elements
        case .error(let offset, let message):
          throw .syntax(JSONSyntaxError(offset: offset, message: message))
        case .element(let start):
          // A scalar element that reaches the end of the bytes may go on (`12` of `123`); an
          // object or an array that does throws, and is read again with more bytes.
          let lead = pending[start]
          if lead != UInt8(ascii: "{"), lead != UInt8(ascii: "["), !reader.atEnd,
            ArraySplitter.elementEnd(pending, from: start) == nil
          {
            position = start
            break elements
          }
          let result: RecordResult
          let length: Int
          do {
            (result, length) = try run.element(atStartOf: UnsafeRawBufferPointer(rebasing: pending[start...]), base: base + start, index: index)
          } catch {
            guard !reader.atEnd, ArraySplitter.elementEnd(pending, from: start) == nil else { throw .syntax(error) }
            position = start
            break elements
          }
          summary.add(result)
          if config.build || !result.findings.isEmpty { onRecord(result) }
          index += 1
          position = start + length
          splitter.elementDone()
        }
      }
      reader.consume(position)
      progress(reader.pendingOffset, summary.records)
      if reader.atEnd { break }
      do { _ = try reader.fill() } catch { throw .read(error) }
    }
    guard splitter.isComplete else {
      throw .syntax(JSONSyntaxError(offset: reader.pendingOffset + reader.pending.count, message: "unexpected end of input: expected ']' to end the array"))
    }
    return summary
  }

  // MARK: - Splitting

  /// Up to `parts` ranges of whole lines covering the buffer.
  static func split(_ buffer: UnsafeRawBufferPointer, parts: Int) -> [Range<Int>] {
    guard parts > 1 else { return [0..<buffer.count] }
    var ranges: [Range<Int>] = []
    var start = 0
    for part in 1..<parts {
      let target = buffer.count * part / parts
      guard target > start else { continue }
      let end = min(ValidationRun.newline(in: buffer, from: target) + 1, buffer.count)
      if end > start {
        ranges.append(start..<end)
        start = end
      }
    }
    if start < buffer.count { ranges.append(start..<buffer.count) }
    return ranges
  }
}

/// Why a stream could not be validated: malformed JSON, or a read error.
public enum StreamError: Error, Sendable {
  case syntax(JSONSyntaxError)
  case read(ChunkReadError)
}

extension ValidationSummary {
  /// Adds another part's counts.
  public mutating func merge(_ other: ValidationSummary) {
    records += other.records
    invalidRecords += other.invalidRecords
    errors += other.errors
    warnings += other.warnings
    notes += other.notes
  }
}
