import Foundation

/// Dates without the machine's time zone: ISO-8601 in, ISO-8601 UTC out (semantics §4).
enum DateText {
  /// Seconds since 1970 of `YYYY-MM-DDTHH:MM:SS[.fff](Z|±hh:mm|±hhmm)`; nil when not that shape.
  /// `rollingOver`: as `JSONDecoder`'s `.iso8601` strategy reads it (`parseFoundationISO8601`),
  /// the excess of a day or a time carried into the next unit (`2024-02-30` is March 1st).
  static func parseISO8601(_ text: String, rollingOver: Bool = false) -> Double? {
    Array(text.utf8).withUnsafeBytes { parseISO8601(bytes: $0, rollingOver: rollingOver) }
  }

  /// Whether `text` is the string literal `"YYYY-MM-DDTHH:MM:SSZ"`, quotes included, with seconds
  /// below 60: the one form that ISO-8601 output writes back unchanged, so it can be copied once
  /// it parses.
  // NB: before 1583 the calendars castctl's dialects count in differ (`foundationCivil`): such a
  // date is left to the walk, which writes it in the dialect's.
  static func isCanonicalLiteral(_ text: UnsafeRawBufferPointer) -> Bool {
    guard text.count == 22, text[0] == JSONByte.quote, text[21] == JSONByte.quote, text[11] == UInt8(ascii: "T"),
      text[20] == UInt8(ascii: "Z"), text[18] >= UInt8(ascii: "0"), text[18] <= UInt8(ascii: "5")
    else { return false }
    for index in 1...19 where index != 5 && index != 8 && index != 11 && index != 14 && index != 17 {
      guard text[index] >= 0x30, text[index] <= 0x39 else { return false }
    }
    guard text[5] == JSONByte.minus && text[8] == JSONByte.minus && text[14] == JSONByte.colon && text[17] == JSONByte.colon
    else { return false }
    // NB: a date that rolls over (`T24:00`, February 30th) parses, but is written as the next one.
    func number(_ at: Int) -> Int { Int(text[at] - 0x30) * 10 + Int(text[at + 1] - 0x30) }
    let (year, month, day) = (number(1) * 100 + number(3), number(6), number(9))
    return year >= 1583 && number(12) < 24 && text[15] <= UInt8(ascii: "5") && (1...12).contains(month) && day >= 1
      && day <= daysIn(month: month, year: year)
  }

  /// As `parseISO8601(_:)`, straight from the bytes of a string token.
  static func parseISO8601(bytes b: UnsafeRawBufferPointer, rollingOver: Bool = false) -> Double? {
    if rollingOver { return parseFoundationISO8601(b) }
    func digits(_ start: Int, _ count: Int) -> Int? {
      guard start + count <= b.count else { return nil }
      var value = 0
      for i in start..<start + count {
        guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
        value = value * 10 + Int(b[i] - 0x30)
      }
      return value
    }
    guard b.count >= 20, let year = digits(0, 4), b[4] == UInt8(ascii: "-"), let month = digits(5, 2),
      b[7] == UInt8(ascii: "-"), let day = digits(8, 2),
      b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t") || b[10] == UInt8(ascii: " "),
      let hour = digits(11, 2), b[13] == UInt8(ascii: ":"), let minute = digits(14, 2), b[16] == UInt8(ascii: ":"),
      let second = digits(17, 2)
    else { return nil }
    guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 61
    else { return nil }
    var index = 19
    var fraction = 0.0
    if index < b.count, b[index] == UInt8(ascii: ".") {
      index += 1
      var scale = 0.1
      let start = index
      while index < b.count, b[index] >= 0x30, b[index] <= 0x39 {
        fraction += Double(b[index] - 0x30) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    guard index < b.count else { return nil }
    var offset = 0
    switch b[index] {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      index += 1
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      let sign = b[index] == UInt8(ascii: "-") ? -1 : 1
      guard let hours = digits(index + 1, 2) else { return nil }
      var next = index + 3
      if next < b.count, b[next] == UInt8(ascii: ":") { next += 1 }
      guard let minutes = digits(next, 2), hours < 24, minutes < 60 else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
      index = next + 2
    default:
      return nil
    }
    guard index == b.count else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    return Double(days * 86400 + hour * 3600 + minute * 60 + second - offset) + fraction
  }

  /// The dates castctl reads and writes, in seconds since 1970: the years 0000 to 9999, which
  /// ISO-8601's four-digit years can spell (a larger epoch number is an `out-of-range` finding).
  static let representable: ClosedRange<Double> = -62_167_219_200 ... (253_402_300_800.0).nextDown

  /// `representable`, or the same years in Foundation's calendar (`julian`, as `JSONDecoder`
  /// reads and writes them), where 0000-01-01 is two days earlier.
  static func representable(julian: Bool) -> ClosedRange<Double> {
    julian ? julianRepresentable : representable
  }

  private static let julianRepresentable: ClosedRange<Double> =
    Double(foundationDays(year: 0, month: 1, day: 1) * 86400) ... representable.upperBound

  /// ISO-8601 in UTC: `2024-05-01T12:00:00Z`, with fractional seconds only when there are some.
  /// Seconds outside `representable` are clamped to it (callers reject those first). `julian`:
  /// in Foundation's calendar, Julian before 1582-10-15 (`foundationCivil`).
  static func formatISO8601(_ seconds: Double, julian: Bool = false) -> String {
    String(unsafeUninitializedCapacity: iso8601Capacity) { buffer in
      writeISO8601(seconds, julian: julian, into: UnsafeMutableRawBufferPointer(buffer))
    }
  }

  /// The room `writeISO8601` needs (it writes 20 to 27 bytes).
  static let iso8601Capacity = 40

  /// `formatISO8601`'s text written into `out` (room for `iso8601Capacity` bytes), building no
  /// String; returns how many bytes it wrote.
  static func writeISO8601(_ seconds: Double, julian: Bool = false, into out: UnsafeMutableRawBufferPointer) -> Int {
    let range = representable(julian: julian)
    let seconds = min(max(seconds, range.lowerBound), range.upperBound)
    let whole = seconds.rounded(.down)
    // The fractional digits a Double holds at this distance from 1970: six (microseconds) for
    // centuries around it, four by the year 5000; more would print its rounding error
    // (`.300003` for `.3`).
    let places = max(0, min(6, Int(-log10(seconds.magnitude.ulp))))
    var scale: Int64 = 1
    for _ in 0..<places { scale *= 10 }
    var units = Int64(((seconds - whole) * Double(scale)).rounded())
    var total = Int64(whole)
    if units >= scale {
      // Rounded up to the next second, unless that is the year 10000.
      if Double(total + 1) <= representable.upperBound { (total, units) = (total + 1, 0) } else { units = scale - 1 }
    }
    let days = Int(total.floorDivided(by: 86400))
    let secondOfDay = Int(total - Int64(days) * 86400)
    let (year, month, day) = julian ? foundationCivil(days) : civilFromDays(days)
    var count = 0
    func put(_ character: Unicode.Scalar) {
      out[count] = UInt8(ascii: character)
      count += 1
    }
    func put(_ value: Int, width: Int) {
      count = DecimalDigits.write(value, width: width, into: out, at: count)
    }
    put(year, width: 4)
    put("-")
    put(month, width: 2)
    put("-")
    put(day, width: 2)
    put("T")
    put(secondOfDay / 3600, width: 2)
    put(":")
    put(secondOfDay / 60 % 60, width: 2)
    put(":")
    put(secondOfDay % 60, width: 2)
    if units > 0 {
      // The fraction's digits without their trailing zeros.
      var width = places
      while units % 10 == 0 {
        units /= 10
        width -= 1
      }
      put(".")
      put(Int(units), width: width)
    }
    put("Z")
    return count
  }

  /// Parses with a fixed pattern (`yyyy-MM-dd`), in UTC.
  static func parse(_ text: String, pattern: String) -> Double? {
    switch DatePatterns.shared.compiled(pattern) {
    case .compiled(let compiled):
      var text = text
      if let seconds = text.withUTF8({ compiled.parse(UnsafeRawBufferPointer($0)) }) { return seconds }
      guard compiled.readsPart else { return nil }
      return DatePatterns.shared.formatterSeconds(text, pattern: pattern)
    case .formatter(let formatter):
      return formatter.withLock { $0.date(from: text)?.timeIntervalSince1970 }
    }
  }

  /// Formats with a fixed pattern, in UTC.
  static func format(_ seconds: Double, pattern: String) -> String {
    switch DatePatterns.shared.compiled(pattern) {
    // NB: a date before 1582-10-15 of a pattern the formatter reads a part of was read by it, in
    // the Julian calendar (`DatePattern.parse`), and is written back in it.
    case .compiled(let compiled) where !compiled.isReadByFormatter(seconds): compiled.format(seconds)
    case .compiled: DatePatterns.shared.formatter(pattern).withLock { $0.string(from: Date(timeIntervalSince1970: seconds)) }
    case .formatter(let formatter): formatter.withLock { $0.string(from: Date(timeIntervalSince1970: seconds)) }
    }
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  // NB: Howard Hinnant's civil-calendar algorithms, proleptic Gregorian, no time zones.
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146097 + dayOfEra - 719468
  }

  static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
    let z = days + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let dayOfEra = z - era * 146097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp + (mp < 10 ? 3 : -9)
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
