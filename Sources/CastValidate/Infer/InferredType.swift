/// A type chosen for a path, before models and enums have their final names.
indirect enum InferredType: Hashable, Sendable {
  /// A built-in type by its `.cast` spelling (`Int`, `String`, `Any`, `[String: Any]`, …).
  case scalar(String)
  case array(InferredType)
  case map(key: String, value: InferredType)
  case optional(InferredType)
  /// A model, by its index in `InferredSchema.models`.
  case model(Int)
  /// An enum, by its index in `InferredSchema.enums`.
  case enumeration(Int)

  /// The type as `.cast` writes it, with the final names.
  func spelled(models: [ModelDraft], enums: [EnumDraft]) -> String {
    switch self {
    case .scalar(let name): name
    case .array(let element): "[" + element.spelled(models: models, enums: enums) + "]"
    case .map(let key, let value): "[" + key + ": " + value.spelled(models: models, enums: enums) + "]"
    case .optional(let wrapped): wrapped.spelled(models: models, enums: enums) + "?"
    case .model(let index): models[index].name
    case .enumeration(let index): enums[index].name
    }
  }

  /// Whether `name` is the type or a part of it (`Date` in `[Int: Date?]`); models and enums
  /// are not looked into.
  func mentions(_ name: String) -> Bool {
    switch self {
    case .scalar(let scalar): scalar == name
    case .array(let element), .optional(let element): element.mentions(name)
    case .map(_, let value): value.mentions(name)
    case .model, .enumeration: false
    }
  }

  /// The type with its model and enum references spelled by their structure, not their names:
  /// two models with the same key makes them one model.
  func structure(models: [ModelDraft], enums: [EnumDraft]) -> String {
    switch self {
    case .scalar(let name): name
    case .array(let element): "[" + element.structure(models: models, enums: enums) + "]"
    case .map(let key, let value): "[" + key + ": " + value.structure(models: models, enums: enums) + "]"
    case .optional(let wrapped): wrapped.structure(models: models, enums: enums) + "?"
    case .model(let index): "{" + models[index].structureKey + "}"
    case .enumeration(let index): "<" + enums[index].values.joined(separator: "\u{1}") + ">"
    }
  }
}

/// One model to be written: its properties in order, and where in the data it came from.
struct ModelDraft: Sendable {
  /// The name asked for (from the key), before it is made unique.
  var suggestion: String
  /// The final name.
  var name = ""
  /// The path in the data (`/statuses/[]/user`), for `--explain` and the forcing options.
  var path: String
  var properties: [PropertyDraft] = []
  /// Whether the model conforms to `UnderscoreToCamelCase` (some key is snake_case and the rule
  /// maps a property name back to it exactly).
  var snakeCase = false
  /// Keys of the data no `//! "key"` can name, left out of the model.
  var leftOut: [String] = []
  /// The model's structure, for sharing identical shapes.
  var structureKey = ""
}

/// One property of a model.
struct PropertyDraft: Sendable {
  /// The JSON key.
  var key: String
  /// The Swift property name (backticked where it is a keyword).
  var name: String
  /// Whether the key needs an explicit `//! "key"`.
  var explicitKey: Bool
  var type: InferredType
  /// `let name: T` (present in every record, never null) rather than `var name: T?`.
  var required: Bool
  /// A `//! date …` directive for dates.
  var dateDirective: String?
  /// The evidence the choice was made from.
  var evidence: PropertyEvidence
}

/// One enum to be written.
struct EnumDraft: Sendable {
  var suggestion: String
  var name = ""
  /// The raw values, sorted.
  var values: [String]
}
