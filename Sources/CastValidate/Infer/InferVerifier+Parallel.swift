import Foundation

/// The check of NDJSON across threads: the buffer is cut at line ends, each piece checked by a
/// copy of the verifier (the compiled schema is shared, read only), and the reports added up.
extension InferVerifier {
  /// As `check(_:ndjson:base:)` for NDJSON, on `jobs` threads.
  package mutating func checkNDJSON(_ bytes: UnsafeRawBufferPointer, base: Int, jobs: Int) throws(JSONSyntaxError) {
    guard jobs > 1, bytes.count > 1 << 20, validator != nil else { return try check(bytes, ndjson: true, base: base) }
    var cuts = [0]
    for piece in 1..<jobs {
      let guess = max(cuts[cuts.count - 1], bytes.count * piece / jobs)
      cuts.append(min(bytes.count, ValidationRun.newline(in: bytes, from: guess) + 1))
    }
    cuts.append(bytes.count)
    let ranges = (0..<jobs).map { cuts[$0]..<max(cuts[$0], cuts[$0 + 1]) }
    var blank = self
    blank.report = Report()
    let results = ReportBox(count: jobs, template: blank)
    let shared = VerifiedBytes(bytes: bytes)
    DispatchQueue.concurrentPerform(iterations: jobs) { piece in
      var part = results.template
      let range = ranges[piece]
      do {
        try part.check(UnsafeRawBufferPointer(rebasing: shared.bytes[range]), ndjson: true, base: base + range.lowerBound)
        results.set(piece, .success(part.report))
      } catch let error as JSONSyntaxError {
        results.set(piece, .failure(error))
      } catch {
        // NB: the closure loses the typed throw; nothing else is thrown.
      }
    }
    for result in results.all {
      switch result {
      case .success(let part): report.add(part)
      case .failure(let error): throw error
      case nil: break
      }
    }
  }
}

extension InferVerifier.Report {
  /// Adds a later piece's report (its findings and examples after ours, up to the same bounds).
  mutating func add(_ other: Self) {
    records += other.records
    findingCount += other.findingCount
    findings += other.findings.prefix(max(0, 100 - findings.count))
    for (kind, count) in other.changes { changes[kind, default: 0] += count }
    lossyExamples += other.lossyExamples.prefix(max(0, 20 - lossyExamples.count))
  }
}

/// The pieces' reports, written by the threads.
private final class ReportBox: @unchecked Sendable {
  // NB: every access to `results` holds the lock; `template` is only read.
  let template: InferVerifier
  private let lock = NSLock()
  private var results: [Result<InferVerifier.Report, JSONSyntaxError>?]

  init(count: Int, template: InferVerifier) {
    self.template = template
    results = Array(repeating: nil, count: count)
  }

  func set(_ index: Int, _ result: Result<InferVerifier.Report, JSONSyntaxError>) {
    lock.lock()
    results[index] = result
    lock.unlock()
  }

  var all: [Result<InferVerifier.Report, JSONSyntaxError>?] {
    lock.lock()
    defer { lock.unlock() }
    return results
  }
}

/// A buffer read by several threads at once.
// NB: @unchecked: the threads only read it, and the caller keeps it alive until they are done.
private struct VerifiedBytes: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer
}
