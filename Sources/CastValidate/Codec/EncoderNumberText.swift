import CastSchema
import Foundation

/// A number as `JSONEncoder` writes the value it was decoded into (`Policy.numbersWrittenAsStored`):
/// a `Double`, `CGFloat` or `Float` by its shortest `description` without a trailing `.0`
/// (`1.0` → `1`, `1e2` → `100`, `1.5e-7` → `1.5e-07`, `-0.0` → `-0`, `16777217` as a `Float`
/// → `16777216`), a `Decimal` by its `description` (`0.10` → `0.1`). Other types keep their text.
enum EncoderNumberText {
  /// The text written for `literal`, a JSON number read as `type`; nil when it is the literal.
  static func text(of literal: UnsafeRawBufferPointer, as type: ScalarType) -> String? {
    let written: String
    switch type {
    case .float:
      guard !isShortestPlain(literal, digits: 6) else { return nil }
      written = trimmed(NearestBinary.float(literal).description)
    case .double, .cgFloat:
      guard !isShortestPlain(literal, digits: 15) else { return nil }
      written = trimmed(NearestBinary.double(literal).description)
    case .decimal:
      guard !isPlainDecimal(literal) else { return nil }
      let text = String(decoding: literal, as: UTF8.self)
      guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
      written = value.description
    default:
      return nil
    }
    var text = written
    return text.withUTF8 { JSONScanner.sameBytes(UnsafeRawBufferPointer($0), literal) } ? nil : written
  }

  /// A `Double` as JSONEncoder writes it (a `Date`'s seconds too).
  static func double(_ value: Double) -> String {
    trimmed(value.description)
  }

  /// A default's JSON with its numbers as JSONEncoder writes them for `type`.
  static func written(_ value: JSONValue, as type: TypeRef) -> JSONValue {
    switch (value, type.unwrapped) {
    case (.number(let literal), .scalar(let scalar)):
      return Array(literal.utf8).withUnsafeBytes { bytes in
        if scalar.isInteger, RecordValidator.isNegativeZero(bytes) { return .number("0") }
        return text(of: bytes, as: scalar).map(JSONValue.number) ?? value
      }
    case (.array(let items), .array(let element)), (.array(let items), .set(let element)):
      return .array(items.map { written($0, as: element) })
    case (.object(let members), .dictionary(_, let element)):
      return .object(members.map { JSONMember(key: $0.key, value: written($0.value, as: element)) })
    default:
      return value
    }
  }

  /// Whether a `Double` (`digits` 15) or `Float` (`digits` 6) literal is, from its bytes alone,
  /// the text `description` gives its value: plain (`PlainLiteral`), at most `digits` significant
  /// digits (a type's decimal precision: every such literal reads back as itself, so it is the
  /// shortest text of its value), and a magnitude of at least 1e-4 (below it `description` writes
  /// an exponent; above 2^53 or 2^24, where it also does, a literal has more digits). False leaves
  /// the answer to writing the value.
  private static func isShortestPlain(_ literal: UnsafeRawBufferPointer, digits: Int) -> Bool {
    guard let plain = PlainLiteral(literal) else { return false }
    return plain.isZero || (plain.significantDigits <= digits && plain.leadingFractionZeros <= 3)
  }

  /// Whether a `Decimal` literal is, from its bytes alone, its `description`: plain, not `-0`, and
  /// at most 38 digits, which `Decimal`'s 128-bit mantissa holds as written. False leaves the
  /// answer to Foundation.
  private static func isPlainDecimal(_ literal: UnsafeRawBufferPointer) -> Bool {
    guard let plain = PlainLiteral(literal) else { return false }
    return plain.digits <= 38 && !(plain.isNegative && plain.isZero)
  }

  /// A number literal as `description` writes one: no exponent, no leading zero, and a fraction,
  /// if any, without trailing zeros.
  private struct PlainLiteral {
    var isNegative: Bool
    /// Digits before and after the point.
    var digits: Int
    /// Digits from the first that is not zero.
    var significantDigits: Int
    /// Zeros after the point before the first significant digit, for a magnitude below 1.
    var leadingFractionZeros = 0
    /// `0` or `-0`.
    var isZero: Bool

    /// The literal's shape; nil when it is not plain.
    init?(_ literal: UnsafeRawBufferPointer) {
      isNegative = literal.first == JSONByte.minus
      var index = isNegative ? 1 : 0
      let integerStart = index
      while index < literal.count, literal[index] &- JSONByte.zero < 10 { index += 1 }
      let integerDigits = index - integerStart
      guard integerDigits > 0, integerDigits == 1 || literal[integerStart] != JSONByte.zero else { return nil }
      digits = integerDigits
      significantDigits = literal[integerStart] == JSONByte.zero ? 0 : integerDigits
      isZero = significantDigits == 0
      guard index < literal.count else { return }
      guard literal[index] == JSONByte.dot, index + 1 < literal.count, literal[literal.count - 1] != JSONByte.zero else {
        return nil
      }
      index += 1
      let fractionStart = index
      while index < literal.count, literal[index] &- JSONByte.zero < 10 { index += 1 }
      guard index == literal.count else { return nil }
      digits += index - fractionStart
      if significantDigits == 0 {
        while literal[fractionStart + leadingFractionZeros] == JSONByte.zero { leadingFractionZeros += 1 }
        significantDigits = index - fractionStart - leadingFractionZeros
      } else {
        significantDigits += index - fractionStart
      }
      // NB: the fraction's last digit is not zero.
      isZero = false
    }
  }

  /// `1.0` as `1`, as JSONEncoder writes a whole `Double` or `Float`.
  private static func trimmed(_ description: String) -> String {
    description.hasSuffix(".0") ? String(description.dropLast(2)) : description
  }
}
