/// Evaluates Swift literal defaults (and enum raw values) into `DefaultValue`s, checking them
/// against the declared type or inferring the type as Swift would.
struct DefaultEvaluator {
  let enums: [String: EnumType]
  let symbols: SymbolTable
  /// The repeated elements of the `Set` literals evaluated, which Swift keeps once; whoever
  /// reports them takes them (`CollapsedElements.take`).
  let collapsed = CollapsedElements()
  /// The model whose defaults are read, where a constructed type's name is looked up from
  /// (`TypeResolver.loweringModel`).
  var scope: String?

  /// Why a default could not be used.
  enum Failure: Error {
    case mismatch(String)
    case cannotInfer
    case unsupported
    /// A dictionary literal repeats a key (Swift traps on it): the key as messages show it,
    /// the repeated key's range and the first one's.
    case duplicateKey(String, at: Range<Int>, first: Range<Int>)
  }

  /// The value and the type it has (the declared one, or the inferred one when `type` is nil).
  func evaluate(_ expression: ExpressionSyntax, as type: TypeRef?, optional: Bool) -> Result<(DefaultValue, TypeRef), Failure> {
    switch expression {
    case .nil:
      guard let type else { return .failure(.cannotInfer) }
      return optional || type.isOptionalOrAny ? .success((.null, type)) : .failure(.mismatch("'nil' needs an optional type (\(type)?)"))
    case .integer(let text, _):
      return integer(text, as: type)
    case .float(let text, _):
      return float(text, as: type)
    case .string(let value, _):
      guard let type else { return .success((.string(value), .scalar(.string))) }
      switch type.unwrapped {
      case .scalar(.string), .any: return .success((.string(value), type))
      case .scalar(.character) where value.count == 1: return .success((.string(value), type))
      default: return .failure(.mismatch("a string literal is not \(article(type))"))
      }
    case .interpolatedString:
      guard let type, type.unwrapped != .scalar(.string), type.unwrapped != .any else { return .failure(.unsupported) }
      return .failure(.mismatch("a string literal is not \(article(type))"))
    case .bool(let value, _):
      guard let type else { return .success((.bool(value), .scalar(.bool))) }
      switch type.unwrapped {
      case .scalar(.bool), .scalar(.number), .any: return .success((.bool(value), type))
      default: return .failure(.mismatch("'\(value)' is not \(article(type))"))
      }
    case .member(let name, _):
      guard let type else { return .failure(.cannotInfer) }
      let enumType: EnumType? = if case .enumeration(let enumName) = type.unwrapped { enums[enumName] } else { nil }
      // `Optional.none`, even where the enum has a case of that name (swiftc warns, and picks nil).
      if name.text == "none", optional || type.isOptionalOrAny { return .success((.null, type)) }
      guard let enumType, case .enumeration(let enumName) = type.unwrapped else { return member(name.text, of: type) }
      guard let match = enumType.cases.first(where: { $0.name == name.text }) else {
        let suggestion = NameSuggestion.closest(to: name.text, in: enumType.cases.map(\.name))
        return .failure(.mismatch("enum '\(enumName)' has no case '\(name.text)'" + (suggestion.map { "; did you mean '.\($0)'?" } ?? "")))
      }
      return .success((.enumCase(name: match.name, raw: match.rawValue), type))
    case .array(let elements, _):
      // Without a type, the literal has the one Swift infers for it as a whole (`[1, 2.5]` is a
      // `[Double]`), not the type of its first element.
      if type == nil, let inferred = inferredType(of: expression) { return array(elements, as: inferred) }
      return array(elements, as: type)
    case .dictionary(let pairs, _):
      if type == nil, let inferred = inferredType(of: expression) { return dictionary(pairs, as: inferred) }
      return dictionary(pairs, as: type)
    case .construct(let typeSyntax, _):
      return construct(typeSyntax, as: type)
    case .typed(.member(let owner, let name), let range):
      // `Status.active` is `.active` of `Status`; `Int.max` is `.max` of `Int`.
      guard let ownerType = resolvedType(owner), type == nil || type?.unwrapped == ownerType else { return .failure(.unsupported) }
      return evaluate(.member(NameSyntax(text: name, range: range), range: range), as: ownerType, optional: optional)
    case .typed, .unsupported:
      return .failure(.unsupported)
    }
  }

  /// A type's static member other than an enum case (`.zero`, `.max`, `.pi`): the numbers castctl
  /// knows exactly, and any other one a default it cannot evaluate (swiftc decides whether the
  /// member exists).
  private func member(_ name: String, of type: TypeRef) -> Result<(DefaultValue, TypeRef), Failure> {
    guard case .scalar(let scalar) = type.unwrapped, scalar.isNumeric else { return .failure(.unsupported) }
    switch name {
    case "zero": return .success((.number("0"), type))
    case "max": return scalar.integerBounds.map { .success((.number(String($0.max)), type)) } ?? .failure(.unsupported)
    case "min": return scalar.integerBounds.map { .success((.number(String($0.min)), type)) } ?? .failure(.unsupported)
    default: return .failure(.unsupported)
    }
  }

  private func integer(_ text: String, as type: TypeRef?) -> Result<(DefaultValue, TypeRef), Failure> {
    guard let literal = Self.decimalInteger(text) else { return .failure(.mismatch("\(text) is not a valid integer")) }
    guard let type else {
      return Int64(literal) != nil ? .success((.number(literal), .scalar(.int))) : .failure(.mismatch("\(text) is out of range for Int"))
    }
    switch type.unwrapped {
    case .scalar(let scalar) where scalar.isInteger:
      guard let bounds = scalar.integerBounds, Self.fits(literal, bounds) else {
        return .failure(.mismatch("\(text) is out of range for \(scalar.rawValue)"))
      }
      return .success((.number(literal), type))
    case .scalar(let scalar) where scalar.isNumeric:
      return .success((.number(literal), type))
    case .any:
      return .success((.number(literal), type))
    default:
      return .failure(.mismatch("\(text) is not \(article(type))"))
    }
  }

  private func float(_ text: String, as type: TypeRef?) -> Result<(DefaultValue, TypeRef), Failure> {
    var literal = text.filter { $0 != "_" }
    // Without a type, Swift makes a float literal a Double.
    let resolved = type ?? .scalar(.double)
    // `0x1p3`: JSON has no hexadecimal numbers, so the value is kept in decimal, as its type
    // prints it (a `Float`'s `0x1.99999ap-4` is 0.1).
    if literal.contains("x") {
      if resolved.unwrapped == .scalar(.float), let value = Float(literal), value.isFinite {
        literal = "\(value)"
      } else if let value = Double(literal), value.isFinite {
        literal = "\(value)"
      }
    }
    switch resolved.unwrapped {
    case .scalar(let scalar) where scalar.isFloatingPoint:
      // Swift rounds a literal beyond the type's range to infinity, which JSON cannot write.
      guard let value = Double(literal), scalar.holdsFloatingPoint(value) else {
        return .failure(.mismatch("\(text) is out of range for \(scalar.rawValue)"))
      }
      return .success((.number(literal), resolved))
    case .scalar(.decimal):
      guard ExactDecimal(literal)?.fitsFoundationDecimal == true else {
        return .failure(.mismatch("\(text) is out of range for Decimal (±\(ExactDecimal.decimalLimitText), and from 1e-128 when not zero)"))
      }
      return .success((.number(literal), resolved))
    case .scalar(.number):
      return .success((.number(literal), resolved))
    case .any: return .success((.number(literal), resolved))
    default: return .failure(.mismatch("\(text) is not \(article(resolved))"))
    }
  }

  private func array(_ elements: [ExpressionSyntax], as type: TypeRef?) -> Result<(DefaultValue, TypeRef), Failure> {
    var elementType: TypeRef?
    switch type?.unwrapped {
    case .array(let element)?, .set(let element)?: elementType = element
    case .any?, .anyArray?: elementType = .any
    case nil: elementType = nil
    case let other?: return .failure(.mismatch("an array literal is not \(article(other))"))
    }
    var isSet = false
    if case .set? = type?.unwrapped { isSet = true }
    var values: [DefaultValue] = []
    var firstRanges: [DefaultValue: Range<Int>] = [:]
    for element in elements {
      switch evaluate(element, as: elementType, optional: false) {
      case .success(let (value, inferred)):
        // A `Set` literal keeps a repeated element once (a dictionary literal's repeated key traps).
        if isSet {
          let identity = Self.elementIdentity(value, as: elementType)
          if let first = firstRanges[identity] {
            collapsed.elements.append(.init(text: Self.keyDescription(value), at: element.range, first: first))
            continue
          }
          firstRanges[identity] = element.range
        }
        values.append(value)
        if elementType == nil { elementType = inferred }
      case .failure(let failure):
        return .failure(failure)
      }
    }
    guard let elementType else { return .failure(.cannotInfer) }
    return .success((.array(values), type ?? .array(elementType)))
  }

  private func dictionary(_ pairs: [DictionaryElementSyntax], as type: TypeRef?) -> Result<(DefaultValue, TypeRef), Failure> {
    var keyType: TypeRef?
    var valueType: TypeRef?
    switch type?.unwrapped {
    case .dictionary(let key, let value)?:
      keyType = key
      valueType = value
    case .any?, .anyObject?:
      keyType = .scalar(.string)
      valueType = .any
    case nil: break
    case let other?: return .failure(.mismatch("a dictionary literal is not \(article(other))"))
    }
    var members: [DefaultMember] = []
    var firstRanges: [String: Range<Int>] = [:]
    for pair in pairs {
      guard case .success(let (key, inferredKey)) = evaluate(pair.key, as: keyType, optional: false) else {
        return .failure(.mismatch("dictionary keys must be literals of the key type"))
      }
      if keyType == nil { keyType = inferredKey }
      // Compared as evaluated, so `1` and `0x1` are one key, as in Swift.
      let keyText = Self.keyText(key)
      if let first = firstRanges[keyText] {
        return .failure(.duplicateKey(Self.keyDescription(key), at: pair.key.range, first: first))
      }
      firstRanges[keyText] = pair.key.range
      switch evaluate(pair.value, as: valueType, optional: false) {
      case .success(let (value, inferred)):
        if valueType == nil { valueType = inferred }
        members.append(DefaultMember(key: Self.keyText(key), value: value))
      case .failure(let failure):
        return .failure(failure)
      }
    }
    guard let keyType, let valueType else { return .failure(.cannotInfer) }
    return .success((.object(members), type ?? .dictionary(key: keyType, value: valueType)))
  }

  /// A type named in a default, as the model's properties name theirs; nil if it names none.
  func resolvedType(_ syntax: TypeSyntax) -> TypeRef? {
    var resolver = TypeResolver(symbols: symbols)
    resolver.loweringModel = scope
    return resolver.resolve(syntax, file: 0)
  }

  private func construct(_ syntax: TypeSyntax, as type: TypeRef?) -> Result<(DefaultValue, TypeRef), Failure> {
    guard let constructed = resolvedType(syntax) else { return .failure(.unsupported) }
    if let type, type.unwrapped != constructed.unwrapped, type.unwrapped != .any {
      return .failure(.mismatch("\(constructed)() is not \(article(type))"))
    }
    let result = type ?? constructed
    switch constructed {
    case .model(let name): return .success((.model(name), result))
    case .array, .set, .anyArray: return .success((.array([]), result))
    case .dictionary, .anyObject: return .success((.object([]), result))
    case .scalar(.string), .scalar(.character): return .success((.string(""), result))
    case .scalar(.bool): return .success((.bool(false), result))
    case .scalar(.data): return .success((.string(""), result))
    case .scalar(let scalar) where scalar.isNumeric: return .success((.number("0"), result))
    default: return .failure(.unsupported)
    }
  }

  private func article(_ type: TypeRef) -> String {
    let text = "\(type)"
    return (text.first.map { "AEIOU".contains($0) } ?? false ? "an " : "a ") + text
  }

  private static func keyText(_ value: DefaultValue) -> String {
    switch value {
    case .string(let text), .number(let text): text
    case .enumCase(let name, _): name
    case .bool(let flag): flag ? "true" : "false"
    default: ""
    }
  }

  /// A key as a message shows it: a string quoted, an enum case with its dot.
  private static func keyDescription(_ value: DefaultValue) -> String {
    switch value {
    case .string(let text): "\"\(text)\""
    case .enumCase(let name, _): ".\(name)"
    case .number(let text): text
    case .bool(let flag): flag ? "true" : "false"
    case .null: "nil"
    case .array(let items): "[" + items.map(keyDescription).joined(separator: ", ") + "]"
    case .object(let members): "[" + (members.isEmpty ? ":" : members.map { "\"\($0.key)\": " + keyDescription($0.value) }.joined(separator: ", ")) + "]"
    case .model(let name): "\(name)()"
    case .opaque(let text): text
    }
  }

  /// What makes two elements of a `Set` literal equal in Swift: numbers by value (`1` and `1.0`
  /// in a `Set<Double>`), collections by their elements' identities (a set's and a dictionary's
  /// in any order), everything else as evaluated.
  private static func elementIdentity(_ value: DefaultValue, as type: TypeRef?) -> DefaultValue {
    switch (value, type?.unwrapped) {
    case (.array(let items), .array(let element)?):
      return .array(items.map { elementIdentity($0, as: element) })
    case (.array(let items), .set(let element)?):
      return .array(items.map { elementIdentity($0, as: element) }.sorted { "\($0)" < "\($1)" })
    case (.object(let members), .dictionary(_, let element)?):
      let identities = members.map { DefaultMember(key: $0.key, value: elementIdentity($0.value, as: element)) }
      return .object(identities.sorted { $0.key < $1.key })
    default:
      break
    }
    guard case .number(let text) = value else { return value }
    // As the element type holds it: `16777217` is the Float 16777216.
    switch type?.unwrapped {
    case .scalar(.float)?: return Double(text).map { .number(String(Double(Float($0)) + 0)) } ?? value
    case .scalar(.double)?, .scalar(.cgFloat)?: return Double(text).map { .number(String($0 + 0)) } ?? value
    default: break
    }
    if let integer = Int64(text) { return .number(String(integer)) }
    if let integer = UInt64(text) { return .number(String(integer)) }
    if let double = Double(text) { return .number(double == double.rounded() && abs(double) < 9e15 ? String(Int64(double)) : String(double)) }
    return value
  }

  /// Swift integer literal (`0x1F`, `1_000`, `-0b101`) → decimal text, or nil.
  static func decimalInteger(_ text: String) -> String? {
    var digits = text.filter { $0 != "_" }
    let negative = digits.hasPrefix("-")
    if negative { digits.removeFirst() }
    var radix = 10
    for (prefix, base) in [("0x", 16), ("0b", 2), ("0o", 8)] where digits.hasPrefix(prefix) {
      radix = base
      digits.removeFirst(2)
    }
    guard let magnitude = UInt64(digits, radix: radix) else { return nil }
    return (negative && magnitude != 0 ? "-" : "") + String(magnitude)
  }

  static func fits(_ decimal: String, _ bounds: (min: Int64, max: UInt64)) -> Bool {
    if decimal.hasPrefix("-") {
      guard let value = Int64(decimal) else { return false }
      return value >= bounds.min
    }
    guard let value = UInt64(decimal) else { return false }
    return value <= bounds.max
  }
}

extension TypeRef {
  var isOptionalOrAny: Bool {
    switch self {
    case .optional, .any: true
    default: false
    }
  }
}

/// The repeated elements of `Set` literal defaults, noted while they are evaluated: Swift keeps
/// each once, so the default holds it once and `check` warns (`duplicate-set-element`).
final class CollapsedElements {
  /// One repeated element: as messages show it, where it is repeated and where it came first.
  struct Element {
    let text: String
    let at: Range<Int>
    let first: Range<Int>
  }

  var elements: [Element] = []

  /// The elements noted so far, which are then forgotten.
  func take() -> [Element] {
    defer { elements = [] }
    return elements
  }
}
