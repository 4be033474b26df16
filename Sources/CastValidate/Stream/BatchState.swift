/// The running counts of an NDJSON stream and its workers.
struct BatchState {
  let workers: [BatchWorker]
  /// Bytes per piece of a batch (`defaultPieceSize`, unless a test wants many pieces).
  let pieceSize: Int
  /// Where the workers take pieces from; nil with one worker, which runs on the calling thread.
  let queue: PieceQueue?
  /// Whether every record is reported (the validator builds instances), not only those with findings.
  let keepAll: Bool
  var summary = ValidationSummary()
  var line = 1
  var index = 0

  /// Bytes per piece of a batch: small enough that the workers end a batch within a fraction of a
  /// millisecond of each other, large enough that taking a piece costs nothing next to it.
  static let defaultPieceSize = 1 << 17

  init(workers: [BatchWorker], pieceSize: Int = Self.defaultPieceSize, keepAll: Bool, backlog: ReportBacklog = ReportBacklog()) {
    self.workers = workers
    self.pieceSize = max(1, pieceSize)
    self.keepAll = keepAll
    queue = workers.count > 1 ? PieceQueue(workers: workers, keepAll: keepAll, backlog: backlog) : nil
  }

  /// Validates one batch of whole lines (split among the workers) and reports its records in order.
  mutating func process(
    _ batch: UnsafeRawBufferPointer, base: Int, onRecord: (RecordResult) -> Void
  ) throws(StreamError) {
    let running = try start(batch, base: base, onRecord: onRecord)
    try finish(running, onRecord: onRecord)
  }

  /// Workers busy with a batch's pieces.
  struct Running {
    let pieces: BatchPieces
  }

  /// Starts the workers on a batch and returns while they run; a batch too small to share is
  /// validated at once on this thread, its records going straight to `onRecord`, and nil returned.
  mutating func start(
    _ batch: UnsafeRawBufferPointer, base: Int, onRecord: (RecordResult) -> Void
  ) throws(StreamError) -> Running? {
    if runsDirectly(batch) {
      // One thread: records go straight to `onRecord`, none is held until the batch ends.
      let (line, index) = (self.line, self.index)
      let read = workers[0].processDirect(batch, base: base) { result in
        if keepAll || result.hasReport { onRecord(result.shifted(index: index, line: line)) }
      }
      summary.merge(read.summary)
      if let malformed = read.malformed { throw .syntax(malformed, readBefore: summary) }
      self.index += read.summary.records
      self.line += read.lines
      return nil
    }
    // Many more pieces than workers: a worker slowed down (by invalid records, or by sharing its
    // core with the thread that reads and reports) simply takes fewer of them.
    let parts = max(workers.count, batch.count / pieceSize)
    let pieces = BatchPieces(batch, base: base, ranges: StreamValidator.split(batch, parts: parts))
    queue?.submit(pieces)
    return Running(pieces: pieces)
  }

  /// Waits until no worker thread runs any more (before the batches' buffers go).
  func waitForWorkers() {
    queue?.waitUntilIdle()
  }

  /// Waits for the workers of `start` and reports their records in input order.
  mutating func finish(_ running: Running?, onRecord: (RecordResult) -> Void) throws(StreamError) {
    if let error = report(running, onRecord: onRecord) { throw error }
  }

  /// Whether `start` validates this batch on the calling thread.
  func runsDirectly(_ batch: UnsafeRawBufferPointer) -> Bool {
    batch.count < 1 << 16 || workers.count == 1
  }

  /// Waits for the pieces of `start`'s batch and hands their records to `onRecord`, in input
  /// order, up to malformed JSON in a piece, which it returns with the counts of every record
  /// before it. Pieces are reported when the batch is done, or sooner when their findings hold
  /// the workers back (`ReportBacklog`); a piece's records are let go once reported.
  mutating func report(_ running: Running?, onRecord: (RecordResult) -> Void) -> StreamError? {
    guard let running else { return nil }
    let pieces = running.pieces
    var next = 0
    while next < pieces.ranges.count {
      let ready = pieces.waitForReport(from: next, backlog: queue?.backlog)
      for piece in next..<(next + ready) {
        let outcome = pieces.outcomes[piece]
        pieces.outcomes[piece] = PieceOutcome()
        for result in outcome.results { onRecord(result.shifted(index: index, line: line)) }
        queue?.backlog.remove(outcome.findings)
        summary.merge(outcome.summary)
        if let error = outcome.error { return .syntax(error, readBefore: summary) }
        index += outcome.summary.records
        line += outcome.lines
      }
      next += ready
    }
    return nil
  }
}

extension RecordResult {
  /// The result of a record counted from the start of its piece, counted from the start of the
  /// input instead: `index` records and `line - 1` lines came before the piece.
  func shifted(index: Int, line: Int) -> RecordResult {
    var result = self
    result.index += index
    result.line = result.line.map { $0 + line - 1 }
    for position in result.findings.indices {
      result.findings[position].recordLine = result.findings[position].recordLine.map { $0 + line - 1 }
    }
    return result
  }
}
