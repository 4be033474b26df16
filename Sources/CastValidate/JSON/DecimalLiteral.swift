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

  /// Reads a literal that already passed the scanner's grammar check.
  init(_ literal: UnsafeRawBufferPointer) {
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
    var exponent = 0
    if index < count {
      // At `e` or `E`, per the grammar.
      index &+= 1
      var negativeExponent = false
      if index < count && (at(index) == JSONByte.minus || at(index) == JSONByte.plus) {
        negativeExponent = at(index) == JSONByte.minus
        index &+= 1
      }
      while index < count {
        exponent = min(exponent &* 10 &+ Int(at(index) &- JSONByte.zero), Self.exponentLimit)
        index &+= 1
      }
      if negativeExponent { exponent = -exponent }
    }
    scale = exponent - fractionDigits + pendingZeros
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
