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
    var state = BatchState(workers: (0..<jobs).map { _ in BatchWorker(run: config.run()) })
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
    var state = BatchState(workers: (0..<jobs).map { _ in BatchWorker(run: config.run()) })
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

/// The running counts of an NDJSON stream and its workers.
struct BatchState {
  let workers: [BatchWorker]
  var summary = ValidationSummary()
  var line = 1
  var index = 0

  /// Validates one batch of whole lines (split among the workers) and reports its records in order.
  mutating func process(
    _ batch: UnsafeRawBufferPointer, base: Int, keepAll: Bool, onRecord: (RecordResult) -> Void
  ) throws(StreamError) {
    let running = try start(batch, base: base, keepAll: keepAll, onRecord: onRecord)
    try finish(running, keepAll: keepAll, onRecord: onRecord)
  }

  /// Workers busy with a batch, and how many of them.
  struct Running {
    let group: DispatchGroup
    let parts: Int
  }

  /// Starts the workers on a batch and returns while they run; a batch too small to share is
  /// validated at once on this thread, its records going straight to `onRecord`, and nil returned.
  mutating func start(
    _ batch: UnsafeRawBufferPointer, base: Int, keepAll: Bool, onRecord: (RecordResult) -> Void
  ) throws(StreamError) -> Running? {
    if runsDirectly(batch) {
      // One thread: records go straight to `onRecord`, none is held until the batch ends.
      let (line, index) = (self.line, self.index)
      let (batchSummary, lines) = try workers[0].processDirect(batch, base: base) { result in
        var result = result
        result.index += index
        result.line = result.line.map { $0 + line - 1 }
        for position in result.findings.indices {
          result.findings[position].recordLine = result.findings[position].recordLine.map { $0 + line - 1 }
        }
        if keepAll || !result.findings.isEmpty { onRecord(result) }
      }
      summary.merge(batchSummary)
      self.index += batchSummary.records
      self.line += lines
      return nil
    }
    let slices = StreamValidator.split(batch, parts: workers.count)
    let shared = SharedBuffer(buffer: batch)
    let group = DispatchGroup()
    for (worker, slice) in zip(workers, slices) {
      DispatchQueue.global().async(group: group) {
        worker.process(shared, slice: slice, base: base, keepAll: keepAll)
      }
    }
    return Running(group: group, parts: slices.count)
  }

  /// Waits for the workers of `start` and reports their records in input order.
  mutating func finish(_ running: Running?, keepAll: Bool, onRecord: (RecordResult) -> Void) throws(StreamError) {
    let (records, error) = collect(running)
    records.forEach(onRecord)
    if let error { throw error }
  }

  /// Whether `start` validates this batch on the calling thread.
  func runsDirectly(_ batch: UnsafeRawBufferPointer) -> Bool {
    batch.count < 1 << 16 || workers.count == 1
  }

  /// Waits for the workers of `start` and returns their records in input order, up to the first
  /// worker that met malformed JSON, and that error.
  mutating func collect(_ running: Running?) -> (records: [RecordResult], error: StreamError?) {
    guard let running else { return ([], nil) }
    running.group.wait()
    var records: [RecordResult] = []
    for worker in workers.prefix(running.parts) {
      if let error = worker.error { return (records, .syntax(error)) }
      summary.merge(worker.summary)
      for var result in worker.results {
        result.index += index
        result.line = result.line.map { $0 + line - 1 }
        for position in result.findings.indices {
          result.findings[position].recordLine = result.findings[position].recordLine.map { $0 + line - 1 }
        }
        records.append(result)
      }
      index += worker.summary.records
      line += worker.lines
      worker.reset()
    }
    return (records, nil)
  }
}

/// A chunk shared read-only by the workers of one batch.
struct SharedBuffer: @unchecked Sendable {
  // NB: the bytes are not written while the workers read them, and outlive the batch.
  let buffer: UnsafeRawBufferPointer
}

/// One thread's share of a batch: its own record walker and results, read after the batch.
final class BatchWorker: @unchecked Sendable {
  // NB: each worker is touched by one thread during a batch and by the merging thread after it;
  // `concurrentPerform` returning orders the two.
  private var run: ValidationRun
  private(set) var summary = ValidationSummary()
  private(set) var results: [RecordResult] = []
  private(set) var lines = 0
  private(set) var error: JSONSyntaxError?

  init(run: ValidationRun) {
    self.run = run
  }

  func process(_ shared: SharedBuffer, slice: Range<Int>, base: Int, keepAll: Bool) {
    let bytes = UnsafeRawBufferPointer(rebasing: shared.buffer[slice])
    do {
      var kept: [RecordResult] = []
      let (summary, lines) = try run.ndjsonBatch(bytes, base: base + slice.lowerBound, firstLine: 1, firstIndex: 0) { result in
        if keepAll || !result.findings.isEmpty { kept.append(result) }
      }
      self.summary = summary
      self.lines = lines
      results = kept
    } catch {
      self.error = error
    }
  }

  /// Validates a whole batch on the calling thread, handing each record on as it is done.
  func processDirect(
    _ batch: UnsafeRawBufferPointer, base: Int, onRecord: (RecordResult) -> Void
  ) throws(StreamError) -> (ValidationSummary, Int) {
    do throws(JSONSyntaxError) {
      return try run.ndjsonBatch(batch, base: base, firstLine: 1, firstIndex: 0, onRecord: onRecord)
    } catch {
      throw .syntax(error)
    }
  }

  func reset() {
    summary = ValidationSummary()
    results.removeAll(keepingCapacity: true)
    lines = 0
  }
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
