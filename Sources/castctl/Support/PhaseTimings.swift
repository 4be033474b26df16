import Foundation

/// How long each phase of a command took (`--timings`): laps of one monotonic clock from the end
/// of argument parsing, written as one line on standard error when the command ends.
///
/// The laps are measured inside the process, so they leave out what every run pays before
/// `main` (loading the binary), which is what makes small differences between schemas or files
/// visible on a noisy machine.
struct PhaseTimings {
  /// One phase: its name, how long it took and, for the data, how many bytes it read.
  struct Lap {
    let phase: String
    let duration: Duration
    let bytes: Int?
  }

  let enabled: Bool
  private(set) var laps: [Lap] = []
  private var last = ContinuousClock.now

  init(enabled: Bool) {
    self.enabled = enabled
  }

  /// Ends the current phase under `phase`; the next one starts now.
  mutating func lap(_ phase: String, bytes: Int? = nil) {
    guard enabled else { return }
    let now = ContinuousClock.now
    laps.append(Lap(phase: phase, duration: now - last, bytes: bytes))
    last = now
  }

  /// `timings: schema 0.412 ms, compile 0.051 ms, data 281.306 ms (116.4 MB, 413.8 MB/s), output
  /// 0.012 ms; total 281.781 ms`.
  var line: String {
    let parts = laps.map { lap in
      guard let bytes = lap.bytes else { return "\(lap.phase) \(Self.milliseconds(lap.duration)) ms" }
      var amount = Self.size(bytes)
      // NB: a rate over a few kilobytes measures the clock, not the reading.
      if bytes >= 1 << 16, lap.duration > .zero {
        amount += String(format: ", %.1f MB/s", Double(bytes) / 1e6 / lap.duration.seconds)
      }
      return "\(lap.phase) \(Self.milliseconds(lap.duration)) ms (\(amount))"
    }
    let total = laps.reduce(Duration.zero) { $0 + $1.duration }
    return "timings: " + parts.joined(separator: ", ") + "; total \(Self.milliseconds(total)) ms\n"
  }

  /// Writes `line` to standard error, if timings were asked for.
  func report() {
    if enabled, !laps.isEmpty { Terminal.writeError(line) }
  }

  /// Bytes in the unit that reads best: `12 bytes`, `4.2 KB`, `116.4 MB`.
  private static func size(_ bytes: Int) -> String {
    if bytes < 1000 { return "\(bytes) bytes" }
    if bytes < 1_000_000 { return String(format: "%.1f KB", Double(bytes) / 1e3) }
    return String(format: "%.1f MB", Double(bytes) / 1e6)
  }

  /// Milliseconds with three decimals: a small schema loads in a fraction of one.
  private static func milliseconds(_ duration: Duration) -> String {
    String(format: "%.3f", duration.seconds * 1e3)
  }
}
