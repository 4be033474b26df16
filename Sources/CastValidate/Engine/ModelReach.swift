import CastSchema

/// Which models a set of types can lead a decoder to: the models they name, then the models the
/// properties of those name, and so on.
enum ModelReach {
  /// Indices in `registry.models` of every model reachable from `types`.
  static func models(from types: [TypeRef], in registry: ModelRegistry) -> Set<Int> {
    var reached: Set<Int> = []
    var pending: [Int] = []
    var reachedEnums: Set<String> = []
    func visit(_ type: TypeRef) {
      switch type {
      case .model(let name):
        guard let index = registry.models.index(forKey: name), reached.insert(index).inserted else { return }
        pending.append(index)
      case .array(let element), .set(let element), .optional(let element): visit(element)
      case .dictionary(let key, let value):
        visit(key)
        visit(value)
      case .enumeration(let name):
        // A case's associated values may name models.
        guard let enumType = registry.enums[name], enumType.hasPayloads, reachedEnums.insert(name).inserted else { return }
        for enumCase in enumType.cases { enumCase.associatedValues?.forEach { visit($0.type) } }
      case .scalar, .any, .anyObject, .anyArray: break
      }
    }
    for type in types { visit(type) }
    while let index = pending.popLast() {
      for property in registry.models.values[index].properties { visit(property.type) }
    }
    return reached
  }
}
