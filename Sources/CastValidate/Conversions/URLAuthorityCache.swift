import Foundation

/// `URL(string:)`'s answer for a URL's `scheme://authority` whose authority holds text beyond
/// ASCII (an internationalised host, which Foundation runs through IDNA): asked of Foundation once
/// per distinct authority and remembered, since a file's URLs name few hosts. What follows the
/// authority is worked out on bytes (`URLComponentEncoding`); Foundation judges and rewrites the
/// two parts independently (`FormatChecksTests` compares the sum with it on random URLs).
// NB: one per walker, never shared, so that `--jobs` workers do not wait for each other's lock.
final class URLAuthorityCache {
  /// Foundation's `absoluteString` of each prefix asked about, nil when it refuses it.
  private var answers: [[UInt8]: String?] = [:]
  /// Past this many prefixes the cache starts again, so that a file of ever new hosts costs
  /// bounded memory (and what it cost before the cache).
  static let capacity = 4096
  /// Longer prefixes are asked about every time rather than kept.
  static let longestKept = 512

  /// Foundation's `absoluteString` of `scheme://authority`, or nil when it refuses it.
  func rewritten(_ prefix: UnsafeRawBufferPointer) -> String? {
    guard prefix.count <= Self.longestKept else { return Self.ask(prefix) }
    let key = [UInt8](prefix)
    if let known = answers[key] { return known }
    let answer = Self.ask(prefix)
    if answers.count >= Self.capacity { answers.removeAll(keepingCapacity: true) }
    answers[key] = answer
    return answer
  }

  private static func ask(_ prefix: UnsafeRawBufferPointer) -> String? {
    URL(string: String(decoding: prefix, as: UTF8.self))?.absoluteString
  }
}
