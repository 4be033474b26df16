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
  /// The largest magnitude of Foundation's `Decimal` (its 128-bit mantissa's largest value,
  /// 2^128 − 1, times 10^127), which castctl's `Decimal` keeps as its range; the smallest non-zero
  /// magnitude is 1e-128.
  package static let decimalLimitText = "3.40282366920938463463374607431768211455e165"
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

extension ExactDecimal {
  /// Whether the number written in the UTF-8 bytes `literal` lies within the bounds: the answer
  /// `ExactDecimal(text)?.isWithin(…)` gives for the same text (nil where that init gives nil),
  /// read in place, so a range check costs no String and no digit array per value.
  package static func literal(
    _ literal: UnsafeRawBufferPointer, isWithin lower: ExactDecimal?, upper: ExactDecimal?, upperInclusive: Bool
  ) -> Bool? {
    guard let value = LiteralDigits(literal) else { return nil }
    if let lower, value.compare(to: lower) < 0 { return false }
    guard let upper else { return true }
    let order = value.compare(to: upper)
    return upperInclusive ? order <= 0 : order < 0
  }

  /// Whether the number written in the UTF-8 bytes `literal` is within Foundation `Decimal`'s
  /// range: `ExactDecimal(text)?.fitsFoundationDecimal` for the same text (nil where that init
  /// gives nil), read in place.
  package static func literalFitsFoundationDecimal(_ literal: UnsafeRawBufferPointer) -> Bool? {
    guard let value = LiteralDigits(literal) else { return nil }
    guard value.first >= 0 else { return true }
    guard let largest = decimalLargest, let smallest = decimalSmallest else { return false }
    return value.compareMagnitude(to: largest) <= 0 && value.compareMagnitude(to: smallest) >= 0
  }

  /// A decimal literal's value as `ExactDecimal` reads it, kept as positions in the bytes.
  private struct LiteralDigits {
    let bytes: UnsafeRawBufferPointer
    /// True below zero (never for zero itself).
    var isNegative = false
    /// Index of the first and last non-zero mantissa digit; `first` is -1 for zero.
    var first = -1
    var last = -1
    var exponent = 0

    /// Reads `[+-]digits[.digits][(e|E)[+-]digits]` exactly as `ExactDecimal.init?(_:)` does.
    init?(_ bytes: UnsafeRawBufferPointer) {
      self.bytes = bytes
      var index = 0
      let count = bytes.count
      var negative = false
      if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        negative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      var integerDigits = 0
      var leadingZeros = 0
      var seenPoint = false
      var seenDigit = false
      while index < count, bytes[index] != UInt8(ascii: "e"), bytes[index] != UInt8(ascii: "E") {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ".") {
          guard !seenPoint else { return nil }
          seenPoint = true
          continue
        }
        guard byte &- UInt8(ascii: "0") < 10 else { return nil }
        seenDigit = true
        if !seenPoint { integerDigits += 1 }
        if byte != UInt8(ascii: "0") {
          if first < 0 { first = index - 1 }
          last = index - 1
        } else if first < 0 {
          leadingZeros += 1
        }
      }
      guard seenDigit else { return nil }
      var power = 0
      if index < count {
        index += 1
        var negativePower = false
        if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
          negativePower = bytes[index] == UInt8(ascii: "-")
          index += 1
        }
        guard index < count else { return nil }
        while index < count {
          let digit = bytes[index] &- UInt8(ascii: "0")
          guard digit < 10 else { return nil }
          power = min(power * 10 + Int(digit), ExactDecimal.exponentLimit)
          index += 1
        }
        if negativePower { power = -power }
      }
      exponent = first < 0 ? 0 : integerDigits - leadingZeros + power
      isNegative = negative && first >= 0
    }

    /// -1, 0 or 1 as the value is below, equal to or above `other` (the order of `<`).
    func compare(to other: ExactDecimal) -> Int {
      if isNegative != other.isNegative { return isNegative ? -1 : 1 }
      let magnitude = compareMagnitude(to: other)
      return isNegative ? -magnitude : magnitude
    }

    func compareMagnitude(to other: ExactDecimal) -> Int {
      let isZero = first < 0
      if isZero || other.digits.isEmpty { return isZero == other.digits.isEmpty ? 0 : (isZero ? -1 : 1) }
      if exponent != other.exponent { return exponent < other.exponent ? -1 : 1 }
      // Same leading place: digit by digit, a missing digit being a zero.
      var index = first
      var position = 0
      while index <= last {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ".") { continue }
        guard position < other.digits.count else { return 1 }
        let digit = byte &- UInt8(ascii: "0")
        let theirs = other.digits[position]
        if digit != theirs { return digit < theirs ? -1 : 1 }
        position += 1
      }
      return position < other.digits.count ? -1 : 0
    }
  }
}

/// A range's exact bounds behind one reference, for the engine's checks on raw number bytes:
/// reading the bounds through it costs no reference count per value, as copying them out of
/// an enum payload would (two digit arrays).
package final class ExactRange: Sendable {
  package let lower: ExactDecimal?
  package let upper: ExactDecimal?
  package let upperInclusive: Bool

  /// The whole numbers in the range, as `Int64`s, for literals of at most 18 digits (`wholeLower`
  /// is the bound rounded up, `wholeUpper` rounded down; past ±10¹⁸ they are clamped just beyond
  /// every such literal).
  private let wholeLower: Int64
  private let wholeUpper: Int64
  private static let wholeLimit: Int64 = 1_000_000_000_000_000_000

  package init(lower: ExactDecimal?, upper: ExactDecimal?, upperInclusive: Bool) {
    self.lower = lower
    self.upper = upper
    self.upperInclusive = upperInclusive
    // NB: found once by bisection with the exact comparison, so both paths share one rule.
    wholeLower = lower.map { bound in Self.firstWhole { ExactDecimal(String($0)).map { $0 >= bound } ?? false } } ?? -Self.wholeLimit
    wholeUpper = upper.map { bound in
      Self.firstWhole { ExactDecimal(String($0)).map { upperInclusive ? $0 > bound : $0 >= bound } ?? false } - 1
    } ?? Self.wholeLimit
  }

  /// The least n in -10¹⁸...10¹⁸ + 1 for which `holds` (false below it, true from it on).
  private static func firstWhole(_ holds: (Int64) -> Bool) -> Int64 {
    var low = -wholeLimit
    var high = wholeLimit + 1
    while low < high {
      let middle = low + (high - low) / 2
      if holds(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// `ExactDecimal.literal(_:isWithin:…)` with these bounds; an integer literal of at most 18
  /// digits is compared as an `Int64`.
  package func contains(literal: UnsafeRawBufferPointer) -> Bool? {
    if let whole = Self.smallInteger(literal) { return whole >= wholeLower && whole <= wholeUpper }
    return ExactDecimal.literal(literal, isWithin: lower, upper: upper, upperInclusive: upperInclusive)
  }

  /// `-?digits` with 1 to 18 digits (which always fit), as its value; nil for any other literal.
  private static func smallInteger(_ literal: UnsafeRawBufferPointer) -> Int64? {
    let negative = literal.first == UInt8(ascii: "-")
    var index = negative ? 1 : 0
    guard literal.count > index, literal.count &- index <= 18 else { return nil }
    // NB: 18 digits cannot overflow, so the loop needs no checks but the digits'.
    var magnitude: Int64 = 0
    while index < literal.count {
      let digit = literal[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      magnitude = magnitude &* 10 &+ Int64(digit)
      index &+= 1
    }
    return negative ? -magnitude : magnitude
  }
}
