import CastSchema

/// One mapped property, compiled: its node, keys as bytes, requirement and default.
// NB: a class, so that reading a field in the hot loop costs one reference, not a copy of
// every array and string inside. @unchecked because of the raw check table's memory, written
// once in `init` and only read afterwards (freed in `deinit`).
final class FieldPlan: @unchecked Sendable {
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
  /// JSON keys that are this property's as they stand, the likeliest first: its direct key where
  /// keys are compared as they are; where they are folded first (`-i`, JsonObject's snake_case
  /// rule) its declared keys that fold to it; under `.convertFromSnakeCase` the keys known to
  /// convert to its CodingKey, the one `.convertToSnakeCase` writes first. A key equal to one of
  /// them needs no folding (`ModelPlan.matchesLiteralKeys`).
  let literalKeys: [[UInt8]]
  /// `-n` applies: a `String` property whose empty value counts as absent.
  let emptyStringCheck: Bool
  /// The engine must build the value (for checks or `-n`) even when validating only; a count
  /// of an array is counted while it is read, without building it.
  let needsInstance: Bool
  /// The value form whose raw bytes the checks read instead of a built instance (nil: always
  /// build it).
  let plainForm: PlainForm?
  /// `checks` as `runRawChecks` reads them (`rawCheckCount` entries), and the objects they
  /// refer to.
  let rawChecks: UnsafeMutablePointer<RawCheck>
  let rawCheckCount: Int
  private let rawCheckOwners: [AnyObject]
  /// `//! custom`.
  let isCustom: Bool
  /// False for a property only written, from its default (`Policy.letWithValueWrittenOnly`): no
  /// key is matched to it, so it always settles as absent.
  let readsInput: Bool
  /// `{}` is this property's nil as read, being its nil as written (`Policy.nilLiteral`: Nosce's
  /// nil nested model, NO-08) where nothing else writes it: an optional model without a default.
  let emptyObjectIsNil: Bool

  init(
    property: Property, node: ValueNode, isOptional: Bool, isRequired: Bool, defaultJSON: JSONValue?,
    hasDefault: Bool, checks: [CompiledCheck], directKey: [UInt8]?, literalKeys: [[UInt8]] = [], emptyStringIsAbsent: Bool,
    readsInput: Bool = true, policy: Policy
  ) {
    self.readsInput = readsInput
    var isModel = false
    if case .model = node { isModel = true }
    emptyObjectIsNil =
      isModel && isOptional && !hasDefault && checks.isEmpty && property.usage != .custom
      && policy.nilLiteral(isModel: true, keyed: property.nilIsKeyed, optional: true) == .emptyObject
    self.emptyStringCheck = emptyStringIsAbsent && property.type == .scalar(.string)
    self.needsInstance = checks.contains { !Self.isCounted($0, node) } || emptyStringCheck
    self.plainForm = emptyStringCheck || checks.isEmpty ? nil : PlainForm(node: node, checks: checks)
    let (table, owners) = plainForm == nil ? ([], []) : RawCheck.table(checks)
    rawChecks = .allocate(capacity: max(table.count, 1))
    rawChecks.initialize(from: table, count: table.count)
    rawCheckCount = table.count
    rawCheckOwners = owners
    self.isCustom = property.usage == .custom
    self.property = property
    self.node = node
    self.isOptional = isOptional
    self.isRequired = isRequired
    self.defaultJSON = defaultJSON
    self.hasDefault = hasDefault
    self.checks = checks
    self.directKey = directKey
    self.literalKeys = literalKeys
  }

  /// The key the clean-record check reads this property under (nil: none is this property's as
  /// it stands; a CodingKey no key converts to, such as `flag_key`, which reads as `flagKey`).
  var literalKey: [UInt8]? { literalKeys.first }

  deinit {
    rawChecks.deinitialize(count: rawCheckCount)
    rawChecks.deallocate()
  }

  var name: String { property.name }
  /// What the walk reads of the property at every value, as plain data.
  var facts: FieldFacts {
    FieldFacts(
      node: node, declaration: declaration, isRequired: isRequired, needsInstance: needsInstance, plainForm: plainForm,
      hasWork: emptyStringCheck || isCustom || !checks.isEmpty, hasDefault: hasDefault, emptyObjectIsNil: emptyObjectIsNil)
  }
  /// Whether the field's type is a model (Nosce writes such a nil as `{}`).
  var isModel: Bool {
    if case .model = node { return true }
    return false
  }
  /// What the field's nil is written as under `policy` (nil: left out).
  func nilLiteral(_ policy: Policy) -> NilLiteral? {
    policy.nilLiteral(isModel: isModel, keyed: property.nilIsKeyed, optional: isOptional)
  }
  /// Required, and a `null` fails it as absence does (a required `T!` of JSON Cast or
  /// JsonObject), unless `null` is its nil (`Property.nilIsKeyed`).
  var nullMissesRequired: Bool { isRequired && !property.nilIsKeyed }
  var declaration: SourceRange { property.range }

  /// Every check is a `//! count` of an array, a set or a dictionary, which the clean-record
  /// check decides by the number of elements it read (`passesCounts`).
  var checksOnlyCount: Bool {
    !checks.isEmpty && checks.allSatisfy { Self.countsElements($0, node) }
  }

  /// Whether a clean array, set or dictionary of `count` elements passes the field's `//! count`
  /// checks. (Clean: every element kept, no set element or key twice, so its instance would hold
  /// exactly `count`.)
  func passesCounts(_ count: Int) -> Bool {
    checks.allSatisfy { check in
      guard case .count(let lower, let upper, _) = check, Self.countsElements(check, node) else { return true }
      return CompiledCheck.within(count, lower, upper)
    }
  }

  /// A `//! count` of an array, a set or a dictionary.
  static func countsElements(_ check: CompiledCheck, _ node: ValueNode) -> Bool {
    guard case .count = check else { return false }
    switch node {
    case .array, .dictionary: return true
    default: return false
    }
  }

  /// A `//! count` of an array (not a set, whose duplicates collapse): the number of elements
  /// kept is counted as they are read (`RecordValidator.keptElements`).
  static func isCounted(_ check: CompiledCheck, _ node: ValueNode) -> Bool {
    guard case .count = check, case .array(_, _, isSet: false) = node else { return false }
    return true
  }
}

/// What the walk reads of a property at each of its values (`ModelPlan.facts`): plain data, so
/// that reading it and passing it down a call costs no reference counting, as passing the
/// `FieldPlan` would.
struct FieldFacts {
  let node: ValueNode
  let declaration: SourceRange
  let isRequired: Bool
  /// `FieldPlan.needsInstance`.
  let needsInstance: Bool
  /// `FieldPlan.plainForm`.
  let plainForm: PlainForm?
  /// Something to do once a value converted: `-n`, `//! custom` or checks (read from the
  /// `FieldPlan`).
  let hasWork: Bool
  /// `FieldPlan.hasDefault`.
  let hasDefault: Bool
  /// `FieldPlan.emptyObjectIsNil`.
  let emptyObjectIsNil: Bool
}

/// One direct key as the matcher reads it: length, first eight bytes as a word, where the rest
/// of its bytes start in the key table, and its field.
struct KeyEntry {
  var length: Int
  var prefix: UInt64
  var start: Int
  var field: Int
}

/// A model, compiled: the expected keys as bytes, the per-field plans and the policy.
// NB: @unchecked because of the key table's raw memory, which is written once in `init` and
// only read afterwards (and freed in `deinit`).
final class ModelPlan: @unchecked Sendable {
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
  let ignoredKeys: [IgnoredKey]
  /// Every key the model reads, for "did you mean".
  let knownKeyNames: [String]
  /// The same, made ready for comparing once, for the unknown keys' hints.
  let knownKeyCandidates: [NameSuggestion.Candidate]
  let superKey: KeyPath?
  /// Each field's keys compiled for lookups after the scan (empty for a field with a direct key).
  let routes: [[KeyRoute]]
  /// `superKey`, compiled.
  let superRoute: KeyRoute?
  /// Deferred key paths or a `//! super` object to read once the object's members are read.
  let hasDeferredWork: Bool
  /// The objects key paths and `//! super` pass through (nil when every key is a plain key).
  let pathTree: PathTree?
  let declaration: SourceRange
  let caseInsensitive: Bool
  /// Keys are compared through the snake_case rule (JsonObject's `MapsUnderscoreCaseToCamelCase`).
  let snakeCase: Bool
  /// How keys are folded before they are compared (`-i`, the snake_case rule and its acronyms).
  let keyFolding: KeyFolding
  /// Keys are compared as JSONDecoder's `.convertFromSnakeCase` compares them: converted
  /// (`FoundationSnakeCase.fromSnakeCase`) and then matched to each property's CodingKey, its
  /// direct key, so `user_name`, `USER_NAME` and `user__name` all reach `userName`.
  let keysFromSnakeCase: Bool
  /// Keys are folded before they are compared (`-i`, JsonObject's snake_case rule,
  /// `.convertFromSnakeCase`), but no two direct keys are the same: a key equal to a property's
  /// literal key is that property's and no other's, and is matched without folding.
  let matchesLiteralKeys: Bool
  let emptyStringIsAbsent: Bool
  /// Two properties have one key (`CompiledSchema.sharedCodingKeys`): both read it, deferred,
  /// and it is written once, so the model takes none of the paths that write each field's key
  /// (`ModelEncoder.plainKeyTable`, the clean-record check).
  let sharesKeys: Bool
  /// Keys are folded or converted before they are compared with the direct keys.
  let foldsKeys: Bool
  /// The direct keys (aligned with `directFields`) as the matcher reads them: byte length and the
  /// first eight bytes as one word, then all the bytes back to back.
  let keyEntries: UnsafeMutablePointer<KeyEntry>
  let keyEntryCount: Int
  let keyBytes: UnsafeMutablePointer<UInt8>
  /// Each field's `FieldFacts`, aligned with `fields`.
  let facts: UnsafeMutablePointer<FieldFacts>
  /// Each direct key's position in `directFields`, when no two keys are alike: a folded key is
  /// then found in one lookup, not compared with every property's key.
  let directKeyPositions: KeyTable?
  /// Each literal key's first position in `directFields` (`matchesLiteralKeys`).
  let literalKeyPositions: KeyTable

  init(
    index: Int, name: String, policy: Policy, fields: [FieldPlan], directFields: [Int], deferredRoots: [[UInt8]],
    deferredFields: [Int], ignoredKeys: [IgnoredKey], knownKeyNames: [String], superKey: KeyPath?,
    declaration: SourceRange, keyFolding: KeyFolding, keysFromSnakeCase: Bool = false, emptyStringIsAbsent: Bool
  ) {
    let caseInsensitive = keyFolding.caseInsensitive
    let snakeCase = keyFolding.snakeCase
    self.keyFolding = keyFolding
    self.keysFromSnakeCase = keysFromSnakeCase
    let directKeys = directFields.compactMap { fields[$0].directKey }
    foldsKeys = caseInsensitive || snakeCase || keysFromSnakeCase
    matchesLiteralKeys = foldsKeys && Set(directKeys).count == directFields.count
    let positions = KeyTable(directFields.enumerated().compactMap { position, field in fields[field].directKey.map { ($0, position) } })
    directKeyPositions = positions.count == directKeys.count ? positions : nil
    literalKeyPositions = KeyTable(directFields.enumerated().flatMap { position, field in fields[field].literalKeys.map { ($0, position) } })
    pathTree = PathTree(
      fields: fields, superKey: superKey, declaration: declaration, folding: keyFolding)
    self.index = index
    self.name = name
    self.policy = policy
    self.fields = fields
    self.directFields = directFields
    self.deferredRoots = deferredRoots
    self.deferredFields = deferredFields
    self.ignoredKeys = ignoredKeys
    self.knownKeyNames = knownKeyNames
    knownKeyCandidates = knownKeyNames.map(NameSuggestion.Candidate.init)
    self.superKey = superKey
    let directs = Set(directFields)
    routes = fields.indices.map { field in
      directs.contains(field)
        ? [] : fields[field].property.keys.map { KeyRoute($0, roots: deferredRoots, folding: keyFolding) }
    }
    superRoute = superKey.map { KeyRoute($0, roots: deferredRoots, folding: keyFolding) }
    hasDeferredWork = !deferredFields.isEmpty || superKey != nil
    self.declaration = declaration
    self.caseInsensitive = caseInsensitive
    self.snakeCase = snakeCase
    self.emptyStringIsAbsent = emptyStringIsAbsent
    var codingKeys: Set<String> = []
    sharesKeys = fields.contains { field in
      guard field.property.keySource == .codingKeys || field.property.codingKey != nil,
        let key = field.property.codingKey ?? field.property.keys.first?.description
      else { return false }
      return !codingKeys.insert(key).inserted
    }
    let keys = directFields.map { fields[$0].directKey ?? [] }
    let total = keys.reduce(0) { $0 + $1.count }
    keyBytes = .allocate(capacity: max(total, 1))
    keyEntries = .allocate(capacity: max(keys.count, 1))
    keyEntryCount = keys.count
    facts = .allocate(capacity: max(fields.count, 1))
    facts.initialize(from: fields.map(\.facts), count: fields.count)
    var start = 0
    for (position, key) in keys.enumerated() {
      (keyBytes + start).initialize(from: key, count: key.count)
      keyEntries[position] = KeyEntry(
        length: key.count, prefix: key.withUnsafeBytes(KeyPrefix.word), start: start, field: directFields[position])
      start += key.count
    }
  }

  deinit {
    keyBytes.deallocate()
    keyEntries.deallocate()
    facts.deallocate()
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

  /// A hash of a key from its length, its prefix word and its last eight bytes (keys of many
  /// properties often share their start: `property12`, `property120`).
  @inline(__always)
  static func hash(_ bytes: UnsafeRawBufferPointer, prefix: UInt64) -> Int {
    let suffix = bytes.count > 8 ? bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self) : 0
    let mixed = (prefix ^ (suffix &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(bytes.count)) &* 0xFF51_AFD7_ED55_8CCD
    return Int(truncatingIfNeeded: mixed >> 32)
  }
}

/// The key of a property the model never reads (`//! ignore`, a Codable `let` with a value), and
/// where the property is declared, which the note about the key points at.
struct IgnoredKey {
  /// The key as the walk compares keys (folded, when the model folds them).
  let bytes: [UInt8]
  let declaration: SourceRange
  /// The property is a Codable `let` with an initial value (`Policy.letWithValueWrittenOnly`),
  /// written and never read, rather than one the model ignores both ways.
  var writtenOnly = false
}
