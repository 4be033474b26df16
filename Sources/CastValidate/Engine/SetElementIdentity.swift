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
    case .double, .cgFloat, .float:
      return Double(text).map { .number(String(floatingValue($0, as: scalar))) } ?? item
    case .decimal:
      return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map { .number($0.isZero ? "0" : $0.description) } ?? item
    default:
      return item
    }
  }

  /// A floating-point element's value as its type holds it (a `Float` rounded to one), with
  /// `-0.0` as the `0.0` it equals: equal elements, equal values, bit for bit. The clean-record
  /// check compares floating-point sets by it too.
  static func floatingValue(_ value: Double, as type: ScalarType) -> Double {
    // NB: `+ 0` makes -0.0 the 0.0 it equals.
    (type == .float ? Double(Float(value)) : value) + 0
  }
}
