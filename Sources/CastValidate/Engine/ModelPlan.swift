import CastSchema

/// One mapped property, compiled: its node, keys as bytes, requirement and default.
// NB: a class, so that reading a field in the hot loop costs one reference, not a copy of
// every array and string inside.
final class FieldPlan: Sendable {
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

  init(
    property: Property, node: ValueNode, isOptional: Bool, isRequired: Bool, defaultJSON: JSONValue?,
    hasDefault: Bool, checks: [CompiledCheck], directKey: [UInt8]?
  ) {
    self.property = property
    self.node = node
    self.isOptional = isOptional
    self.isRequired = isRequired
    self.defaultJSON = defaultJSON
    self.hasDefault = hasDefault
    self.checks = checks
    self.directKey = directKey
  }

  var name: String { property.name }
  var declaration: SourceRange { property.range }
}

/// A model, compiled: the expected keys as bytes, the per-field plans and the policy.
final class ModelPlan: Sendable {
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

  init(
    name: String, policy: Policy, fields: [FieldPlan], directFields: [Int], deferredRoots: [[UInt8]],
    deferredFields: [Int], ignoredKeys: [[UInt8]], knownKeyNames: [String], superKey: KeyPath?,
    declaration: SourceRange, caseInsensitive: Bool, emptyStringIsAbsent: Bool
  ) {
    self.name = name
    self.policy = policy
    self.fields = fields
    self.directFields = directFields
    self.deferredRoots = deferredRoots
    self.deferredFields = deferredFields
    self.ignoredKeys = ignoredKeys
    self.knownKeyNames = knownKeyNames
    self.superKey = superKey
    self.declaration = declaration
    self.caseInsensitive = caseInsensitive
    self.emptyStringIsAbsent = emptyStringIsAbsent
  }
}
