import Foundation

/// A data input ready to validate: its bytes (or the file they are read from) and whether it
/// holds one record per line. YAML is converted to JSON here, positions still pointing into it.
/// Nothing here looks at the data to decide its shape: the reader that parses it does.
package struct DataDocument: Sendable {
  package let source: DataSource
  /// NDJSON, or a YAML stream of several documents.
  package let recordsPerLine: Bool

  package init(source: DataSource, recordsPerLine: Bool) {
    self.source = source
    self.recordsPerLine = recordsPerLine
  }

  /// The input at `path`, or standard input for `-`. A regular file is read where needed;
  /// standard input, a pipe or a device (`/dev/stdin`, `<(…)`) has no size to trust, so it is
  /// read to its end here, stopping past `maxBytes`. Positions name the input `name` (by
  /// default its path).
  package static func open(_ path: String, name: String? = nil, reading: DataReading) throws(DataProblem) -> DataDocument {
    let source = try readSource(path, name: name ?? (path == "-" ? "<stdin>" : path), maxBytes: reading.maxBytes)
    return try document(source, reading: reading)
  }

  /// Bytes already in memory (the REPL's inline JSON), read as a file named `name` would be.
  package static func inline(_ bytes: [UInt8], name: String, reading: DataReading) throws(DataProblem) -> DataDocument {
    if let limit = reading.maxBytes, bytes.count > limit { throw .tooLarge(name: name, limit: limit) }
    return try document(DataSource(name: name, bytes: bytes), reading: reading)
  }

  /// `source` as JSON, converting YAML.
  private static func document(_ source: DataSource, reading: DataReading) throws(DataProblem) -> DataDocument {
    guard reading.isYAML(source.name) else {
      return DataDocument(source: source, recordsPerLine: reading.isNDJSON(source.name))
    }
    do {
      let (json, map, documents) = try YAMLInput.json(from: source.readAll())
      return DataDocument(source: DataSource(name: source.name, bytes: json, original: source, map: map), recordsPerLine: documents > 1)
    } catch {
      throw .malformed(JSONSyntaxError(offset: error.offset, message: error.message), source: source, isYAML: true, readBefore: ValidationSummary())
    }
  }

  private static func readSource(_ path: String, name: String, maxBytes: Int?) throws(DataProblem) -> DataSource {
    if path == "-" { return try readStream(STDIN_FILENO, name: name, limit: maxBytes) }
    var info = stat()
    // NB: a regular file of size 0 may be a /proc file whose size is not known in advance.
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR, (info.st_mode & S_IFMT) != S_IFREG || info.st_size == 0 {
      let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw .unreadable(name: name, reason: String(cString: strerror(errno))) }
      defer { close(descriptor) }
      return try readStream(descriptor, name: name, limit: maxBytes)
    }
    let source: DataSource
    do {
      source = try DataSource(name: name, path: path)
    } catch {
      throw .unreadable(name: name, reason: error.reason)
    }
    if let maxBytes, source.size > maxBytes { throw .tooLarge(name: name, limit: maxBytes) }
    return source
  }

  /// Bytes of a stream held in memory; past them, the stream goes to an unlinked temporary file.
  static let streamMemoryLimit = 8 << 20

  /// Reads `descriptor` to its end: into memory while it stays within `memoryLimit` bytes, else
  /// into an unlinked temporary file in `$TMPDIR` read as any file is, so that memory does not
  /// grow with standard input; where no such file can be made or written (no `$TMPDIR`, a full
  /// disk), in memory after all, as it was always read. More than `limit` bytes is an error; a
  /// byte no JSON or YAML may hold ends the read there (the reader then says where it is).
  static func readStream(
    _ descriptor: Int32, name: String, limit: Int?, memoryLimit: Int = streamMemoryLimit,
    directory: String = TemporaryFile.directory
  ) throws(DataProblem) -> DataSource {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var spool: Int32 = -1
    defer { if spool >= 0 { close(spool) } }
    // Whether the spool failed: from then on everything stays in memory.
    var inMemory = false
    var total = 0
    // Whether a byte no input may hold has been read: nothing after it is (see `ControlByte`).
    var ended = false
    while !ended {
      var count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(name: name, reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      if let forbidden = chunk.withUnsafeBytes({ ControlByte.first(in: UnsafeRawBufferPointer(rebasing: $0[..<count])) }) {
        count = forbidden + 1
        ended = true
      }
      total += count
      if let limit, total > limit { throw .tooLarge(name: name, limit: limit) }
      if spool < 0, inMemory || bytes.count + count <= memoryLimit {
        bytes.append(contentsOf: chunk[..<count])
        continue
      }
      if spool < 0 {
        spool = TemporaryFile.make(in: directory, prefix: "castctl-stdin")
        guard spool >= 0, bytes.withUnsafeBytes({ TemporaryFile.writeAll($0, to: spool) == $0.count }) else {
          inMemory = true
          if spool >= 0 { close(spool) }
          spool = -1
          bytes.append(contentsOf: chunk[..<count])
          continue
        }
        bytes = []
      }
      guard chunk.withUnsafeBytes({ TemporaryFile.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: spool) == count }) else {
        // The copy so far is read back: the input is read on in memory.
        bytes = DataSource.read(spool, 0..<(total - count))
        guard bytes.count == total - count else {
          throw .unreadable(name: name, reason: "its copy in \(directory) could not be read back: \(String(cString: strerror(errno)))")
        }
        bytes.append(contentsOf: chunk[..<count])
        close(spool)
        spool = -1
        inMemory = true
        continue
      }
    }
    guard spool >= 0 else { return DataSource(name: name, bytes: bytes) }
    // NB: the stream readers read on from the descriptor's position, as from a file just opened.
    lseek(spool, 0, SEEK_SET)
    do {
      defer { spool = -1 }
      return try DataSource(name: name, owning: spool)
    } catch {
      throw .unreadable(name: name, reason: error.reason)
    }
  }
}
