/// What a command prints while it runs (findings as its records are read, a conversion a piece
/// at a time): passed on at once in a session, so that a command's memory does not grow with
/// its input and the first findings show while it runs; gathered when nothing takes it (the
/// tests), to be returned with the command's last words.
final class ReplOutput {
  /// Where the output goes as it comes; nil gathers it.
  var forward: ((UnsafeRawBufferPointer) -> Void)?
  private var gathered: [UInt8] = []
  /// Whether a text written since the last `take` has an error line.
  private var hadError = false

  /// Writes text the REPL composed (findings, messages), noting whether it reports an error.
  func write(_ text: String) {
    guard !text.isEmpty else { return }
    if ReplInterpreter.reportsError(text) { hadError = true }
    var copy = text
    copy.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Writes data (a conversion's output), which says nothing about errors whatever it holds.
  func write(bytes: UnsafeRawBufferPointer) {
    if let forward {
      forward(bytes)
    } else {
      gathered.append(contentsOf: bytes)
    }
  }

  /// What was gathered since the last call, and whether an error was written; both start again.
  func take() -> (text: String, hadError: Bool) {
    defer {
      gathered.removeAll()
      hadError = false
    }
    return (String(decoding: gathered, as: UTF8.self), hadError)
  }
}
