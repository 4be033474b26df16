import Foundation

/// Progress of a long run on standard error: bytes, records per second and time left, shown only
/// on a terminal and only after the first second, and cleared at the end.
final class ProgressMeter {
  private let total: Int
  private let enabled: Bool
  private let start = ContinuousClock.now
  private var lastDraw = ContinuousClock.now
  private var shown = false

  /// A meter for an input of `total` bytes; silent unless standard error is a terminal.
  init(total: Int, enabled: Bool = isatty(STDERR_FILENO) == 1) {
    self.total = total
    self.enabled = enabled && total > 0
  }

  /// Called after each chunk.
  func update(bytes: Int, records: Int) {
    guard enabled else { return }
    let now = ContinuousClock.now
    let elapsed = (now - start).seconds
    guard elapsed >= 1, (now - lastDraw).seconds >= 0.1 || !shown else { return }
    lastDraw = now
    shown = true
    let fraction = Double(bytes) / Double(total)
    let left = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
    let line = String(
      format: "  %.1f of %.1f MB (%.0f%%) · %.0f records/s · %.0fs left", Double(bytes) / 1e6, Double(total) / 1e6,
      fraction * 100, Double(records) / elapsed, left)
    Terminal.writeError("\r\u{1B}[K" + line)
  }

  /// Clears the line if anything was shown.
  func finish() {
    if shown { Terminal.writeError("\r\u{1B}[K") }
    shown = false
  }
}
