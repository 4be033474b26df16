import ArgumentParser
import CastValidate
import Foundation

/// Standard input for `infer`, copied in chunks to an unlinked temporary file: `infer` reads
/// its records twice (to infer, then to verify) and a pipe can be read only once, while memory
/// must not grow with the input. The file then streams like any other (a top-level array
/// element by element, NDJSON in pieces).
enum StdinSpool {
  /// The copy as a file source named `<stdin>`; exit 66 when it cannot be made, 3 past `maxBytes`.
  static func spool(maxBytes: Int?) throws -> DataSource {
    let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/castctl-stdin-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else { throw failure("cannot make a temporary file in \(directory): \(String(cString: strerror(errno)))") }
    let path = template.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { String(cString: $0) } ?? "" }
    // NB: unlinked once opened as the source: nothing is left behind, whatever happens next.
    defer { unlink(path) }
    defer { close(descriptor) }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var total = 0
    while true {
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure("cannot read <stdin>: \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      total += count
      if let maxBytes, total > maxBytes {
        Terminal.writeError("castctl: error: cannot read <stdin>: the input is larger than --max-bytes (\(maxBytes) bytes)\n")
        throw ExitCode.malformedJSON
      }
      var written = 0
      while written < count {
        let step = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + written }, count - written) }
        if step < 0, errno == EINTR { continue }
        guard step > 0 else { throw failure("cannot copy <stdin> to \(directory): \(String(cString: strerror(errno)))") }
        written += step
      }
    }
    do {
      return try DataSource(name: "<stdin>", path: path)
    } catch {
      throw failure("cannot read the copy of <stdin>: \(error.reason)")
    }
  }

  private static func failure(_ message: String) -> ExitCode {
    Terminal.writeError("castctl: error: \(message)\n")
    return ExitCode.unreadableInput
  }
}
