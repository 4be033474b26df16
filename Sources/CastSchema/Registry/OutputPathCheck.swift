/// Output paths that overlap (issue 27, JC-29): a property writes its value at its first
/// alternative's path, creating the objects and arrays on the way, so a key that is one
/// property's value and another's way through (`"p"` beside `"p/q"`, `"x"` beside `"x[1]"`, a
/// property at the `//! super` key) would make one value overwrite the other: a `.cast` error.
/// Equal paths are `duplicate-json-key`'s (`checkKeys`).
extension RegistryBuilder {
  mutating func checkOutputOverlaps(_ model: Model) {
    // Most models write only plain keys, and plain keys cannot overlap but by being equal.
    guard model.superKey != nil || model.properties.contains(where: { $0.isMapped && $0.outputKey?.isSimple == false })
    else { return }
    /// The property that writes a value whole at each path, and the first one that goes through it.
    var whole: [[String]: Int] = [:]
    var through: [[String]: Int] = [:]
    // The super object is written at its key: a value there, or above it, overwrites it.
    if let superKey = model.superKey {
      let steps = steps(of: superKey)
      for end in 1...steps.count { through[Array(steps[..<end])] = -1 }
    }
    for (index, property) in model.properties.enumerated() {
      guard property.isMapped, let key = property.outputKey else { continue }
      let steps = steps(of: key)
      var other: Int?
      if let below = through[steps] { other = below }
      for end in 1..<max(steps.count, 1) where other == nil {
        other = whole[Array(steps[..<end])]
      }
      if let other {
        report(property, overlapping: other, in: model)
      } else {
        if whole[steps] == nil { whole[steps] = index }
        for end in 1..<max(steps.count, 1) where through[Array(steps[..<end])] == nil {
          through[Array(steps[..<end])] = index
        }
      }
    }
  }

  /// The path as the writer walks it: each key, then its index (`x[1]/a` → `x`, `[1]`, `a`).
  private func steps(of path: KeyPath) -> [String] {
    var steps: [String] = []
    for component in path.components {
      steps.append("." + (options.caseInsensitiveKeys ? component.key.lowercased() : component.key))
      if let index = component.index { steps.append("[\(index)]") }
    }
    return steps
  }

  private mutating func report(_ property: Property, overlapping other: Int, in model: Model) {
    guard other >= 0 else {
      guard property.declaredIn == model.name else { return }
      diagnostics.append(
        Diagnostic(
          SchemaMessages.overlappingJSONKey(property.name, property.outputKey?.description ?? "", "the //! super object"),
          at: property.range))
      return
    }
    let first = model.properties[other]
    // Report once, where the later declaration is, unless both are inherited.
    guard property.declaredIn == model.name || first.declaredIn == model.name else { return }
    diagnostics.append(
      Diagnostic(
        SchemaMessages.overlappingJSONKey(
          property.name, property.outputKey?.description ?? "", "'\(first.name)' (\"\(first.outputKey?.description ?? "")\")"),
        at: property.range, notes: [DiagnosticNote("'\(first.name)' declared here", at: first.range)]))
  }
}
