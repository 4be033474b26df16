/// Structs that hold themselves by value, which swiftc refuses ("value type 'Node' cannot have a
/// stored property that recursively contains it", or "has infinite size" for a struct that holds
/// such a one). An optional is stored inline, so `let next: Node?` counts; an array, a set, a
/// dictionary, a class or an enum does not. Checked for the Codable dialect, whose models are
/// Swift that compiles; castctl itself reads any such model as declared.
extension RegistryBuilder {
  mutating func checkRecursiveValueTypes(_ models: [Model]) {
    var byName: [String: Int] = [:]
    for (index, model) in models.enumerated() where model.isStruct && model.dialect == .codable { byName[model.name] = index }
    guard !byName.isEmpty else { return }
    // Each struct's properties that hold another struct by value, with that struct.
    let edges: [[(property: Property, target: Int)]] = models.map { model in
      guard byName[model.name] != nil else { return [] }
      return model.properties.compactMap { property in
        guard case .model(let name) = property.type, let target = byName[name] else { return nil }
        return (property, target)
      }
    }
    guard edges.contains(where: { !$0.isEmpty }) else { return }
    let component = Self.stronglyConnected(edges.map { $0.map(\.target) })
    var sizes: [Int: Int] = [:]
    for id in component { sizes[id, default: 0] += 1 }
    // On a cycle: in a component of two or more, or holding itself.
    let cyclic = models.indices.map { index in
      (sizes[component[index]] ?? 0) > 1 || edges[index].contains { $0.target == index }
    }
    // A struct on a cycle that each component reaches, if any. Tarjan's algorithm numbers a
    // component after every component it reaches, so in that order one pass finds them all.
    var witness = [Int?](repeating: nil, count: (component.max() ?? -1) + 1)
    for index in models.indices.sorted(by: { component[$0] < component[$1] }) {
      let own = component[index]
      if cyclic[index] {
        witness[own] = witness[own] ?? index
      } else if witness[own] == nil {
        witness[own] = edges[index].lazy.compactMap { witness[component[$0.target]] }.first
      }
    }
    for (index, model) in models.enumerated() where byName[model.name] != nil {
      // Within the cycle: the property that stays in it; else the first that leads to one.
      if cyclic[index], let step = edges[index].first(where: { component[$0.target] == component[index] }) {
        diagnostics.append(
          Diagnostic(
            SchemaMessages.codableRecursiveValue(step.property.name, Self.spelled(step.property), model.name, reaching: nil),
            at: step.property.range))
      } else if !cyclic[index], let step = edges[index].first(where: { witness[component[$0.target]] != nil }),
        let cycle = witness[component[step.target]]
      {
        diagnostics.append(
          Diagnostic(
            SchemaMessages.codableRecursiveValue(step.property.name, Self.spelled(step.property), model.name, reaching: models[cycle].name),
            at: step.property.range))
      }
    }
  }

  /// A property's type as declared: `Node`, `Node?`, `Node!`.
  private static func spelled(_ property: Property) -> String {
    switch property.optionality {
    case .none: property.type.description
    case .optional: property.type.description + "?"
    case .implicitlyUnwrapped: property.type.description + "!"
    }
  }

  /// Each node's strongly connected component (Tarjan's algorithm, without recursion, so that a
  /// chain of thousands of structs needs no deep stack).
  static func stronglyConnected(_ successors: [[Int]]) -> [Int] {
    let count = successors.count
    var index = Array(repeating: -1, count: count)
    var low = Array(repeating: 0, count: count)
    var onStack = Array(repeating: false, count: count)
    var component = Array(repeating: -1, count: count)
    var stack: [Int] = []
    var next = 0
    var components = 0
    for root in 0..<count where index[root] < 0 {
      // (node, position in its successors) frames.
      var frames = [(root, 0)]
      index[root] = next
      low[root] = next
      next += 1
      stack.append(root)
      onStack[root] = true
      while let (node, position) = frames.last {
        if position < successors[node].count {
          frames[frames.count - 1].1 += 1
          let successor = successors[node][position]
          if index[successor] < 0 {
            index[successor] = next
            low[successor] = next
            next += 1
            stack.append(successor)
            onStack[successor] = true
            frames.append((successor, 0))
          } else if onStack[successor] {
            low[node] = min(low[node], index[successor])
          }
          continue
        }
        frames.removeLast()
        if let (parent, _) = frames.last { low[parent] = min(low[parent], low[node]) }
        if low[node] == index[node] {
          while let member = stack.popLast() {
            onStack[member] = false
            component[member] = components
            if member == node { break }
          }
          components += 1
        }
      }
    }
    return component
  }
}
