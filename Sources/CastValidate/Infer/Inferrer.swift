import Foundation

/// `castctl infer`'s engine: records go in one at a time (from JSON documents, top-level arrays
/// or NDJSON), their evidence is merged into one tree per path, and `schema()` decides the
/// models. Several inferrers (one per thread or per input) merge into one with the same result
/// as one inferrer reading everything, in any order.
package final class Inferrer: @unchecked Sendable {
  // NB: @unchecked: an inferrer is used by one thread at a time; threads each own one and
  // hand it over to `merge` when done.
  package let options: InferOptions
  /// Every record's evidence.
  let root = ShapeNode()
  /// Asked between records whether to stop reading (the REPL's Ctrl-C): the records read
  /// before are all the inferrer has.
  package var isCancelled: (@Sendable () -> Bool)?

  /// An empty inferrer.
  package init(options: InferOptions = InferOptions()) {
    self.options = options
  }

  /// Records read so far.
  package var records: Int { root.occurrences }

  /// Notes one record that starts at byte `offset` of input `input`.
  package func observe(_ record: JSONValue, input: Int = 0, offset: Int = 0) {
    var trail = PointerTrail()
    root.observe(record, input: input, offset: offset, trail: &trail, options: options)
  }

  /// A JSON document: a top-level array is one record per element (read one element at a time),
  /// anything else one record. `base` is the buffer's offset in its input.
  package func observeDocument(_ bytes: UnsafeRawBufferPointer, input: Int = 0, base: Int = 0) throws(JSONSyntaxError) {
    var scanner = JSONScanner(bytes, baseOffset: base, maxDepth: options.maxDepth)
    scanner.skipByteOrderMark()
    var trail = PointerTrail()
    guard try scanner.peekKind() == .array else {
      try root.observe(scanner: &scanner, input: input, offset: scanner.offset, trail: &trail, options: options)
      try scanner.expectEnd()
      return
    }
    try scanner.beginArray()
    var first = true
    while try scanner.nextElement(&first) {
      if let isCancelled, isCancelled() { return }
      _ = try scanner.peekKind()
      try root.observe(scanner: &scanner, input: input, offset: scanner.offset, trail: &trail, options: options)
    }
    try scanner.expectEnd()
  }

  /// NDJSON: one record per non-blank line. `base` is the buffer's offset in its input.
  package func observeNDJSON(_ bytes: UnsafeRawBufferPointer, input: Int = 0, base: Int = 0) throws(JSONSyntaxError) {
    var start = 0
    while start < bytes.count {
      if let isCancelled, isCancelled() { return }
      let end = ValidationRun.newline(in: bytes, from: start)
      let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
      if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
        var scanner = JSONScanner(line, baseOffset: base + start, maxDepth: options.maxDepth)
        scanner.skipByteOrderMark()
        var trail = PointerTrail()
        try root.observe(scanner: &scanner, input: input, offset: base + start, trail: &trail, options: options)
        try scanner.expectEnd()
      }
      start = end + 1
    }
  }

  /// NDJSON across `jobs` threads: the buffer is cut at line ends, each piece read into an
  /// inferrer of its own, and the pieces merged (which the order does not change).
  package func observeNDJSON(_ bytes: UnsafeRawBufferPointer, input: Int, base: Int, jobs: Int) throws(JSONSyntaxError) {
    guard jobs > 1, bytes.count > 1 << 20 else { return try observeNDJSON(bytes, input: input, base: base) }
    var cuts = [0]
    for piece in 1..<jobs {
      let guess = max(cuts[cuts.count - 1], bytes.count * piece / jobs)
      cuts.append(min(bytes.count, ValidationRun.newline(in: bytes, from: guess) + 1))
    }
    cuts.append(bytes.count)
    let ranges = (0..<jobs).map { cuts[$0]..<max(cuts[$0], cuts[$0 + 1]) }
    let shared = SharedBytes(bytes: bytes)
    let options = self.options
    let parts = (0..<jobs).map { _ in Inferrer(options: options) }
    let failures = FailureBox()
    DispatchQueue.concurrentPerform(iterations: jobs) { piece in
      let range = ranges[piece]
      do {
        try parts[piece].observeNDJSON(UnsafeRawBufferPointer(rebasing: shared.bytes[range]), input: input, base: base + range.lowerBound)
      } catch let error as JSONSyntaxError {
        failures.add(error)
      } catch {
        // NB: the closure loses the typed throw; nothing else is thrown.
      }
    }
    if let failure = failures.first { throw failure }
    for part in parts { merge(part) }
  }

  /// Adds another inferrer's evidence.
  package func merge(_ other: Inferrer) {
    root.merge(other.root, options: options)
  }

  /// The models the evidence supports; nil when no record was an object (a model needs one).
  /// `reserving`: names taken already (the REPL session's models), which nested models avoid.
  package func schema(reserving taken: Set<String> = []) -> InferredSchema? {
    guard root.objects > 0, root.kinds == [.object] else { return nil }
    var decider = ShapeDecider(options: options)
    let index = decider.model(root, path: "", suggestion: options.modelName)
    var schema = InferredSchema(
      root: index, drafts: decider.models, enumDrafts: decider.enums, rootName: options.modelName, records: records, reserved: taken)
    schema.dialect = options.dialect
    schema.unmatchedPaths = options.forcedMaps.union(options.forcedModels).subtracting(decider.objectPaths).sorted()
    schema.tooWideForModels = decider.tooWideForModels.sorted()
    return schema
  }

  /// Why the records' objects are a map, not a model, when they are: more distinct keys than
  /// `InferOptions.keyLimit` keeps (a map keyed by ids), which no model's properties can name.
  package var rootMapReason: String? {
    guard root.objects > 0, root.kinds == [.object], root.fields == nil else { return nil }
    return "the records' objects have more than \(options.keyLimit) distinct keys, a map keyed by data rather than a model's properties"
  }

  /// What the records were, when they were not all objects (for the message that says so).
  package var recordKinds: [String] { root.kinds.map(\.rawValue) + (root.nulls > 0 ? ["null"] : []) }
}

/// The first syntax error of several threads.
private final class FailureBox: @unchecked Sendable {
  // NB: every access holds the lock.
  private let lock = NSLock()
  private var errors: [JSONSyntaxError] = []

  func add(_ error: JSONSyntaxError) {
    lock.lock()
    errors.append(error)
    lock.unlock()
  }

  /// The error earliest in the input.
  var first: JSONSyntaxError? {
    lock.lock()
    defer { lock.unlock() }
    return errors.min { $0.offset < $1.offset }
  }
}

/// A buffer read by several threads at once.
// NB: @unchecked: the threads only read it, and the caller keeps it alive until they are done.
private struct SharedBytes: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer
}
