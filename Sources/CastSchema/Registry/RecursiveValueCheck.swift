/// Structs and enums that hold themselves by value, which swiftc refuses ("value type 'Node'
/// cannot have a stored property that recursively contains it", "recursive enum 'Shape' is not
/// marked 'indirect'", or "has infinite size" for one that holds such a one). An optional is
/// stored inline, so `let next: Node?` and `case nested(Shape?)` count; an array, a set, a
/// dictionary or a class does not, nor the associated values of an `indirect case` or of an
/// `indirect enum`, which are boxed. Checked for the Codable dialect, whose models are Swift that
/// compiles; castctl itself reads any such model as declared.
extension RegistryBuilder {
  /// A struct's property or an enum case's associated value that holds a type of the check by value.
  private struct Holding {
    var property: Property
    /// The enum case it belongs to; nil for a struct's property.
    var enumCase: String?
    var target: Int
  }

  mutating func checkRecursiveValueTypes(_ models: [Model]) {
    // Nodes: the Codable structs, then the Codable enums with associated values.
    var byName: [String: Int] = [:]
    for (index, model) in models.enumerated() where model.isStruct && model.dialect == .codable { byName[model.name] = index }
    let valueEnums = enums.values
      .filter { ($0.isCodable || options.dialect == .codable) && $0.cases.contains { $0.associatedValues?.isEmpty == false } }
      .sorted { $0.name < $1.name }
    var enumByName: [String: Int] = [:]
    for (offset, enumType) in valueEnums.enumerated() { enumByName[enumType.name] = models.count + offset }
    guard !byName.isEmpty || !enumByName.isEmpty else { return }
    func target(_ property: Property) -> Int? {
      switch property.type.unwrapped {
      case .model(let name): byName[name]
      case .enumeration(let name): enumByName[name]
      default: nil
      }
    }
    let structEdges: [[Holding]] = models.map { model in
      guard byName[model.name] != nil else { return [] }
      return model.properties.compactMap { property in target(property).map { Holding(property: property, target: $0) } }
    }
    let enumEdges: [[Holding]] = valueEnums.map { enumType in
      guard let syntax = symbols.enums[enumType.name]?.syntax, !syntax.isIndirect else { return [] }
      let boxed = Set(syntax.cases.filter(\.isIndirect).map(\.name.text))
      return enumType.cases.filter { !boxed.contains($0.name) }.flatMap { enumCase in
        (enumCase.associatedValues ?? []).compactMap { value in
          target(value).map { Holding(property: value, enumCase: enumCase.name, target: $0) }
        }
      }
    }
    let edges = structEdges + enumEdges
    guard edges.contains(where: { !$0.isEmpty }) else { return }
    let names = models.map(\.name) + valueEnums.map(\.name)
    let component = Self.stronglyConnected(edges.map { $0.map(\.target) })
    var sizes: [Int: Int] = [:]
    for id in component { sizes[id, default: 0] += 1 }
    // On a cycle: in a component of two or more, or holding itself.
    let cyclic = edges.indices.map { index in
      (sizes[component[index]] ?? 0) > 1 || edges[index].contains { $0.target == index }
    }
    // A node on a cycle that each component reaches, if any. Tarjan's algorithm numbers a
    // component after every component it reaches, so in that order one pass finds them all.
    var witness = [Int?](repeating: nil, count: (component.max() ?? -1) + 1)
    for index in edges.indices.sorted(by: { component[$0] < component[$1] }) {
      let own = component[index]
      if cyclic[index] {
        witness[own] = witness[own] ?? index
      } else if witness[own] == nil {
        witness[own] = edges[index].lazy.compactMap { witness[component[$0.target]] }.first
      }
    }
    for index in edges.indices {
      // Within the cycle: the property that stays in it; else the first that leads to one.
      var step: Holding?
      var reaching: String?
      if cyclic[index] {
        step = edges[index].first { component[$0.target] == component[index] }
      } else if let leading = edges[index].first(where: { witness[component[$0.target]] != nil }),
        let cycle = witness[component[leading.target]]
      {
        step = leading
        reaching = names[cycle]
      }
      guard let step else { continue }
      let message = step.enumCase.map {
        SchemaMessages.codableRecursiveEnum($0, Self.spelled(step.property), names[index], reaching: reaching)
      } ?? SchemaMessages.codableRecursiveValue(step.property.name, Self.spelled(step.property), names[index], reaching: reaching)
      diagnostics.append(Diagnostic(message, at: step.property.range))
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
