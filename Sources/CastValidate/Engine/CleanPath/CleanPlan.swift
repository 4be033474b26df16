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
  /// or, for an array's `//! count`, on the number of its elements (`FieldPlan.passesCounts`):
  /// the walk's own rules. Nil when it has none.
  // NB: unowned: the schema's plans outlive this plan.
  var checks: Borrowed<FieldPlan>?
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
  /// False when the model has something only the full walk handles: key paths, `??`
  /// alternatives, `//! super`, a check not read on raw bytes (`FieldPlan.plainForm`; a `-n`
  /// string's checks are not),
  /// `//! custom`, a property no key is as it stands (a CodingKey no key
  /// converts to), folded keys two properties share.
  var isCheckable: Bool
  /// A key it does not read may still be known: one of its `//! ignore` properties' (which gets a
  /// note), or, where keys are folded, another spelling of a property's (`USER_NAME` under `-i`,
  /// `userName` for `user_name` under `.convertFromSnakeCase`). The full walk reads such a record.
  var mayKnowOtherKeys: Bool
}

/// An enum's raw values for the clean-record check.
struct CleanEnum {
  var isNumeric: Bool
  /// String raw values: `CleanPlan.raws[firstRaw..<firstRaw + rawCount]`; numeric ones:
  /// `CleanPlan.numbers[…]`, same indices.
  var firstRaw: Int
  var rawCount: Int
}

/// The compiled schema flattened into plain tables for `CleanRecordCheck`, built once per schema.
// NB: @unchecked because of the tables' raw memory, written once in `init`, then only read (and
// freed in `deinit`).
final class CleanPlan: @unchecked Sendable {
  let models: PlainTable<CleanModel>
  let fields: PlainTable<CleanField>
  let nodes: PlainTable<ValueNode>
  let enums: PlainTable<CleanEnum>
  let raws: PlainTable<CleanKey>
  /// Positions past the 64th of the fields that must be present (`CleanModel.firstWideRequired`).
  let wideRequired: PlainTable<Int>
  let numbers: PlainTable<Double>
  let bytes: PlainTable<UInt8>
  /// `--unknown ignore`: an undeclared key is skipped without a finding.
  let ignoresUnknownKeys: Bool
  /// What JSON each `Date` node reads, by its date format index.
  let dateInputs: [DateInput]
  /// The compiled pattern of each pattern date format (`CompiledSchema.datePatterns`).
  let datePatterns: [DatePattern?]
  /// What an epoch number of each date format counts: 1000 for milliseconds, else 1.
  let epochUnits: [Double]
  /// Some model writes a `Float` or an integer as stored (`Policy.numbersWrittenAsStored`).
  let numbersWrittenAsStored: Bool
  /// Some model reads URLs as Foundation parses them (`Policy.urlsAsFoundationParses`): only a
  /// plain one is vouched for.
  let urlsAsFoundationParses: Bool

  init(
    plans: [ModelPlan], enums enumPlans: [EnumPlan], nodes nodeList: [ValueNode], dateInputs: [DateInput],
    dateFormats: [DateFormat], datePatterns: [DatePattern?], options: ValidationOptions
  ) {
    self.dateInputs = dateInputs
    self.datePatterns = datePatterns
    epochUnits = dateFormats.map { $0 == .epochMilliseconds ? 1000 : 1 }
    numbersWrittenAsStored = plans.contains { $0.policy.numbersWrittenAsStored }
    urlsAsFoundationParses = plans.contains { $0.policy.urlsAsFoundationParses }
    var bytes: [UInt8] = []
    func key(_ text: [UInt8]) -> CleanKey {
      defer { bytes += text }
      let isPlain = !text.contains { $0 == JSONByte.quote || $0 == JSONByte.backslash || $0 < 0x20 }
      return CleanKey(length: text.count, prefix: text.withUnsafeBytes(KeyPrefix.word), start: bytes.count, isPlain: isPlain)
    }
    var models: [CleanModel] = []
    var fields: [CleanField] = []
    var wideRequired: [Int] = []
    for plan in plans {
      var model = CleanModel(
        firstField: fields.count, fieldCount: plan.fields.count, requiredMask: 0, firstWideRequired: wideRequired.count,
        wideRequiredCount: 0,
        isCheckable: plan.deferredFields.isEmpty && plan.superKey == nil && (plan.matchesLiteralKeys || !plan.foldsKeys),
        mayKnowOtherKeys: !plan.ignoredKeys.isEmpty || plan.foldsKeys)
      for (index, field) in plan.fields.enumerated() {
        // A `Float` that a dialect keeps rounded is checked as stored, which only the full walk does.
        let rawChecked = field.plainForm != nil && !(field.plainForm == .floating(isFloat: true) && plan.policy.numbersWrittenAsStored)
          || field.checksOnlyCount
        if field.isCustom || (!field.checks.isEmpty && !rawChecked) || !field.readsInput
          || field.literalKey == nil
        {
          model.isCheckable = false
        }
        if field.isRequired, index < 64 { model.requiredMask |= 1 << UInt64(index) }
        if field.isRequired, index >= 64 {
          wideRequired.append(index)
          model.wideRequiredCount += 1
        }
        fields.append(
          CleanField(
            // A null is clean only where it is the optional's nil with nothing to say.
            node: field.node,
            nullIsClean: plan.policy.nullIsPlainNil(
              optional: field.isOptional, required: field.isRequired, hasDefault: field.hasDefault),
            key: key(field.literalKey ?? []), emptyIsAbsent: field.emptyStringCheck, checks: field.checks.isEmpty ? nil : Borrowed(field)))
      }
      models.append(model)
    }
    var enums: [CleanEnum] = []
    var raws: [CleanKey] = []
    var numbers: [Double] = []
    // NB: where a model reads enums without a raw type by case-name keys, the check vouches for
    // none of their values (no string is one); the full walk reads them.
    let keyedCases = plans.contains { $0.policy.caseNamesAsKeys }
    for plan in enumPlans {
      // (Nor, anywhere, of an enum with associated values, whose string never names such a case.)
      let hasPayloads = plan.payloadPlans.contains { $0 != nil }
      let vouched = keyedCases && plan.rawType == nil || hasPayloads ? 0 : plan.stringRaws.count
      enums.append(CleanEnum(isNumeric: plan.isNumeric, firstRaw: raws.count, rawCount: vouched))
      for (raw, number) in zip(plan.stringRaws, plan.numericRaws) {
        raws.append(key(raw))
        numbers.append(number)
      }
    }
    self.models = PlainTable(models)
    self.fields = PlainTable(fields)
    self.nodes = PlainTable(nodeList)
    self.enums = PlainTable(enums)
    self.raws = PlainTable(raws)
    self.wideRequired = PlainTable(wideRequired)
    self.numbers = PlainTable(numbers)
    self.bytes = PlainTable(bytes)
    ignoresUnknownKeys = options.unknownKeys == .ignore
  }

  deinit {
    models.free()
    fields.free()
    nodes.free()
    enums.free()
    raws.free()
    wideRequired.free()
    numbers.free()
    bytes.free()
  }
}
