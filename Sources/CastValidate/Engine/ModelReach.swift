import CastSchema

/// Which models a set of types can lead a decoder to: the models they name, then the models the
/// properties of those name, and so on.
enum ModelReach {
  /// Indices in `registry.models` of every model reachable from `types`.
  static func models(from types: [TypeRef], in registry: ModelRegistry) -> Set<Int> {
    var reached: Set<Int> = []
    var pending: [Int] = []
    func visit(_ type: TypeRef) {
      switch type {
      case .model(let name):
        guard let index = registry.models.index(forKey: name), reached.insert(index).inserted else { return }
        pending.append(index)
      case .array(let element), .set(let element), .optional(let element): visit(element)
      case .dictionary(let key, let value):
        visit(key)
        visit(value)
      case .scalar, .any, .anyObject, .anyArray, .enumeration: break
      }
    }
    for type in types { visit(type) }
    while let index = pending.popLast() {
      for property in registry.models.values[index].properties { visit(property.type) }
    }
    return reached
  }
}
