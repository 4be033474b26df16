/// Swift asks `Hashable` of a `Set`'s element and a dictionary's key, and swiftc refuses the
/// declaration otherwise: `Set<Any>`, `[AnyObject: Int]`, `Set<Any?>`, `Set<[String: Any]>`, a
/// `Set` of a struct that does not declare `Hashable`. castctl refuses them too
/// (`unsupported-type`), as it refuses what else Swift would not compile.
extension TypeResolver {
  /// Protocols that leave a type that conforms to them without `Hashable`: Swift's and
  /// Foundation's that do not refine it, and JSON Cast's `DictionaryConvertible` (an init and a
  /// method). A name outside this list and the files (`NSObject`, `JsonObject`, another
  /// library's base class or protocol) may bring `Hashable` with it: castctl gives it the
  /// benefit of the doubt.
  static let protocolsWithoutHashable: Set<String> = [
    "Codable", "Decodable", "Encodable", "Sendable", "Equatable", "Comparable", "CustomStringConvertible",
    "CustomDebugStringConvertible", "Identifiable", "CaseIterable", "CodingKey", "CodingKeyRepresentable",
    "RawRepresentable", "Error", "LocalizedError", "NSCoding", "NSSecureCoding", "NSCopying", "DictionaryConvertible",
  ]

  /// Why a `Set` element or dictionary key of this type is refused: the first part of it, as
  /// written, that is not `Hashable` (`Any` in `[Any]?`), and why; nil when the type is
  /// `Hashable` or castctl cannot tell.
  func unhashablePart(of syntax: TypeSyntax) -> (name: String, why: String)? {
    unhashablePart(of: syntax, substituting: [:], depth: 0)
  }

  private func unhashablePart(of syntax: TypeSyntax, substituting: [String: TypeSyntax], depth: Int) -> (name: String, why: String)? {
    // NB: bounded, as the parser bounds nesting; a type deeper than that is refused elsewhere.
    guard depth < Parser.maxNesting else { return nil }
    switch syntax {
    case .optional(let wrapped, _), .implicitlyUnwrapped(let wrapped, _), .array(let wrapped, _):
      return unhashablePart(of: wrapped, substituting: substituting, depth: depth + 1)
    case .dictionary(let key, let value, _):
      return unhashablePart(of: key, substituting: substituting, depth: depth + 1)
        ?? unhashablePart(of: value, substituting: substituting, depth: depth + 1)
    case .missing:
      return nil
    case .named(let name, let arguments, _):
      if let bound = substituting[name.text] { return unhashablePart(of: bound, substituting: [:], depth: depth + 1) }
      // A generic parameter stands for what its use names, which its declaration constrains.
      if parameters[name.text] != nil { return nil }
      let spelled = name.text.hasPrefix("Swift.") || name.text.hasPrefix("Foundation.") ? QualifiedName.lastPart(of: name.text) : name.text
      if !arguments.isEmpty, ["Array", "ContiguousArray", "Set", "Optional", "ImplicitlyUnwrappedOptional", "Dictionary"].contains(spelled) {
        return arguments.lazy.compactMap { self.unhashablePart(of: $0, substituting: substituting, depth: depth + 1) }.first
      }
      if spelled == "Any" || spelled == "AnyObject" { return (spelled, "an existential, which Swift does not make Hashable (AnyHashable is)") }
      let bare = QualifiedName.lastPart(of: name.text)
      if let alias = symbols.aliases[bare] {
        let parameters = Dictionary(zip(alias.syntax.genericParameters.map(\.text), arguments)) { first, _ in first }
        return unhashablePart(of: alias.syntax.type, substituting: parameters, depth: depth + 1)
      }
      if let model = symbols.models[bare] ?? symbols.generics[bare], !isHashable(model.syntax.name.text, model.syntax.inheritance) {
        return (name.text, "it does not conform to Hashable (declare '\(model.syntax.isStruct ? "struct" : "class") \(bare): Hashable')")
      }
      if let decl = symbols.enums[bare], decl.syntax.cases.contains(where: \.hasAssociatedValues),
        !isHashable(bare, decl.syntax.inheritance)
      {
        return (name.text, "it has associated values and does not conform to Hashable")
      }
      return nil
    }
  }

  /// Whether a declared type conforms to `Hashable`, itself or through its superclasses: it says
  /// so, or names a type castctl does not know (`NSObject`), which may.
  private func isHashable(_ name: String, _ inheritance: [TypeSyntax]) -> Bool {
    var pending = [(name, inheritance)]
    var seen: Set<String> = []
    while let (current, declared) = pending.popLast() {
      guard seen.insert(current).inserted else { continue }
      for conformance in symbols.conformances(of: current, declared: declared) {
        if conformance == "Hashable" { return true }
        if let superclass = symbols.models[conformance] ?? symbols.generics[conformance] {
          pending.append((superclass.syntax.name.text, superclass.syntax.inheritance))
        } else if !Self.protocolsWithoutHashable.contains(conformance) {
          return true
        }
      }
    }
    return false
  }
}
