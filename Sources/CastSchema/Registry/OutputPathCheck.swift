/// Output paths that overlap (issue 27, JC-29): a property writes its value at its first
/// alternative's path, creating the objects and arrays on the way, so a key that is one
/// property's value and another's way through (`"p"` beside `"p/q"`, `"x"` beside `"x[1]"`, a
/// property at the `//! super` key) would make one value overwrite the other: a `.cast` error.
/// Equal paths are `duplicate-json-key`'s (`checkKeys`). The rule is `OutputOverlap`'s.
extension RegistryBuilder {
  mutating func checkOutputOverlaps(_ model: Model) {
    // (Most models write only plain keys, which cannot overlap: nothing to gather for them.)
    guard model.superKey != nil || model.properties.contains(where: { $0.isMapped && $0.outputKey?.isSimple == false })
    else { return }
    let paths = model.properties.map { $0.isMapped ? $0.outputKey?.components : nil }
    let overlaps = OutputOverlap.find(
      paths, objectPath: model.superKey?.components, caseInsensitive: options.caseInsensitiveKeys)
    for (index, other) in overlaps { report(model.properties[index], overlapping: other, in: model) }
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
