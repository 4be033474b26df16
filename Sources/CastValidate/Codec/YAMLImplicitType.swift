/// Whether Yams's default `Resolver` takes a plain scalar for something other than a string,
/// decided on the bytes: the same answer as its seven regular expressions (bool, int, float,
/// merge, null, timestamp, value), which cost more than writing the scalar did. A string it
/// would read back as another type is written quoted.
///
/// The rules are Yams's, not PyYAML's: Yams's int and float take more (`0o17`, `1e3`), so what
/// is quoted for Yams is quoted for PyYAML too (`YAMLResolver` has PyYAML's for reading).
enum YAMLImplicitType {
  /// Whether `text` matches none of the rules, so a plain scalar of it reads back as a string.
  static func isString(_ text: Span<UInt8>) -> Bool {
    // Every rule's match begins with one of these, or is empty but for a line terminator.
    switch text.byte(0) {
    case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
      UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "+"), UInt8(ascii: "-"),
      UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "<"), UInt8(ascii: "~"), UInt8(ascii: "="),
      0, 0x0A, 0x0B, 0x0C, 0x0D, 0xC2, 0xE2:
      break
    default:
      return true
    }
    var end = text.count
    // NB: the rules end in `$`, which NSRegularExpression (ICU) also matches before a line
    // terminator that ends the text; CR LF is one terminator there.
    if end > 0 {
      let last = text[end - 1]
      if last == 0x0A || last == 0x0B || last == 0x0C || last == 0x0D {
        end -= last == 0x0A && end > 1 && text[end - 2] == 0x0D ? 2 : 1
      } else if last == 0x85, end > 1, text[end - 2] == 0xC2 {
        end -= 2  // NEL
      } else if last == 0xA8 || last == 0xA9, end > 2, text[end - 2] == 0x80, text[end - 3] == 0xE2 {
        end -= 3  // LS, PS
      }
    }
    let body = text.extracting(0..<end)
    // The null rule's empty alternative first.
    return !(end == 0 || Rules.isWord(body) || Rules.isInt(body) || Rules.isFloat(body) || Rules.isTimestamp(body))
  }

  /// The rules, each over the whole of a text (its final line terminator taken off).
  private enum Rules {
    /// The bool, null, merge and value rules: whole words.
    static func isWord(_ text: Span<UInt8>) -> Bool {
      guard text.count <= 5 else { return false }
      var word: UInt64 = 0
      for index in text.indices { word = word << 8 | UInt64(text[index]) }
      return words.contains(word | UInt64(text.count) << 48)
    }

    /// Up to five bytes and their count as one number, as `isWord` packs them (the count tells
    /// `\0no` from `no`).
    static func packed(_ count: Int, _ bytes: some Sequence<UInt8>) -> UInt64 {
      bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } | UInt64(count) << 48
    }

    /// The words of those rules, packed as `isWord` packs the text.
    static let words: Set<UInt64> = Set(
      [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off",
        "OFF", "~", "null", "Null", "NULL", "<<", "=",
      ].map { packed($0.utf8.count, $0.utf8) })

    /// The index after a leading `+` or `-`.
    static func afterSign(_ text: Span<UInt8>) -> Int {
      text.byte(0) == UInt8(ascii: "+") || text.byte(0) == UInt8(ascii: "-") ? 1 : 0
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    static func isDigitOrUnderscore(_ byte: UInt8) -> Bool { isDigit(byte) || byte == UInt8(ascii: "_") }
    static func isOctalOrUnderscore(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 8 || byte == UInt8(ascii: "_") }
    static func isBinaryOrUnderscore(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 2 || byte == UInt8(ascii: "_") }
    static func isHexOrUnderscore(_ byte: UInt8) -> Bool { isDigitOrUnderscore(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6 }
    static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// `(?::[0-5]?[0-9])+` from `index`: the index after it, or nil when there is none.
    static func sexagesimal(_ text: Span<UInt8>, from index: Int) -> Int? {
      var index = index
      var groups = 0
      while text.byte(index) == UInt8(ascii: ":") {
        let digits = text.skip(from: index + 1, isDigit)
        switch digits - index - 1 {
        case 1: break
        case 2 where text[index + 1] <= UInt8(ascii: "5"): break
        default: return nil
        }
        index = digits
        groups += 1
      }
      return groups > 0 ? index : nil
    }

    /// The int rule: `[-+]?` then `0b[0-1_]+`, `0o?[0-7_]+`, `0`, `[1-9][0-9_]*`, `0x[0-9a-fA-F_]+`
    /// or `[1-9][0-9_]*(?::[0-5]?[0-9])+`.
    static func isInt(_ text: Span<UInt8>) -> Bool {
      let start = afterSign(text), end = text.count
      guard start < end else { return false }
      let first = text[start]
      if first == UInt8(ascii: "0") {
        switch text.byte(start + 1) {
        case 0 where start + 1 == end: return true
        case UInt8(ascii: "b"): return start + 2 < end && text.skip(from: start + 2, isBinaryOrUnderscore) == end
        case UInt8(ascii: "x"): return start + 2 < end && text.skip(from: start + 2, isHexOrUnderscore) == end
        case UInt8(ascii: "o"): return start + 2 < end && text.skip(from: start + 2, isOctalOrUnderscore) == end
        default: return text.skip(from: start + 1, isOctalOrUnderscore) == end
        }
      }
      guard first &- UInt8(ascii: "1") < 9 else { return false }
      let digits = text.skip(from: start + 1, isDigitOrUnderscore)
      return digits == end || sexagesimal(text, from: digits) == end
    }

    /// The float rule: `[-+]?` then `[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?`,
    /// `[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*` or `\.(?:inf|Inf|INF)`; or, unsigned,
    /// `\.[0-9_]+(?:[eE][-+][0-9]+)?` or `\.(?:nan|NaN|NAN)`.
    static func isFloat(_ text: Span<UInt8>) -> Bool {
      let start = afterSign(text), end = text.count
      guard start < end else { return false }
      if text[start] == UInt8(ascii: ".") {
        let name = end - start == 4 ? packed(3, [text[start + 1], text[start + 2], text[start + 3]]) : 0
        if infinities.contains(name) { return true }
        guard start == 0 else { return false }
        if notANumber.contains(name) { return true }
        let digits = text.skip(from: 1, isDigitOrUnderscore)
        return digits > 1 && (digits == end || exponent(text, from: digits, signed: true) == end)
      }
      guard isDigit(text[start]) else { return false }
      var index = text.skip(from: start + 1, isDigitOrUnderscore)
      if let groups = sexagesimal(text, from: index) {
        return text.byte(groups) == UInt8(ascii: ".") && text.skip(from: groups + 1, isDigitOrUnderscore) == end
      }
      if text.byte(index) == UInt8(ascii: ".") { index = text.skip(from: index + 1, isDigitOrUnderscore) }
      return index == end || exponent(text, from: index, signed: false) == end
    }

    static let infinities: Set<UInt64> = Set(["inf", "Inf", "INF"].map { packed(3, $0.utf8) })
    static let notANumber: Set<UInt64> = Set(["nan", "NaN", "NAN"].map { packed(3, $0.utf8) })

    /// `[eE][-+]?[0-9]+` (the sign required when `signed`) from `index`: the index after it.
    static func exponent(_ text: Span<UInt8>, from index: Int, signed: Bool) -> Int? {
      guard text.byte(index) | 0x20 == UInt8(ascii: "e") else { return nil }
      var index = index + 1
      if text.byte(index) == UInt8(ascii: "+") || text.byte(index) == UInt8(ascii: "-") {
        index += 1
      } else if signed {
        return nil
      }
      let digits = text.skip(from: index, isDigit)
      return digits > index ? digits : nil
    }

    /// The timestamp rule: `[0-9]{4}-[0-9]{2}-[0-9]{2}`, or
    /// `[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?`
    /// `(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?`.
    static func isTimestamp(_ text: Span<UInt8>) -> Bool {
      let end = text.count
      guard end >= 10, text.skip(from: 0, isDigit) == 4, text[4] == UInt8(ascii: "-") else { return false }
      let month = text.skip(from: 5, isDigit)
      guard month - 5 == 1 || month - 5 == 2, text.byte(month) == UInt8(ascii: "-") else { return false }
      let day = text.skip(from: month + 1, isDigit)
      guard day - month - 1 == 1 || day - month - 1 == 2 else { return false }
      if day == end { return month == 7 && day == 10 }
      var index = day
      if text.byte(index) | 0x20 == UInt8(ascii: "t") {
        index += 1
      } else {
        index = text.skip(from: index, isBlank)
        guard index > day else { return false }
      }
      let hour = text.skip(from: index, isDigit)
      guard hour - index == 1 || hour - index == 2, twoDigits(text, after: hour), twoDigits(text, after: hour + 3) else {
        return false
      }
      index = hour + 6
      if text.byte(index) == UInt8(ascii: ".") { index = text.skip(from: index + 1, isDigit) }
      guard index < end else { return true }
      index = text.skip(from: index, isBlank)
      if text.byte(index) == UInt8(ascii: "Z") { return index + 1 == end }
      guard text.byte(index) == UInt8(ascii: "+") || text.byte(index) == UInt8(ascii: "-") else { return false }
      let zone = text.skip(from: index + 1, isDigit)
      guard zone - index - 1 == 1 || zone - index - 1 == 2 else { return false }
      return zone == end || (twoDigits(text, after: zone) && zone + 3 == end)
    }

    /// Whether `:` and two digits follow `index`, and no digit right after them.
    static func twoDigits(_ text: Span<UInt8>, after index: Int) -> Bool {
      text.byte(index) == UInt8(ascii: ":") && isDigit(text.byte(index + 1)) && isDigit(text.byte(index + 2))
        && !isDigit(text.byte(index + 3))
    }
  }
}

extension Span<UInt8> {
  /// The byte at `index`, or 0 past the end (as libyaml reads a string's terminating NUL).
  @inline(__always)
  func byte(_ index: Int) -> UInt8 { index < count ? self[index] : 0 }

  /// The index of the first byte at or after `index` that is not in `set`, or `count`.
  @inline(__always)
  func skip(from index: Int, _ set: (UInt8) -> Bool) -> Int {
    var index = index
    while index < count, set(self[index]) { index += 1 }
    return index
  }
}
