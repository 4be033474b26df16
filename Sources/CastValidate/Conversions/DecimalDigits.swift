/// A whole number's decimal digits written as bytes, for the date writers, which write a dozen
/// small numbers per date and so build no String for any of them.
enum DecimalDigits {
  /// How many digits `magnitude` has (one for zero).
  @inline(__always)
  static func count(_ magnitude: UInt) -> Int {
    var count = 1
    var rest = magnitude
    while rest >= 10 {
      count &+= 1
      rest /= 10
    }
    return count
  }

  /// Writes `value` as at least `width` bytes (zeros before its digits, after any sign) at
  /// `out[at...]`, which has room for them; returns the place after them.
  @inline(__always)
  static func write(_ value: Int, width: Int, into out: UnsafeMutableRawBufferPointer, at start: Int) -> Int {
    var position = start
    if value < 0 {
      out[position] = UInt8(ascii: "-")
      position &+= 1
    }
    var rest = value.magnitude
    let length = max(count(rest), width)
    for index in (position..<position &+ length).reversed() {
      out[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
    return position &+ length
  }
}
