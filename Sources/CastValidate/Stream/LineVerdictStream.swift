import Dispatch
import Foundation

/// Reads NDJSON from a descriptor a batch of lines at a time and gives every line its verdict, in
/// input order: the pipe mode. Unlike `StreamValidator.ndjson`, malformed JSON ends only its own
/// line. Each batch's lines are split among `jobs` threads a slice at a time; memory stays near
/// two chunks and one slice of verdicts whatever the input size.
package struct LineVerdictStream: Sendable {
  package let config: DocumentValidator
  package var jobs: Int
  package var chunkSize: Int
  /// Refuse inputs larger than this (`--max-bytes`).
  package var maxBytes: Int?
  /// Bytes of lines per worker whose verdicts are worked out together and handed on.
  var sliceSize = 1 << 16

  /// Creates a pipe-mode reader.
  package init(config: DocumentValidator, jobs: Int = 1, chunkSize: Int = 4 << 20, maxBytes: Int? = nil) {
    self.config = config
    self.jobs = max(1, jobs)
    self.chunkSize = chunkSize
    self.maxBytes = maxBytes
  }

  /// Calls `onBatch` with each batch, in order: its bytes as a data source (findings' offsets
  /// point into it, their lines are the input's) and the verdict of each of its lines.
  package func run(
    descriptor: Int32, name: String, onBatch: (DataSource, [LineVerdict]) throws -> Void
  ) throws {
    let reader = LineBatchReader(descriptor: descriptor, chunkSize: chunkSize, limit: maxBytes)
    let workers = (0..<jobs).map { _ in LineWorker(run: config.run()) }
    var nextLine = 1
    while let batch = try reader.next() {
      // NB: later batches get a leading newline so that no line but the input's first starts at
      // offset 0, where the reader skips a byte order mark.
      var bytes: [UInt8] = batch.base == 0 ? [] : [0x0A]
      bytes.append(contentsOf: batch.bytes)
      let lines = Self.lines(in: bytes, skipping: batch.base == 0 ? 0 : 1, firstLine: nextLine)
      nextLine += lines.count
      let source = DataSource(name: name, bytes: bytes)
      // A slice of the batch at a time: the verdicts waiting to be written stay few, however
      // many findings each line has.
      var first = 0
      while first < lines.count {
        var last = first + 1
        var size = lines[first].range.count
        while last < lines.count, size + lines[last].range.count <= sliceSize * workers.count {
          size += lines[last].range.count + 1
          last += 1
        }
        var verdicts = verdicts(of: lines[first..<last], in: bytes, workers: workers)
        if batch.cut, last == lines.count, case .malformed(let line, let start, let error, _)? = verdicts.last {
          verdicts[verdicts.count - 1] = .malformed(line: line, lineStart: start, error, cut: true)
        }
        try onBatch(source, verdicts)
        first = last
      }
    }
  }

  /// The byte range and number of each line of `bytes` from `start`; the last line may lack its
  /// newline.
  static func lines(in bytes: [UInt8], skipping start: Int, firstLine: Int) -> [(range: Range<Int>, line: Int)] {
    var lines: [(range: Range<Int>, line: Int)] = []
    var lineStart = start
    var line = firstLine
    bytes.withUnsafeBytes { buffer in
      while lineStart < buffer.count {
        let end = ValidationRun.newline(in: buffer, from: lineStart)
        lines.append((lineStart..<end, line))
        lineStart = end + 1
        line += 1
      }
    }
    return lines
  }

  /// The lines' verdicts, worked out on the workers' threads in contiguous shares.
  private func verdicts(
    of lines: ArraySlice<(range: Range<Int>, line: Int)>, in bytes: [UInt8], workers: [LineWorker]
  ) -> [LineVerdict] {
    guard workers.count > 1, lines.count > 1 else {
      return bytes.withUnsafeBytes { workers[0].verdicts(lines, in: $0) }
    }
    let shares = min(workers.count, lines.count)
    let results = ShareResults(count: shares)
    bytes.withUnsafeBytes { buffer in
      let input = SharedBytes(buffer: buffer)
      DispatchQueue.concurrentPerform(iterations: shares) { share in
        let base = lines.startIndex
        let part = lines[(base + lines.count * share / shares)..<(base + lines.count * (share + 1) / shares)]
        results.store(workers[share].verdicts(part, in: input.buffer), at: share)
      }
    }
    return results.joined()
  }
}

/// One thread's record walker for the pipe mode, reused from batch to batch.
final class LineWorker: @unchecked Sendable {
  // NB: each worker is used by one thread of `concurrentPerform` at a time.
  private var run: ValidationRun

  init(run: ValidationRun) {
    self.run = run
  }

  /// The verdict of each line, each read on its own so that a syntax error stays in its line.
  func verdicts(_ lines: ArraySlice<(range: Range<Int>, line: Int)>, in buffer: UnsafeRawBufferPointer) -> [LineVerdict] {
    var verdicts: [LineVerdict] = []
    verdicts.reserveCapacity(lines.count)
    for (range, line) in lines {
      var verdict = LineVerdict.blank(line: line)
      let read = run.ndjsonLines(
        UnsafeRawBufferPointer(rebasing: buffer[range]), base: range.lowerBound, firstLine: line, firstIndex: line - 1
      ) { verdict = .record($0) }
      if let error = read.malformed { verdict = .malformed(line: line, lineStart: range.lowerBound, error) }
      verdicts.append(verdict)
    }
    return verdicts
  }
}

/// The batch's bytes, read (never written) by every worker while `concurrentPerform` runs.
private struct SharedBytes: @unchecked Sendable {
  let buffer: UnsafeRawBufferPointer
}

/// Each share's verdicts, written by its one worker and read after `concurrentPerform` returns.
private final class ShareResults: @unchecked Sendable {
  private var shares: [[LineVerdict]]
  private let lock = NSLock()

  init(count: Int) {
    shares = Array(repeating: [], count: count)
  }

  func store(_ verdicts: [LineVerdict], at index: Int) {
    lock.withLock { shares[index] = verdicts }
  }

  func joined() -> [LineVerdict] {
    lock.withLock { Array(shares.joined()) }
  }
}
