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

  /// Writes to standard output without a trailing newline.
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes to standard error without a trailing newline.
  static func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
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
