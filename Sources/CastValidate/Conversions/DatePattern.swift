import Foundation

/// A `//! date "pattern"` compiled once into fields, then read and written on bytes, in UTC and
/// the en_US_POSIX locale, as `DateFormatter` reads and writes it (a formatter per date cost about
/// 100 µs). Covers the fields dates are written with: `y yy yyyy M MM MMM MMMM d dd D DD DDD H HH h hh
/// a m mm s ss S… E EEE EEEE Z ZZ ZZZ ZZZZZ X XX XXX x xx xxx z zz zzz` and quoted literals. A pattern
/// with any other field is not compiled, and `DateText` hands it to `DateFormatter`.
struct DatePattern: Sendable {
  /// One piece of the pattern.
  enum Field: Sendable, Equatable {
    case literal([UInt8])
    /// `y`, `yyyy`: the year, at least `width` digits written.
    case year(width: Int)
    /// `yy`: two digits, read in the hundred years from 1950 (`twoDigitCentury`), written
    /// as the year's last two. Other digits' dates are read by `DateFormatter` (`readsPart`).
    case twoDigitYear
    /// `M`, `MM` (digits), `MMM` (`Jan`), `MMMM` (`January`).
    case month(width: Int)
    case day(width: Int)
    /// `D`–`DDD`: the day of the year, 1–366, in a pattern without a month or a day of the
    /// month. More than three digits' dates are read by `DateFormatter` (`readsPart`).
    case dayOfYear(width: Int)
    /// `H`, `HH`: 0–23.
    case hour24(width: Int)
    /// `h`, `hh`: 1–12, with `a`.
    case hour12(width: Int)
    case amPm
    case minute(width: Int)
    case second(width: Int)
    /// `S…`: that many fraction digits.
    case fraction(digits: Int)
    /// `E`–`EEE` (`Mon`), `EEEE` (`Monday`): read and checked, not used (the date decides it).
    case weekday(full: Bool)
    /// `Z`–`ZZZ`, `xx`: `+0000`; `xxx`: `+00:00`; `X`: `+00`; `ZZZZZ`, `XX`, `XXX`: the same with
    /// `Z` for zero.
    case zone(colon: Bool, zulu: Bool, hoursOnly: Bool)
    /// `z`–`zzz` (`GMT`, `PST`, `GMT+1`): read here as `GMT` or `UTC` (written `GMT`, as the
    /// formatter writes UTC); any other zone's date is read by `DateFormatter` (`readsPart`).
    case zoneName
  }

  /// A field with what reading it needs to know of its neighbours.
  struct Step: Sendable {
    let field: Field
    /// Where a run of two or more abutting digit fields starts, the digits they take together;
    /// 0 elsewhere.
    let runWidth: Int
    /// One of such a run, each read at its width.
    let inRun: Bool
    /// Read at exactly its width (in a run, or before a digit field).
    let exact: Bool
  }

  /// The pattern's fields in order.
  // NB: one array: a pattern is copied out of its table for every date read, a retain per array.
  let steps: [Step]
  /// The pattern reads only some of what `DateFormatter` reads (a zone's name, a `yy` year of
  /// other than two digits, a day of the year of more than three): a date it does not read is the
  /// formatter's to judge, not malformed.
  let readsPart: Bool

  /// Before this day (since 1970), a date of a pattern that `readsPart` is the formatter's to read
  /// and write, in its Julian calendar: 1582-10-15, or 1583-01-01 where the day of the year counts
  /// from a 1582-01-01 that is Julian.
  let formatterBeforeDay: Int
  /// The most bytes `format` writes for a date (a year of any digits included).
  let formattedCapacity: Int

  /// Whether a date `seconds` since 1970 is read and written by the formatter (`formatterBeforeDay`).
  func isReadByFormatter(_ seconds: Double) -> Bool {
    readsPart && seconds < Double(formatterBeforeDay) * 86400
  }

  /// The fields alone.
  var fields: [Field] { steps.map(\.field) }

  static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
  static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
  /// The names as UTF-8, read by `parse` without building an array per date.
  static let monthNameBytes = monthNames.map { Array($0.utf8) }
  static let weekdayNameBytes = weekdayNames.map { Array($0.utf8) }
  static let dayPeriodBytes = [Array("AM".utf8), Array("PM".utf8)]
  /// The three-letter names (`Jan`, `Mon`) as `parse` compares them: lower case, packed in a word.
  static let monthAbbreviations = monthNameBytes.map { packedLowercase($0[0], $0[1], $0[2]) }
  static let weekdayAbbreviations = weekdayNameBytes.map { packedLowercase($0[0], $0[1], $0[2]) }

  @inline(__always)
  static func packedLowercase(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> UInt32 {
    UInt32(lower(first)) | UInt32(lower(second)) << 8 | UInt32(lower(third)) << 16
  }

  /// Compiles a pattern; nil when it uses a field this reader does not know.
  init?(_ pattern: String) {
    var fields: [Field] = []
    let characters = Array(pattern)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "'" {
        // `'…'` is literal text, `''` a quote.
        var text = ""
        index += 1
        if index < characters.count, characters[index] == "'" {
          fields.append(.literal(Array("'".utf8)))
          index += 1
          continue
        }
        while index < characters.count {
          if characters[index] == "'" {
            if index + 1 < characters.count, characters[index + 1] == "'" {
              text.append("'")
              index += 2
              continue
            }
            break
          }
          text.append(characters[index])
          index += 1
        }
        index += 1
        fields.append(.literal(Array(text.utf8)))
        continue
      }
      guard character.isASCII, character.isLetter else {
        fields.append(.literal(Array(String(character).utf8)))
        index += 1
        continue
      }
      var count = 1
      while index + count < characters.count, characters[index + count] == character { count += 1 }
      index += count
      switch (character, count) {
      case ("y", 1), ("y", 4): fields.append(.year(width: count))
      case ("y", 2): fields.append(.twoDigitYear)
      case ("M", 1...4): fields.append(.month(width: count))
      case ("d", 1...2): fields.append(.day(width: count))
      case ("D", 1...3): fields.append(.dayOfYear(width: count))
      case ("H", 1...2): fields.append(.hour24(width: count))
      case ("h", 1...2): fields.append(.hour12(width: count))
      case ("a", 1): fields.append(.amPm)
      case ("m", 1...2): fields.append(.minute(width: count))
      case ("s", 1...2): fields.append(.second(width: count))
      case ("S", 1...9): fields.append(.fraction(digits: count))
      case ("E", 1...4): fields.append(.weekday(full: count == 4))
      case ("Z", 1...3), ("x", 2): fields.append(.zone(colon: false, zulu: false, hoursOnly: false))
      case ("Z", 5): fields.append(.zone(colon: true, zulu: true, hoursOnly: false))
      case ("x", 3): fields.append(.zone(colon: true, zulu: false, hoursOnly: false))
      case ("X", 1): fields.append(.zone(colon: false, zulu: true, hoursOnly: true))
      case ("X", 2): fields.append(.zone(colon: false, zulu: true, hoursOnly: false))
      case ("X", 3): fields.append(.zone(colon: true, zulu: true, hoursOnly: false))
      case ("z", 1...3): fields.append(.zoneName)
      default: return nil
      }
    }
    // A 12-hour clock without AM/PM (or AM/PM without it) is left to DateFormatter's rules; so
    // is a weekday without a day of the month, which then decides the date.
    let twelve = fields.contains { if case .hour12 = $0 { true } else { false } }
    guard twelve == fields.contains(.amPm) else { return nil }
    let hasWeekday = fields.contains { if case .weekday = $0 { true } else { false } }
    guard !hasWeekday || fields.contains(where: { if case .day = $0 { true } else { false } }) else { return nil }
    // A day of the year beside a month or a day of the month: which decides is ICU's rule.
    let hasDayOfYear = fields.contains { if case .dayOfYear = $0 { true } else { false } }
    guard !hasDayOfYear || !fields.contains(where: { if case .month = $0 { true } else if case .day = $0 { true } else { false } })
    else { return nil }
    // Abutting digit fields (`yyyyMMdd`, `HHmmss`) are read as ICU reads them (`parse`).
    var runWidths = [Int](repeating: 0, count: fields.count)
    var start: Int?
    for (position, field) in fields.enumerated() {
      let continues = position + 1 < fields.count && fields[position + 1].isNumeric
      guard field.isNumeric, start != nil || continues else { continue }
      // NB: a one-letter year in a run counts its digits as ICU does only there: left to it.
      if field == .year(width: 1) { return nil }
      let begin = start ?? position
      start = continues ? begin : nil
      runWidths[begin] += field.width
    }
    readsPart = fields.contains(.zoneName) || fields.contains(.twoDigitYear) || hasDayOfYear
    formatterBeforeDay = hasDayOfYear ? DateText.daysFromCivil(year: 1583, month: 1, day: 1) : DateText.gregorianStartDay
    steps = fields.indices.map { position in
      let beforeDigits = position + 1 < fields.count && fields[position + 1].isNumeric
      let inRun = fields[position].isNumeric && ((position > 0 && fields[position - 1].isNumeric) || beforeDigits)
      return Step(field: fields[position], runWidth: runWidths[position], inRun: inRun, exact: inRun || beforeDigits)
    }
    formattedCapacity = fields.reduce(0) { $0 + $1.formattedCapacity }
  }

  // MARK: - Reading

  /// Seconds since 1970 of `text`, or nil when it does not have the pattern's shape or is no date.
  func parse(_ text: UnsafeRawBufferPointer) -> Double? {
    var index = 0
    // NB: Foundation's DateFormatter fills the fields a pattern lacks from 2000-01-01.
    var year = 2000, month = 1, day = 1, hour = 0, minute = 0, second = 0, offset = 0
    var dayOfYear: Int?
    var twoDigitYear = false
    var fraction = 0.0
    var pm: Bool?
    var hour12: Int?
    /// Digits: exactly `width` when the next field is also digits (`yyyyMMdd`), else 1 to `max`.
    func number(_ width: Int, max: Int, exact: Bool) -> Int? {
      var value = 0
      let start = index
      let limit = exact ? width : max
      while index < text.count, index - start < limit, text[index] >= 0x30, text[index] <= 0x39 {
        value = value * 10 + Int(text[index] - 0x30)
        index += 1
      }
      return index - start >= (exact ? width : 1) ? value : nil
    }
    func name(_ names: [[UInt8]], abbreviated: Bool, _ abbreviations: [UInt32] = []) -> Int? {
      if abbreviated, !abbreviations.isEmpty {
        // One compare per name: the names differ in their first three letters.
        guard index + 3 <= text.count,
          let position = abbreviations.firstIndex(of: Self.packedLowercase(text[index], text[index + 1], text[index + 2]))
        else { return nil }
        index += 3
        return position
      }
      for (position, full) in names.enumerated() {
        let candidate = abbreviated ? full[..<3] : full[...]
        guard index + candidate.count <= text.count else { continue }
        var matches = true
        for (offset, byte) in candidate.enumerated() where Self.lower(text[index + offset]) != Self.lower(byte) {
          matches = false
          break
        }
        if matches {
          index += candidate.count
          return position
        }
      }
      return nil
    }
    // ICU reads a run of abutting digit fields with each field's own width, and where the digits
    // fall short, with the first field narrower, down to one digit (`HHmmss` reads `03045` as
    // 0:30:45; `yyyyMMdd` reads no 7 digits).
    for step in steps {
      // The digits the first field of a run gives up.
      var cut = 0
      if step.runWidth > 0 {
        var digits = 0
        while index + digits < text.count, text[index + digits] >= 0x30, text[index + digits] <= 0x39 { digits += 1 }
        cut = max(0, step.runWidth - digits)
        guard cut < step.field.width else { return nil }
      }
      let inRun = step.inRun
      let exact = step.exact
      switch step.field {
      case .literal(let bytes):
        guard index + bytes.count <= text.count else { return nil }
        for (offset, byte) in bytes.enumerated() where text[index + offset] != byte { return nil }
        index += bytes.count
      case .year(let full):
        let width = full - cut
        guard let value = number(width, max: 4, exact: inRun || (exact && width == 4)) else { return nil }
        year = value
        // A year narrowed to two digits in a run is a two-digit year, as `yy` is.
        twoDigitYear = inRun && width == 2
      case .twoDigitYear:
        // Other than two digits are a year as written, in whichever calendar ICU counts it: the
        // formatter's (`readsPart`).
        guard cut == 0, let value = number(2, max: 2, exact: true),
          inRun || index == text.count || text[index] < 0x30 || text[index] > 0x39
        else { return nil }
        year = value
        twoDigitYear = true
      case .month(let full):
        let width = full - cut
        if width >= 3 {
          guard let value = name(Self.monthNameBytes, abbreviated: width == 3, Self.monthAbbreviations) else { return nil }
          month = value + 1
        } else {
          guard let value = number(width, max: 2, exact: exact) else { return nil }
          month = value
        }
      case .day(let full):
        let width = full - cut
        guard let value = number(width, max: 2, exact: exact) else { return nil }
        day = value
      case .dayOfYear(let full):
        let width = full - cut
        guard let value = number(width, max: 3, exact: exact) else { return nil }
        dayOfYear = value
      case .hour24(let full):
        let width = full - cut
        guard let value = number(width, max: 2, exact: exact) else { return nil }
        hour = value
      case .hour12(let full):
        let width = full - cut
        guard let value = number(width, max: 2, exact: exact), (1...12).contains(value) else { return nil }
        hour12 = value
      case .amPm:
        guard let value = name(Self.dayPeriodBytes, abbreviated: false) else { return nil }
        pm = value == 1
      case .minute(let full):
        let width = full - cut
        guard let value = number(width, max: 2, exact: exact) else { return nil }
        minute = value
      case .second(let full):
        let width = full - cut
        guard let value = number(width, max: 2, exact: exact) else { return nil }
        second = value
      case .fraction(let full):
        let digits = full - cut
        // In a run, exactly its digits; alone, any number of them. Either way ICU keeps
        // milliseconds: the first three digits.
        let start = index
        // NB: at most nine digits alone: past them DateFormatter's own reading goes astray
        // (`05.123456789012345` is 5.002 s), so such text is no date here.
        guard number(digits, max: inRun ? digits : 10, exact: inRun) != nil, index - start <= 9 else { return nil }
        var value = 0
        var scale = 1.0
        for position in start..<min(index, start + 3) {
          value = value * 10 + Int(text[position] - 0x30)
          scale *= 10
        }
        fraction = Double(value) / scale
      case .weekday(let full):
        guard name(Self.weekdayNameBytes, abbreviated: !full, Self.weekdayAbbreviations) != nil else { return nil }
      case .zone(let colon, let zulu, let hoursOnly):
        guard index < text.count else { return nil }
        if zulu, text[index] == UInt8(ascii: "Z") {
          index += 1
          continue
        }
        guard text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") else { return nil }
        let sign = text[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard let hours = number(2, max: 2, exact: true), hours < 24 else { return nil }
        var minutes = 0
        if !hoursOnly {
          if colon {
            guard index < text.count, text[index] == UInt8(ascii: ":") else { return nil }
            index += 1
          }
          guard let value = number(2, max: 2, exact: true), value < 60 else { return nil }
          minutes = value
        }
        offset = sign * (hours * 3600 + minutes * 60)
      case .zoneName:
        guard index + 3 <= text.count else { return nil }
        let name = (text[index], text[index + 1], text[index + 2])
        guard name == (0x47, 0x4D, 0x54) || name == (0x55, 0x54, 0x43) else { return nil }
        index += 3
      }
    }
    guard index == text.count else { return nil }
    if let hour12, let pm { hour = hour12 % 12 + (pm ? 12 : 0) }
    if twoDigitYear { year = Self.twoDigitCentury.year(year, month: month, day: day, hour: hour, minute: minute, second: second) }
    guard (1...12).contains(month), day >= 1, day <= DateText.daysIn(month: month, year: year), hour < 24, minute < 60,
      second < 60
    else { return nil }
    var days = DateText.daysFromCivil(year: year, month: month, day: day)
    if let dayOfYear {
      guard dayOfYear >= 1, dayOfYear <= DateText.daysFromCivil(year: year + 1, month: 1, day: 1) - days else { return nil }
      days += dayOfYear - 1
    }
    // A pattern the formatter reads a part of leaves it every date it counts in the Julian
    // calendar, so that such a date is read and written in one calendar (`DateText.format`).
    guard !readsPart || days >= formatterBeforeDay else { return nil }
    return Double(days * 86400 + hour * 3600 + minute * 60 + second - offset) + fraction
  }

  /// The hundred years a two-digit year falls in: from `DateFormatter`'s `twoDigitStartDate`
  /// (1950-01-01 in Foundation), read once from a formatter.
  static let twoDigitCentury: TwoDigitCentury = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    // NB: -631152000 is 1950-01-01T00:00:00Z.
    return TwoDigitCentury(start: formatter.twoDigitStartDate?.timeIntervalSince1970 ?? -631_152_000)
  }()

  private static func lower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }

  // MARK: - Writing

  /// The text of `seconds` (UTC) in this pattern.
  func format(_ seconds: Double) -> String {
    var text: [UInt8] = []
    format(seconds, into: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// `format`, appended to `out` as UTF-8 (the clean-record writer compares it with the input
  /// without building a String).
  func format(_ seconds: Double, into out: inout [UInt8]) {
    // Milliseconds as Foundation hands them to ICU (through the 2001 reference date), to the
    // nearest one, which is what DateFormatter writes for dates before 1970 as after.
    let reference = seconds - 978_307_200
    let milliseconds = Int64(((reference + 978_307_200) * 1000).rounded())
    let millisecond = Int(milliseconds - (milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000) * 1000)
    let total = Int((milliseconds - Int64(millisecond)) / 1000)
    let days = total >= 0 ? total / 86400 : (total - 86399) / 86400
    let secondOfDay = total - days * 86400
    let (year, month, day) = DateText.civilFromDays(days)
    let hour = secondOfDay / 3600
    // NB: written on the stack, then appended once: a dozen appends to an array cost more than the date.
    withUnsafeTemporaryAllocation(byteCount: formattedCapacity, alignment: 1) { buffer in
      var at = 0
      func put(_ bytes: some Collection<UInt8>) {
        for byte in bytes {
          buffer[at] = byte
          at &+= 1
        }
      }
      func pad(_ value: Int, _ width: Int) { at = DecimalDigits.write(value, width: width, into: buffer, at: at) }
      for step in steps {
        switch step.field {
        case .literal(let bytes): put(bytes)
        case .year(let width): pad(year, width)
        case .twoDigitYear: pad((year % 100 + 100) % 100, 2)
        case .month(let width):
          if width >= 3 {
            put(width == 4 ? Self.monthNameBytes[month - 1][...] : Self.monthNameBytes[month - 1][..<3])
          } else {
            pad(month, width)
          }
        case .day(let width): pad(day, width)
        case .dayOfYear(let width): pad(days - DateText.daysFromCivil(year: year, month: 1, day: 1) + 1, width)
        case .hour24(let width): pad(hour, width)
        case .hour12(let width): pad(hour % 12 == 0 ? 12 : hour % 12, width)
        case .amPm: put(hour < 12 ? Self.dayPeriodBytes[0] : Self.dayPeriodBytes[1])
        case .minute(let width): pad(secondOfDay / 60 % 60, width)
        case .second(let width): pad(secondOfDay % 60, width)
        case .fraction(let digits):
          // From the milliseconds, truncated or padded with zeros, as ICU writes them.
          var value = millisecond
          if digits < 3 { for _ in digits..<3 { value /= 10 } } else { for _ in 3..<digits { value *= 10 } }
          pad(value, digits)
        case .weekday(let full):
          // 1970-01-01 was a Thursday.
          let name = Self.weekdayNameBytes[((days % 7) + 11) % 7]
          put(full ? name[...] : name[..<3])
        case .zone(let colon, let zulu, let hoursOnly):
          put((zulu ? "Z" : hoursOnly ? "+00" : colon ? "+00:00" : "+0000").utf8)
        case .zoneName:
          put("GMT".utf8)
        }
      }
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<at]))
    }
  }

}

extension DatePattern.Field {
  /// The most bytes `DatePattern.format` writes for the field: a number's sign and every digit
  /// of an `Int` past its width, the longest name.
  var formattedCapacity: Int {
    switch self {
    case .literal(let bytes): bytes.count
    case .month, .weekday: 9 + 20
    case .fraction(let digits): digits + 20
    case .year(let width), .day(let width), .dayOfYear(let width), .hour24(let width), .hour12(let width),
      .minute(let width), .second(let width):
      width + 20
    case .twoDigitYear, .amPm, .zone, .zoneName: 22
    }
  }

  /// The digits the field takes in a run of abutting digit fields: its letters' count.
  var width: Int {
    switch self {
    case .year(let width), .month(let width), .day(let width), .dayOfYear(let width), .hour24(let width), .hour12(let width),
      .minute(let width), .second(let width):
      width
    case .twoDigitYear: 2
    case .fraction(let digits): digits
    default: 0
    }
  }

  /// Whether the field is written in digits (so a digit field before it must stop at its width).
  var isNumeric: Bool {
    switch self {
    case .year, .twoDigitYear, .day, .dayOfYear, .hour24, .hour12, .minute, .second, .fraction: true
    case .month(let width): width <= 2
    default: false
    }
  }
}

/// The hundred years from a start, in which a two-digit year is read.
struct TwoDigitCentury: Sendable {
  /// The start's fields, UTC: year, month, day, hour, minute, second.
  let start: (Int, Int, Int, Int, Int, Int)

  init(start seconds: Double) {
    let whole = Int(seconds.rounded(.down))
    let days = whole >= 0 ? whole / 86400 : (whole - 86399) / 86400
    let secondOfDay = whole - days * 86400
    let (year, month, day) = DateText.civilFromDays(days)
    start = (year, month, day, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
  }

  /// The year of the century's start whose last two digits are `value`, then a hundred years on
  /// if that date is before the start.
  func year(_ value: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int {
    let year = start.0 / 100 * 100 + value + (value < start.0 % 100 ? 100 : 0)
    return (year, month, day, hour, minute, second) < start ? year + 100 : year
  }
}
