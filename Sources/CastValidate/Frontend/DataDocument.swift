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

  /// Reads `descriptor` to its end into memory; more than `limit` bytes is an error.
  private static func readStream(_ descriptor: Int32, name: String, limit: Int?) throws(DataProblem) -> DataSource {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(name: name, reason: String(cString: strerror(errno)))
      }
      if count == 0 { return DataSource(name: name, bytes: bytes) }
      bytes.append(contentsOf: chunk[..<count])
      if let limit, bytes.count > limit { throw .tooLarge(name: name, limit: limit) }
    }
  }
}
