import Foundation

/// Appends text to a file another program owns (GitHub's step summary), creating it if needed.
enum FileAppend {
  /// Appends `text`; the reason on failure.
  static func append(_ text: String, to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    defer { close(descriptor) }
    if let error = BackgroundWriter.writeAll(Array(text.utf8), to: descriptor) { return String(cString: strerror(error)) }
    return nil
  }
}
