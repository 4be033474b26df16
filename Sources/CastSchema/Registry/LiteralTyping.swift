/// Swift's typing of an un-annotated collection literal: the elements' literal types joined, so
/// `[1, 2.5]` is `[Double]`, `["a": 1, "b": 2.5]` is `[String: Double]`, `[[1], [2.5]]` is
/// `[[Double]]` and `[1, nil]` is `[Int?]` (semantics §2: defaults are typed as Swift types them).
extension DefaultEvaluator {
  /// The type Swift infers for `expression` with no context, or nil where Swift needs an
  /// annotation (`[]`, `[1, "a"]`, `.case`, `nil` alone).
  func inferredType(of expression: ExpressionSyntax) -> TypeRef? {
    switch expression {
    case .integer: return .scalar(.int)
    case .float: return .scalar(.double)
    case .string, .interpolatedString: return .scalar(.string)
    case .bool: return .scalar(.bool)
    case .array(let elements, _):
      return joined(elements).map { .array($0) }
    case .dictionary(let pairs, _):
      guard let key = joined(pairs.map(\.key)), let value = joined(pairs.map(\.value)) else { return nil }
      return .dictionary(key: key, value: value)
    case .construct(let syntax, _):
      return resolvedType(syntax)
    case .typed(let hint, _):
      return hintedType(hint)
    case .nil, .member, .unsupported:
      return nil
    }
  }

  /// The type Swift gives an expression castctl does not evaluate whole (`TypeHintSyntax`).
  private func hintedType(_ hint: TypeHintSyntax) -> TypeRef? {
    switch hint {
    case .arithmetic(let isFloat): return .scalar(isFloat ? .double : .int)
    case .condition: return .scalar(.bool)
    case .concatenation: return .scalar(.string)
    case .call(let syntax):
      guard let type = resolvedType(syntax), case .scalar(let scalar) = type, scalar.isNumeric || scalar == .date else { return nil }
      return type
    case .member(let owner, let name):
      switch resolvedType(owner) {
      // NB: only a case is of its enum's type (`Status.allCases` is not).
      case .enumeration(let enumName)? where enums[enumName]?.cases.contains(where: { $0.name == name }) == true:
        return .enumeration(enumName)
      case .scalar(let scalar)? where Self.ownTypedMembers[scalar]?.contains(name) == true:
        return .scalar(scalar)
      default:
        return nil
      }
    }
  }

  /// The static members of a built-in type that are of the type itself.
  private static let ownTypedMembers: [ScalarType: Set<String>] = {
    let integer: Set<String> = ["max", "min", "zero"]
    let floating: Set<String> = ["zero", "pi", "infinity", "greatestFiniteMagnitude", "leastNonzeroMagnitude", "leastNormalMagnitude", "ulpOfOne", "nan"]
    var table: [ScalarType: Set<String>] = [.date: ["now", "distantPast", "distantFuture"], .decimal: ["zero", "pi", "greatestFiniteMagnitude", "leastNonzeroMagnitude"]]
    for scalar in ScalarType.allCases where scalar.isInteger { table[scalar] = integer }
    for scalar in [ScalarType.double, .float, .cgFloat] { table[scalar] = floating }
    return table
  }()

  /// The one type all `expressions` take together; a `nil` among them makes it optional.
  private func joined(_ expressions: [ExpressionSyntax]) -> TypeRef? {
    var result: TypeRef?
    var hasNil = false
    for expression in expressions {
      if case .nil = expression {
        hasNil = true
        continue
      }
      guard let type = inferredType(of: expression) else { return nil }
      guard let current = result else {
        result = type
        continue
      }
      guard let join = Self.join(current, type) else { return nil }
      result = join
    }
    guard let result else { return nil }
    if hasNil, case .optional = result { return result }
    return hasNil ? .optional(result) : result
  }

  /// The literal type both `a` and `b` can take: equal types, `Int` with `Double` as `Double`,
  /// and collections element by element; nil where Swift would need `[Any]`.
  static func join(_ a: TypeRef, _ b: TypeRef) -> TypeRef? {
    switch (a, b) {
    case _ where a == b: return a
    case (.scalar(.int), .scalar(.double)), (.scalar(.double), .scalar(.int)): return .scalar(.double)
    case (.optional(let x), .optional(let y)): return join(x, y).map { .optional($0) }
    case (.optional(let x), let y), (let y, .optional(let x)): return join(x, y).map { .optional($0) }
    case (.array(let x), .array(let y)): return join(x, y).map { .array($0) }
    case (.dictionary(let k1, let v1), .dictionary(let k2, let v2)):
      guard let key = join(k1, k2), let value = join(v1, v2) else { return nil }
      return .dictionary(key: key, value: value)
    default: return nil
    }
  }
}
