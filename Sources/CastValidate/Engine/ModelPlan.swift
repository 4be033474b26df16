import CastSchema

/// One mapped property, compiled: its node, keys as bytes, requirement and default.
struct FieldPlan: Sendable {
  let property: Property
  let node: ValueNode
  /// `T?` or `T!`: `null` may mean nil.
  let isOptional: Bool
  let isRequired: Bool
  /// The default as JSON, when it has one castctl can evaluate.
  let defaultJSON: JSONValue?
  let hasDefault: Bool
  let checks: [CompiledCheck]
  /// A single plain key: matched while streaming. Otherwise (paths, indices, `??`) resolved after
  /// the object has been scanned.
  let directKey: [UInt8]?

  var name: String { property.name }
  var declaration: SourceRange { property.range }
}

/// A model, compiled: the expected keys as bytes, the per-field plans and the policy.
struct ModelPlan: Sendable {
  let name: String
  let policy: Policy
  let fields: [FieldPlan]
  /// Field indices with a direct key, and those keys, in declaration order.
  let directFields: [Int]
  /// Distinct first key components that deferred fields start from.
  let deferredRoots: [[UInt8]]
  /// Fields resolved after the scan (paths, indices, alternatives).
  let deferredFields: [Int]
  /// Keys of ignored properties: known, so never "unknown".
  let ignoredKeys: [[UInt8]]
  /// Every key the model reads, for "did you mean".
  let knownKeyNames: [String]
  let superKey: KeyPath?
  let declaration: SourceRange
  let caseInsensitive: Bool
  let emptyStringIsAbsent: Bool
}
