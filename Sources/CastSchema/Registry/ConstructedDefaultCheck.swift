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
          } else if Self.reaches(from: target, to: index, through: constructs), reported.insert(place).inserted {
            diagnostics.append(Diagnostic(SchemaMessages.recursiveDefault(property.name, name, model.name), at: property.range))
          }
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

  /// Whether constructing `start` constructs `goal` (itself included).
  private static func reaches(from start: Int, to goal: Int, through constructs: [[Int]]) -> Bool {
    var seen: Set<Int> = [start]
    var pending = [start]
    while let current = pending.popLast() {
      if current == goal { return true }
      for next in constructs[current] where seen.insert(next).inserted { pending.append(next) }
    }
    return false
  }
}
