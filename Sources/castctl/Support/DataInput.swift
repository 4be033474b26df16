import ArgumentParser
import CastSchema
import CastValidate
import Foundation

/// Reads the data argument: a file, or `-` for standard input; exit 66 when it cannot be read,
/// exit 3 when it is larger than `--max-bytes`.
enum DataInput {
  /// A regular file is opened and read where needed; standard input, a pipe or a device
  /// (`/dev/stdin`, `<(…)`, `/dev/zero`) has no size to trust, so it is read to its end here,
  /// stopping at `maxBytes`.
  static func read(_ path: String, maxBytes: Int? = nil) throws -> DataSource {
    if path == "-" { return try readStream(STDIN_FILENO, name: "<stdin>", limit: maxBytes) }
    var info = stat()
    // NB: a regular file of size 0 may be a /proc file whose size is not known in advance.
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR, (info.st_mode & S_IFMT) != S_IFREG || info.st_size == 0 {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw unreadable(path, String(cString: strerror(errno))) }
      defer { close(descriptor) }
      return try readStream(descriptor, name: path, limit: maxBytes)
    }
    let source: DataSource
    do {
      source = try DataSource(name: path, path: path)
    } catch {
      throw unreadable(path, error.reason)
    }
    if let maxBytes, source.size > maxBytes { throw tooLarge(path, maxBytes) }
    return source
  }

  /// Reads `descriptor` to its end into memory; more than `limit` bytes is an error.
  private static func readStream(_ descriptor: Int32, name: String, limit: Int?) throws -> DataSource {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw unreadable(name, String(cString: strerror(errno)))
      }
      if count == 0 { return DataSource(name: name, bytes: bytes) }
      bytes.append(contentsOf: chunk[..<count])
      if let limit, bytes.count > limit { throw tooLarge(name, limit) }
    }
  }

  /// Reports an input that cannot be read; exit 66.
  private static func unreadable(_ name: String, _ reason: String) -> ExitCode {
    Terminal.writeError("castctl: error: cannot read \(name): \(reason)\n")
    return ExitCode.unreadableInput
  }

  /// Reports an input over `--max-bytes`; exit 3, as when a stream exceeds it part-way.
  private static func tooLarge(_ name: String, _ limit: Int) -> ExitCode {
    Terminal.writeError("castctl: error: cannot read \(name): the input is larger than --max-bytes (\(limit) bytes)\n")
    return ExitCode.malformedJSON
  }

  /// The data file of a command (YAML converted, see `readYAML`), and whether it holds one
  /// record per line: NDJSON, or a YAML stream of several documents.
  static func dataFile(_ path: String, options: DataOptions) throws -> (source: DataSource, ndjson: Bool) {
    guard options.isYAML(path) else { return (try read(path, maxBytes: options.maxBytes), options.isNDJSON(path)) }
    let (source, documents) = try readYAML(path, color: Terminal.useColor(.auto, fileDescriptor: 2), maxBytes: options.maxBytes)
    return (source, documents > 1)
  }

  /// YAML (`--from yaml`) as the JSON it describes, positions pointing into the YAML; several
  /// documents become one JSON line each. A YAML syntax error ends with exit 3.
  private static func readYAML(_ path: String, color: Bool, maxBytes: Int? = nil) throws -> (source: DataSource, documents: Int) {
    let original = try read(path, maxBytes: maxBytes)
    let yaml = original.readAll()
    do {
      let (json, map, documents) = try YAMLInput.json(from: yaml)
      return (DataSource(name: original.name, bytes: json, original: original, map: map), documents)
    } catch {
      reportSyntaxError(JSONSyntaxError(offset: error.offset, message: error.message), in: original, color: color, code: "malformed-yaml")
      throw ExitCode.malformedJSON
    }
  }

  /// Prints a malformed-JSON error with its position and line, for exit code 3.
  static func reportSyntaxError(_ error: JSONSyntaxError, in data: DataSource, color: Bool, code: String? = nil) {
    Terminal.writeError(SyntaxErrorText.render(error, in: data, style: TextStyle(enabled: color), code: code))
  }
}
