/// A JSON number literal reduced to `±significand × 10^scale` with the significand's trailing zeros moved into
/// the scale, read with integer arithmetic only, so integrality and range questions get exact answers.
struct DecimalLiteral {
  /// True when the literal starts with `-`.
  var isNegative = false
  /// The significant digits (first non-zero through last non-zero) as a number; meaningless when `overflowed`.
  var significand: UInt64 = 0
  /// True when the significant digits do not fit in a `UInt64`.
  var overflowed = false
  /// The power of ten the significand is multiplied by; saturated far beyond any representable value.
  var scale = 0

  /// True when every digit is zero (`0`, `-0.0`, `0e99`).
  var isZero: Bool { !overflowed && significand == 0 }

  /// Exponents are clamped to this magnitude so that absurd literals like `1e99999999999999999999`
  /// cannot overflow `Int`.
  static let exponentLimit = 1_000_000_000

  /// A literal of nothing but zeros.
  private init() {}

  /// Reads a literal that already passed the scanner's grammar check: up to 19 digits eight at a
  /// time (`short`), longer ones digit by digit, with overflow noted.
  init(_ literal: UnsafeRawBufferPointer) {
    if let short = Self.short(literal) {
      self = short
      return
    }
    var index = 0
    let count = literal.count
    func at(_ i: Int) -> UInt8 { literal.load(fromByteOffset: i, as: UInt8.self) }
    if count > 0 && at(0) == JSONByte.minus {
      isNegative = true
      index = 1
    }
    var fractionDigits = 0
    var inFraction = false
    // Zeros after the last non-zero digit seen so far; they join the significand only if a non-zero digit follows.
    var pendingZeros = 0
    while index < count {
      let b = at(index)
      if b == JSONByte.dot {
        inFraction = true
        index &+= 1
        continue
      }
      guard JSONByte.isDigit(b) else { break }
      index &+= 1
      if inFraction { fractionDigits &+= 1 }
      let digit = UInt64(b &- JSONByte.zero)
      if digit == 0 {
        if significand != 0 || overflowed { pendingZeros &+= 1 }
        continue
      }
      for _ in 0..<pendingZeros { append(0) }
      pendingZeros = 0
      append(digit)
    }
    let exponent = Self.exponent(literal, at: index)
    scale = exponent - fractionDigits + pendingZeros
  }

  /// The literal read eight digits at a time, when it has at most 19 digits in all (leading
  /// zeros included), so that no step can overflow; nil for a longer one, which `init` reads
  /// digit by digit.
  private static func short(_ literal: UnsafeRawBufferPointer) -> DecimalLiteral? {
    var result = DecimalLiteral()
    var index = 0
    if literal.count > 0, literal[0] == JSONByte.minus {
      result.isNegative = true
      index = 1
    }
    var value: UInt64 = 0
    var digits = 0
    guard digitRun(literal, &index, into: &value, &digits) else { return nil }
    var fractionDigits = 0
    if index < literal.count, literal[index] == JSONByte.dot {
      index &+= 1
      let start = index
      guard digitRun(literal, &index, into: &value, &digits) else { return nil }
      fractionDigits = index &- start
    }
    // The significand's trailing zeros, which belong to the scale.
    var trailingZeros = 0
    if value != 0 {
      while value % 10 == 0 {
        value /= 10
        trailingZeros &+= 1
      }
    }
    result.significand = value
    result.scale = exponent(literal, at: index) - fractionDigits + trailingZeros
    return result
  }

  /// Reads the digits at `index` onto `value`, eight at a time where eight are digits; false
  /// when `digits` would pass 19.
  @inline(__always)
  private static func digitRun(
    _ literal: UnsafeRawBufferPointer, _ index: inout Int, into value: inout UInt64, _ digits: inout Int
  ) -> Bool {
    let count = literal.count
    while index &+ 8 <= count {
      let word = UInt64(littleEndian: literal.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      guard JSONScanner.nonDigitBytes(word) == 0 else { break }
      guard digits &+ 8 <= 19 else { return false }
      value = value &* 100_000_000 &+ eightDigits(word)
      digits &+= 8
      index &+= 8
    }
    while index < count {
      let digit = UInt64(literal[index] &- JSONByte.zero)
      guard digit < 10 else { break }
      guard digits < 19 else { return false }
      value = value &* 10 &+ digit
      digits &+= 1
      index &+= 1
    }
    return true
  }

  /// The number eight ASCII digits spell, the first in the lowest byte: pairs, then fours, then
  /// the eight, each step one multiplication.
  @inline(__always)
  static func eightDigits(_ word: UInt64) -> UInt64 {
    let pairs = ((word & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
    let fours = ((pairs & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
    return ((fours & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
  }

  /// The exponent of the literal whose `e` or `E`, if any, is at `index`, clamped to
  /// `exponentLimit`.
  private static func exponent(_ literal: UnsafeRawBufferPointer, at start: Int) -> Int {
    let count = literal.count
    var index = start
    var exponent = 0
    guard index < count else { return 0 }
    // At `e` or `E`, per the grammar.
    index &+= 1
    var negativeExponent = false
    if index < count && (literal[index] == JSONByte.minus || literal[index] == JSONByte.plus) {
      negativeExponent = literal[index] == JSONByte.minus
      index &+= 1
    }
    while index < count {
      exponent = min(exponent &* 10 &+ Int(literal[index] &- JSONByte.zero), exponentLimit)
      index &+= 1
    }
    return negativeExponent ? -exponent : exponent
  }

  /// Appends one decimal digit to the significand, noting overflow instead of trapping.
  private mutating func append(_ digit: UInt64) {
    guard !overflowed else { return }
    let (times10, o1) = significand.multipliedReportingOverflow(by: 10)
    let (sum, o2) = times10.addingReportingOverflow(digit)
    if o1 || o2 { overflowed = true } else { significand = sum }
  }

  /// The exact magnitude when it is a whole number that fits in a `UInt64`.
  var integralMagnitude: UInt64? {
    if isZero { return 0 }
    guard !overflowed, scale >= 0, scale < 20 else { return nil }
    var value = significand
    for _ in 0..<scale {
      let (next, overflow) = value.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      value = next
    }
    return value
  }

  /// The magnitude without its fraction when that fits in a `UInt64` (`Decimal`'s conversion to
  /// an integer, which `JSONDecoder` uses from 2^53 up).
  var truncatedMagnitude: UInt64? {
    if scale >= 0 { return integralMagnitude }
    guard !overflowed else { return nil }
    guard scale > -20 else { return 0 }
    var value = significand
    for _ in 0 ..< -scale { value /= 10 }
    return value
  }

  /// The exact value when it is a whole number within `Int64`.
  var integralInt64: Int64? {
    guard let magnitude = integralMagnitude else { return nil }
    if !isNegative {
      return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }
    if magnitude <= UInt64(Int64.max) { return -Int64(magnitude) }
    return magnitude == UInt64(Int64.max) &+ 1 ? Int64.min : nil
  }
}
