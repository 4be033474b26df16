import Foundation

/// A JSON number as a property list holds it: an `<integer>` (64 bits, signed or unsigned) or a
/// `<real>` (a `Double`), whichever holds the literal exactly.
enum PropertyListNumber: Equatable {
  case integer(Int64)
  case unsigned(UInt64)
  case real(Double)

  /// The number a literal becomes exactly; nil when only a rounded `Double` (or nothing) holds it.
  init?(_ literal: String) {
    if let integer = Int64(literal) {
      self = .integer(integer)
    } else if let unsigned = UInt64(literal) {
      self = .unsigned(unsigned)
    } else if let real = Double(literal), real.isFinite, Self.isExact(literal, real) {
      self = .real(real)
    } else {
      return nil
    }
  }

  /// Whether the literal and the double's shortest text are the same decimal number (`1.50` and
  /// `1.5` are; `0.30000000000000001` and `0.3` are not).
  private static func isExact(_ literal: String, _ real: Double) -> Bool {
    var written = literal
    var shortest = "\(real)"
    return written.withUTF8 { a in
      shortest.withUTF8 { b in
        DecimalLiteral(UnsafeRawBufferPointer(a)).sameValue(as: DecimalLiteral(UnsafeRawBufferPointer(b)))
      }
    }
  }
}

extension DecimalLiteral {
  /// Whether two literals are the same number, compared digit by digit (`-0` and `0` are).
  func sameValue(as other: DecimalLiteral) -> Bool {
    if isZero || other.isZero { return isZero && other.isZero }
    return !overflowed && !other.overflowed && isNegative == other.isNegative && significand == other.significand
      && scale == other.scale
  }
}
