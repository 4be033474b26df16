import CastSchema

/// The knobs of `castctl infer`, each with the default the README documents.
public struct InferOptions: Sendable {
  /// The root model's name.
  public var modelName = "Root"
  /// A string field becomes an enum only with at most this many distinct values.
  public var enumMaxCases = 10
  /// …and at least this many (one value seen everywhere is a constant more often than a closed set).
  public var enumMinCases = 2
  /// …and only when it occurs at least this many times per distinct value, so a handful of
  /// records with different names does not read as an enum of names.
  public var enumMinRatio = 4
  /// An object whose distinct keys across all records reach this count, most of them absent
  /// from most objects, reads as a map (`[String: T]`).
  public var mapMinKeys = 40
  /// Distinct keys kept per object path before it is folded into a map for good: the bound on
  /// memory that many distinct keys (a map keyed by ids) would otherwise grow without end.
  public var keyLimit = 2000
  /// Paths forced to be maps (`/events`, `/items/[]/meta`), whatever the keys look like.
  public var forcedMaps: Set<String> = []
  /// Paths forced to be models, whatever the keys look like.
  public var forcedModels: Set<String> = []
  /// The dialect the models are written in (`--dialect`).
  public var dialect = Dialect.jsoncast
  /// Deepest nesting read (as `--max-depth` elsewhere).
  public var maxDepth = 512
  /// Notes, per key, the first object that lacked it (for `--seed`, whose report names an
  /// example of each change). Off by default: it costs a pass over the keys of every object
  /// that lacks one.
  public var trackAbsence = false

  /// Default options.
  public init() {}
}
