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
    guard let failure = writeAll(STDOUT_FILENO, text) else { return }
    if failure == EPIPE { ProcessSignals.endForBrokenPipe() }
    InterruptCleanup.removePending()
    writeError("castctl: error: cannot write standard output: \(String(cString: strerror(failure)))\n")
    exit(ExitCode.outputError.rawValue)
  }

  /// Writes to standard error without a trailing newline; a failure is ignored, since there is
  /// nowhere left to report it.
  static func writeError(_ text: String) {
    _ = writeAll(STDERR_FILENO, text)
  }

  /// Writes every byte of `text` (retrying short and interrupted writes); the errno of a
  /// failure, or nil. NB: not FileHandle.write, which traps on any error.
  private static func writeAll(_ descriptor: Int32, _ text: String) -> Int32? {
    var text = text
    return text.withUTF8 { buffer -> Int32? in
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
}

/// Standard output written in large pieces.
final class BufferedOutput {
  private var pending = ""
  private let limit: Int

  init(limit: Int = 1 << 16) {
    self.limit = limit
  }

  /// Queues text, writing when enough has gathered.
  func write(_ text: String) {
    pending += text
    if pending.utf8.count >= limit { flush() }
  }

  /// Writes what is queued.
  func flush() {
    guard !pending.isEmpty else { return }
    Terminal.write(pending)
    pending = ""
  }
}
