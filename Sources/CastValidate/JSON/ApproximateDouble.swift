/// A number literal's value to within a few units in the last place, read in one pass over its
/// bytes with integer arithmetic and one or two floating-point operations: enough to decide a
/// floating-point range check away from its bounds without the correctly rounded parse, which
/// near a bound still decides (`FieldPlan.passesRawCheck`).
struct ApproximateDouble {
  /// The approximation; nil where the literal is out of the fast path's reach (zero, a scale
  /// beyond ±280, which subnormals and overflow lie past).
  let value: Double?

  /// The largest relative error of `value`: rounding the 19-digit significand, the digits
  /// dropped past it, the power of ten and the product, each at most about an ulp (2.2e-16).
  static let relativeError = 1e-14

  /// Reads a literal that already passed the scanner's grammar check.
  init(_ literal: UnsafeRawBufferPointer) {
    var index = 0
    let count = literal.count
    let isNegative = count > 0 && literal[0] == JSONByte.minus
    if isNegative { index = 1 }
    var significand: UInt64 = 0
    var digits = 0
    // Digits past the 19th are dropped, each a power of ten of scale; fraction digits kept lower it.
    var scale = 0
    var inFraction = false
    while index < count {
      let byte = literal[index]
      if byte == JSONByte.dot {
        inFraction = true
      } else if JSONByte.isDigit(byte) {
        if significand == 0, byte == JSONByte.zero {
          if inFraction { scale &-= 1 }
        } else if digits < 19 {
          significand = significand &* 10 &+ UInt64(byte &- JSONByte.zero)
          digits &+= 1
          if inFraction { scale &-= 1 }
        } else if !inFraction {
          scale &+= 1
        }
      } else {
        break
      }
      index &+= 1
    }
    if index < count {
      // At `e` or `E`, per the grammar.
      index &+= 1
      var negative = false
      if index < count, literal[index] == JSONByte.minus || literal[index] == JSONByte.plus {
        negative = literal[index] == JSONByte.minus
        index &+= 1
      }
      var exponent = 0
      while index < count, exponent < 100_000 {
        exponent = exponent &* 10 &+ Int(literal[index] &- JSONByte.zero)
        index &+= 1
      }
      scale &+= negative ? -exponent : exponent
    }
    guard significand != 0, scale >= -280, scale <= 280 else {
      value = nil
      return
    }
    let magnitude = Double(significand)
    let power = Self.power(of: scale.magnitude)
    let result = scale >= 0 ? magnitude * power : magnitude / power
    value = isNegative ? -result : result
  }

  /// 10^exponent, exact up to 10^22 and within an ulp or two beyond.
  private static func power(of exponent: UInt) -> Double {
    var result = 1.0
    var base = 10.0
    var remaining = exponent
    while remaining > 0 {
      if remaining & 1 == 1 { result *= base }
      base *= base
      remaining >>= 1
    }
    return result
  }

  /// Whether the value is surely inside `lower...upper` (`..<upper` unless `inclusive`): true
  /// only when every value within the error is; false when unsure as when outside.
  func isSurelyWithin(_ lower: Double?, _ upper: Double?) -> Bool {
    guard let value else { return false }
    let margin = value.magnitude * Self.relativeError
    if let lower, !(value - margin > lower) { return false }
    if let upper, !(value + margin < upper) { return false }
    return true
  }
}
