import CastSchema
import Foundation

/// `castctl infer --seed`: the seed model, widened only where the data needs it. Each model the
/// data reaches from the root is checked against every object it describes (merged, so a model
/// used at two paths is widened once for both): a required key seen absent becomes optional, a
/// type that does not hold a value is widened (an integer to the number the data needs, an enum
/// given the new values) or else replaced by the type `infer` would choose, and keys the model
/// lacks become optional properties. The rest of the seed is kept as written.
package struct SeedWidener {
  /// What the widening gave.
  package struct Result: Sendable {
    /// The seed's text with the changes (the seed unchanged when the data fits it).
    package var text: String
    package var changes: [SeedChange]
  }

  let registry: ModelRegistry
  let options: InferOptions
  // NB: internal rather than private: the extensions in SeedWidener+Property.swift and
  // SeedWidener+Output.swift work on them; nothing outside this struct's files does.
  var text: SeedText
  var fit: SeedFit
  var decider: ShapeDecider
  /// The objects each model describes, in the order the models are met from the root.
  var usages: [String: [(node: ShapeNode, path: String)]] = [:]
  var order: [String] = []
  /// Values each enum gains, and the first place one was needed.
  var enumGains: [String: (values: Set<String>, path: String, example: ValueExample?)] = [:]
  var changes: [SeedChange] = []
  /// Types the inferrer chose (named once every one is known), and the edits that spell them.
  var pending: [(type: InferredType, node: ShapeNode, path: String, owner: String)] = []
  /// The seed model whose property is being widened (the owner of the types drafted for it).
  var owner = ""
  /// Convertible lists that no longer decide as written (by the offset of their literal): the
  /// names they list now, and the first change that needed it.
  var requirementEdits: [Int: (list: RequirementList, names: [String], model: String, path: String, example: ValueExample?)] = [:]

  /// A widener for the seed `registry` (its first file is the seed's text).
  package init(registry: ModelRegistry, options: InferOptions) {
    self.registry = registry
    self.options = options
    text = SeedText(bytes: registry.files.first?.bytes ?? [])
    fit = SeedFit(registry: registry, options: options)
    decider = ShapeDecider(options: options)
  }

  /// Widens model `root` for the records `inferrer` read.
  package mutating func widen(root: String, inferrer: Inferrer) -> Result {
    collect(root, inferrer.root, path: "")
    var nodes: [String: ShapeNode] = [:]
    for name in order {
      guard let found = usages[name], let first = found.first else { continue }
      if found.count == 1 {
        nodes[name] = first.node
      } else {
        let node = ShapeNode()
        for usage in found { node.merge(usage.node, options: options) }
        nodes[name] = node
      }
    }
    // NB: a property is widened once, for every model met that has it (a superclass's property
    // inherited by two models is one line of text, which must hold the values of both).
    var done: Set<String> = []
    for name in order {
      guard let model = registry.models[name], let node = nodes[name] else { continue }
      for property in model.properties where property.usage == .normal {
        guard done.insert(property.declaredIn + "." + property.name).inserted else { continue }
        widen(property, sharedBy: order, nodes: nodes)
      }
      addNewKeys(model, node, path: firstPath(of: name))
    }
    addEnumCases()
    writeRequirementLists()
    return Result(text: finish(), changes: changes)
  }

  /// The first path where the objects of `model` had `key` (else the first path of all), for the report.
  func firstPath(of model: String) -> (String?) -> String {
    let found = (usages[model] ?? []).map { ($0.path, $0.node.fields) }
    return { key in
      (key.flatMap { key in found.first { $0.1?[FieldKey(key)] != nil } } ?? found.first)?.0 ?? ""
    }
  }

  // MARK: - Which objects each model describes

  /// Notes that `model` describes the objects at `node`, and follows its properties' types.
  private mutating func collect(_ model: String, _ node: ShapeNode, path: String) {
    guard let declared = registry.models[model], node.objects > 0 else { return }
    if usages[model] == nil { order.append(model) }
    usages[model, default: []].append((node, path))
    for property in declared.properties where property.usage == .normal {
      guard let found = lookup(property, in: node) else { continue }
      follow(property.type, found.node, path: found.path(path))
    }
  }

  /// Follows a type down to the models in it, through arrays, sets, maps and optionals.
  private mutating func follow(_ type: TypeRef, _ node: ShapeNode, path: String) {
    let kinds = Set(node.kinds)
    switch type {
    case .model(let name): if kinds == [.object] { collect(name, node, path: path) }
    case .optional(let wrapped): follow(wrapped, node, path: path)
    case .array(let element), .set(let element):
      if kinds == [.array], let items = node.element { follow(element, items, path: path + "/[]") }
    case .dictionary(_, let value):
      if kinds == [.object] { follow(value, ShapeNode.mapValues(of: node, options: options), path: path + "/*") }
    default: break
    }
  }

  /// A property's values in the objects at `node`: its key (a path of plain keys) followed down;
  /// for `"a ?? b"` the values under every alternative together (the validator reads the first
  /// present one, so these hold whatever it reads), absent from the objects that had none of them.
  func lookup(_ property: Property, in node: ShapeNode) -> Found? {
    guard property.keys.allSatisfy({ $0.components.allSatisfy { $0.index == nil } }) else { return nil }
    guard property.keys.count > 1 else { return property.keys.first.flatMap { lookup($0, in: node) } }
    let founds = property.keys.compactMap { lookup($0, in: node) }
    guard var combined = founds.first else { return nil }
    let values = ShapeNode()
    for found in founds { values.merge(found.node, options: options) }
    combined.node = values
    if property.keys.allSatisfy(\.isSimple),
      let group = options.alternativeKeys.firstIndex(of: property.keys.map { $0.components.first?.key ?? "" }),
      group < node.alternativesPresent.count
    {
      combined.present = node.alternativesPresent[group]
      combined.absent = node.alternativesAbsent[group]
    } else {
      // NB: key paths are not followed together: at least the most frequent one's objects had
      // one, which at worst makes optional what the data did not need to.
      combined.present = founds.map(\.present).max() ?? 0
      combined.absent = founds.reduce(nil) { ValueExample.earliest($0, $1.absent) }
    }
    return combined
  }

  /// The values at one key path of plain keys in the objects at `node`.
  private func lookup(_ key: KeyPath, in node: ShapeNode) -> Found? {
    var current = node
    var field: FieldEvidence?
    var absent: ValueExample?
    for component in key.components {
      guard let next = current.fields?[FieldKey(component.key)] else {
        return nil
      }
      absent = ValueExample.earliest(absent, next.absent)
      field = next
      current = next.shape
    }
    guard let field else { return nil }
    return Found(node: field.shape, present: field.present, absent: absent, keys: key.components.map(\.key))
  }

  /// A property's values found in the data.
  struct Found {
    var node: ShapeNode
    /// Objects at the innermost level that had the key.
    var present: Int
    var absent: ValueExample?
    var keys: [String]

    func path(_ parent: String) -> String {
      parent + keys.map { "/" + JSONPointer.escape($0) }.joined()
    }
  }
}
