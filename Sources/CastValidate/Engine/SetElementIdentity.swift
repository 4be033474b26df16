import CastSchema
import Foundation

/// A set element as its Swift type compares it, for finding a repeated one: `1`, `1.0` and `1e0`
/// are one `Double`, `0` and `-0.0` too, and `0` and `-0` one `Int`; a collection inside is
/// compared by its elements' identities, a set and a dictionary in any order, and a model by its
/// properties' values wherever they came from. A number's instance keeps its literal (so that
/// output writes it as read), which is not this identity. A value that holds a NaN
/// (`--non-conforming-floats`) has none: NaN equals nothing, itself included, so neither does it.
enum SetElementIdentity {
  static func of(_ item: Instance, _ node: ValueNode, in schema: CompiledSchema) -> Instance? {
    switch (item, node) {
    case (.number(let text), .scalar(let scalar)):
      return number(text, scalar) ?? item
    case (.string(let text), .scalar(.double)), (.string(let text), .scalar(.float)), (.string(let text), .scalar(.cgFloat)):
      return schema.registry.options.nonConformingFloats?.isNaN(text) == true ? nil : item
    case (.array(let items), .array(let element, _, let isSet)):
      let inner = schema.node(at: element)
      var identities: [Instance] = []
      for item in items {
        guard let identity = of(item, inner, in: schema) else { return nil }
        identities.append(identity)
      }
      return .array(isSet ? identities.sorted(by: inAnyOrder) : identities)
    case (.dictionary(let members), .dictionary(_, let value, _)):
      let inner = schema.node(at: value)
      var identities: [InstanceMember] = []
      for member in members {
        guard let identity = of(member.value, inner, in: schema) else { return nil }
        identities.append(InstanceMember(key: member.key, value: identity))
      }
      return .dictionary(identities.sorted { inAnyOrder(.string($0.key), .string($1.key)) })
    case (.model(var instance), .model(let index)):
      let fields = schema.plans[index].fields
      for (position, value) in instance.values.enumerated() where position < fields.count {
        guard let value else { continue }
        guard let identity = of(value.value, fields[position].node, in: schema) else { return nil }
        instance.values[position] = FieldValue(value: identity, origin: .input)
      }
      return .model(instance)
    case (.json(let json), _) where !node.isAny:
      // A default, kept as its JSON: the instance the same value read from the document is.
      guard let typed = instance(json, node, in: schema) else { return item }
      return of(typed, node, in: schema)
    default:
      return item
    }
  }

  /// The instance reading `json` for `node` builds, for a property's default (a scalar, or an
  /// array or dictionary of them); nil for anything else, whose default stays JSON.
  private static func instance(_ json: JSONValue, _ node: ValueNode, in schema: CompiledSchema) -> Instance? {
    switch (json, node) {
    case (.number(let text), .scalar), (.number(let text), .enumeration): return .number(text)
    case (.string(let text), .scalar), (.string(let text), .enumeration): return .string(text)
    case (.bool(let value), .scalar(.bool)): return .bool(value)
    case (.array(let items), .array(let element, _, _)):
      let inner = schema.node(at: element)
      var elements: [Instance] = []
      for item in items {
        guard let element = item == .null ? .null : instance(item, inner, in: schema) else { return nil }
        elements.append(element)
      }
      return .array(elements)
    case (.object(let members), .dictionary(_, let value, _)):
      let inner = schema.node(at: value)
      var entries: [InstanceMember] = []
      for member in members {
        guard let value = member.value == .null ? .null : instance(member.value, inner, in: schema) else { return nil }
        entries.append(InstanceMember(key: member.key, value: value))
      }
      return .dictionary(entries)
    default:
      return nil
    }
  }

  /// A number as its type holds it, as text; nil for a type whose instance is its identity.
  private static func number(_ text: String, _ scalar: ScalarType) -> Instance? {
    switch scalar {
    case _ where scalar.isInteger:
      // Integer instances are canonical (`sign + magnitude`) but for `-0`.
      return text == "-0" ? .number("0") : nil
    case .double, .cgFloat, .float:
      return Double(text).map { .number(String(floatingValue($0, as: scalar))) }
    case .decimal:
      return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map { .number($0.isZero ? "0" : $0.description) }
    default:
      return nil
    }
  }

  /// An order in which equal identities are neighbours, for comparing sets and dictionaries
  /// whatever their order: by hash (equal values hash alike, canonically equivalent strings
  /// too), then by text, for the rare unequal values whose hashes collide.
  private static func inAnyOrder(_ a: Instance, _ b: Instance) -> Bool {
    let (left, right) = (a.hashValue, b.hashValue)
    return left != right ? left < right : String(describing: a) < String(describing: b)
  }

  /// A date's identity as `Date` compares dates: the bits of the seconds since 2001 it stores,
  /// read as `seconds` since 1970 (or, `sinceReferenceDate`, since 2001). Both walkers compare a
  /// `Set<Date>`'s elements by it.
  static func instant(_ seconds: Double, sinceReferenceDate: Bool) -> UInt64 {
    // NB: `+ 0` makes -0.0 the 0.0 it equals.
    ((sinceReferenceDate ? seconds : seconds - 978_307_200) + 0).bitPattern
  }

  /// A floating-point element's value as its type holds it (a `Float` rounded to one), with
  /// `-0.0` as the `0.0` it equals: equal elements, equal values, bit for bit. The clean-record
  /// check compares floating-point sets by it too.
  static func floatingValue(_ value: Double, as type: ScalarType) -> Double {
    // NB: `+ 0` makes -0.0 the 0.0 it equals.
    (type == .float ? Double(Float(value)) : value) + 0
  }
}
