/// The nearest `Double` to w × 10^q, for a decimal significand `w` of up to 19 digits, by Eisel
/// and Lemire's method ("Number Parsing at a Gigabyte per Second", 2021): w times a 128-bit
/// approximation of 5^q (`PowersOfFive`) decides the 53 bits and the rounding but for cases it
/// reports as undecided, which the caller hands to the standard library's parser.
enum EiselLemire {
  /// Bits of a `Double`'s significand after its leading one.
  private static let fractionBits = 52
  /// The biased exponent of infinity.
  private static let infinitePower = 0x7FF

  /// The nearest `Double` to `significand` × 10^`power` with the sign `negative`; nil when the
  /// product cannot tell (never for the exponents of Double's range, but the check is cheap).
  static func double(significand: UInt64, power: Int, negative: Bool) -> Double? {
    guard let (fraction, exponent) = binary(significand, power) else { return nil }
    let bits = (negative ? UInt64(1) << 63 : 0) | UInt64(exponent) << fractionBits | fraction
    return Double(bitPattern: bits)
  }

  /// The fraction bits and the biased exponent of the nearest `Double` to w × 10^q.
  private static func binary(_ significand: UInt64, _ q: Int) -> (fraction: UInt64, exponent: Int)? {
    guard significand != 0, q >= PowersOfFive.smallest else { return (0, 0) }
    guard q <= PowersOfFive.largest else { return (0, infinitePower) }
    let leadingZeros = significand.leadingZeroBitCount
    let w = significand << leadingZeros
    let (high, low) = product(w, q)
    // The product lacks at most one unit in its low word; a low word of all ones could hide a carry.
    if low == .max, q < -27 || q > 55 { return nil }
    let upperBit = Int(high >> 63)
    let shift = upperBit + 64 - fractionBits - 3
    var mantissa = high >> shift
    // floor(log2(10^q)) + 63, less the bias's -1023.
    var exponent = ((217_706 * q) >> 16) + 63 + upperBit - leadingZeros + 1023
    if exponent <= 0 {
      // A subnormal, or zero.
      guard -exponent + 1 < 64 else { return (0, 0) }
      mantissa >>= -exponent + 1
      mantissa += mantissa & 1
      mantissa >>= 1
      // Rounding up can make the smallest normal out of the largest subnormal.
      return (mantissa & ((1 << fractionBits) - 1), mantissa < 1 << fractionBits ? 0 : 1)
    }
    // Halfway between two doubles, where ties go to the even one: only when 5^q is exact in the
    // table's word, and the bits shifted out were all zeros.
    if low <= 1, q >= -4, q <= 23, mantissa & 3 == 1, mantissa << shift == high {
      mantissa &= ~1
    }
    mantissa += mantissa & 1
    mantissa >>= 1
    if mantissa >= 2 << fractionBits {
      mantissa = 1 << fractionBits
      exponent += 1
    }
    mantissa &= ~(1 << fractionBits)
    guard exponent < infinitePower else { return (0, infinitePower) }
    return (mantissa, exponent)
  }

  /// The top 128 bits of w × 5^q: the high word's product, with the low word's added only when
  /// the bits below the 55 that matter are all ones and a carry could reach them.
  private static func product(_ w: UInt64, _ q: Int) -> (high: UInt64, low: UInt64) {
    let index = 2 * (q - PowersOfFive.smallest)
    var (high, low) = w.multipliedFullWidth(by: PowersOfFive.table[index])
    let mask: UInt64 = .max >> 55
    if high & mask == mask {
      let (carry, _) = w.multipliedFullWidth(by: PowersOfFive.table[index + 1])
      let (sum, overflow) = low.addingReportingOverflow(carry)
      low = sum
      if overflow { high &+= 1 }
    }
    return (high, low)
  }
}
