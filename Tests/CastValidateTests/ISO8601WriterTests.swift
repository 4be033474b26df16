import Foundation
import Testing

@testable import CastValidate

/// `DateText.writeISO8601`, which the walk's dates and the clean-record writer's both go
/// through: whole seconds as Foundation's own formatters write them (Gregorian, and Julian
/// before 1582-10-15 where `julian`), fractions read back to the instant they were written from.
struct ISO8601WriterTests {
  /// Seconds since 1970 across the years 0001–9999, weighted to the ends and to the calendar's
  /// change, with fractions of every length.
  static let instants: [Double] = {
    var generator = SystemRandomNumberGenerator()
    let edges: [Double] = [-62_135_596_800, -12_219_292_800, -12_219_292_801, 0, -1, 951_782_400, 253_402_300_799]
    let random = (0..<400).map { _ in Double(Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator)) }
    return edges + random
  }()

  /// Foundation's own writing of whole seconds in UTC (whose Gregorian calendar is Julian
  /// before 1582-10-15).
  static let formatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
    return formatter
  }()

  @Test("whole seconds are written as Foundation's Julian-Gregorian calendar writes them")
  func julianAsFoundation() {
    for seconds in Self.instants {
      #expect(DateText.formatISO8601(seconds, julian: true) == Self.formatter.string(from: Date(timeIntervalSince1970: seconds)), "\(seconds)")
    }
  }

  @Test("whole seconds after 1582-10-15 are written alike in either calendar")
  func gregorianAfterTheChange() {
    for seconds in Self.instants where seconds >= DateText.gregorianStart {
      #expect(DateText.formatISO8601(seconds) == Self.formatter.string(from: Date(timeIntervalSince1970: seconds)), "\(seconds)")
    }
  }

  @Test(
    "fractions are written in the digits a Double holds (up to six), without trailing zeros, and read back",
    arguments: [
      (0.5, "1970-01-01T00:00:00.5Z"), (1.25, "1970-01-01T00:00:01.25Z"), (-0.000001, "1969-12-31T23:59:59.999999Z"),
      (1_577_934_245.123456, "2020-01-02T03:04:05.123456Z"), (1_577_934_245.1, "2020-01-02T03:04:05.1Z"),
      (253_402_300_799.99999, "9999-12-31T23:59:59.9999Z"), (59.9999999, "1970-01-01T00:01:00Z"),
    ])
  func fractions(_ seconds: Double, _ text: String) {
    let written = DateText.formatISO8601(seconds)
    #expect(written == text)
    #expect(DateText.parseISO8601(written).map { abs($0 - seconds) < 0.000_1 } == true, "\(written)")
  }
}
