import CastSchema

/// A property the clean-record check reads by its key: plain data.
struct CleanField {
  var node: ValueNode
  /// `null` is taken silently: the property is optional, not required, and the dialect lets
  /// optionals be null.
  var nullIsClean: Bool
  var key: CleanKey
  /// `-n` applies: an empty string is read as absent, with a note, so the full walk reads it.
  var emptyIsAbsent: Bool
  /// The property's directive checks, read on the value's raw bytes (`FieldPlan.passesRawChecks`)
  /// or, for a `//! count`, on the number of its elements (`FieldPlan.passesCounts`): the walk's
  /// own rules. Nil when it has none.
  // NB: unowned: the schema's plans outlive this plan.
  var checks: Borrowed<FieldPlan>?
  /// A `Float` kept as stored, whose range the walk checks on the `Float` its text is: clean only
  /// well inside the bounds, where no rounding can cross one (`FieldPlan.passesRawChecks`).
  var floatKeptAsStored = false
  /// `{}` is the property's nil, as `null` is (`FieldPlan.emptyObjectIsNil`).
  var emptyObjectIsNil = false
}

/// How a property is read through key paths, index keys or `??` alternatives (aligned with
/// `CleanPlan.fields`, apart so that the fields the scan reads stay small): the tree nodes its keys
/// lead to, in order, are `CleanPlan.leaves[firstLeaf..<firstLeaf + leafCount]` (none for a
/// property read by its own key).
struct CleanPathField {
  var firstLeaf = 0
  var leafCount = 0
  /// Must be present (a property read by its own key is in its model's `requiredMask`).
  var isRequired = false
}

/// Bytes to compare with a key or a string without escapes: length, the first eight bytes as one
/// word, and where all the bytes start in `CleanPlan.bytes`.
struct CleanKey {
  var length: Int
  var prefix: UInt64
  var start: Int
  /// No quote, backslash or control byte: the key stands in JSON as it is
  /// (`JSONScanner.readKey(ifItIs:prefix:)`).
  var isPlain: Bool
}

/// A model for the clean-record check.
struct CleanModel {
  var firstField: Int
  var fieldCount: Int
  /// One bit per field among the first 64 that must be present.
  var requiredMask: UInt64
  /// The fields past the 64th that must be present: `CleanPlan.wideRequired[firstWideRequired...]`.
  var firstWideRequired: Int
  var wideRequiredCount: Int
  /// False when the model has something only the full walk handles: key paths (`//! super`'s
  /// too) it does not read as they stand (`CleanPlan.readsPathsAsTheyStand`), a check not read on raw
  /// bytes (`FieldPlan.plainForm`; a `-n` string's checks are not), `//! custom`, a property no
  /// key is as it stands (a CodingKey no key converts to), folded keys two properties share.
  var isCheckable: Bool
  /// A key it does not read may still be known: one of its `//! ignore` properties' (which gets a
  /// note), or, where keys are folded, another spelling of a property's (`USER_NAME` under `-i`,
  /// `userName` for `user_name` under `.convertFromSnakeCase`). The full walk reads such a record.
  var mayKnowOtherKeys: Bool
  /// The objects and arrays its key paths pass through (`PathTree`): `CleanPlan.treeNodes[firstNode
  /// ..<firstNode + nodeCount]`, the model's own object first; no nodes when every key is plain.
  var firstNode = 0
  var nodeCount = 0
  /// The tree node of its `//! super` object, which must be there (-1: none).
  var superNode = -1
  /// Keys are compared with ASCII case folded (`-i`) and nothing else: a key in another case
  /// than declared is found, folded, among `CleanPlan.foldedKeys` (through the table at
  /// `foldedKeyTable`, `keyMask` as the literal keys').
  var foldsCase = false
  var foldedKeyTable = 0
  /// A model of many properties finds a key that comes out of order through a hash table of its
  /// fields' keys: `CleanPlan.keyIndex[keyTable...keyTable + keyMask]` (no table: `keyMask` 0).
  var keyTable = 0
  var keyMask = 0
  /// Two of its values read clean are equal (as `SetElementIdentity` compares them) only where
  /// the words `CleanRecordCheck.identityWord` makes of their bytes are: every property is read
  /// by its own key, has no default and no second spelling of its nil (`-n`'s `""`, Nosce's `{}`),
  /// and is a string, an integer, a `Bool`, a floating-point number, a `UUID`, a string enum's
  /// case or such a model. A set of it is read by the check.
  var hasByteIdentity = false
}

/// A node of a model's `PathTree`: its members and elements, and whether a property reads it
/// whole. Indices are into `CleanPlan`'s tables.
struct CleanTreeNode {
  var firstMember: Int
  var memberCount: Int
  var firstElement: Int
  var elementCount: Int
  var isLeaf: Bool
  /// Where many members are looked for (the first keys of many paths or `??` alternatives),
  /// a table of them as `CleanModel.keyTable` is of fields: members' positions from `firstMember`
  /// at `CleanPlan.keyIndex[memberTable...memberTable + memberMask]` (no table: `memberMask` 0).
  var memberTable = 0
  var memberMask = 0
}

/// A member of a tree node: its key and the node of its value.
struct CleanTreeMember {
  var key: CleanKey
  var node: Int
}

/// An element of a tree node: its index and the node of its value.
struct CleanTreeElement {
  var index: Int
  var node: Int
}

/// An enum's raw values for the clean-record check.
struct CleanEnum {
  var isNumeric: Bool
  /// String raw values: `CleanPlan.raws[firstRaw..<firstRaw + rawCount]`; numeric ones:
  /// `CleanPlan.numbers[…]`, same indices.
  var firstRaw: Int
  var rawCount: Int
  /// For an enum of many raw values (`EnumPlan.rawSlots`): its slots in
  /// `CleanPlan.enumSlots[firstSlot...firstSlot + slotMask]`, each a raw value's index in `raws`
  /// (`numbers`) or -1, found by `ByteHash` (`EnumPlan.numberHash`) and linear probing; 0 for an
  /// enum searched one by one.
  var firstSlot = 0
  var slotMask = 0
  /// An enum without a raw type (or with associated values) read as the synthesized `Codable`
  /// reads it, where every model does (`Policy.caseNamesAsKeys`): an object of one case's key
  /// (`RecordValidator.keyedCase`), the keys being `raws[firstRaw..<firstRaw + keyedCount]`; 0
  /// for any other enum.
  var keyedCount = 0
  /// Every case's key is written as it is read (no key strategy changes one).
  var keyedWrittenAsRead = false
}

/// The compiled schema flattened into plain tables for `CleanRecordCheck`, built once per schema.
// NB: @unchecked because of the tables' raw memory, written once in `init`, then only read (and
// freed in `deinit`).
final class CleanPlan: @unchecked Sendable {
  let models: PlainTable<CleanModel>
  let fields: PlainTable<CleanField>
  let pathFields: PlainTable<CleanPathField>
  let nodes: PlainTable<ValueNode>
  let enums: PlainTable<CleanEnum>
  let raws: PlainTable<CleanKey>
  /// The hashed enums' slots (`CleanEnum.slotMask`): `EnumPlan.rawSlots`, as indices in `raws`.
  let enumSlots: PlainTable<Int32>
  /// Aligned with `raws`: the model of a keyed case's associated values (`CleanEnum.keyedCount`),
  /// or -1 for a case without any.
  let casePayloads: PlainTable<Int32>
  /// The models' key tables (`CleanModel.keyTable`, `foldedKeyTable`): a field's position, or
  /// -1 for none.
  let keyIndex: PlainTable<Int32>
  /// Each field's key as the walk folds it, aligned with `fields`, where its model `foldsCase`
  /// (length -1 elsewhere).
  let foldedKeys: PlainTable<CleanKey>
  /// Positions past the 64th of the fields that must be present (`CleanModel.firstWideRequired`).
  let wideRequired: PlainTable<Int>
  let numbers: PlainTable<Double>
  let bytes: PlainTable<UInt8>
  let treeNodes: PlainTable<CleanTreeNode>
  let treeMembers: PlainTable<CleanTreeMember>
  let treeElements: PlainTable<CleanTreeElement>
  /// The tree nodes that the keys of properties read through paths lead to (`CleanPathField`).
  let leaves: PlainTable<Int>
  /// `--unknown ignore`: an undeclared key is skipped without a finding.
  let ignoresUnknownKeys: Bool
  /// What JSON each `Date` node reads, by its date format index.
  let dateInputs: [DateInput]
  /// The compiled pattern of each pattern date format (`CompiledSchema.datePatterns`).
  let datePatterns: [DatePattern?]
  /// What an epoch number of each date format counts: 1000 for milliseconds, else 1.
  let epochUnits: [Double]
  /// Whether each date format reads seconds since 2001 (`DateFormat.referenceSeconds`).
  let referenceDates: [Bool]
  /// Some model writes a `Float` or an integer as stored (`Policy.numbersWrittenAsStored`).
  let numbersWrittenAsStored: Bool
  /// Some model reads URLs as Foundation parses them (`Policy.urlsAsFoundationParses`): only a
  /// plain one is vouched for.
  let urlsAsFoundationParses: Bool
  /// Some model reads a `Decimal` as Foundation's parser does (`Policy.decimalsAsFoundationParses`).
  let decimalsAsFoundationParses: Bool
  /// Some model reads a `Float` from its text (`Policy.floatsReadFromText`).
  let floatsReadFromText: Bool
  /// Some model writes `Data` as its bytes' canonical base64 (`Policy.dataWrittenAsStored`): other
  /// base64 is left to the full walk when writing.
  let dataWrittenAsStored: Bool
  /// Some model compares keys as Swift's `String` does (`Policy.keysCompareCanonically`): a key
  /// that is not ASCII and matches no property by its bytes, and a dictionary with such a key,
  /// are left to the full walk.
  let keysCompareCanonically: Bool
  /// Some model reads or writes an integer or enum dictionary key through a key strategy
  /// (`Policy.dictionaryKeysFromSnakeCase`, `dictionaryKeysToSnakeCase`): a key the strategy
  /// would change is left to the full walk.
  let dictionaryKeysFromSnakeCase: Bool
  let dictionaryKeysToSnakeCase: Bool

  init(
    plans: [ModelPlan], base: Policy, enums enumPlans: [EnumPlan], nodes nodeList: [ValueNode], dateInputs: [DateInput],
    dateFormats: [DateFormat], datePatterns: [DatePattern?], options: ValidationOptions
  ) {
    self.dateInputs = dateInputs
    self.datePatterns = datePatterns
    epochUnits = dateFormats.map { $0 == .epochMilliseconds ? 1000 : 1 }
    referenceDates = dateFormats.map { $0 == .referenceSeconds }
    // NB: the base policy too: a type target's values outside any model (`--type '[String: Int]'`
    // with `--dialect codable`) are read by its rules.
    let policies = plans.map(\.policy) + [base]
    numbersWrittenAsStored = policies.contains { $0.numbersWrittenAsStored }
    urlsAsFoundationParses = policies.contains { $0.urlsAsFoundationParses }
    decimalsAsFoundationParses = policies.contains { $0.decimalsAsFoundationParses }
    floatsReadFromText = policies.contains { $0.floatsReadFromText }
    dataWrittenAsStored = policies.contains { $0.dataWrittenAsStored }
    keysCompareCanonically = policies.contains { $0.keysCompareCanonically }
    dictionaryKeysFromSnakeCase = policies.contains { $0.dictionaryKeysFromSnakeCase }
    dictionaryKeysToSnakeCase = policies.contains { $0.dictionaryKeysToSnakeCase }
    var bytes: [UInt8] = []
    func key(_ text: [UInt8]) -> CleanKey {
      defer { bytes += text }
      let isPlain = !text.contains { $0 == JSONByte.quote || $0 == JSONByte.backslash || $0 < 0x20 }
      return CleanKey(length: text.count, prefix: text.withUnsafeBytes(KeyPrefix.word), start: bytes.count, isPlain: isPlain)
    }
    var models: [CleanModel] = []
    var fields: [CleanField] = []
    var pathFields: [CleanPathField] = []
    var wideRequired: [Int] = []
    var treeNodes: [CleanTreeNode] = []
    var treeMembers: [CleanTreeMember] = []
    var treeElements: [CleanTreeElement] = []
    var leaves: [Int] = []
    var keyIndex: [Int32] = []
    var foldedKeys: [CleanKey] = []
    for plan in plans {
      var model = CleanModel(
        firstField: fields.count, fieldCount: plan.fields.count, requiredMask: 0, firstWideRequired: wideRequired.count,
        wideRequiredCount: 0,
        isCheckable: !plan.sharesKeys && (plan.matchesLiteralKeys || !plan.foldsKeys)
          && (plan.deferredFields.isEmpty && plan.superKey == nil || Self.readsPathsAsTheyStand(plan)),
        mayKnowOtherKeys: !plan.ignoredKeys.isEmpty || plan.foldsKeys)
      if let tree = plan.pathTree, model.isCheckable {
        model.firstNode = treeNodes.count
        model.nodeCount = tree.nodes.count
        for node in tree.nodes {
          var treeNode = CleanTreeNode(
            firstMember: treeMembers.count, memberCount: node.members.count, firstElement: treeElements.count,
            elementCount: node.elements.count, isLeaf: node.isLeaf)
          let members = node.members.map { CleanTreeMember(key: key($0.key), node: model.firstNode + $0.node) }
          if members.count > Self.widestScanned {
            let table = Self.hashTable(of: members.map(\.key), bytes)
            treeNode.memberMask = table.count - 1
            treeNode.memberTable = keyIndex.count
            keyIndex += table
          }
          treeNodes.append(treeNode)
          treeMembers += members
          treeElements += node.elements.map { CleanTreeElement(index: $0.index, node: model.firstNode + $0.node) }
        }
        if let superKey = plan.superKey, let node = tree.node(at: superKey) { model.superNode = model.firstNode + node }
      }
      let deferred = Set(plan.deferredFields)
      for (index, field) in plan.fields.enumerated() {
        // A `Float` a dialect keeps rounded is checked as stored, which the check answers only far
        // from the bounds. (A URL Foundation parses is checked as it writes it: the check reads
        // only the plain ones, which it writes as they are.)
        let floatKeptAsStored = field.plainForm == .floating(isFloat: true) && plan.policy.numbersWrittenAsStored
        let rawChecked = field.plainForm != nil || field.checksOnlyCount
        if field.isCustom || (!field.checks.isEmpty && !rawChecked) || !field.readsInput
          || (field.literalKey == nil && !deferred.contains(index))
        {
          model.isCheckable = false
        }
        var clean = CleanField(
          // A null is clean only where it is the optional's nil with nothing to say.
          node: field.node,
          nullIsClean: plan.policy.nullIsPlainNil(
            optional: field.isOptional, required: field.nullMissesRequired, hasDefault: field.hasDefault),
          key: key(field.literalKey ?? []), emptyIsAbsent: field.emptyStringCheck, checks: field.checks.isEmpty ? nil : Borrowed(field),
          floatKeptAsStored: floatKeptAsStored, emptyObjectIsNil: field.emptyObjectIsNil)
        var paths = CleanPathField(firstLeaf: leaves.count, isRequired: field.isRequired)
        if deferred.contains(index) {
          // Read through the tree, never by a key of the model's object.
          clean.key = CleanKey(length: -1, prefix: 0, start: 0, isPlain: false)
          if model.nodeCount > 0 {
            let nodes = field.property.keys.compactMap { plan.pathTree?.node(at: $0) }
            leaves += nodes.map { model.firstNode + $0 }
            paths.leafCount = nodes.count
          }
        } else if field.isRequired, index < 64 {
          model.requiredMask |= 1 << UInt64(index)
        } else if field.isRequired {
          wideRequired.append(index)
          model.wideRequiredCount += 1
        }
        fields.append(clean)
        pathFields.append(paths)
      }
      model.foldsCase = model.isCheckable && plan.caseInsensitive && !plan.snakeCase && !plan.keysFromSnakeCase
      foldedKeys += plan.fields.map { field in
        guard model.foldsCase, let folded = field.directKey else { return CleanKey(length: -1, prefix: 0, start: 0, isPlain: false) }
        return key(folded)
      }
      if model.fieldCount > Self.widestScanned {
        let table = Self.hashTable(of: fields[model.firstField...].map(\.key), bytes)
        model.keyMask = table.count - 1
        model.keyTable = keyIndex.count
        keyIndex += table
        if model.foldsCase {
          model.foldedKeyTable = keyIndex.count
          keyIndex += Self.hashTable(of: Array(foldedKeys[model.firstField...]), bytes)
        }
      }
      models.append(model)
    }
    // NB: where a model reads enums without a raw type by case-name keys, the check vouches for
    // none of their strings (no string is one): where every model does, it reads their objects
    // (`keyedCase`), and elsewhere the full walk, which knows whose rule applies.
    let keyedCases = policies.contains { $0.caseNamesAsKeys }
    let everyKeyed = policies.allSatisfy { $0.caseNamesAsKeys }
    let keyedEnums = enumPlans.map { plan in
      keyedCases && (plan.rawType == nil || plan.payloadPlans.contains { $0 != nil })
    }
    Self.markByteIdentities(&models, plans: plans, enums: enumPlans, keyed: keyedEnums)
    var enums: [CleanEnum] = []
    var raws: [CleanKey] = []
    var enumSlots: [Int32] = []
    var casePayloads: [Int32] = []
    var numbers: [Double] = []
    for (plan, keyed) in zip(enumPlans, keyedEnums) {
      // (Nor, anywhere, of an enum with associated values, whose string never names such a case.)
      let hasPayloads = plan.payloadPlans.contains { $0 != nil }
      let vouched = keyed || hasPayloads ? 0 : plan.stringRaws.count
      var entry = CleanEnum(isNumeric: plan.isNumeric, firstRaw: raws.count, rawCount: vouched)
      if keyed, everyKeyed, !plan.caseKeysFromSnakeCase {
        entry.keyedCount = plan.stringRaws.count
        entry.keyedWrittenAsRead = zip(plan.writtenCaseKeys, plan.stringRaws).allSatisfy { Array($0.utf8) == $1 }
      }
      // NB: a vouched enum has no case with associated values, so the plan's slots hold all its cases.
      if vouched > 0, !plan.rawSlots.isEmpty {
        entry.firstSlot = enumSlots.count
        entry.slotMask = plan.rawSlots.count - 1
        enumSlots += plan.rawSlots.map { $0 < 0 ? -1 : $0 + Int32(entry.firstRaw) }
      }
      enums.append(entry)
      for (index, (raw, number)) in zip(plan.stringRaws, plan.numericRaws).enumerated() {
        raws.append(key(raw))
        numbers.append(number)
        casePayloads.append(plan.payloadPlans.indices.contains(index) ? Int32(plan.payloadPlans[index] ?? -1) : -1)
      }
    }
    self.models = PlainTable(models)
    self.fields = PlainTable(fields)
    self.pathFields = PlainTable(pathFields)
    self.nodes = PlainTable(nodeList)
    self.enums = PlainTable(enums)
    self.raws = PlainTable(raws)
    self.enumSlots = PlainTable(enumSlots)
    self.casePayloads = PlainTable(casePayloads)
    self.keyIndex = PlainTable(keyIndex)
    self.foldedKeys = PlainTable(foldedKeys)
    self.wideRequired = PlainTable(wideRequired)
    self.numbers = PlainTable(numbers)
    self.bytes = PlainTable(bytes)
    self.treeNodes = PlainTable(treeNodes)
    self.treeMembers = PlainTable(treeMembers)
    self.treeElements = PlainTable(treeElements)
    self.leaves = PlainTable(leaves)
    ignoresUnknownKeys = options.unknownKeys == .ignore
  }

  /// Sets `hasByteIdentity` where it holds: first of every model whose own properties allow it,
  /// then, until nothing changes, not of a model with a property of a model that lost it (a model
  /// within itself keeps it: its words are made as deep as its values go).
  private static func markByteIdentities(_ models: inout [CleanModel], plans: [ModelPlan], enums: [EnumPlan], keyed: [Bool]) {
    func isByteIdentity(_ node: ValueNode, _ policy: Policy) -> Bool {
      switch node {
      case .scalar(let scalar):
        scalar == .string || scalar.isInteger || scalar == .bool || scalar == .double || scalar == .cgFloat
          || scalar == .uuid || (scalar == .float && !policy.floatsReadFromText)
      // NB: a keyed case is an object, whose bytes may differ where its values do not.
      case .enumeration(let index): !enums[index].isNumeric && !keyed[index]
      case .model: true
      default: false
      }
    }
    for (index, plan) in plans.enumerated() {
      models[index].hasByteIdentity =
        models[index].isCheckable && models[index].nodeCount == 0
        && plan.fields.allSatisfy { field in
          field.literalKey != nil && !field.hasDefault && !field.emptyStringCheck && !field.emptyObjectIsNil
            && isByteIdentity(field.node, plan.policy)
        }
    }
    var changed = true
    while changed {
      changed = false
      for (index, plan) in plans.enumerated() where models[index].hasByteIdentity {
        let lost = plan.fields.contains { field in
          if case .model(let inner) = field.node { return !models[inner].hasByteIdentity }
          return false
        }
        if lost {
          models[index].hasByteIdentity = false
          changed = true
        }
      }
    }
  }

  /// Models of more properties than this find a key out of order through their key table; a
  /// few are found faster one after another.
  static let widestScanned = 16

  /// An open-addressed table of `keys` (whose bytes are in `bytes`) by `KeyPrefix.hash`: each
  /// key's position in its slot, -1 in the empty ones, a power of two in size.
  static func hashTable(of keys: [CleanKey], _ bytes: [UInt8]) -> [Int32] {
    // NB: half full at most, so a probe ends at an empty slot soon.
    var size = 1
    while size < keys.count * 2 { size <<= 1 }
    var table = [Int32](repeating: -1, count: size)
    for (position, key) in keys.enumerated() where key.length >= 0 {
      var slot = bytes[key.start..<(key.start + key.length)].withUnsafeBytes { KeyPrefix.hash($0, prefix: key.prefix) } & (size - 1)
      while table[slot] >= 0 { slot = (slot + 1) & (size - 1) }
      table[slot] = Int32(position)
    }
    return table
  }

  /// The most members (or elements) of one object (or array) on the way that key paths read for
  /// the check to read them.
  static let widestPassedThrough = 64

  /// Whether the check reads `plan`'s key paths, index keys and `??` alternatives: keys compared
  /// as they stand; each value on the way is either read whole by a property or passed through, as
  /// an object or as an array, never both; no first key of a path is a property's own key; and no
  /// object on the way has more than `widestPassedThrough` members read (the check finds them one
  /// by one; the walk keeps a table). Any other such model is left to the full walk.
  private static func readsPathsAsTheyStand(_ plan: ModelPlan) -> Bool {
    guard !plan.foldsKeys, let tree = plan.pathTree else { return false }
    let direct = Set(plan.directFields.compactMap { plan.fields[$0].literalKey })
    return plan.deferredRoots.allSatisfy { !direct.contains($0) }
      && tree.nodes.allSatisfy { node in
        (node.members.isEmpty && node.elements.isEmpty || !node.isLeaf && (node.members.isEmpty || node.elements.isEmpty))
          && node.members.count <= widestPassedThrough && node.elements.count <= widestPassedThrough
      }
      && plan.deferredFields.allSatisfy { field in plan.fields[field].property.keys.allSatisfy { tree.node(at: $0) != nil } }
  }

  deinit {
    models.free()
    fields.free()
    pathFields.free()
    nodes.free()
    enums.free()
    raws.free()
    enumSlots.free()
    casePayloads.free()
    keyIndex.free()
    foldedKeys.free()
    wideRequired.free()
    numbers.free()
    bytes.free()
    treeNodes.free()
    treeMembers.free()
    treeElements.free()
    leaves.free()
  }
}
