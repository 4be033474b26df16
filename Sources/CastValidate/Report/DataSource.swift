import CastSchema
import Foundation

/// An input document for positions and excerpts in rendered findings: bytes in memory, or a file
/// read on demand (so a large input never has to be held whole). Line numbers come from a sparse
/// index built lazily, only as far as a rendered position needs.
package final class DataSource: @unchecked Sendable {
  // NB: the index is the only mutable state; every access to it holds `lock`.
  private enum Storage {
    case memory([UInt8])
    case file(Int32)
  }

  /// The name shown in messages (the path, or `<stdin>`).
  package let name: String
  /// The input's size in bytes.
  package let size: Int
  private let storage: Storage
  private let lock = NSLock()
  /// The last stretch of the file read for short reads, and its own lock (reads happen while
  /// `lock` is held).
  private var window: (start: Int, bytes: [UInt8]) = (0, [])
  private let windowLock = NSLock()
  /// Reads up to this size go through the window.
  private static let windowSize = 1 << 15
  /// Bytes read on either side of a short read: enough for the line window around a finding's
  /// caret once its column is counted. NB: a window fitted to each read, because sparse findings
  /// (1% of records invalid) each need a read of their own, and copying kilobytes out of the page
  /// cache for every one cost more than the rest of their rendering; only a read that follows
  /// the last one closely reads `windowSize` ahead.
  private static let windowMargin = 512
  /// A read that starts less than this past the last one's end reads `windowSize` ahead.
  private static let denseGap = 2048
  /// (line number, offset of that line's first byte), every `checkpointEvery` lines.
  private var checkpoints: [(line: Int, offset: Int)] = [(1, 0)]
  private var scannedTo = 0
  private var scannedLine = 1
  /// The last position computed: (offset, line, that line's start), so that the next one looks
  /// for newlines from there, or knows it is on the same line when it lies between the two.
  private var lastPosition: (offset: Int, line: Int, lineStart: Int)?
  /// Columns counted on the line last asked about: (offset, column) every `anchorEvery` bytes
  /// from its start. A long line with many findings is read once, not once per finding, also
  /// when positions go back on it (a duplicate key's first occurrence, shown after the repeat).
  private var anchors: (lineStart: Int, points: [(offset: Int, column: Int)]) = (-1, [])
  private static let anchorEvery = 1 << 11
  private static let checkpointEvery = 64
  /// For input converted from another format (`--from yaml`): the original text, and pairs
  /// (offset here, offset there) ordered by the first, so positions point into the original.
  private let original: (source: DataSource, map: [(json: Int, yaml: Int)])?

  /// Wraps bytes already in memory.
  package init(name: String, bytes: [UInt8]) {
    self.name = name
    self.size = bytes.count
    self.storage = .memory(bytes)
    self.original = nil
  }

  /// JSON converted from another text (`--from yaml`): read as `bytes`, shown as `original`.
  package init(name: String, bytes: [UInt8], original: DataSource, map: [(json: Int, yaml: Int)]) {
    self.name = name
    self.size = bytes.count
    self.storage = .memory(bytes)
    self.original = (original, map)
  }

  /// The offset in the original text of an offset in the converted bytes.
  private func originalOffset(_ offset: Int, _ map: [(json: Int, yaml: Int)]) -> Int {
    var low = 0
    var high = map.count - 1
    guard high >= 0 else { return 0 }
    while low < high {
      let mid = (low + high + 1) / 2
      if map[mid].json <= offset { low = mid } else { high = mid - 1 }
    }
    return map[low].yaml
  }

  /// A file already open (an unlinked copy of standard input), which the source now owns and
  /// closes; it is read only where needed.
  init(name: String, owning descriptor: Int32) throws(DataSourceError) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      close(descriptor)
      throw DataSourceError(reason: String(cString: strerror(errno)))
    }
    self.name = name
    self.size = Int(info.st_size)
    self.storage = .file(descriptor)
    self.original = nil
  }

  /// Opens a file; it is read only where needed.
  package init(name: String, path: String) throws(DataSourceError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw DataSourceError(reason: String(cString: strerror(errno))) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      close(descriptor)
      throw DataSourceError(reason: String(cString: strerror(errno)))
    }
    guard (info.st_mode & S_IFMT) != S_IFDIR else {
      close(descriptor)
      throw DataSourceError(reason: "it is a directory")
    }
    self.name = name
    self.size = Int(info.st_size)
    self.storage = .file(descriptor)
    self.original = nil
  }

  deinit {
    if case .file(let descriptor) = storage { close(descriptor) }
  }

  /// Whether the bytes were converted from another text (`--from yaml`), which positions point into.
  package var isConverted: Bool { original != nil }

  /// The bytes when the input is in memory.
  package var bytes: [UInt8]? {
    if case .memory(let bytes) = storage { return bytes }
    return nil
  }

  /// A file input's descriptor, for readers that stream it.
  package var fileDescriptor: Int32? {
    if case .file(let descriptor) = storage { return descriptor }
    return nil
  }

  /// The bytes of a range (clipped to the input).
  package func read(_ range: Range<Int>) -> [UInt8] {
    let lower = min(max(range.lowerBound, 0), size)
    let upper = min(max(range.upperBound, lower), size)
    switch storage {
    case .memory(let bytes):
      return Array(bytes[lower..<upper])
    case .file(let descriptor):
      guard upper - lower <= Self.windowSize else { return Self.read(descriptor, lower..<upper) }
      // Findings come in input order, and each reads its line and the bytes before its caret:
      // one read of the neighbourhood serves them all.
      windowLock.lock()
      defer { windowLock.unlock() }
      let windowEnd = window.start + window.bytes.count
      if lower < window.start || upper > windowEnd {
        // A finding right after the last read (one in every record) has many more behind it:
        // one read well ahead serves them, where a read each cost a system call each. Sparser
        // ones (1% of records) keep reads fitted to them.
        let ahead = lower >= window.start && lower - windowEnd < Self.denseGap ? Self.windowSize : Self.windowMargin
        let start = max(0, lower - Self.windowMargin)
        window = (start, Self.read(descriptor, start..<min(size, upper + ahead)))
      }
      // NB: clipped, in case the file came up short of its size (it changed under us).
      let end = min(upper - window.start, window.bytes.count)
      return Array(window.bytes[min(lower - window.start, end)..<end])
    }
  }

  /// Bytes of a file by `pread`, as many as it holds in the range.
  static func read(_ descriptor: Int32, _ range: Range<Int>) -> [UInt8] {
    // NB: uninitialized, as `pread` writes it: zeroing it first cost as much as the read.
    [UInt8](unsafeUninitializedCapacity: range.count) { raw, initialized in
      var done = 0
      while done < range.count {
        let count = pread(descriptor, raw.baseAddress.map { $0 + done }, range.count - done, off_t(range.lowerBound + done))
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        done += count
      }
      initialized = done
    }
  }

  /// The whole input (for the commands that need a tree of it).
  package func readAll() -> [UInt8] {
    bytes ?? read(0..<size)
  }

  /// The position of an offset in a line whose number and start are known (an NDJSON record).
  package func position(of offset: Int, line: Int, lineStart: Int) -> TextPosition {
    guard original == nil, lineStart <= offset else { return position(of: offset) }
    let target = min(offset, size)
    lock.lock()
    defer { lock.unlock() }
    return TextPosition(line: line, column: column(of: target, lineStart: lineStart))
  }

  /// The line a finding's record starts on, in the text shown: for input converted from YAML,
  /// the line of the document in the YAML file, not of its JSON line.
  package func recordLine(of finding: Finding) -> Int? {
    guard let line = finding.recordLine else { return nil }
    guard original != nil, let start = finding.recordLineStart else { return line }
    return position(of: start).line
  }

  /// The position of a finding, using its record's line when it has one.
  package func position(of finding: Finding) -> TextPosition {
    if let line = finding.recordLine, let start = finding.recordLineStart {
      return position(of: finding.offset, line: line, lineStart: start)
    }
    return position(of: finding.offset)
  }

  /// The position of a finding's related offset (a first occurrence), which lies in the same
  /// record: on its line when the record is an NDJSON line.
  package func relatedPosition(of finding: Finding, offset: Int) -> TextPosition {
    if let line = finding.recordLine, let start = finding.recordLineStart {
      return position(of: offset, line: line, lineStart: start)
    }
    return position(of: offset)
  }

  /// 1-based line and column (Unicode scalars) of a byte offset. Findings are rendered in input
  /// order, so each answer starts from the previous one when it can: rendering every finding of
  /// a file reads it at most once.
  package func position(of offset: Int) -> TextPosition {
    if let original { return original.source.position(of: originalOffset(offset, original.map)) }
    let target = min(max(offset, 0), size)
    lock.lock()
    defer { lock.unlock() }
    // From the nearest known line start before the target: the last position's line, or the
    // index's checkpoint, whichever is nearer. (Positions that alternate between the start and
    // the end of a file, a duplicate key's first occurrence and its repeat, each cost a few
    // lines' scan, not the file's.)
    extendIndex(to: target)
    let nearest = checkpoints[Self.lastIndex(atOrBefore: target, in: checkpoints) { $0.offset }]
    var (line, lineStart, from) = (nearest.line, nearest.offset, nearest.offset)
    if let last = lastPosition, last.offset <= target, last.offset >= from {
      (line, lineStart, from) = (last.line, last.lineStart, last.offset)
    } else if let last = lastPosition, last.lineStart <= target, target < last.offset {
      // Between the last position's line start and itself: on that line, which stays the
      // furthest point known.
      return TextPosition(line: last.line, column: column(of: target, lineStart: last.lineStart))
    }
    forEachBlock(from..<target) { block, blockStart in
      Self.forEachNewline(in: block) { index in
        line += 1
        lineStart = blockStart + index + 1
      }
    }
    lastPosition = (target, line, lineStart)
    return TextPosition(line: line, column: column(of: target, lineStart: lineStart))
  }

  /// The column (in Unicode scalars) of `target` on the line that starts at `lineStart`, counted
  /// from the nearest anchor before it; the lock is held.
  private func column(of target: Int, lineStart: Int) -> Int {
    if anchors.lineStart != lineStart {
      // NB: a byte order mark is not shown, so the first line's columns count from after it.
      anchors = (lineStart, lineStart == 0 && startsWithByteOrderMark ? [(0, 1), (3, 1)] : [(lineStart, 1)])
    }
    var (from, column) = anchors.points[Self.lastIndex(atOrBefore: target, in: anchors.points) { $0.offset }]
    while from < target {
      let stop = min(target, from + Self.anchorEvery)
      forEachBlock(from..<stop) { block, _ in
        for byte in block where byte & 0xC0 != 0x80 { column += 1 }
      }
      // A whole stretch past the last anchor is the next anchor.
      if let last = anchors.points.last, stop == last.offset + Self.anchorEvery { anchors.points.append((stop, column)) }
      from = stop
    }
    return column
  }

  /// Whether the input starts with a UTF-8 byte order mark.
  private var startsWithByteOrderMark: Bool {
    var lead: [UInt8] = []
    forEachBlock(0..<min(3, size)) { block, _ in lead.append(contentsOf: block) }
    return lead == ByteOrderMark.utf8
  }

  /// The index of the last of `points` (ordered by offset, the first at or before any target)
  /// whose offset is at or before `target`.
  private static func lastIndex<Point>(atOrBefore target: Int, in points: [Point], offset: (Point) -> Int) -> Int {
    var low = 0
    var high = points.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if offset(points[mid]) <= target { low = mid } else { high = mid - 1 }
    }
    return low
  }

  private func extendIndex(to target: Int) {
    guard scannedTo < target else { return }
    forEachBlock(scannedTo..<min(size, max(target, scannedTo + (1 << 20)))) { block, blockStart in
      Self.forEachNewline(in: block) { index in
        scannedLine += 1
        if scannedLine % Self.checkpointEvery == 0 { checkpoints.append((scannedLine, blockStart + index + 1)) }
      }
      scannedTo = blockStart + block.count
    }
  }

  /// Calls `body` with consecutive blocks of a range (straight from memory, or read into a reused
  /// buffer), and each block's offset.
  private func forEachBlock(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer, Int) -> Void) {
    let lower = min(max(range.lowerBound, 0), size)
    let upper = min(max(range.upperBound, lower), size)
    guard lower < upper else { return }
    switch storage {
    case .memory(let bytes):
      bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[lower..<upper]), lower) }
    case .file:
      var start = lower
      while start < upper {
        let block = read(start..<min(upper, start + (1 << 18)))
        guard !block.isEmpty else { return }
        block.withUnsafeBytes { body($0, start) }
        start += block.count
      }
    }
  }

  /// Offsets of the line feeds in a block, found with `memchr`.
  private static func forEachNewline(in block: UnsafeRawBufferPointer, _ body: (Int) -> Void) {
    guard let base = block.baseAddress else { return }
    var index = 0
    while index < block.count, let found = memchr(base + index, 0x0A, block.count - index) {
      let position = base.distance(to: UnsafeRawPointer(found))
      body(position)
      index = position + 1
    }
  }

  /// The text of the line holding `offset`, clipped to a window around it so NDJSON records and
  /// minified files stay readable (the window counted in Unicode scalars, as positions are);
  /// returns the window and the caret's display column inside it, where wide characters and
  /// emoji take two columns, so the caret lands under its character in a terminal.
  package func lineWindow(around offset: Int, width: Int = 100) -> (text: String, caretColumn: Int) {
    if let original { return original.source.lineWindow(around: originalOffset(offset, original.map), width: width) }
    let target = min(max(offset, 0), size)
    // Only the bytes near the caret are read: enough for the clipped window however long the line.
    let reach = width * 4 + 8
    let windowStart = max(0, target - reach)
    let window = read(windowStart..<min(size, target + reach))
    let caret = min(target - windowStart, window.count)
    var lineStart = caret
    while lineStart > 0, window[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    // A byte order mark is not shown, nor counted in the first line's columns.
    if windowStart == 0, lineStart == 0, caret >= 3, ByteOrderMark.begins(window) { lineStart = 3 }
    var lineEnd = caret
    while lineEnd < window.count, window[lineEnd] != UInt8(ascii: "\n"), window[lineEnd] != UInt8(ascii: "\r") { lineEnd += 1 }
    // Walk back `width / 3` scalars from the caret, and forward to fill the width.
    var start = caret
    var before = 0
    while start > lineStart, before < width / 3 {
      start -= 1
      while start > lineStart, window[start] & 0xC0 == 0x80 { start -= 1 }
      before += 1
    }
    var end = caret
    var after = 0
    while end < lineEnd, after < width - before {
      end += 1
      while end < lineEnd, window[end] & 0xC0 == 0x80 { end += 1 }
      after += 1
    }
    let clippedBefore = start > lineStart || (lineStart == 0 && windowStart > 0)
    let clippedAfter = end < lineEnd || (lineEnd == window.count && windowStart + lineEnd < size)
    let bytes = window[start..<end].map { $0 == 0x09 ? 0x20 : $0 }
    let text = (clippedBefore ? "…" : "") + String(decoding: bytes, as: UTF8.self) + (clippedAfter ? "…" : "")
    return (text, (clippedBefore ? 1 : 0) + DisplayWidth.of(utf8: window[start..<caret]) + 1)
  }
}

/// A data file that cannot be opened or read.
package struct DataSourceError: Error, Sendable {
  /// Why.
  package var reason: String
}
