import Foundation

/// Date patterns compiled once per process and shared by every thread: a `DatePattern` where it
/// covers the pattern's fields, else one `DateFormatter` (UTC, en_US_POSIX) used under a lock.
final class DatePatterns: Sendable {
  /// What a pattern compiles to.
  enum Compiled: Sendable {
    case compiled(DatePattern)
    case formatter(LockedFormatter)
  }

  /// A formatter behind a lock: `DateFormatter` is not documented as safe to share between threads.
  final class LockedFormatter: Sendable {
    private let formatter: Locked<DateFormatter>

    init(pattern: String) {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = pattern
      self.formatter = Locked(formatter)
    }

    func withLock<T: Sendable>(_ body: (DateFormatter) -> T) -> T {
      formatter.withLock { body($0) }
    }
  }

  static let shared = DatePatterns()

  private let cache = Locked<[String: Compiled]>([:])
  private let formatters = Locked<[String: LockedFormatter]>([:])

  /// The compiled form of `pattern`, made the first time it is asked for.
  func compiled(_ pattern: String) -> Compiled {
    if let known = cache.withLock({ $0[pattern] }) { return known }
    let made: Compiled = DatePattern(pattern).map(Compiled.compiled) ?? .formatter(LockedFormatter(pattern: pattern))
    cache.withLock { $0[pattern] = made }
    return made
  }

  /// A `DateFormatter` of `pattern` even where a `DatePattern` covers it: what `JSONDecoder`'s
  /// `.formatted` strategy reads, which is looser (surrounding white space, more digits, `January`
  /// for `MMM`), asked only of text the compiled pattern does not read.
  func formatter(_ pattern: String) -> LockedFormatter {
    if let known = formatters.withLock({ $0[pattern] }) { return known }
    let made = LockedFormatter(pattern: pattern)
    formatters.withLock { $0[pattern] = made }
    return made
  }

  /// What that `DateFormatter` of `pattern` reads `text` as, in seconds since 1970; nil for text
  /// it does not read.
  func formatterSeconds(_ text: String, pattern: String) -> Double? {
    formatter(pattern).withLock { $0.date(from: text)?.timeIntervalSince1970 }
  }
}
