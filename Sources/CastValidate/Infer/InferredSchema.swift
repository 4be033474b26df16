import CastSchema

/// The inferred models and enums with their final, unique names, and their `.cast` text.
package struct InferredSchema: Sendable {
  /// The root model's name.
  package let rootName: String
  /// The dialect the models are written in.
  package var dialect = Dialect.jsoncast
  var models: [ModelDraft]
  var enums: [EnumDraft]
  /// Records the schema was inferred from.
  package let records: Int

  /// Names the decider's drafts: the root gets `rootName`, the others their key's name in the
  /// order a reader meets them from the root, made unique with the parent's name, then a number.
  init(root: Int, decider: ShapeDecider, rootName: String, records: Int) {
    self.init(root: root, drafts: decider.models, enumDrafts: decider.enums, rootName: rootName, records: records)
    dialect = decider.options.dialect
  }

  /// As above, from drafts; `reserved` are names taken already (a seed's, for `--seed`).
  /// `presets` name some models in advance (`--seed` holds its new types in stand-ins named
  /// after the seed's models, so that what they lead to is named after those).
  init(
    root: Int, drafts: [ModelDraft], enumDrafts: [EnumDraft], rootName: String, records: Int,
    reserved: Set<String> = [], presets: [Int: String] = [:]
  ) {
    self.rootName = rootName
    self.records = records
    models = drafts
    enums = enumDrafts
    var taken = Self.reserved.union(reserved)
    taken.insert(rootName)
    models[root].name = rootName
    var order: [Int] = [root]
    var visited: Set<Int> = [root]
    var next = 0
    while next < order.count {
      let parent = order[next]
      next += 1
      for property in models[parent].properties {
        for reference in Self.references(property.type) {
          switch reference {
          case .model(let index):
            guard !visited.contains(index) else { continue }
            visited.insert(index)
            order.append(index)
            models[index].name = presets[index] ?? Self.unique(models[index].suggestion, parent: models[parent].name, taken: &taken)
          case .enumeration(let index):
            guard enums[index].name.isEmpty else { continue }
            enums[index].name = Self.unique(enums[index].suggestion, parent: models[parent].name, taken: &taken)
          }
        }
      }
    }
    // The order models are written in: the root first, then as met from it.
    modelOrder = order
    for index in models.indices {
      for property in models[index].properties.indices {
        models[index].properties[property].evidence.type = models[index].properties[property].type.spelled(models: models, enums: enums)
      }
    }
  }

  /// The models in the order they are written (root first).
  let modelOrder: [Int]

  /// Names a model must not take: the built-in types a property could mean instead, and the
  /// Swift and Foundation types a program using the models would name (`SwiftTypeNames`).
  package static let reserved: Set<String> = Set(ScalarType.allCases.map(\.rawValue)).union(SwiftTypeNames.shadowable)
    // What the dialects' models inherit (`class Class: Class` inherits from itself).
    .union(DialectRules.inheritedNames)

  /// A reference to a model or enum inside a type.
  private enum Reference {
    case model(Int)
    case enumeration(Int)
  }

  private static func references(_ type: InferredType) -> [Reference] {
    switch type {
    case .scalar: []
    case .array(let element), .optional(let element): references(element)
    case .map(_, let value): references(value)
    case .model(let index): [.model(index)]
    case .enumeration(let index): [.enumeration(index)]
    }
  }

  /// The longest name a parent's name is put in front of a suggestion to make (`BItem`).
  private static let maxPrefixedName = 48

  /// `suggestion`, else `parent + suggestion`, else with a number. A parent's name is put in
  /// front only while the result stays short: objects nested thousands deep under one key made
  /// names as long as their depth, and a model text quadratic in it.
  private static func unique(_ suggestion: String, parent: String, taken: inout Set<String>) -> String {
    let prefixed = parent.utf8.count + suggestion.utf8.count <= maxPrefixedName ? parent + suggestion : suggestion
    return InferNames.claim(taken.contains(suggestion) ? prefixed : suggestion, in: &taken)
  }

  /// Every property's evidence, model by model in the written order.
  package var evidence: [(model: String, properties: [PropertyEvidence])] {
    modelOrder.map { index in (models[index].name, models[index].properties.map(\.evidence)) }
  }

  /// The `--map` and `--object` paths no object of the records is at (a typo, most likely).
  package var unmatchedPaths: [String] = []

  /// The `--object` paths left maps: their objects have more distinct keys than a model keeps.
  package var tooWideForModels: [String] = []

  /// Keys left out because no key directive can name them, as `Model: "key"`.
  package var leftOutKeys: [String] {
    modelOrder.flatMap { index in models[index].leftOut.map { models[index].name + ": " + Self.literal($0) } }
  }

  /// A property's type as written, with the final names.
  func spelledType(model: Int, property: Int) -> String {
    models[model].properties[property].type.spelled(models: models, enums: enums)
  }

  /// Counts for the summary line.
  package var modelCount: Int { models.count }
  package var enumCount: Int { enums.filter { !$0.name.isEmpty }.count }

  /// The `.cast` text (a `.swift` file for the codable dialect): enums first, then the root model
  /// and the models it leads to. `omitting` leaves those models out (`--seed` declares only the
  /// models its new types need).
  package func render(header: [String] = [], comments: Bool = false, omitting: Set<String> = []) -> String {
    var lines = header.map { "// " + $0 }
    if !lines.isEmpty { lines.append("") }
    if dialect == .codable, omitting.isEmpty {
      // The one date strategy its dates need, on a line castctl reads, and `import Foundation`
      // for `Date`, `URL`, `UUID` and `Decimal`. NB: not for `--seed`'s new types, which go into
      // a file that has its own. NB: a date inside an array or a map has no `//! date` of its
      // own, but JSONDecoder reads it by the strategy all the same: the types say.
      if models.contains(where: { $0.properties.contains { $0.type.mentions("Date") } }) {
        lines += ["// Decode with JSONDecoder's .iso8601 date strategy (and encode with JSONEncoder's).", "//! date-decoding iso8601"]
      }
      lines += ["import Foundation", ""]
    }
    for draft in enums.sorted(by: { $0.name < $1.name }) where !draft.name.isEmpty {
      lines.append("enum \(draft.name): String\(dialect == .codable ? ", Codable" : "") {")
      let plain = draft.values.allSatisfy { Self.caseName($0) == $0 }
      if plain {
        lines.append("    case " + draft.values.joined(separator: ", "))
      } else {
        var used: Set<String> = []
        for value in draft.values {
          let name = InferNames.claim(Self.caseName(value), in: &used)
          lines.append(name == value ? "    case \(name)" : "    case \(name) = \(Self.literal(value))")
        }
      }
      lines.append("}")
      lines.append("")
    }
    for index in modelOrder where !omitting.contains(models[index].name) {
      let draft = models[index]
      lines.append(dialect.declaration(draft.name, snakeCase: draft.snakeCase, requiredKeys: draft.properties.contains(where: \.required)) + " {")
      for property in draft.properties {
        if comments { lines.append("    // " + property.evidence.shortForm) }
        let type = property.type.spelled(models: models, enums: enums)
        var line = "    " + dialect.property(property.name, type: type, required: property.required)
        // A Codable model names its keys in CodingKeys, and its dates by the file's strategy.
        if dialect != .codable {
          if property.explicitKey { line += " //! " + Self.literal(property.key) }
          if let date = property.dateDirective { line += " //! " + date }
        }
        lines.append(line)
      }
      if dialect == .codable, draft.properties.contains(where: \.explicitKey) {
        lines += ["", "    enum CodingKeys: String, CodingKey {"]
        for property in draft.properties {
          lines.append("        case \(property.name)" + (property.explicitKey ? " = " + Self.literal(property.key) : ""))
        }
        lines.append("    }")
      }
      if let keys = dialect.requiredKeys(draft.properties.filter(\.required).map(\.name)) { lines.append("    " + keys) }
      lines.append("}")
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// A case name for a raw value: the value itself when it is a plain identifier, else its words in camelCase.
  static func caseName(_ value: String) -> String {
    if InferNames.isIdentifier(value), !InferNames.keywords.contains(value) { return value }
    guard let camel = InferNames.camel(value) else { return "empty" }
    return InferNames.keywords.contains(camel) ? camel + "Value" : camel
  }

  /// A case name for an integer raw value, which no identifier can be: `_3`, `_minus1`.
  static func caseName(integer value: String) -> String {
    value.hasPrefix("-") ? "_minus" + value.dropFirst() : "_" + value
  }

  /// A Swift string literal.
  static func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
      }
    }
    return out + "\""
  }
}
