/// `Model()` defaults as Swift sees them (issue 27 item 9, issue 28 item 6). `In()` exists only
/// when every stored property of `In` has an initial value (a `var` optional has `nil`), and
/// constructing it runs every one of those initial values: a `Model()` that needs arguments does
/// not compile, and one whose defaults construct it again recurses forever at init. Both are
/// `.cast` errors, found once the models are flattened (inherited properties count).
extension RegistryBuilder {
  mutating func checkConstructedDefaults(_ models: [Model]) {
    var byName: [String: Int] = [:]
    for (index, model) in models.enumerated() { byName[model.name] = index }
    // The models each model's init constructs, through its (own and inherited) defaults.
    var constructs: [[Int]] = []
    constructs.reserveCapacity(models.count)
    var any = false
    for model in models {
      var targets: [Int] = []
      for property in model.properties {
        guard let value = property.defaultValue else { continue }
        Self.constructedModels(in: value) { name in
          if let index = byName[name], !targets.contains(index) { targets.append(index) }
        }
      }
      any = any || !targets.isEmpty
      constructs.append(targets)
    }
    guard any else { return }
    // Constructing `target` from `index` comes back to `index` exactly when the two are in one
    // strongly connected component (one search for every default, not one per default).
    let component = Self.stronglyConnected(constructs)
    var reported: Set<String> = []
    for (index, model) in models.enumerated() {
      for property in model.properties {
        guard let value = property.defaultValue else { continue }
        var names: [String] = []
        Self.constructedModels(in: value) { if !names.contains($0) { names.append($0) } }
        for name in names {
          guard let target = byName[name] else { continue }
          let place = "\(property.declaredIn).\(property.name)"
          if let missing = models[target].properties.first(where: Self.needsArgument) {
            guard property.declaredIn == model.name, reported.insert(place).inserted else { continue }
            diagnostics.append(
              Diagnostic(
                SchemaMessages.noDefaultInit(property.name, name, missing.name), at: property.range,
                notes: [DiagnosticNote("'\(missing.name)' declared here", at: missing.range)]))
          } else if component[target] == component[index], reported.insert(place).inserted {
            diagnostics.append(Diagnostic(SchemaMessages.recursiveDefault(property.name, name, model.name), at: property.range))
          }
        }
      }
    }
  }

  /// The most values one `Model()` default may stand for. Each `Model()` is the whole tree of
  /// its defaults, so a few lines (two properties of the next model's type, forty models deep)
  /// would stand for 2^40 values: such a default is one castctl cannot evaluate.
  static let constructedValueLimit = 100_000

  /// Makes the `Model()` defaults that stand for more than `constructedValueLimit` values, or
  /// construct models more than `constructedDepthLimit` deep, defaults castctl cannot evaluate
  /// (`unsupported-default`), in every model that has them.
  mutating func limitConstructedDefaults(_ models: inout [Model]) {
    var byName: [String: Int] = [:]
    for (index, model) in models.enumerated() { byName[model.name] = index }
    var measured: [(size: Int, depth: Int)?] = Array(repeating: nil, count: models.count)
    var visiting: Set<Int> = []
    // NB: a cycle is a `recursive-default`, reported already; it counts once here.
    func measure(_ index: Int) -> (size: Int, depth: Int) {
      if let known = measured[index] { return known }
      guard visiting.insert(index).inserted else { return (1, 1) }
      var total = (size: 1, depth: 1)
      for property in models[index].properties {
        guard let value = property.defaultValue else { continue }
        let inner = measure(value)
        total = (min(total.size + inner.size, Self.constructedValueLimit + 1), max(total.depth, inner.depth + 1))
      }
      visiting.remove(index)
      measured[index] = total
      return total
    }
    // The depth of a value counts its models only.
    func measure(_ value: DefaultValue) -> (size: Int, depth: Int) {
      switch value {
      case .model(let name): return byName[name].map { measure($0) } ?? (1, 1)
      case .array(let items): return combined(items.map { measure($0) })
      case .object(let members): return combined(members.map { measure($0.value) })
      default: return (1, 0)
      }
    }
    func combined(_ parts: [(size: Int, depth: Int)]) -> (size: Int, depth: Int) {
      (min(parts.reduce(1) { $0 + $1.size }, Self.constructedValueLimit + 1), parts.map(\.depth).max() ?? 0)
    }
    var reported: Set<String> = []
    for index in models.indices {
      for slot in models[index].properties.indices {
        let property = models[index].properties[slot]
        guard case .model(let name)? = property.defaultValue else { continue }
        let measure = measure(.model(name))
        let message: DiagnosticMessage
        if measure.size > Self.constructedValueLimit {
          message = SchemaMessages.defaultTooLarge(property.name, name, limit: Self.constructedValueLimit)
        } else if measure.depth > DefaultValue.constructedDepthLimit {
          message = SchemaMessages.defaultTooDeep(property.name, name, depth: measure.depth, limit: DefaultValue.constructedDepthLimit)
        } else {
          continue
        }
        models[index].properties[slot].defaultValue = .opaque(name + "()")
        if reported.insert("\(property.declaredIn).\(property.name)").inserted {
          diagnostics.append(Diagnostic(message, at: property.range))
        }
      }
    }
  }

  /// A stored property Swift's implicit `init()` cannot fill: no initial value, not even an
  /// implicit `nil`.
  static func needsArgument(_ property: Property) -> Bool {
    property.defaultValue == nil && !property.isImplicitlyNil
  }

  /// Every `Model()` in a default, in order.
  static func constructedModels(in value: DefaultValue, _ body: (String) -> Void) {
    switch value {
    case .model(let name): body(name)
    case .array(let items): for item in items { constructedModels(in: item, body) }
    case .object(let members): for member in members { constructedModels(in: member.value, body) }
    default: break
    }
  }
}

extension DefaultValue {
  /// The most models one `Model()` default may construct one inside another (the model, the
  /// model of one of its defaults, and so on): the engine evaluates defaults that deep, and a
  /// deeper one is `unsupported-default` at load.
  package static let constructedDepthLimit = 32
}
