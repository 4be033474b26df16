/// One worker thread's record walker, reused from batch to batch.
final class BatchWorker: @unchecked Sendable {
  // NB: a worker is used by one thread at a time: it is handed from thread to thread through the
  // piece queue's lock.
  private var run: ValidationRun

  init(run: ValidationRun) {
    self.run = run
  }

  /// Validates piece `index` of `pieces`, writing its outcome.
  func validate(_ pieces: BatchPieces, piece index: Int, keepAll: Bool) {
    let slice = pieces.ranges[index]
    var outcome = PieceOutcome()
    var kept: [RecordResult] = []
    let read = run.ndjsonLines(
      UnsafeRawBufferPointer(rebasing: pieces.buffer[slice]), base: pieces.base + slice.lowerBound, firstLine: 1, firstIndex: 0
    ) { result in
      if keepAll || result.hasReport { kept.append(result) }
    }
    (outcome.summary, outcome.lines, outcome.error) = (read.summary, read.lines, read.malformed)
    // Also when the piece stopped at malformed JSON: the records before it are reported.
    outcome.results = kept
    outcome.findings = kept.reduce(0) { $0 + $1.findings.count }
    pieces.outcomes[index] = outcome
  }

  /// Validates a whole batch on the calling thread, handing each record on as it is done.
  func processDirect(_ batch: UnsafeRawBufferPointer, base: Int, onRecord: (RecordResult) -> Void) -> LinesRead {
    run.ndjsonLines(batch, base: base, firstLine: 1, firstIndex: 0, onRecord: onRecord)
  }
}
