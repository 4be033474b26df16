import Foundation
import Testing

@testable import CastValidate

/// `//! date "pattern"` read and written on bytes, checked against the real `DateFormatter` of
/// this machine (UTC, en_US_POSIX): the same text out, the same instant back in.
@Suite("Date patterns against DateFormatter")
struct DatePatternTests {
  static let patterns = [
    "yyyy-MM-dd", "EEE MMM dd HH:mm:ss Z yyyy", "dd/MM/yyyy HH:mm", "yyyyMMdd'T'HHmmss", "MMMM d, yyyy h:mm a",
    "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ", "EEEE, dd-MMM-yyyy HH:mm:ss xxx", "yyyy-MM-dd HH:mm:ss.SS XX", "d.M.y H:m:s",
    "hh 'o''clock' a, MMM d yyyy", "yyyy-MM-dd'T'HH:mm:ssX", "EEE, dd MMM yyyy HH:mm:ss zzz", "yyyy-MM-dd HH:mm z",
    "MM/dd/yy", "dd.MM.yy HH:mm", "yyMMdd", "yyyy-DDD", "yyyyDDD'T'HHmm", "yy-D", "DD yyyy",
  ]

  /// Instants from 1900 to 2100 (a fixed generator), whole and with milliseconds, and edges.
  static let instants: [Double] = {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var values: [Double] = [0, -1, 86_399, 951_782_400, 1_709_251_200.5, -2_208_988_800, 4_102_444_799]
    for _ in 0..<200 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let seconds = Double(Int64(state >> 33) % 6_311_433_600) - 2_208_988_800
      values.append(seconds)
      values.append(seconds + Double(state % 1000) / 1000)
    }
    return values
  }()

  private static func formatter(_ pattern: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = pattern
    return formatter
  }

  @Test("every pattern compiles to the byte reader", arguments: patterns)
  func compiles(_ pattern: String) {
    #expect(DatePattern(pattern) != nil)
  }

  @Test("the text written is DateFormatter's, and reading it back gives DateFormatter's instant", arguments: patterns)
  func agreesWithDateFormatter(_ pattern: String) throws {
    let compiled = try #require(DatePattern(pattern))
    let reference = Self.formatter(pattern)
    for seconds in Self.instants {
      let expected = reference.string(from: Date(timeIntervalSince1970: seconds))
      #expect(compiled.format(seconds) == expected, "\(pattern) at \(seconds)")
      let back = reference.date(from: expected)?.timeIntervalSince1970
      let parsed = Array(expected.utf8).withUnsafeBytes { compiled.parse($0) }
      #expect(parsed.map { ($0 * 1000).rounded() } == back.map { ($0 * 1000).rounded() }, "\(pattern): \(expected)")
    }
  }

  /// Offsets, case, and texts that are not dates.
  @Test(
    "texts with offsets or errors read as DateFormatter reads them",
    arguments: [
      ("EEE MMM dd HH:mm:ss Z yyyy", "Mon Jan 05 10:00:00 +0130 2015"),
      ("EEE MMM dd HH:mm:ss Z yyyy", "Mon Jan 05 10:00:00 -1100 2015"),
      ("yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ", "2024-02-29T23:59:59.999+05:30"),
      ("yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ", "2024-02-29T23:59:59.999Z"),
      ("yyyy-MM-dd", "2023-02-29"), ("yyyy-MM-dd", "2023-13-01"), ("yyyy-MM-dd", "2023-1-1x"),
      ("dd/MM/yyyy HH:mm", "31/12/1999 24:00"), ("MMMM d, yyyy h:mm a", "March 7, 2021 12:05 AM"),
      ("MMMM d, yyyy h:mm a", "March 7, 2021 12:05 PM"), ("yyyy-MM-dd'T'HH:mm:ssX", "2020-01-01T00:00:00+02"),
      // Abutting digit fields: each its own width, the first narrower where the digits fall short.
      ("HHmmss", "030405"), ("HHmmss", "03045"), ("HHmmss", "0345"), ("HHmmss", "345"), ("HHmmss", "0304056"),
      ("yyyyMMdd", "20240102"), ("yyyyMMdd", "2024012"), ("yyyyMMdd", "202401"),
      // Narrowed to two digits, a year is read in the hundred years from DateFormatter's
      // `twoDigitStartDate` (1950).
      ("yyyyMMdd", "240102"), ("yyyyMMdd", "990102"), ("yyyyMMdd", "460102"), ("yyyyMMdd", "450102"),
      ("yyyyMMdd", "470102"), ("yyyyMMdd", "491231"), ("yyyyMMdd", "500101"),
      ("yyyyMMddHHmm", "20240102030"), ("yyyyMMddHHmmss", "2024010203040"), ("yyyyMMdd'T'HHmmss", "2024012T030405"),
      ("yyyyMMdd'T'HHmmss", "20240102T3045"), ("HHmmssSSS", "03040512"),
      // A fraction alone reads any number of digits, and keeps milliseconds.
      ("HHmmss.SSS", "030405.12"), ("HHmmss.SSS", "030405.1"), ("HHmmss.SSS", "030405.1234"), ("HH:mm:ss.S", "03:04:05.123"),
      ("ss.SS", "05.9999"), ("MM-dd", "01-02"), ("HH", "7"), ("ss.SSS", "05.123456789"),
      ("HH:mm:ss dMMyyyy", "01:02:03 1022024"), ("MMdd HH", "0102 03"),
    ])
  func readsLikeDateFormatter(_ pattern: String, _ text: String) throws {
    let compiled = try #require(DatePattern(pattern))
    let expected = Self.formatter(pattern).date(from: text)?.timeIntervalSince1970
    let parsed = Array(text.utf8).withUnsafeBytes { compiled.parse($0) }
    #expect(parsed.map { ($0 * 1000).rounded() } == expected.map { ($0 * 1000).rounded() }, "\(text)")
  }

  /// A zone's name (`zzz`): `GMT` and `UTC` are read on bytes; the date of any other name, and
  /// of a name with an offset, is the formatter's, so castctl reads what it reads.
  @Test(
    "a date with a zone's name reads as DateFormatter reads it",
    arguments: ["GMT", "UTC", "PST", "EST", "GMT+1", "GMT+01:00", "UTC+2", "gmt", "UT", "Z", "CET", "GMT-0800", "", "GM"])
  func zoneNames(_ zone: String) {
    let pattern = "EEE, dd MMM yyyy HH:mm:ss zzz"
    let text = "Tue, 05 Mar 2024 10:11:12 " + zone
    let expected = Self.formatter(pattern).date(from: text)?.timeIntervalSince1970
    #expect(DateText.parse(text, pattern: pattern) == expected, "\(text)")
  }

  /// DateFormatter reads a fraction of more than nine digits erratically (`.123456789012345` is
  /// .002); castctl takes such text for no date, and must not trap on it.
  @Test("a fraction of more than nine digits is no date", arguments: [10, 19, 30, 400])
  func longFraction(_ digits: Int) throws {
    let compiled = try #require(DatePattern("ss.SSS"))
    let text = "05." + String(repeating: "9", count: digits)
    #expect(Array(text.utf8).withUnsafeBytes { compiled.parse($0) } == nil)
  }

  /// `yy` reads two digits in the hundred years from 1950; other digits, and a day of
  /// the year of more than three, are the formatter's to read (`readsPart`).
  @Test(
    "a two-digit year and a day of the year read as DateFormatter reads them",
    arguments: [
      ("yy", "24"), ("yy", "07"), ("yy", "47"), ("yy", "50"), ("yy", "99"), ("yy", "00"), ("yy", "2024"), ("yy", "7"), ("yy", "0"), ("yy", "124"),
      ("yy", "12345"), ("yy", "-5"), ("yy-MM-dd", "46-01-01"), ("yy-MM-dd", "45-12-31"), ("yy-MM-dd", "24-02-30"),
      ("yy-MM-dd", "2024-03-01"), ("MM/dd/yy", "3/1/24"), ("MM/dd/yy", "03/01/124"), ("yyMMdd", "240102"),
      ("yyMMdd", "2401021"), ("yyMMdd", "24012"), ("yyMMdd", "0240102"), ("yyyy-DDD", "2024-001"), ("yyyy-DDD", "2024-366"),
      ("yyyy-DDD", "2023-366"), ("yyyy-DDD", "2023-365"), ("yyyy-DDD", "2024-000"), ("yyyy-DDD", "2024-1"),
      ("yyyy-DDD", "2024-0060"), ("yyyy-DDD", "2024-999"), ("yyyy-D", "2024-060"), ("yyyy-D", "2024-1000"),
      ("yyyyDDD", "2024001"), ("yyyyDDD", "202460"), ("DDD", "032"), ("yyyy-DDD", "1582-366"), ("yyyy-DDD", "1582-300"), ("yy-DDD", "24-060"), ("yy-DDD", "23-366"),
    ])
  func twoDigitYearsAndDaysOfTheYear(_ pattern: String, _ text: String) throws {
    #expect(DatePattern(pattern) != nil)
    let expected = Self.formatter(pattern).date(from: text)?.timeIntervalSince1970
    #expect(DateText.parse(text, pattern: pattern) == expected, "\(pattern): \(text)")
  }

  /// A date before 1582-10-15 that such a pattern's formatter reads (in the Julian calendar) is
  /// written back by it: the same text out as in, as with DateFormatter alone.
  @Test(
    "a date the formatter reads is written back as it writes it",
    arguments: [
      ("MM/dd/yy", "03/01/7"), ("yy-DDD", "124-060"), ("EEE, dd MMM yyyy HH:mm:ss zzz", "Fri, 05 Mar 0024 10:11:12 GMT"),
      ("yyyy-DDD", "1200-031"), ("yyyy-DDD", "1582-278"), ("yyyy-DDD", "1582-287"), ("yyyy-DDD", "1582-355"),
      ("yyyy-DDD", "1582-356"), ("yyyy-DDD", "1582-001"), ("yyyy-DDD", "1583-001"),
    ])
  func julianDatesRoundTrip(_ pattern: String, _ text: String) throws {
    let reference = Self.formatter(pattern)
    let seconds = try #require(DateText.parse(text, pattern: pattern))
    #expect(seconds == reference.date(from: text)?.timeIntervalSince1970)
    #expect(DateText.format(seconds, pattern: pattern) == reference.string(from: Date(timeIntervalSince1970: seconds)))
  }

  @Test(
    "a //! date property reads what DateFormatter reads of its pattern, beyond what the pattern spells",
    arguments: [
      ("yyyy-MM-dd'T'", "2024-01-02"), ("yyyy-MM-dd'T'", "2024-01-02T"), ("yyyy-MM-dd'T'", "2024-01-02X"),
      ("yyyy-MM-dd'T", "2024-01-02"), ("HH:mm 'Uhr'", "10:30"), ("HH:mm 'Uhr'", "10:30 U"), ("HH:mm 'Uhr'", "10:30 "),
      ("yyyy-MM-dd'T'HH:mm:ss'Z'", "2024-01-02T10:30:00"), ("yyyy-MM-dd'T'HH:mm:ss'Z'", "2024-01-02T10:30"),
      ("yyyy-MM-dd", "2024/01/02"), ("yyyy-MM-dd", "2024 01 02"), ("yyyy-MM-dd", "2024-01-"), ("dd.MM.yyyy", "02.01.2024x"),
      ("yyyy' 'MM", "2024 0"), ("yyyy' 'MM", "2024 01"), ("MMM d", "Jan 2 "), ("MMM d", "jan 2"),
    ])
  // NB: no text here is a number, which is epoch seconds before DateFormatter is asked.
  func directiveReadsAsFormatter(_ pattern: String, _ text: String) throws {
    let expected = Self.formatter(pattern).date(from: text)
    let escaped = pattern.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    let schema = "struct M {\n  let d: Date //! date \"\(escaped)\"\n}\n"
    let json = "{\"d\": \"\(text)\"}"
    let registry = EngineProbe.registry(schema)
    for clean in [false, true] {
      let run = try EngineProbe.run(registry, json, build: false, cleanCheck: clean)
      #expect(run.isValid == (expected != nil), "clean \(clean): \(run.findings)")
    }
    guard let expected else { return }
    // Written back in the pattern, as the formatter writes the instant it read.
    let instance = try #require(try EngineProbe.run(registry, json).records.first?.instance)
    let written = JSONWriter(style: .compact).write(ModelEncoder(schema: CompiledSchema(registry: registry)).encode(instance))
    #expect(written == "{\"d\":\"\(Self.formatter(pattern).string(from: expected))\"}")
  }

  @Test("a pattern with a field the reader does not know falls back to DateFormatter, with the same results")
  func fallback() {
    #expect(DatePattern("G yyyy") == nil)
    // A weekday without a day of the month decides the date itself; so may a day of the year
    // beside a month.
    #expect(DatePattern("EEEE") == nil)
    #expect(DatePattern("yyyy-MM-DDD") == nil)
    #expect(DateText.parse("Monday", pattern: "EEEE") == Self.formatter("EEEE").date(from: "Monday")?.timeIntervalSince1970)
    #expect(DateText.parse("AD 2024", pattern: "G yyyy") == Self.formatter("G yyyy").date(from: "AD 2024")?.timeIntervalSince1970)
    #expect(DateText.format(0, pattern: "G yyyy") == "AD 1970")
  }
}
