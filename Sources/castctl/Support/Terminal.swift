import ArgumentParser
import Foundation

/// Where output goes and whether it may be coloured.
enum Terminal {
  /// Colour only on a terminal, never with `NO_COLOR` set (any value), unless forced.
  static func useColor(_ choice: ColorChoice, fileDescriptor: Int32) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
      if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
      if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
      return isatty(fileDescriptor) == 1
    }
  }

  /// Writes to standard output without a trailing newline. A failed write ends castctl: quietly
  /// for a closed pipe, with the reason and exit 74 otherwise (a full disk, a closed descriptor).
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Writes bytes to standard output, as `write` writes text.
  static func write(bytes: UnsafeRawBufferPointer) {
    guard let failure = writeAll(STDOUT_FILENO, bytes) else { return }
    if failure == EPIPE { ProcessSignals.endForBrokenPipe() }
    InterruptCleanup.removePending()
    writeError("castctl: error: cannot write standard output: \(String(cString: strerror(failure)))\n")
    exit(ExitCode.outputError.rawValue)
  }

  /// Writes to standard error without a trailing newline; a failure is ignored, since there is
  /// nowhere left to report it.
  static func writeError(_ text: String) {
    var text = text
    _ = text.withUTF8 { writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
  }

  /// Writes every byte (retrying short and interrupted writes); the errno of a failure, or nil.
  /// NB: not FileHandle.write, which traps on any error.
  private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < buffer.count {
      let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }
}

/// Standard output written in large pieces.
final class BufferedOutput {
  private var pending: [UInt8] = []
  private let limit: Int

  init(limit: Int = 1 << 16) {
    self.limit = limit
  }

  /// Queues text, writing when enough has gathered.
  func write(_ text: String) {
    pending.append(contentsOf: text.utf8)
    if pending.count >= limit { flush() }
  }

  /// Queues bytes, writing when enough has gathered.
  func write(bytes: UnsafeRawBufferPointer) {
    pending.append(contentsOf: bytes)
    if pending.count >= limit { flush() }
  }

  /// Writes what is queued.
  func flush() {
    guard !pending.isEmpty else { return }
    pending.withUnsafeBytes { Terminal.write(bytes: $0) }
    pending.removeAll(keepingCapacity: true)
  }
}
