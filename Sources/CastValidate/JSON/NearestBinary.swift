/// The nearest `Double` and `Float` to a JSON number literal, read from its bytes and correctly
/// rounded: what `Double(String)` and `Float(String)` (and `JSONDecoder` through them) read,
/// without making a String. Clinger's exact fast path first, then `EiselLemire`; the standard
/// library reads only what neither decides: more significant digits than a `UInt64` holds, and a
/// `Float` on a tie or beyond its normal range.
enum NearestBinary {
  /// 10^0 through 10^22, each an exact `Double`.
  private static let exactPowers: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
  ]

  /// The nearest `Double` to a literal that passed the scanner's grammar check: ±infinity beyond
  /// `Double.greatestFiniteMagnitude`, ±0 below the smallest subnormal.
  static func double(_ literal: UnsafeRawBufferPointer) -> Double {
    let decimal = DecimalLiteral(literal)
    if decimal.isZero { return decimal.isNegative ? -0.0 : 0.0 }
    if !decimal.overflowed {
      // A significand below 2^53 and a power of ten up to 10^22 are both exact, so one
      // multiplication or division rounds correctly (Clinger).
      if decimal.significand < 1 << 53, decimal.scale >= -22, decimal.scale <= 22 {
        let magnitude = Double(decimal.significand)
        let value = decimal.scale >= 0 ? magnitude * exactPowers[decimal.scale] : magnitude / exactPowers[-decimal.scale]
        return decimal.isNegative ? -value : value
      }
      if let value = EiselLemire.double(significand: decimal.significand, power: decimal.scale, negative: decimal.isNegative) {
        return value
      }
    }
    // The standard library parses every RFC 8259 literal; should it ever refuse, the sign still decides the overflow.
    return Double(String(decoding: literal, as: UTF8.self)) ?? (decimal.isNegative ? -.infinity : .infinity)
  }

  /// The nearest `Float` to a literal that passed the scanner's grammar check, read from the
  /// text as `Float(String)` reads it (not through `Double` first, which rounds twice).
  static func float(_ literal: UnsafeRawBufferPointer) -> Float {
    let value = double(literal)
    let magnitude = value.magnitude
    // The nearest double rounds to the nearest float unless it lies on a tie between two floats
    // (the 29 bits a float drops are 1 then zeros), where the decimal may lie on either side.
    // Subnormal floats drop more bits, and the largest ones round to infinity by their own rule.
    if magnitude == 0
      || (magnitude >= Double(Float.leastNormalMagnitude) && magnitude <= Double(Float.greatestFiniteMagnitude)
        && value.bitPattern & 0x1FFF_FFFF != 0x1000_0000)
    {
      return Float(value)
    }
    return Float(String(decoding: literal, as: UTF8.self)) ?? .nan
  }
}
