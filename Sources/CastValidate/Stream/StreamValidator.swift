import Dispatch
import Foundation

/// Validates a file without holding it: NDJSON in chunks of lines (split across `jobs` threads,
/// results merged back in input order), a top-level array element by element. Memory stays near
/// `chunkSize` per thread whatever the file size.
package struct StreamValidator: Sendable {
  package let config: DocumentValidator
  /// Worker threads for NDJSON.
  package var jobs: Int
  /// Bytes read at a time.
  package var chunkSize: Int
  /// Refuse inputs larger than this (`--max-bytes`).
  package var maxBytes: Int?
  /// Bytes per piece of a batch shared among the workers (tests make it small).
  var pieceSize = BatchState.defaultPieceSize
  /// Findings done and not yet reported past which the workers wait (tests make it small).
  var backlogLimit = ReportBacklog.defaultLimit

  /// Creates a streaming validator.
  package init(config: DocumentValidator, jobs: Int = 1, chunkSize: Int = 4 << 20, maxBytes: Int? = nil) {
    self.config = config
    self.jobs = max(1, jobs)
    self.chunkSize = chunkSize
    self.maxBytes = maxBytes
  }

  /// Progress after each chunk: bytes done and records so far.
  package typealias Progress = (_ bytes: Int, _ records: Int) -> Void

  /// NDJSON from `descriptor`. `onRecord` sees, in input order, every record with findings (and
  /// every record when the validator builds instances).
  package func ndjson(
    descriptor: Int32, progress: Progress, onRecord: (RecordResult) -> Void
  ) throws(StreamError) -> ValidationSummary {
    let reader = LineBatchReader(descriptor: descriptor, chunkSize: chunkSize, limit: maxBytes)
    var state = makeState()
    // NB: no worker may still read a batch when its buffer goes, whatever ends the run.
    defer { state.waitForWorkers() }
    var batch: (bytes: UnsafeRawBufferPointer, base: Int)
    do {
      guard let first = try reader.next() else { return state.summary }
      batch = (first.bytes, first.base)
    } catch {
      throw .read(error)
    }
    var running = try state.start(batch.bytes, base: batch.base, onRecord: onRecord)
    while true {
      // The next batch is read into the other buffer while the workers read this one, and handed
      // to them at once, so they go on to it without waiting for this one to be collected; a
      // batch small enough for this thread waits until the records before it are reported.
      let upcoming = Result { () throws(ChunkReadError) in try reader.next() }
      var next: BatchState.Running?
      if case .success(let read?) = upcoming, !state.runsDirectly(read.bytes) {
        next = try state.start(read.bytes, base: read.base, onRecord: onRecord)
      }
      // This thread reports while the workers read the next batch: rendering findings is the
      // serial part of a run.
      if let error = state.report(running, onRecord: onRecord) { throw error }
      progress(batch.base + batch.bytes.count, state.summary.records)
      let read: (bytes: UnsafeRawBufferPointer, base: Int, cut: Bool)?
      do { read = try upcoming.get() } catch { throw .read(error) }
      guard let read else { return state.summary }
      if config.cancelled {
        state.summary.isCancelled = true
        return state.summary
      }
      if next == nil { next = try state.start(read.bytes, base: read.base, onRecord: onRecord) }
      (batch, running) = ((read.bytes, read.base), next)
    }
  }

  /// The batch state for a run, with its workers.
  private func makeState() -> BatchState {
    BatchState(
      workers: (0..<jobs).map { _ in BatchWorker(run: config.run()) }, pieceSize: pieceSize, keepAll: config.keepsEveryRecord,
      backlog: ReportBacklog(limit: backlogLimit))
  }

  /// NDJSON already in memory (standard input), in the same batches and on the same threads.
  package func ndjson(
    buffer: UnsafeRawBufferPointer, progress: Progress, onRecord: (RecordResult) -> Void
  ) throws(StreamError) -> ValidationSummary {
    var state = makeState()
    defer { state.waitForWorkers() }
    var start = 0
    while start < buffer.count {
      var end = min(start + chunkSize, buffer.count)
      if end < buffer.count { end = min(ValidationRun.newline(in: buffer, from: end) + 1, buffer.count) }
      try state.process(UnsafeRawBufferPointer(rebasing: buffer[start..<end]), base: start, onRecord: onRecord)
      start = end
      progress(start, state.summary.records)
      if start < buffer.count, config.cancelled {
        state.summary.isCancelled = true
        break
      }
    }
    return state.summary
  }

  /// A top-level array from `descriptor`, one record per element; nil (and nothing consumed
  /// beyond what was read) when the input is not an array, so the caller reads it whole.
  package func array(
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
    summary.isArray = true
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
          throw .syntax(JSONSyntaxError(offset: offset, message: message), readBefore: summary)
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
            guard !reader.atEnd, ArraySplitter.elementEnd(pending, from: start) == nil else { throw .syntax(error, readBefore: summary) }
            position = start
            break elements
          }
          summary.add(result)
          if config.keepsEveryRecord || result.hasReport { onRecord(result) }
          index += 1
          position = start + length
          splitter.elementDone()
        }
      }
      reader.consume(position)
      progress(reader.pendingOffset, summary.records)
      if reader.atEnd { break }
      if config.cancelled {
        summary.isCancelled = true
        return summary
      }
      do { _ = try reader.fill() } catch { throw .read(error) }
    }
    guard splitter.isComplete else {
      throw .syntax(JSONSyntaxError(offset: reader.pendingOffset + reader.pending.count, message: "unexpected end of input: expected ']' to end the array"), readBefore: summary)
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

/// Why a stream could not be read: malformed JSON (with the counts of the records validated
/// before it; none where the stream is not validated, as `infer`'s), or a read error.
package enum StreamError: Error, Sendable {
  case syntax(JSONSyntaxError, readBefore: ValidationSummary)
  case read(ChunkReadError)
}

