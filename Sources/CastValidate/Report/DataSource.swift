import Foundation

/// An input document for positions and excerpts in rendered findings: bytes in memory, or a file
/// read on demand (so a large input never has to be held whole). Line numbers come from a sparse
/// index built lazily, only as far as a rendered position needs.
public final class DataSource: @unchecked Sendable {
  // NB: the index is the only mutable state; every access to it holds `lock`.
  private enum Storage {
    case memory([UInt8])
    case file(Int32)
  }

  /// The name shown in messages (the path, or `<stdin>`).
  public let name: String
  /// The input's size in bytes.
  public let size: Int
  private let storage: Storage
  private let lock = NSLock()
  /// (line number, offset of that line's first byte), every `checkpointEvery` lines.
  private var checkpoints: [(line: Int, offset: Int)] = [(1, 0)]
  private var scannedTo = 0
  private var scannedLine = 1
  private static let checkpointEvery = 64
  /// For input converted from another format (`--from yaml`): the original text, and pairs
  /// (offset here, offset there) ordered by the first, so positions point into the original.
  private let original: (source: DataSource, map: [(json: Int, yaml: Int)])?

  /// Wraps bytes already in memory.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.size = bytes.count
    self.storage = .memory(bytes)
    self.original = nil
  }

  /// JSON converted from another text (`--from yaml`): read as `bytes`, shown as `original`.
  public init(name: String, bytes: [UInt8], original: DataSource, map: [(json: Int, yaml: Int)]) {
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

  /// Opens a file; it is read only where needed.
  public init(name: String, path: String) throws(DataSourceError) {
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

  /// The bytes when the input is in memory.
  public var bytes: [UInt8]? {
    if case .memory(let bytes) = storage { return bytes }
    return nil
  }

  /// A file input's descriptor, for readers that stream it.
  public var fileDescriptor: Int32? {
    if case .file(let descriptor) = storage { return descriptor }
    return nil
  }

  /// The bytes of a range (clipped to the input).
  public func read(_ range: Range<Int>) -> [UInt8] {
    let lower = min(max(range.lowerBound, 0), size)
    let upper = min(max(range.upperBound, lower), size)
    switch storage {
    case .memory(let bytes):
      return Array(bytes[lower..<upper])
    case .file(let descriptor):
      var result = [UInt8](repeating: 0, count: upper - lower)
      var done = 0
      while done < result.count {
        let count = result.withUnsafeMutableBytes { raw in
          pread(descriptor, raw.baseAddress.map { $0 + done }, raw.count - done, off_t(lower + done))
        }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        done += count
      }
      return Array(result.prefix(done))
    }
  }

  /// The whole input (for the commands that need a tree of it).
  public func readAll() -> [UInt8] {
    bytes ?? read(0..<size)
  }

  /// 1-based line and column (Unicode scalars) of a byte offset.
  public func position(of offset: Int) -> TextPosition {
    if let original { return original.source.position(of: originalOffset(offset, original.map)) }
    let target = min(max(offset, 0), size)
    lock.lock()
    defer { lock.unlock() }
    extendIndex(to: target)
    var low = 0
    var high = checkpoints.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if checkpoints[mid].offset <= target { low = mid } else { high = mid - 1 }
    }
    var line = checkpoints[low].line
    var lineStart = checkpoints[low].offset
    var blockStart = lineStart
    while blockStart < target {
      let block = read(blockStart..<min(target, blockStart + 65536))
      guard !block.isEmpty else { break }
      for (index, byte) in block.enumerated() where byte == UInt8(ascii: "\n") {
        line += 1
        lineStart = blockStart + index + 1
      }
      blockStart += block.count
    }
    let column = read(lineStart..<target).count { $0 & 0xC0 != 0x80 } + 1
    return TextPosition(line: line, column: column)
  }

  private func extendIndex(to target: Int) {
    while scannedTo < target {
      let block = read(scannedTo..<min(size, scannedTo + 1 << 20))
      guard !block.isEmpty else { return }
      for (index, byte) in block.enumerated() where byte == UInt8(ascii: "\n") {
        scannedLine += 1
        if scannedLine % Self.checkpointEvery == 0 { checkpoints.append((scannedLine, scannedTo + index + 1)) }
      }
      scannedTo += block.count
    }
  }

  /// The text of the line holding `offset`, clipped to a window around it so NDJSON records and
  /// minified files stay readable; returns the window and the caret's column inside it.
  public func lineWindow(around offset: Int, width: Int = 100) -> (text: String, caretColumn: Int) {
    if let original { return original.source.lineWindow(around: originalOffset(offset, original.map), width: width) }
    let target = min(max(offset, 0), size)
    let windowStart = max(0, target - 4096)
    let window = read(windowStart..<min(size, target + 4096))
    let local = target - windowStart
    var start = min(local, window.count)
    while start > 0, window[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    var end = min(local, window.count)
    while end < window.count, window[end] != UInt8(ascii: "\n"), window[end] != UInt8(ascii: "\r") { end += 1 }
    let caretAt = min(local, window.count)
    let before = Array(String(decoding: window[start..<caretAt], as: UTF8.self))
    let after = Array(String(decoding: window[caretAt..<end], as: UTF8.self))
    let keepBefore = min(before.count, width / 3)
    let keepAfter = min(after.count, width - keepBefore)
    let prefix = before.count > keepBefore ? "…" : ""
    let suffix = after.count > keepAfter ? "…" : ""
    let text = prefix + String(before.suffix(keepBefore)) + String(after.prefix(keepAfter)) + suffix
    return (String(text.map { $0 == "\t" ? " " : $0 }), prefix.count + keepBefore + 1)
  }
}

/// A data file that cannot be opened or read.
public struct DataSourceError: Error, Sendable {
  /// Why.
  public var reason: String
}
