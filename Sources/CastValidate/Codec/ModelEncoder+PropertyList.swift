import CastSchema
import Foundation

/// A Codable model's instance as `PropertyListEncoder` writes the Swift value it stands for
/// (`Policy.writesPropertyListsAsEncoder`), checked against it on this machine: a `Date` as a
/// `<date>`, `Data` as `<data>`, a `Float`, `Double` or `CGFloat` always as a `<real>` (a `Float`
/// widened to `Double`: `0.1` is `0.10000000149011612`), a `URL` as `{relative: text}` and a
/// `Decimal` as its fields, as their own `Codable` conformances write them to a property list.
/// What JSON and the property list hold alike (strings, integers, booleans) is written as the
/// JSON is.
extension ModelEncoder {
  /// The property list item of a record decoded against `target`: typed where the target's
  /// policy writes property lists as `PropertyListEncoder` does, else its JSON as it stands.
  package func propertyListItem(_ instance: Instance, target: ValidationTarget) -> PropertyListItem {
    let node: ValueNode? =
      switch target {
      case .model(let name): schema.modelIndex(name).map { .model($0) }
      case .type(let type): schema.typeNode(type)
      }
    guard let node, schema.targetPolicy(target).writesPropertyListsAsEncoder else { return PropertyListItem(encode(instance)) }
    return propertyListItem(instance, node)
  }

  /// The property list item of `instance`, a value of `node`.
  func propertyListItem(_ instance: Instance, _ node: ValueNode) -> PropertyListItem {
    // A default (`let ratio = 2.0`) is held as its JSON; its scalar is typed as a read one is.
    switch instance {
    case .json(.number(let text)): return propertyListItem(.number(text), node)
    case .json(.string(let text)): return propertyListItem(.string(text), node)
    default: break
    }
    switch (node, instance) {
    case (.scalar(let scalar), _):
      return scalarItem(instance, scalar) ?? PropertyListItem(encode(instance))
    case (.date(let format), .number(let text)), (.date(let format), .string(let text)):
      return Self.seconds(written: text, format: schema.dateFormats[Int(format)]).map { .date($0) } ?? PropertyListItem(encode(instance))
    case (.array(let element, _, _), .array(let items)):
      let node = schema.node(at: element)
      return .array(items.map { propertyListItem($0, node) })
    case (.pairs(let key, let value, _), .array(let items)):
      let (keyNode, valueNode) = (schema.node(at: key), schema.node(at: value))
      return .array(items.enumerated().map { propertyListItem($1, $0.isMultiple(of: 2) ? keyNode : valueNode) })
    case (.dictionary(_, let value, _), .dictionary(let members)):
      let node = schema.node(at: value)
      return .dictionary(members.map { ($0.key, propertyListItem($0.value, node)) })
    case (.model(_), .model(let model)):
      return modelItem(model)
    case (.enumeration(let index), _):
      return enumItem(instance, schema.enums[index])
    default:
      return PropertyListItem(encode(instance))
    }
  }

  private func modelItem(_ model: ModelInstance) -> PropertyListItem {
    var members: [(key: String, value: PropertyListItem)] = []
    var nested = false
    forEachWritten(model) { field, path, written in
      // NB: a key path (a JSON Cast directive a Codable model may carry) nests the value in
      // objects only the JSON writer lays out.
      guard path.count == 1, path[0].index == nil else {
        nested = true
        return
      }
      switch written {
      case .value(let instance):
        members.append((path[0].key, propertyListItem(instance, field.node)))
      case .nilValue(let literal):
        members.append((path[0].key, PropertyListItem(literal.json)))
      }
    }
    return nested ? PropertyListItem(encode(.model(model))) : .dictionary(members)
  }

  private func enumItem(_ instance: Instance, _ plan: EnumPlan) -> PropertyListItem {
    // A case with associated values is `{case: {…}}`, its values typed by the case's plan.
    if case .dictionary(let members) = instance, members.count == 1, case .model(let payload) = members[0].value {
      return .dictionary([(members[0].key, modelItem(payload))])
    }
    if let rawType = plan.rawType, let item = scalarItem(instance, rawType) { return item }
    return PropertyListItem(encode(instance))
  }

  /// A scalar whose property list form differs from its JSON's; nil for the others.
  private func scalarItem(_ instance: Instance, _ scalar: ScalarType) -> PropertyListItem? {
    switch (scalar, instance) {
    case (.float, .number(let text)):
      return Float(text).map { .real(Double($0)) }
    case (.double, .number(let text)), (.cgFloat, .number(let text)):
      return Double(text).map { .real($0) }
    case (.data, .string(let text)):
      return Data(base64Encoded: text).map { .data(Array($0)) }
    case (.url, .string(let text)):
      return .dictionary([("relative", .string(text))])
    case (.decimal, .number(let text)):
      return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).flatMap(Self.decimalItem)
    default:
      return nil
    }
  }

  /// `Decimal`'s own `Codable` form, its fields as its conformance writes them (they are not
  /// public API, so Foundation is asked).
  private static func decimalItem(_ value: Decimal) -> PropertyListItem? {
    guard let data = try? PropertyListEncoder().encode([value]),
      let fields = try? PropertyListDecoder().decode([DecimalFields].self, from: data).first
    else { return nil }
    return .dictionary([
      ("exponent", .number(String(fields.exponent))), ("length", .number(String(fields.length))),
      ("isNegative", .bool(fields.isNegative)), ("isCompact", .bool(fields.isCompact)),
      ("mantissa", .array(fields.mantissa.map { .number(String($0)) })),
    ])
  }

  /// The instant of a date as castctl writes it in `format`, in seconds since 2001-01-01.
  static func seconds(written text: String, format: DateFormat) -> Double? {
    let since1970: Double?
    switch format {
    case .referenceSeconds: return Double(text)
    case .epochSeconds: since1970 = Double(text)
    case .epochMilliseconds: since1970 = Double(text).map { $0 / 1000 }
    case .iso8601: since1970 = Array(text.utf8).withUnsafeBytes { DateText.parseFoundationISO8601($0) }
    case .pattern(let pattern): since1970 = DateText.parse(text, pattern: pattern)
    }
    return since1970.map { $0 - Date.timeIntervalBetween1970AndReferenceDate }
  }
}

/// The fields `Decimal`'s `Codable` conformance writes.
private struct DecimalFields: Decodable {
  var exponent: Int
  var length: Int
  var isNegative: Bool
  var isCompact: Bool
  var mantissa: [UInt16]
}
