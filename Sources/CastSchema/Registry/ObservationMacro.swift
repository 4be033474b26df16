/// What the `@Observable` macro makes of a Codable class (checked with swiftc 6.3.1 and
/// Foundation's JSONEncoder and JSONDecoder): each stored `var` it observes becomes the stored
/// property `_name` beside a computed `name`, so the synthesized conformance codes it under the
/// key `_name`; it adds `let _$observationRegistrar`, which is encoded (as `{}`) and never decoded.
/// A `@ObservationIgnored` property and a `let` stay as they are.
struct ObservationMacro {
  /// The class is `@Observable`.
  let isObservable: Bool
  /// Its properties marked `@ObservationIgnored`.
  private let ignored: Set<String>

  init(_ decl: ModelDeclSyntax) {
    isObservable = !decl.isStruct && decl.modifiers.contains("@Observable")
    ignored = isObservable ? Set(decl.propertyWrappers.filter { $0.wrapper.text == "@ObservationIgnored" }.map(\.property.text)) : []
  }

  /// The name of the stored property that a property `name` declares.
  func storedName(of name: String, isLet: Bool) -> String {
    isObservable && !isLet && !ignored.contains(name) ? "_" + name : name
  }

  /// Whether an attribute on a property is the macro's own (`@ObservationIgnored`), not a wrapper.
  func isAttribute(_ attribute: String) -> Bool {
    isObservable && attribute == "@ObservationIgnored"
  }

  /// The registrar the macro adds to `model`: a `let` with a value, which the synthesized
  /// `encode(to:)` writes as an empty object.
  func registrar(of model: String, at range: SourceRange) -> Property {
    Property(
      name: "_$observationRegistrar", declaredIn: model, range: range, defaultValue: .object([]), keys: [], checks: [],
      dateFormat: .iso8601, type: .dictionary(key: .scalar(.string), value: .scalar(.int)), optionality: .none,
      isRequired: false, keySource: .propertyName, usage: .normal, isLet: true)
  }
}
