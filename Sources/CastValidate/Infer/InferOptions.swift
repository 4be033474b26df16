import CastSchema

/// The knobs of `castctl infer`, each with the default the README documents.
package struct InferOptions: Sendable {
  /// The root model's name.
  package var modelName = "Root"
  /// A string field becomes an enum only with at most this many distinct values.
  package var enumMaxCases = 10
  /// …and at least this many (one value seen everywhere is a constant more often than a closed set).
  package var enumMinCases = 2
  /// …and only when it occurs at least this many times per distinct value, so a handful of
  /// records with different names does not read as an enum of names.
  package var enumMinRatio = 4
  /// An object whose distinct keys across all records reach this count, most of them absent
  /// from most objects, reads as a map (`[String: T]`).
  package var mapMinKeys = 40
  /// Distinct keys kept per object path before it is folded into a map for good: the bound on
  /// memory that many distinct keys (a map keyed by ids) would otherwise grow without end.
  package var keyLimit = 2000
  /// Paths forced to be maps (`/events`, `/items/[]/meta`), whatever the keys look like.
  package var forcedMaps: Set<String> = []
  /// Paths forced to be models, whatever the keys look like.
  package var forcedModels: Set<String> = []
  /// The dialect the models are written in (`--dialect`).
  package var dialect = Dialect.jsoncast {
    didSet { numberRanges = Policy.preset(for: dialect) }
  }
  /// The dialect's policy, whose range rules say which number types hold the numbers seen
  /// (`NumberEvidence`): the check of the model then reads them by the same rules.
  private(set) var numberRanges = Policy.preset(for: .jsoncast)
  /// The date strategy a Codable model's dates are decoded with: `infer` writes its own
  /// (`//! date-decoding iso8601`); a Codable seed keeps the one it names (JSONDecoder's
  /// default, deferred-to-date, when it names none), so a new date is a `Date` only where that
  /// strategy reads it.
  package var codableDates = DateFormat.iso8601
  /// Deepest nesting read (as `--max-depth` elsewhere).
  package var maxDepth = 512
  /// Notes, per key, the first object that lacked it (for `--seed`, whose report names an
  /// example of each change). Off by default: it costs a pass over the keys of every object
  /// that lacks one.
  package var trackAbsence = false
  /// The keys of each `??` property of a seed whose alternatives are plain keys (`"name ?? title"`:
  /// `["name", "title"]`): every object notes whether it had any of them
  /// (`ShapeNode.alternativesPresent`), since the property is absent only where all are.
  package var alternativeKeys: [[String]] = []

  /// Default options.
  package init() {}

  /// The options for widening `root` of the seed `registry` (`--seed`): its dialect, the first
  /// object without each key noted, and its `??` keys followed together.
  package mutating func seed(_ registry: ModelRegistry, root: String) {
    modelName = root
    trackAbsence = true
    dialect = registry.models[root]?.dialect ?? .jsoncast
    codableDates = registry.options.codableDateFormat
    var groups: Set<[String]> = []
    for model in registry.models.values {
      for property in model.properties where property.usage == .normal && property.keys.count > 1 {
        if property.keys.allSatisfy(\.isSimple) { groups.insert(property.keys.map { $0.components[0].key }) }
      }
    }
    alternativeKeys = groups.sorted { $0.lexicographicallyPrecedes($1) }
  }
}
