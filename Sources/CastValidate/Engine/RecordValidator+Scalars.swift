import CastSchema
import Foundation

/// Scalars other than numbers: Bool, String, Character, URL, UUID, Data, and dates.
extension RecordValidator {
  mutating func scalar(
    _ type: ScalarType, _ kind: JSONValueKind, _ scanner: inout JSONScanner, policy: Policy,
    declaration: SourceRange?, build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    if type.isInteger {
      return try integer(type, kind, &scanner, policy: policy, declaration: declaration, build: wantInstance)
    }
    switch type {
    case .float, .double, .cgFloat, .decimal, .number:
      return try floating(type, kind, &scanner, policy: policy, declaration: declaration, build: wantInstance)
    case .bool:
      return try bool(kind, &scanner, policy: policy, declaration: declaration, build: wantInstance)
    case .string:
      return try string(kind, &scanner, policy: policy, declaration: declaration, build: wantInstance)
    case .character, .url, .uuid, .data:
      return try formatted(type, kind, &scanner, policy: policy, declaration: declaration, build: wantInstance)
    default:
      return try date(.iso8601, kind, &scanner, policy: policy, declaration: declaration, build: wantInstance)
    }
  }

  mutating func bool(
    _ kind: JSONValueKind, _ scanner: inout JSONScanner, policy: Policy, declaration: SourceRange?,
    build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    let start = scanner.offset
    switch kind {
    case .bool:
      let flag = try scanner.readBool()
      return .value(wantInstance ? .bool(flag) : nil)
    case .number where policy.numberToBool != .never:
      let token = try scanner.readNumber()
      let literal = scanner.literal(token)
      // The number's exact value, not its text nor a Double: `1.0` and `1e0` are the number 1
      // (JC-22, DS-01: NSNumber 1.0 `as? Bool` is true), `1.0000000000000000001` is not, and
      // `1e-400` is not zero.
      let decimal = DecimalLiteral(scanner.bytes(token.span))
      let value = !decimal.isZero
      if policy.numberToBool == .zeroOrOne {
        let isOne = !decimal.isNegative && decimal.scale >= 0 && decimal.integralMagnitude == 1
        guard decimal.isZero || isOne else {
          return unconvertible("Bool", "the number \(Excerpt.clip(literal))", at: start, declaration: declaration, why: "only 0 and 1 convert")
        }
      }
      report(.coerced, .warning, "the number \(Excerpt.clip(literal)) read as \(value)", at: start, declaration: declaration)
      return .value(wantInstance ? .bool(value) : nil)
    case .string where policy.stringToBool != .never:
      let token = try scanner.readString()
      // NB: the text is built for a message (or text beyond ASCII) only, as for numbers.
      let reader = scanner
      func text() -> String { reader.string(token) }
      let value: Bool
      if policy.stringToBool == .castWords {
        value = Self.castWordsTruth(text())
      } else {
        value = scanner.withContent(token) { FoundationBool.value(ofASCII: $0) } ?? FoundationBool.value(of: text())
      }
      report(.coerced, .warning, "the string \"\(Excerpt.clip(text()))\" read as \(value)", at: start, declaration: declaration)
      return .value(wantInstance ? .bool(value) : nil)
    default:
      return try mismatch("Bool", kind, &scanner, declaration: declaration)
    }
  }

  /// JSON Cast: these ten spellings are true, every other string false.
  static func castWordsTruth(_ text: String) -> Bool {
    ["true", "True", "TRUE", "yes", "Yes", "YES", "1", "on", "On", "ON"].contains(text)
  }

  mutating func string(
    _ kind: JSONValueKind, _ scanner: inout JSONScanner, policy: Policy, declaration: SourceRange?,
    build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    let start = scanner.offset
    switch kind {
    case .string:
      let token = try scanner.readString()
      return .value(wantInstance ? .string(scanner.string(token)) : nil)
    case .number where policy.numberToString:
      let token = try scanner.readNumber()
      let literal = scanner.literal(token)
      report(.coerced, .warning, "the number \(Excerpt.clip(literal)) read as the string \"\(Excerpt.clip(literal))\"", at: start, declaration: declaration)
      return .value(wantInstance ? .string(literal) : nil)
    case .bool where policy.numberToString:
      let flag = try scanner.readBool()
      report(.coerced, .warning, "the boolean \(flag) read as the string \"\(flag ? 1 : 0)\"", at: start, declaration: declaration)
      return .value(wantInstance ? .string(flag ? "1" : "0") : nil)
    default:
      return try mismatch("String", kind, &scanner, declaration: declaration)
    }
  }

  /// Character, URL, UUID and Data: strings with a format.
  mutating func formatted(
    _ type: ScalarType, _ kind: JSONValueKind, _ scanner: inout JSONScanner, policy: Policy,
    declaration: SourceRange?, build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    let start = scanner.offset
    let text: String
    switch kind {
    case .string where type == .url && policy.urlsAsFoundationParses:
      let token = try scanner.readString()
      let written = token.hasEscapes
        ? FormatChecks.onUTF8(scanner.string(token)) { FormatChecks.foundationURL($0, hosts: urlHosts) }
        : FormatChecks.foundationURL(scanner.bytes(token.span), hosts: urlHosts)
      guard let written else {
        return unconvertible(
          type.rawValue, "the string \"\(Excerpt.clip(scanner.string(token)))\"", at: start, declaration: declaration,
          why: "not a URL", code: .invalidFormat)
      }
      return .value(wantInstance ? .string(written) : nil)
    case .string:
      let token = try scanner.readString()
      // The common case, no escapes, is checked on the raw bytes: the text is built for an
      // instance or a message only.
      if !token.hasEscapes, Self.isWellFormed(scanner.bytes(token.span), as: type, hosts: urlHosts) {
        return .value(wantInstance ? Self.normalForm(scanner.string(token), as: type, policy: policy) : nil)
      }
      text = scanner.string(token)
    case .number where type == .url && policy.numberToString:
      text = scanner.literal(try scanner.readNumber())
      report(.coerced, .warning, "the number \(Excerpt.clip(text)) read as the URL \"\(Excerpt.clip(text))\"", at: start, declaration: declaration)
    default:
      return try mismatch(type.rawValue, kind, &scanner, declaration: declaration)
    }
    let valid = Self.isWellFormed(text, as: type, hosts: urlHosts)
    // NB: only past the byte check, which every form Foundation writes passes.
    if !valid, type == .uuid, policy.uuidsAsFoundationParses, let uuid = UUID(uuidString: text) {
      return .value(wantInstance ? .string(uuid.uuidString) : nil)
    }
    let what: String
    switch type {
    case .character: what = "a single character"
    case .url: what = "a URL"
    case .uuid: what = "a UUID (8-4-4-4-12 hexadecimal digits)"
    default: what = "base64 data"
    }
    guard valid else {
      return unconvertible(
        type.rawValue, "the string \"\(Excerpt.clip(text))\"", at: start, declaration: declaration,
        why: "not \(what)", code: .invalidFormat)
    }
    return .value(wantInstance ? Self.normalForm(text, as: type, policy: policy) : nil)
  }

  /// The value as written: only the value is normalised (UUIDs upper case, and `Data` as
  /// `base64EncodedString()` writes it where `Policy.dataWrittenAsStored`), messages quote the
  /// input as it was.
  static func normalForm(_ text: String, as type: ScalarType, policy: Policy) -> Instance {
    switch type {
    case .uuid:
      // NB: a well-formed UUID is ASCII, whose capitals are `ASCIIText.uppercase`'s (what
      // `UUID.uuidString` writes, and what the clean-record writer writes too).
      return .string(String(decoding: text.utf8.map(ASCIIText.uppercase), as: UTF8.self))
    case .data where policy.dataWrittenAsStored && !FormatChecks.onUTF8(text, FormatChecks.isCanonicalBase64):
      return .string(Data(base64Encoded: text)?.base64EncodedString() ?? text)
    default:
      return .string(text)
    }
  }

  /// Whether UTF-8 bytes are a `Character`, `URL`, `UUID` or (any other type) base64 `Data`;
  /// `hosts` remembers what Foundation said of URLs' hosts beyond ASCII.
  static func isWellFormed(_ bytes: UnsafeRawBufferPointer, as type: ScalarType, hosts: URLAuthorityCache) -> Bool {
    switch type {
    case .character: String(decoding: bytes, as: UTF8.self).count == 1
    case .url: FormatChecks.isURL(bytes, hosts: hosts)
    case .uuid: FormatChecks.isUUID(bytes)
    default: FormatChecks.isBase64(bytes)
    }
  }

  static func isWellFormed(_ text: String, as type: ScalarType, hosts: URLAuthorityCache) -> Bool {
    FormatChecks.onUTF8(text) { isWellFormed($0, as: type, hosts: hosts) }
  }

  /// Dates: ISO-8601 (or the directive's pattern) strings, and epoch seconds as numbers or numeric strings.
  /// Seconds since 1970 as `Date(timeIntervalSince1970:)` keeps them and `timeIntervalSince1970`
  /// gives them back: stored since 2001, so a fraction can lose bits.
  static func throughReferenceDate(_ seconds: Double) -> Double {
    (seconds - 978_307_200) + 978_307_200
  }

  /// `pattern` is `format`'s compiled pattern, when it is a pattern `DatePattern` reads.
  mutating func date(
    _ format: DateFormat, _ kind: JSONValueKind, _ scanner: inout JSONScanner, policy: Policy,
    declaration: SourceRange?, build wantInstance: Bool, pattern compiledPattern: DatePattern? = nil
  ) throws(JSONSyntaxError) -> Outcome {
    let start = scanner.offset
    let seconds: Double
    switch kind {
    case .number where format == .referenceSeconds:
      // `Date(from:)` decodes a Double: any finite one, nothing read as a year.
      let token = try scanner.readNumber()
      let value = scanner.double(token)
      guard value.isFinite, !Self.underflows(token, .double, scanner, floatsFromText: false) else {
        return outOfRange(.double, scanner.literal(token), at: start, declaration: declaration)
      }
      dateRead = SetElementIdentity.instant(value, sinceReferenceDate: true)
      return .value(wantInstance ? .number(EncoderNumberText.double(value)) : nil)
    case _ where format == .referenceSeconds:
      return try mismatch("Date (seconds since 2001-01-01, a number)", kind, &scanner, declaration: declaration)
    case .string where policy.datesInTheirFormatOnly && (format == .epochSeconds || format == .epochMilliseconds):
      return try mismatch("Date (\(format == .epochSeconds ? "seconds" : "milliseconds") since 1970, a number)", kind, &scanner, declaration: declaration)
    case .number where policy.datesInTheirFormatOnly && format != .epochSeconds && format != .epochMilliseconds:
      return try mismatch("Date (a string)", kind, &scanner, declaration: declaration)
    case .number:
      let token = try scanner.readNumber()
      // A number is read in the directive's unit, never guessed from its size.
      seconds = format == .epochMilliseconds ? scanner.double(token) / 1000 : scanner.double(token)
      if policy.epochDatesAnyFinite {
        guard seconds.isFinite, !Self.underflows(token, .double, scanner, floatsFromText: false) else {
          return outOfRange(.double, scanner.literal(token), at: start, declaration: declaration)
        }
      } else if !DateText.representable.contains(seconds) {
        return outOfRange(.date, scanner.literal(token), at: start, declaration: declaration)
      }
    case .string:
      let token = try scanner.readString()
      // The common cases, an ISO-8601 or pattern string without escapes, are read without
      // building a String; in the same order as below, so any other outcome is left to it.
      let strict = policy.datesInTheirFormatOnly
      if !token.hasEscapes {
        let bytes = scanner.bytes(token.span)
        let iso = !strict || format == .iso8601 ? DateText.parseISO8601(bytes: bytes, rollingOver: strict) : nil
        // NB: a pattern's date before 1582-10-15 is the DateFormatter's, in the Julian calendar.
        if let value = iso ?? compiledPattern?.parse(bytes), DateText.representable(julian: strict).contains(value),
          !strict || iso != nil || value >= DateText.gregorianStart
        {
          seconds = value
          break
        }
      }
      let text = scanner.string(token)
      var parsed = !strict || format == .iso8601 ? DateText.parseISO8601(text, rollingOver: strict) : nil
      if parsed == nil, case .pattern(let pattern) = format {
        parsed = DateText.parse(text, pattern: pattern)
        // NB: JSONDecoder's `.formatted` asks a DateFormatter, which reads more than the pattern
        // spells, and counts in the Julian calendar before 1582-10-15.
        if strict, (parsed ?? -.infinity) < DateText.gregorianStart {
          parsed = DatePatterns.shared.formatterSeconds(text, pattern: pattern)
        }
      }
      if parsed == nil, !strict, let epoch = NumberText.exactDouble(text) { parsed = format == .epochMilliseconds ? epoch / 1000 : epoch }
      // NB: a `//! date` pattern is read as DateFormatter reads it, which is looser than the
      // pattern spells (a trailing literal left out, `/` for `-`): asked last, so that the forms
      // read on bytes never wait for its lock.
      if parsed == nil, !strict, case .pattern(let pattern) = format {
        parsed = DatePatterns.shared.formatterSeconds(text, pattern: pattern)
      }
      guard let value = parsed else {
        let expected: String
        switch format {
        case .pattern(let pattern) where strict: expected = "a date (\(pattern))"
        case .pattern(let pattern): expected = "a date (\(pattern), ISO-8601 or epoch seconds)"
        case .epochMilliseconds: expected = "a date (ISO-8601 or epoch milliseconds)"
        default: expected = "a date (ISO-8601 or epoch seconds)"
        }
        return unconvertible(
          "Date", "the string \"\(Excerpt.clip(text))\"", at: start, declaration: declaration,
          why: "not \(expected)", code: .invalidFormat)
      }
      guard DateText.representable(julian: strict).contains(value) else {
        return outOfRange(.date, "\"\(text)\"", at: start, declaration: declaration)
      }
      seconds = value
    default:
      return try mismatch("Date", kind, &scanner, declaration: declaration)
    }
    dateRead = SetElementIdentity.instant(seconds, sinceReferenceDate: false)
    return .value(wantInstance ? Self.written(seconds, as: format, inTheirFormatOnly: policy.datesInTheirFormatOnly) : nil)
  }

  /// The seconds an ISO-8601 date read as `seconds` is written with (in Foundation's calendar,
  /// `julian`, exactly where `inTheirFormatOnly`).
  static func isoWritten(_ seconds: Double, inTheirFormatOnly: Bool) -> Double {
    // NB: JSONEncoder writes ISO-8601 in whole seconds.
    inTheirFormatOnly ? seconds.rounded(.down) : seconds
  }

  /// What a date read as `seconds` is written as in `format`: the one rule for the walk and for
  /// the clean-record writer (which copies an epoch number that is already this).
  static func written(_ seconds: Double, as format: DateFormat, inTheirFormatOnly: Bool) -> Instance {
    switch format {
    // NB: JSONEncoder writes ISO-8601 in whole seconds, and epoch numbers through `Date`'s own
    // storage (seconds since 2001), with the rounding that costs.
    case .iso8601: .string(DateText.formatISO8601(isoWritten(seconds, inTheirFormatOnly: inTheirFormatOnly), julian: inTheirFormatOnly))
    // NB: before 1582-10-15, a DateFormatter counts in the Julian calendar.
    case .pattern(let pattern) where inTheirFormatOnly && seconds < DateText.gregorianStart:
      .string(DatePatterns.shared.formatter(pattern).withLock { $0.string(from: Date(timeIntervalSince1970: seconds)) })
    case .epochSeconds where inTheirFormatOnly: .number(EncoderNumberText.double(throughReferenceDate(seconds)))
    case .epochMilliseconds where inTheirFormatOnly: .number(EncoderNumberText.double(1000 * throughReferenceDate(seconds)))
    case .referenceSeconds where inTheirFormatOnly: .number(EncoderNumberText.double(seconds))
    case .epochSeconds, .referenceSeconds: .number(NumberText.literal(seconds))
    case .epochMilliseconds: .number(NumberText.literal((seconds * 1000).rounded()))
    case .pattern(let pattern): .string(DateText.format(seconds, pattern: pattern))
    }
  }
}
