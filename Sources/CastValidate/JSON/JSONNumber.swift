/// Turning number tokens into values, from the literal bytes and without Foundation.
///
/// Literals the grammar accepts are never rejected here; range questions get nil (integers) or an infinity
/// or zero (`double`), and the caller decides against the declared type.
extension JSONScanner {
  /// The value of an integer literal (no fraction, no exponent), or nil when out of range. `-0` is 0.
  package func int64(_ n: JSONNumberToken) -> Int64? {
    guard n.isInteger else { return nil }
    let raw = bytes(n.span)
    // Up to 18 digits cannot overflow, which covers nearly every literal without overflow checks.
    if raw.count <= 18 {
      var index = n.isNegative ? 1 : 0
      var magnitude: Int64 = 0
      while index < raw.count {
        magnitude = magnitude &* 10 &+ Int64(raw.load(fromByteOffset: index, as: UInt8.self) &- JSONByte.zero)
        index &+= 1
      }
      return n.isNegative ? -magnitude : magnitude
    }
    guard let (negative, magnitude) = IntegerText.exactInteger(raw) else { return nil }
    if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  /// The value of a non-negative integer literal, or nil when out of range or negative (`-0` is 0).
  package func uint64(_ n: JSONNumberToken) -> UInt64? {
    guard n.isInteger else { return nil }
    guard let (negative, magnitude) = IntegerText.exactInteger(bytes(n.span)) else { return nil }
    // NB: `-0` is zero; any other negative is no `UInt64`.
    return !negative || magnitude == 0 ? magnitude : nil
  }

  /// The value of any literal that is exactly a whole number within `Int64`, written with or without
  /// a fraction or exponent (`3`, `3.0`, `1e2`, `2.50e1`); nil for `3.5` or out of range.
  package func integralValue(_ n: JSONNumberToken) -> Int64? {
    if n.isInteger { return int64(n) }
    return DecimalLiteral(bytes(n.span)).integralInt64
  }

  /// The nearest `Double` (correctly rounded). Magnitudes beyond `Double.greatestFiniteMagnitude` give ±infinity,
  /// and ones too small for the smallest subnormal give ±0, so callers that care check `isFinite`.
  package func double(_ n: JSONNumberToken) -> Double {
    let raw = bytes(n.span)
    // An integer of up to 18 digits is an exact Int64, whose conversion rounds correctly.
    if n.isInteger, raw.count <= 18, let whole = int64(n) {
      return whole == 0 && n.isNegative ? -0.0 : Double(whole)
    }
    return NearestBinary.double(raw)
  }

  /// The literal text as written.
  package func literal(_ n: JSONNumberToken) -> String {
    String(decoding: bytes(n.span), as: UTF8.self)
  }
}
