import Foundation

/// Appends text to a file another program owns (GitHub's step summary), creating it if needed.
enum FileAppend {
  /// Appends `text`; the reason on failure.
  static func append(_ text: String, to path: String) -> String? {
    // NB: opened without blocking, so that a FIFO nobody reads is an error (ENXIO), not a wait
    // for ever; writes then block as usual.
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o644)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    defer { close(descriptor) }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    if let error = BackgroundWriter.writeAll(Array(text.utf8), to: descriptor) { return String(cString: strerror(error)) }
    return nil
  }
}
