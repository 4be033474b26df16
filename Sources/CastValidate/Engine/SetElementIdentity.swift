import CastSchema
import Foundation

/// A set element as its Swift type compares it, for finding a repeated one: `1`, `1.0` and `1e0`
/// are one `Double`, `0` and `-0.0` too, and `0` and `-0` one `Int`. A number's instance keeps its
/// literal (so that output writes it as read), which is not this identity.
enum SetElementIdentity {
  static func of(_ item: Instance, _ element: ValueNode) -> Instance {
    guard case .number(let text) = item, case .scalar(let scalar) = element else { return item }
    switch scalar {
    case _ where scalar.isInteger:
      // Integer instances are canonical (`sign + magnitude`) but for `-0`.
      return text == "-0" ? .number("0") : item
    case .double, .cgFloat:
      return Double(text).map(canonical) ?? item
    case .float:
      // As the walk reads a Float: its Double, rounded to the nearest Float.
      return Double(text).map { canonical(Double(Float($0))) } ?? item
    case .decimal:
      return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map { .number($0.isZero ? "0" : $0.description) } ?? item
    default:
      return item
    }
  }

  /// One text per value; `-0.0 == 0.0`, so both are `0`.
  private static func canonical(_ value: Double) -> Instance {
    .number(value == 0 ? "0" : "\(value)")
  }
}
