/// A decimal number's exact value, read from its text (`-12.50e3`, `9223372036854775807`), for
/// the comparisons that must not go through a `Double`: range checks of integers and `Decimal`
/// (semantics §2, §4; issue 27 item 8), where `9223372036854775807` and `…806` are one Double.
package struct ExactDecimal: Sendable, Hashable, Comparable {
  /// True below zero (never for zero itself).
  package private(set) var isNegative: Bool
  /// The significant digits, first non-zero through last non-zero (values 0–9); empty for zero.
  private var digits: [UInt8]
  /// The value is `0.d₁d₂… × 10^exponent`: the leading digit's place.
  private var exponent: Int

  /// Exponents beyond this are clamped: far past any bound or value a check compares.
  private static let exponentLimit = 1_000_000_000

  /// Reads `[+-]digits[.digits][(e|E)[+-]digits]`; nil for any other text.
  package init?(_ text: String) {
    var bytes = Substring(text).utf8[...]
    var negative = false
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      bytes = bytes.dropFirst()
    }
    var mantissa: [UInt8] = []
    var integerDigits = 0
    var seenPoint = false
    var seenDigit = false
    while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if byte == UInt8(ascii: ".") {
        guard !seenPoint else { return nil }
        seenPoint = true
        continue
      }
      guard byte &- UInt8(ascii: "0") < 10 else { return nil }
      seenDigit = true
      mantissa.append(byte &- UInt8(ascii: "0"))
      if !seenPoint { integerDigits += 1 }
    }
    guard seenDigit else { return nil }
    var power = 0
    if !bytes.isEmpty {
      bytes = bytes.dropFirst()
      var negativePower = false
      if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
        negativePower = sign == UInt8(ascii: "-")
        bytes = bytes.dropFirst()
      }
      guard !bytes.isEmpty else { return nil }
      for byte in bytes {
        guard byte &- UInt8(ascii: "0") < 10 else { return nil }
        power = min(power * 10 + Int(byte &- UInt8(ascii: "0")), Self.exponentLimit)
      }
      if negativePower { power = -power }
    }
    let leadingZeros = mantissa.prefix { $0 == 0 }.count
    mantissa.removeFirst(leadingZeros)
    while mantissa.last == 0 { mantissa.removeLast() }
    digits = mantissa
    exponent = mantissa.isEmpty ? 0 : integerDigits - leadingZeros + power
    isNegative = negative && !mantissa.isEmpty
  }

  package static func < (a: ExactDecimal, b: ExactDecimal) -> Bool {
    if a.isNegative != b.isNegative { return a.isNegative }
    // Same sign: compare magnitudes, reversed below zero.
    return a.isNegative ? magnitudeLess(b, a) : magnitudeLess(a, b)
  }

  private static func magnitudeLess(_ a: ExactDecimal, _ b: ExactDecimal) -> Bool {
    if a.digits.isEmpty || b.digits.isEmpty { return a.digits.isEmpty && !b.digits.isEmpty }
    if a.exponent != b.exponent { return a.exponent < b.exponent }
    // Same leading place: digit by digit, a missing digit being a zero.
    for (x, y) in zip(a.digits, b.digits) where x != y { return x < y }
    return a.digits.count < b.digits.count
  }

  /// Whether `self` lies within the bounds (`upperInclusive`: `...` rather than `..<`).
  package func isWithin(lower: ExactDecimal?, upper: ExactDecimal?, upperInclusive: Bool) -> Bool {
    if let lower, self < lower { return false }
    guard let upper else { return true }
    return upperInclusive ? self <= upper : self < upper
  }
}

extension ExactDecimal {
  /// The largest magnitude of Foundation's `Decimal` (a 38-digit mantissa times 10^127), which
  /// castctl's `Decimal` keeps as its range; the smallest non-zero magnitude is 1e-128.
  package static let decimalLimitText = "3.4028236692093846346337460743176821145e165"
  private static let decimalLargest = ExactDecimal(decimalLimitText)
  private static let decimalSmallest = ExactDecimal("1e-128")

  /// Whether the value is within Foundation `Decimal`'s range (every digit written is kept: castctl
  /// does not round to 38 digits as Foundation would).
  package var fitsFoundationDecimal: Bool {
    guard !digits.isEmpty else { return true }
    var magnitude = self
    magnitude.isNegative = false
    guard let largest = Self.decimalLargest, let smallest = Self.decimalSmallest else { return false }
    return magnitude <= largest && smallest <= magnitude
  }
}
