import CastSchema

extension KeyStyle {
  /// The properties this style writes at the same key as another property of their model, in the
  /// models `target` reaches: `snake` writes both `userName` and `user_name` at `user_name`, and
  /// one value would overwrite the other. One error (`key-style-collision`) at each later
  /// property, with a note at the first. None for `json`: two properties mapped to one JSON key
  /// are already a schema error (`duplicate-json-key`), or share it by their `CodingKeys`.
  package func collisions(in schema: CompiledSchema, target: ValidationTarget) -> [Diagnostic] {
    guard self != .json else { return [] }
    var diagnostics: [Diagnostic] = []
    for index in ModelReach.models(from: [target.rootType], in: schema.registry).sorted() {
      let plan = schema.plans[index]
      var seen: [[KeyComponent]: Property] = [:]
      // A path that ends where another goes through (`a` beside `a/b` once restyled) loses a
      // value the same way; `json` keys were checked when the schema loaded (`overlapping-json-key`).
      let paths = plan.fields.map { self.path(for: $0.property) }
      for (later, earlier) in OutputOverlap.find(paths) where earlier >= 0 {
        let first = plan.fields[earlier].property
        let property = plan.fields[later].property
        diagnostics.append(
          Diagnostic(
            DiagnosticMessage(
              .keyStyleCollision,
              text: "--keys \(rawValue) writes '\(property.name)' of '\(plan.name)' at \"\(KeyPath(components: paths[later]).description)\", "
                + "which overlaps '\(first.name)' at \"\(KeyPath(components: paths[earlier]).description)\" (--keys json keeps them apart)"),
            at: property.range, notes: [DiagnosticNote("'\(first.name)' declared here", at: first.range)]))
      }
      for field in plan.fields {
        let property = field.property
        let path = self.path(for: property)
        guard let first = seen[path] else {
          seen[path] = property
          continue
        }
        // Properties that share their JSON key (`ModelPlan.sharesKeys`) share it restyled too:
        // written once, as under `json`.
        if plan.sharesKeys, first.keys == property.keys, first.codingKey == property.codingKey { continue }
        let key = KeyPath(components: path).description
        diagnostics.append(
          Diagnostic(
            DiagnosticMessage(
              .keyStyleCollision,
              text: "--keys \(rawValue) writes properties '\(first.name)' and '\(property.name)' of '\(plan.name)' "
                + "at the same key \"\(key)\" (--keys json keeps them apart)"),
            at: property.range, notes: [DiagnosticNote("'\(first.name)' declared here", at: first.range)]))
      }
    }
    return diagnostics
  }
}
