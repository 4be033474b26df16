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
  /// `-n` applies: a `String` property whose empty value counts as absent.
  let emptyStringCheck: Bool
  /// The engine must build the value (for checks or `-n`) even when validating only.
  let needsInstance: Bool
  /// `//! custom`.
  let isCustom: Bool

  init(
    property: Property, node: ValueNode, isOptional: Bool, isRequired: Bool, defaultJSON: JSONValue?,
    hasDefault: Bool, checks: [CompiledCheck], directKey: [UInt8]?, emptyStringIsAbsent: Bool
  ) {
    self.emptyStringCheck = emptyStringIsAbsent && property.type == .scalar(.string)
    self.needsInstance = !checks.isEmpty || emptyStringCheck
    self.isCustom = property.usage == .custom
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
  /// Index in `CompiledSchema.plans`.
  let index: Int
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
  /// The direct keys (aligned with `directFields`) as the matcher reads them: byte length and the
  /// first eight bytes as one word, then all the bytes back to back.
  let directKeyLengths: [Int]
  let directKeyPrefixes: [UInt64]
  let directKeyStarts: [Int]
  let directKeyBytes: [UInt8]

  init(
    index: Int, name: String, policy: Policy, fields: [FieldPlan], directFields: [Int], deferredRoots: [[UInt8]],
    deferredFields: [Int], ignoredKeys: [[UInt8]], knownKeyNames: [String], superKey: KeyPath?,
    declaration: SourceRange, caseInsensitive: Bool, emptyStringIsAbsent: Bool
  ) {
    self.index = index
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
    let keys = directFields.map { fields[$0].directKey ?? [] }
    directKeyLengths = keys.map(\.count)
    directKeyPrefixes = keys.map { $0.withUnsafeBytes(KeyPrefix.word) }
    var starts: [Int] = []
    var bytes: [UInt8] = []
    for key in keys {
      starts.append(bytes.count)
      bytes += key
    }
    directKeyStarts = starts
    directKeyBytes = bytes
  }
}

/// The first eight bytes of a key as one little-endian word (zero-padded), for one-compare
/// rejection of keys that differ early.
enum KeyPrefix {
  static func word(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var word: UInt64 = 0
    for index in 0..<min(8, bytes.count) {
      word |= UInt64(bytes[index]) << (8 * UInt64(index))
    }
    return word
  }
}
