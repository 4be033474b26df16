/// An integer written out in decimal digits, read from its UTF-8 bytes: the one reader behind
/// integer strings and keys (`NumberText`), and the `Int64` fast path of ranges (`ExactRange`).
package enum IntegerText {
  /// An optional sign (`-` or `+`) and one or more decimal digits, as sign and magnitude; nil for
  /// anything else, or a magnitude beyond `UInt64`.
  package static func exactInteger(_ bytes: UnsafeRawBufferPointer) -> (negative: Bool, magnitude: UInt64)? {
    guard let first = bytes.first else { return nil }
    let signed = first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
    guard bytes.count > (signed ? 1 : 0) else { return nil }
    var magnitude: UInt64 = 0
    for byte in bytes.dropFirst(signed ? 1 : 0) {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (times, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carried) = times.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
      guard !overflowed, !carried else { return nil }
      magnitude = sum
    }
    return (first == UInt8(ascii: "-"), magnitude)
  }
}
