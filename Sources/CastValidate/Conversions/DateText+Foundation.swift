/// `JSONDecoder`'s `.iso8601` strategy as Foundation reads it on Swift 6.3.1 (probed on this
/// machine, `CodableDateTests`), which is looser than ISO 8601 in most ways: every number may have
/// any count of digits (`2024-1-2T3:4:5Z`, a year `24` is the year 24), a day may be any of 1–31 in
/// any month and the time any numbers, the excess carried over (`2024-02-30` is March 1st,
/// `T99:99:99` rolls into the next days); the zone is `Z`, `UTC` or `GMT` (in any case, with or
/// without an offset) or an offset of one or two hour digits with optional minutes and seconds
/// (`+2`, `+0230`, `+02:30:15`), at most 18 hours; and whatever follows the zone is not read
/// (`…Zjunk`). Fractional seconds have one to nine digits. Its calendar is Julian before the
/// Gregorian one begins (1582-10-15), as Foundation's Gregorian calendar is.
extension DateText {
  /// 1582-10-15, the first day of the Gregorian calendar, in days since 1970.
  static let gregorianStartDay = -141_427
  /// Its first second since 1970: before it, Foundation's dates are Julian.
  static let gregorianStart = Double(gregorianStartDay) * 86400

  /// Days since 1970 of a date as Foundation's calendar counts them: Julian before 1582-10-15
  /// (`1582-10-10` is the Gregorian 1582-10-20), a day past its month's end carried over.
  static func foundationDays(year: Int, month: Int, day: Int) -> Int {
    guard (year, month, day) < (1582, 10, 15) else { return daysFromCivil(year: year, month: month, day: day) }
    // NB: as `daysFromCivil`, in four-year cycles of 1461 days from March; Julian 1969-12-19 is day 0.
    let y = month <= 2 ? year - 1 : year
    let cycle = (y >= 0 ? y : y - 3) / 4
    let yearOfCycle = y - cycle * 4
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    return cycle * 1461 + yearOfCycle * 365 + dayOfYear - 719_470
  }

  /// The year, month and day of a day since 1970 in Foundation's calendar: `civilFromDays` from
  /// 1582-10-15 on, the Julian calendar before.
  static func foundationCivil(_ days: Int) -> (Int, Int, Int) {
    guard days < gregorianStartDay else { return civilFromDays(days) }
    let z = days + 719_470
    let cycle = (z >= 0 ? z : z - 1460) / 1461
    let dayOfCycle = z - cycle * 1461
    let yearOfCycle = (dayOfCycle - dayOfCycle / 1460) / 365
    let dayOfYear = dayOfCycle - 365 * yearOfCycle
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp + (mp < 10 ? 3 : -9)
    return (yearOfCycle + cycle * 4 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Seconds since 1970 of a string `JSONDecoder`'s `.iso8601` reads; nil when it throws (or the
  /// numbers are too large to add up, where it throws too).
  static func parseFoundationISO8601(_ b: UnsafeRawBufferPointer) -> Double? {
    var reader = FieldReader(bytes: b)
    let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    if let fields = FieldReader.fixedLayout(b) {
      // `YYYY-MM-DDTHH:MM:SS`, the layout nearly every date has, without the digit loops.
      (year, month, day, hour, minute, second) = fields
      reader.index = 19
    } else {
      guard let y = reader.number(), reader.skip(UInt8(ascii: "-")), let mo = reader.number(), reader.skip(UInt8(ascii: "-")),
        let d = reader.number(), reader.skip(UInt8(ascii: "T")), let h = reader.number(), reader.skip(UInt8(ascii: ":")),
        let mi = reader.number(), reader.skip(UInt8(ascii: ":")), let s = reader.number()
      else { return nil }
      (year, month, day, hour, minute, second) = (y, mo, d, h, mi, s)
    }
    guard (1...12).contains(month), (1...31).contains(day) else { return nil }
    var fraction = 0.0
    if reader.skip(UInt8(ascii: ".")) {
      let start = reader.index
      guard let digits = reader.number(maxDigits: 9), !reader.atDigit else { return nil }
      var scale = 1.0
      for _ in start..<reader.index { scale *= 10 }
      fraction = Double(digits) / scale
    }
    // NB: a larger year is no date castctl writes (`representable`), and would overflow here.
    guard year <= 999_999, let offset = reader.zoneOffset() else { return nil }
    // NB: each number has at most 18 digits, so only the products and sums below can overflow.
    let (days, hours, minutes) = (
      foundationDays(year: year, month: month, day: day).multipliedReportingOverflow(by: 86400),
      hour.multipliedReportingOverflow(by: 3600), minute.multipliedReportingOverflow(by: 60)
    )
    guard !days.overflow, !hours.overflow, !minutes.overflow,
      let total = Self.sum(days.partialValue, hours.partialValue, minutes.partialValue, second &- offset)
    else { return nil }
    return Double(total) + fraction
  }

  /// The sum of the parts, or nil when it overflows.
  private static func sum(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int? {
    let (ab, first) = a.addingReportingOverflow(b)
    let (abc, second) = ab.addingReportingOverflow(c)
    let (all, third) = abc.addingReportingOverflow(d)
    return first || second || third ? nil : all
  }
}

/// Reads the numbers and separators of a `.iso8601` string from its bytes.
private struct FieldReader {
  let bytes: UnsafeRawBufferPointer
  var index = 0

  init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  var atDigit: Bool { index < bytes.count && Self.isDigit(bytes[index]) }

  /// The six numbers of `YYYY-MM-DDTHH:MM:SS` when the text starts so and no digit follows (the
  /// general reader's numbers would go on); nil otherwise.
  static func fixedLayout(_ b: UnsafeRawBufferPointer) -> (Int, Int, Int, Int, Int, Int)? {
    guard b.count > 19, !isDigit(b[19]), b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
      b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":")
    else { return nil }
    func two(_ at: Int) -> Int? {
      guard isDigit(b[at]), isDigit(b[at + 1]) else { return nil }
      return Int(b[at] &- UInt8(ascii: "0")) * 10 + Int(b[at + 1] &- UInt8(ascii: "0"))
    }
    guard let century = two(0), let years = two(2), let month = two(5), let day = two(8), let hour = two(11),
      let minute = two(14), let second = two(17)
    else { return nil }
    return (century * 100 + years, month, day, hour, minute, second)
  }

  /// Consumes `byte` if it is next.
  mutating func skip(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// One or more digits (at most `maxDigits`), as a number; nil when none, or past 18 digits,
  /// which no date Foundation reads has.
  mutating func number(maxDigits: Int = 18) -> Int? {
    let start = index
    var value = 0
    while atDigit, index - start < maxDigits {
      value = value * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
      index += 1
    }
    guard index > start, !(maxDigits == 18 && atDigit) else { return nil }
    return value
  }

  /// The zone's offset east of UTC in seconds; nil when there is no zone Foundation reads.
  mutating func zoneOffset() -> Int? {
    guard index < bytes.count else { return nil }
    let lead = bytes[index] | 0x20
    if lead == UInt8(ascii: "z") { return 0 }
    if lead == UInt8(ascii: "u") || lead == UInt8(ascii: "g") {
      let name = lead == UInt8(ascii: "u") ? "utc" : "gmt"
      guard index + 3 <= bytes.count, zip(bytes[index..<index + 3], name.utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
      index += 3
      // NB: `UTC` or `GMT` alone is UTC, and whatever follows it that is no sign is not read.
      guard index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return 0 }
    }
    guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return nil }
    let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
    index += 1
    guard let hours = number(maxDigits: 2) else { return nil }
    var seconds = hours * 3600
    // Minutes after a `:` (then required) or straight after the hours; then seconds likewise,
    // though a `:` with nothing after it is read past.
    if skip(UInt8(ascii: ":")) || atDigit {
      guard let minutes = number(maxDigits: 2) else { return nil }
      seconds += minutes * 60
      _ = skip(UInt8(ascii: ":"))
      if let extra = number(maxDigits: 2) { seconds += extra }
    }
    // NB: the offsets `TimeZone(secondsFromGMT:)` makes a zone of.
    guard seconds <= 18 * 3600 else { return nil }
    return sign * seconds
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
