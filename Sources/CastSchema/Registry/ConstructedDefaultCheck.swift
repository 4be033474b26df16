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

  /// Makes the `Model()` defaults that stand for more than `constructedValueLimit` values
  /// defaults castctl cannot evaluate (`unsupported-default`), in every model that has them.
  mutating func limitConstructedDefaults(_ models: inout [Model]) {
    var byName: [String: Int] = [:]
    for (index, model) in models.enumerated() { byName[model.name] = index }
    var sizes: [Int?] = Array(repeating: nil, count: models.count)
    var visiting: Set<Int> = []
    // NB: a cycle is a `recursive-default`, reported already; it counts once here.
    func size(of index: Int) -> Int {
      if let known = sizes[index] { return known }
      guard visiting.insert(index).inserted else { return 1 }
      var total = 1
      for property in models[index].properties {
        guard let value = property.defaultValue else { continue }
        total = min(total + size(of: value), Self.constructedValueLimit + 1)
      }
      visiting.remove(index)
      sizes[index] = total
      return total
    }
    func size(of value: DefaultValue) -> Int {
      switch value {
      case .model(let name): return byName[name].map { size(of: $0) } ?? 1
      case .array(let items): return min(items.reduce(1) { $0 + size(of: $1) }, Self.constructedValueLimit + 1)
      case .object(let members): return min(members.reduce(1) { $0 + size(of: $1.value) }, Self.constructedValueLimit + 1)
      default: return 1
      }
    }
    var reported: Set<String> = []
    for index in models.indices {
      for slot in models[index].properties.indices {
        let property = models[index].properties[slot]
        guard case .model(let name)? = property.defaultValue, size(of: .model(name)) > Self.constructedValueLimit else { continue }
        models[index].properties[slot].defaultValue = .opaque(name + "()")
        if reported.insert("\(property.declaredIn).\(property.name)").inserted {
          diagnostics.append(
            Diagnostic(SchemaMessages.defaultTooLarge(property.name, name, limit: Self.constructedValueLimit), at: property.range))
        }
      }
    }
  }

  /// A stored property Swift's implicit `init()` cannot fill: no initial value, and not a `var`
  /// optional (whose initial value is `nil`).
  static func needsArgument(_ property: Property) -> Bool {
    property.defaultValue == nil && (property.optionality == .none || property.isLet)
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
