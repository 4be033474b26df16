import Foundation

/// What the strings seen at one path were: how many, a bounded sketch of their distinct values,
/// their lengths, and which formats every one of them had.
struct StringEvidence: Sendable, Equatable {
  var count = 0
  /// Distinct values, while there are at most `limit` of them; nil once there were more (the
  /// sketch's bound: a field of names must not keep every name).
  var distinct: Set<String>? = []
  var minLength = Int.max
  var maxLength = 0
  /// Formats every string so far had, written exactly as castctl writes that type back (so that
  /// declaring the type loses nothing in a round trip).
  var formats = StringFormats.all
  /// Formats every string had in some spelling, normal form or not (for `--explain`).
  var looseFormats = StringFormats.all

  /// Notes one string; `limit` bounds the distinct-value sketch; `length` is its length in
  /// Characters, as `//! length` counts it (`Self.length(of:)` when not given).
  mutating func observe(_ text: String, limit: Int, length: Int? = nil) {
    count += 1
    let length = length ?? Self.length(of: text)
    minLength = min(minLength, length)
    maxLength = max(maxLength, length)
    if distinct != nil {
      distinct?.insert(text)
      if (distinct?.count ?? 0) > limit { distinct = nil }
    }
    if !formats.isEmpty || !looseFormats.isEmpty {
      let (exact, loose) = StringFormats.of(text)
      formats.formIntersection(exact)
      looseFormats.formIntersection(loose)
    }
  }

  /// `text.count`, as `//! length` counts (Characters), from the bytes where each byte is one.
  static func length(of text: String) -> Int {
    var text = text
    return text.withUTF8 { ASCIIText.characterCount(UnsafeRawBufferPointer($0)) } ?? text.count
  }

  /// Whether the next string's text still matters: the sketch has room, or some format is
  /// still possible.
  var needsText: Bool { distinct != nil || !formats.isEmpty || !looseFormats.isEmpty }

  /// Notes a string whose text no longer matters, by its length.
  mutating func observeUnread(length: Int) {
    count += 1
    minLength = min(minLength, length)
    maxLength = max(maxLength, length)
  }

  /// Adds another path's evidence (commutative: a union capped at the same limit overflows
  /// whatever the order).
  mutating func merge(_ other: StringEvidence, limit: Int) {
    count += other.count
    minLength = min(minLength, other.minLength)
    maxLength = max(maxLength, other.maxLength)
    if let mine = distinct, let theirs = other.distinct {
      let union = mine.union(theirs)
      distinct = union.count > limit ? nil : union
    } else {
      distinct = nil
    }
    formats.formIntersection(other.formats)
    looseFormats.formIntersection(other.looseFormats)
  }

  /// The distinct count as text: exact, or "more than N".
  func distinctText(limit: Int) -> String {
    distinct.map { String($0.count) } ?? "more than \(limit)"
  }
}

/// String formats that map to a castctl type.
struct StringFormats: OptionSet, Sendable, Hashable {
  let rawValue: UInt8
  /// `YYYY-MM-DDTHH:MM:SS[.f]Z`, as `Date` with `//! date iso8601` writes it back.
  static let isoDate = StringFormats(rawValue: 1)
  /// `YYYY-MM-DD`, read and written by `//! date "yyyy-MM-dd"`.
  static let dayDate = StringFormats(rawValue: 2)
  /// An absolute `http(s)` URL.
  static let url = StringFormats(rawValue: 4)
  /// An upper-case UUID, the form castctl writes.
  static let uuid = StringFormats(rawValue: 8)
  /// `YYYY-MM-DDTHH:MM:SSZ` exactly: what JSONDecoder's `.iso8601` reads and JSONEncoder's writes
  /// back unchanged (a Codable model's `Date`).
  static let plainISODate = StringFormats(rawValue: 16)
  /// A URL that Foundation's `URL(string:)` takes and JSONEncoder writes back unchanged (a
  /// Codable model's `URL`; `{/sha}` is percent-encoded).
  static let foundationURL = StringFormats(rawValue: 32)
  static let all: StringFormats = [.isoDate, .dayDate, .url, .uuid, .plainISODate, .foundationURL]

  /// Whether the day of a `YYYY-MM-DD…` text is one of Foundation's calendar, so JSONEncoder
  /// writes it back as it is: 1582-10-05 to 1582-10-14 are none (its Julian calendar ends the day
  /// before its Gregorian one begins) and are read as ten days later.
  static func isFoundationDay(_ text: String) -> Bool {
    let bytes = Array(text.utf8.prefix(10))
    guard bytes.count == 10 else { return false }
    let number = { (range: Range<Int>) in Int(String(decoding: bytes[range], as: UTF8.self)) }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return false }
    return DateText.foundationCivil(DateText.foundationDays(year: year, month: month, day: day)) == (year, month, day)
  }

  /// The formats `text` has exactly (written back unchanged) and loosely (in any spelling the
  /// engine reads: an ISO-8601 date with an offset, a lower-case UUID).
  static func of(_ text: String) -> (exact: StringFormats, loose: StringFormats) {
    var exact: StringFormats = []
    var loose: StringFormats = []
    let bytes = text.utf8
    guard let first = bytes.first else { return ([], []) }
    if InferNames.isDigit(first), bytes.count >= 10 {
      if bytes.count == 10 {
        if DateText.parse(text, pattern: "yyyy-MM-dd").map({ DateText.format($0, pattern: "yyyy-MM-dd") }) == text {
          exact.insert(.dayDate)
          loose.insert(.dayDate)
        }
      } else if let seconds = DateText.parseISO8601(text) {
        loose.insert(.isoDate)
        // `YYYY-MM-DDTHH:MM:SSZ` that parses is written back as it is (seconds below 60, which a
        // leap second is not); only other spellings are formatted to compare.
        let plain = bytes.count == 20 && bytes.last == UInt8(ascii: "Z")
          && bytes[bytes.index(bytes.startIndex, offsetBy: 17)] <= UInt8(ascii: "5")
        if plain || DateText.formatISO8601(seconds) == text { exact.insert(.isoDate) }
        if plain, isFoundationDay(text) { exact.insert(.plainISODate) }
      }
    }
    if bytes.count == 36, FormatChecks.isUUID(text) {
      loose.insert(.uuid)
      if text == text.uppercased() { exact.insert(.uuid) }
    }
    if first == UInt8(ascii: "h"), text.hasPrefix("https://") || text.hasPrefix("http://"), FormatChecks.isURL(text) {
      exact.insert(.url)
      loose.insert(.url)
      if text.utf8.withContiguousStorageIfAvailable({ FormatChecks.foundationURL(UnsafeRawBufferPointer($0)) == text }) ?? false {
        exact.insert(.foundationURL)
      }
    }
    return (exact, loose)
  }
}
