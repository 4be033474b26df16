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
  package var dialect = Dialect.jsoncast
  /// Deepest nesting read (as `--max-depth` elsewhere).
  package var maxDepth = 512
  /// Notes, per key, the first object that lacked it (for `--seed`, whose report names an
  /// example of each change). Off by default: it costs a pass over the keys of every object
  /// that lacks one.
  package var trackAbsence = false

  /// Default options.
  package init() {}
}
