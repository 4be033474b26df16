import CastSchema

/// Widening one property: optional where a key was absent or null, its type widened part by part
/// where it does not hold the values (`SeedFit`), else replaced by the inferrer's choice.
extension SeedWidener {
  /// Widens `property` for the objects of every model in `models` that has it.
  mutating func widen(_ property: Property, sharedBy models: [String], nodes: [String: ShapeNode]) {
    var objects = 0
    var firstObject: ValueExample?
    var founds: [Found] = []
    var path: String?
    for name in models {
      guard let node = nodes[name],
        let own = registry.models[name]?.properties.first(where: { $0.declaredIn == property.declaredIn && $0.name == property.name })
      else { continue }
      objects += node.objects
      firstObject = ValueExample.earliest(firstObject, node.exampleSlots[JSONKind.object.slot])
      if let found = lookup(own, in: node) {
        founds.append(found)
        if path == nil { path = found.path(firstPath(of: name)(found.keys.first)) }
      }
      if path == nil, let key = own.outputKey {
        path = firstPath(of: name)(nil) + key.components.map { "/" + JSONPointer.escape($0.key) }.joined()
      }
    }
    guard objects > 0 else { return }
    var merged = founds.first
    if founds.count > 1, var combined = founds.first {
      let values = ShapeNode()
      combined.present = 0
      combined.absent = nil
      for found in founds {
        values.merge(found.node, options: options)
        combined.present += found.present
        combined.absent = ValueExample.earliest(combined.absent, found.absent)
      }
      combined.node = values
      merged = combined
    }
    widen(property, found: merged, objects: objects, firstObject: firstObject, path: path ?? "")
    // A Convertible property stays required while its model's list says so, whatever its type.
    let present = merged?.present ?? 0
    if present < objects || (merged?.node.nulls ?? 0) > 0 {
      let example = present < objects ? merged?.absent ?? firstObject : merged?.node.exampleSlots[JSONKind.null.slot]
      for name in models {
        guard let model = registry.models[name],
          model.properties.contains(where: { $0.declaredIn == property.declaredIn && $0.name == property.name && $0.isRequired })
        else { continue }
        loosen(property.name, of: model, path: path ?? "", example: example)
      }
    }
  }

  /// Makes a property of a Convertible model no longer required by the list that decides it:
  /// out of `requiredKeys`, or into `optionalKeys`.
  mutating func loosen(_ name: String, of model: Model, path: String, example: ValueExample?) {
    guard let list = model.requirementList, list.range.file == 0 else { return }
    let plain = name.replacingOccurrences(of: "`", with: "")
    var edit = requirementEdits[list.range.bytes.lowerBound] ?? (list, list.names, model.name, path, example)
    if list.listsRequired {
      edit.names.removeAll { $0 == plain }
    } else if !edit.names.contains(plain) {
      edit.names.append(plain)
    }
    requirementEdits[list.range.bytes.lowerBound] = edit
  }

  /// The Convertible lists `loosen` changed, written back.
  mutating func writeRequirementLists() {
    for (_, edit) in requirementEdits.sorted(by: { $0.key < $1.key }) where edit.names != edit.list.names {
      let spelled = "[" + edit.names.map { InferredSchema.literal($0) }.joined(separator: ", ") + "]"
      let before = String(decoding: text.bytes[edit.list.range.bytes], as: UTF8.self)
      text.edit(edit.list.range.bytes, spelled)
      let listName = edit.list.listsRequired ? "requiredKeys" : "optionalKeys"
      let changed = edit.list.listsRequired
        ? edit.list.names.filter { !edit.names.contains($0) } : edit.names.filter { !edit.list.names.contains($0) }
      changes.append(
        SeedChange(
          path: edit.path, subject: edit.model + "." + listName, before: before, after: spelled,
          reason: (edit.list.listsRequired ? "no longer required: " : "made optional: ") + changed.joined(separator: ", "),
          example: edit.example))
    }
  }

  /// Widens one property for its values (`found`, nil when no object had the key) in `objects`
  /// objects, the first of them `firstObject`; `childPath` is where the report says it is.
  private mutating func widen(_ property: Property, found: Found?, objects: Int, firstObject: ValueExample?, path childPath: String) {
    guard let key = property.outputKey else { return }
    owner = property.declaredIn
    let subject = property.declaredIn + "." + property.name
    let present = found?.present ?? 0
    let nulls = found?.node.nulls ?? 0
    let absent = present < objects
    let absentNeedsOptional = property.isRequired && absent
    // NB: jsonobject's `T!` is required, and a required `T!` refuses null as `T` does.
    let nullNeedsOptional = nulls > 0 && (property.optionality == .none || (property.optionality == .implicitlyUnwrapped && property.isRequired))
    // NB: a default fills an absent key on the way back, which the round trip reports: the
    // default goes, and the property becomes optional.
    let defaultFills = property.defaultValue != nil && absent
    let makeOptional = absentNeedsOptional || nullNeedsOptional || defaultFills
    guard let typeRange = text.typeRange(afterName: property.range.bytes.upperBound) else { return }
    let before = String(decoding: text.bytes[typeRange], as: UTF8.self)
    var widened: Widening?
    if let found {
      var trial = fit
      trial.enumValues = [:]
      trial.enumExamples = [:]
      if trial.fits(property.type, found.node, nullable: true, date: property.dateFormat) {
        for (name, values) in trial.enumValues { gain(name, values, path: childPath, example: trial.enumExamples[name]) }
      } else {
        var widening = Widening(path: childPath)
        let spelled = widen(
          property.type, found.node, nullable: true, path: childPath, suggestion: key.components.last?.key ?? property.name,
          dates: property.dateFormat, into: &widening)
        widening.spelled = spelled
        widened = widening
      }
    }
    // NB: a widened type keeps the seed's `!` (a required `T!` stays required) unless the data
    // makes it optional.
    let kept = property.optionality == .implicitlyUnwrapped ? "!" : property.optionality == .optional ? "?" : ""
    var after = before
    if let widened {
      after = widened.spelled + (makeOptional ? "?" : kept)
    } else if makeOptional {
      after = before.hasSuffix("!") ? String(before.dropLast()) + "?" : before.hasSuffix("?") ? before : before + "?"
    }
    guard after != before || defaultFills else { return }
    let replaced = defaultFills ? typeRange.lowerBound..<text.declarationEnd(from: typeRange.upperBound) : typeRange
    text.edit(replaced, after)
    // A type widened past `Date` leaves its `//! date` behind (which would be misplaced now).
    if let widened, !widened.spelled.contains("Date"), let directive = text.dateDirective(from: typeRange.upperBound) {
      text.edit(directive, "")
    }
    // NB: a Codable model reads its dates by the file's strategy, never a `//! date`.
    if let date = widened?.date, registry.models[property.declaredIn]?.dialect != .codable, !text.hasComment(from: typeRange.upperBound) {
      let end = text.lineEnd(at: typeRange.upperBound)
      text.edit(end..<end, " //! " + date)
    }
    let shownBefore = defaultFills ? String(decoding: text.bytes[replaced], as: UTF8.self) : before
    let typeAfter = (widened?.spelled ?? "") + kept
    if let widened {
      changes.append(
        SeedChange(
          path: childPath, subject: subject, before: shownBefore, after: makeOptional ? typeAfter : after, reason: widened.reason,
          example: widened.example))
    }
    if makeOptional {
      var reasons: [String] = []
      if absentNeedsOptional || defaultFills { reasons.append("absent from \(objects - present) of \(objects) objects") }
      if defaultFills { reasons.append("a default would be written back where the key was absent") }
      if nullNeedsOptional { reasons.append("null in \(nulls) of \(present) values") }
      let example = absentNeedsOptional || defaultFills
        ? (found?.absent ?? firstObject) : found?.node.exampleSlots[JSONKind.null.slot]
      // NB: one line per change: a type widened and made optional is reported as both.
      let from = widened == nil ? shownBefore : typeAfter
      changes.append(SeedChange(path: childPath, subject: subject, before: from, after: after, reason: reasons.joined(separator: "; "), example: example))
    }
  }

  /// A type widened part by part: what it became, why, and the first value that needed it.
  private struct Widening {
    /// The property's own path: only its own type, not an element's, takes a `//! date`.
    var path: String
    var spelled = ""
    var reason = ""
    var example: ValueExample?
    /// A `//! date` the inferred type needs.
    var date: String?
  }

  /// `type` widened to hold `node`'s values: arrays, sets and maps keep their shape and widen
  /// their elements; anything else becomes the inferrer's choice. `dates` is how the property
  /// reads a `Date`. The text may name types the inferrer drafted (`\0n\0`), spelled once
  /// every name is known.
  private mutating func widen(
    _ type: TypeRef, _ node: ShapeNode, nullable: Bool, path: String, suggestion: String, dates: DateFormat,
    into widening: inout Widening
  ) -> String {
    var trial = fit
    trial.enumValues = [:]
    trial.enumExamples = [:]
    if trial.fits(type, node, nullable: nullable, date: dates) {
      for (name, values) in trial.enumValues { gain(name, values, path: path, example: trial.enumExamples[name]) }
      return type.description
    }
    let kinds = Set(node.kinds)
    if node.nulls > 0, !nullable {
      if case .optional = type {} else {
        let wrapped = widen(type, node, nullable: true, path: path, suggestion: suggestion, dates: dates, into: &widening)
        // NB: after the wrapped type, whose own reason (`Int cannot hold …`) comes first.
        let nulls = "null in \(node.nulls) of \(node.occurrences) \(path.hasSuffix("/[]") ? "elements" : "values") at \(path)"
        if widening.reason.isEmpty {
          widening.reason = nulls
          widening.example = node.exampleSlots[JSONKind.null.slot]
        } else {
          widening.reason += "; " + nulls
        }
        return wrapped + "?"
      }
    }
    switch type {
    case .optional(let wrapped):
      return widen(wrapped, node, nullable: true, path: path, suggestion: suggestion, dates: dates, into: &widening) + "?"
    case .array(let element) where kinds == [.array] && node.element != nil:
      guard let items = node.element else { break }
      let singular = InferNames.singular(suggestion)
      return "[" + widen(element, items, nullable: false, path: path + "/[]", suggestion: singular, dates: dates, into: &widening) + "]"
    case .set(let element) where kinds == [.array] && node.element != nil:
      guard let items = node.element else { break }
      let singular = InferNames.singular(suggestion)
      return "Set<" + widen(element, items, nullable: false, path: path + "/[]", suggestion: singular, dates: dates, into: &widening) + ">"
    case .dictionary(let key, let value) where kinds == [.object] && (key == .scalar(.string) || node.keys.allIntegers):
      let values = ShapeNode.mapValues(of: node, options: options)
      return "[" + key.description + ": " + widen(value, values, nullable: false, path: path + "/*", suggestion: suggestion, dates: dates, into: &widening) + "]"
    default:
      break
    }
    var choice = decider.type(of: node, path: path, suggestion: suggestion)
    if path != widening.path, let date = choice.dateDirective, date != "date iso8601" {
      // NB: as the inferrer's own elements and values: no `//! date` reaches them, and they
      // read only ISO-8601.
      choice = ShapeDecider.Choice(type: .scalar("String"), reason: "calendar days, which only a property's own //! date reads: String")
    }
    let numeric = Self.isNumber(type) && kinds.isSubset(of: [.integer, .fraction])
    let kindList = node.kinds.map(\.rawValue).joined(separator: ", ")
    if widening.reason.isEmpty {
      let held = numeric ? (node.numbers.rangeText ?? kindList) + " exactly" : kindList
      widening.reason = "\(type) cannot hold \(held): " + choice.reason
      widening.example = Self.example(of: node, avoiding: type)
      if path == widening.path { widening.date = choice.dateDirective }
    }
    pending.append((choice.type, node, path, owner))
    return "\u{0}\(pending.count - 1)\u{0}"
  }

  /// Whether a type is a number type (its change is a widening, not a replacement).
  private static func isNumber(_ type: TypeRef) -> Bool {
    if case .scalar(let scalar) = type { return scalar.isNumeric }
    return false
  }

  /// The first value the old type could not have held: one of a kind it does not take, else
  /// the first value of any kind.
  static func example(of node: ShapeNode?, avoiding type: TypeRef) -> ValueExample? {
    guard let node else { return nil }
    var accepted: Set<JSONKind> = []
    if case .scalar(let scalar) = type {
      if scalar.isInteger { accepted = [.integer] } else if scalar.isNumeric { accepted = [.integer, .fraction] }
      if scalar == .string || scalar == .url || scalar == .uuid || scalar == .date { accepted = [.string] }
      if scalar == .bool { accepted = [.bool] }
    }
    let examples = JSONKind.allCases.filter { $0 != .null }.compactMap { kind in
      accepted.contains(kind) ? nil : node.exampleSlots[kind.slot]
    }
    let all = JSONKind.allCases.compactMap { node.exampleSlots[$0.slot] }
    return (examples.isEmpty ? all : examples).reduce(nil) { ValueExample.earliest($0, $1) }
  }
}
