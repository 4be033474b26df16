import CastSchema

/// A run of bytes in `CleanOutputTable.bytes`.
struct CleanBytes {
  var start: Int
  var length: Int
}

/// A model as the clean-record transcript writes it.
struct CleanOutputModel {
  /// Its fields' entries in the field tables: `firstField ..< firstField + fieldCount`.
  var firstField: Int
  var fieldCount: Int
  /// No field writes anything when it is absent (no defaults, nil omitted): gaps cost nothing.
  var absenceIsSilent: Bool
}

/// What a clean record's compact JSON is made of besides its input text, per field: its
/// `"key":`, and the whole member written when it is absent or `null` (a default, `null` or
/// `{}` as the dialect writes nil; nothing when nil is omitted). Built once per transcript from
/// the same key table and defaults as `CompactTranscript`'s, so both write the same bytes.
// NB: plain tables in memory it owns, read in the hot loop without reference counting; written
// once in `init`, freed in `deinit`.
final class CleanOutputTable {
  let models: PlainTable<CleanOutputModel>
  let keys: PlainTable<CleanBytes>
  /// Per field: whether its `"key":` is the key it is read under, quoted (so a member read
  /// without spaces is copied as read).
  let keysAreInput: PlainTable<Bool>
  let absent: PlainTable<CleanBytes>
  let null: PlainTable<CleanBytes>
  /// Per date format: whether it is ISO-8601 (a canonical date is then written as read).
  let isoDates: PlainTable<Bool>
  /// Per date format: its pattern, where it has one the engine reads and writes itself (a date
  /// whose text is what the pattern writes for it is written as read).
  let datePatterns: [DatePattern?]
  /// Per date format: the format, and whether its model reads dates in their format only
  /// (`Policy.datesInTheirFormatOnly`), which decides how an epoch number is written.
  let dateFormats: [(format: DateFormat, inTheirFormatOnly: Bool)]
  /// Per raw value of a numeric enum, laid out as `CleanPlan.numbers`: what its case is written
  /// as (empty: not written here, the record is left to the full walk).
  let numericCases: PlainTable<CleanBytes>
  /// Every model (and the base policy) writes numbers as `JSONEncoder` writes the values read
  /// (`Policy.numbersWrittenAsStored`), so a number is written so whichever model reads it.
  let numbersAsStored: Bool
  /// Every run back to back, padded so that each can be copied in 16-byte pieces.
  let bytes: PlainTable<UInt8>

  /// `keys[plan][field]` is a field's `"key":`; `defaults[plan][field]` its default as compact
  /// JSON (nil: none).
  init(schema: CompiledSchema, keys keyTable: [[[UInt8]]], defaults: [[[UInt8]?]]) {
    var blob: [UInt8] = []
    func run(_ parts: [UInt8]...) -> CleanBytes {
      let start = blob.count
      for part in parts { blob += part }
      return CleanBytes(start: start, length: blob.count - start)
    }
    var models: [CleanOutputModel] = []
    var keys: [CleanBytes] = []
    var keysAreInput: [Bool] = []
    var absent: [CleanBytes] = []
    var null: [CleanBytes] = []
    for (planIndex, plan) in schema.plans.enumerated() {
      var model = CleanOutputModel(firstField: keys.count, fieldCount: plan.fields.count, absenceIsSilent: true)
      for (index, field) in plan.fields.enumerated() {
        let key = keyTable[planIndex][index]
        keys.append(run(key))
        keysAreInput.append(field.literalKey.map { [JSONByte.quote] + $0 + [JSONByte.quote, JSONByte.colon] == key } ?? false)
        // Nil as `CompactTranscript.relayout` (and `ModelEncoder.writeCompact`) write it.
        let nilMember = field.nilLiteral(plan.policy).map { run(key, Array($0.text.utf8)) } ?? CleanBytes(start: 0, length: 0)
        // A clean record's `null` member is nil; an absent one takes its default, if any.
        null.append(nilMember)
        let defaultBytes = field.hasDefault ? defaults[planIndex][index] : nil
        let absence = defaultBytes.map { run(key, $0) } ?? nilMember
        absent.append(absence)
        if absence.length > 0 { model.absenceIsSilent = false }
      }
      models.append(model)
    }
    // A case is written as its raw value's literal, or as the encoder writes the raw type's
    // number where the model writes numbers as stored (`RecordValidator.enumeration`); where
    // models of both kinds read enums, only the full walk knows whose case it writes.
    let policies = schema.plans.map(\.policy) + [schema.basePolicy]
    let asStored = policies.map(\.numbersWrittenAsStored)
    let oneRule = asStored.allSatisfy { $0 == asStored[0] }
    numbersAsStored = oneRule && asStored[0]
    var numericCases: [CleanBytes] = []
    for plan in schema.enums {
      // NB: as many as `CleanPlan` lays out: one per string and numeric raw value.
      for index in 0..<min(plan.stringRaws.count, plan.numericRaws.count) {
        guard plan.isNumeric, oneRule, case .number(let literal) = plan.rawValues[index] else {
          numericCases.append(CleanBytes(start: 0, length: 0))
          continue
        }
        let stored =
          asStored[0] ? plan.rawType.flatMap { type in Array(literal.utf8).withUnsafeBytes { EncoderNumberText.text(of: $0, as: type) } } : nil
        numericCases.append(run(Array((stored ?? literal).utf8)))
      }
    }
    self.numericCases = PlainTable(numericCases)
    blob += repeatElement(0, count: CompactTranscript.padding)
    self.models = PlainTable(models)
    self.keys = PlainTable(keys)
    self.keysAreInput = PlainTable(keysAreInput)
    self.absent = PlainTable(absent)
    self.null = PlainTable(null)
    isoDates = PlainTable(schema.dateFormats.map { $0 == .iso8601 })
    datePatterns = schema.datePatterns
    dateFormats = zip(schema.dateFormats, schema.dateInputs).map { ($0, $1 != .numberOrString) }
    bytes = PlainTable(blob)
  }

  deinit {
    models.free()
    keys.free()
    keysAreInput.free()
    absent.free()
    null.free()
    isoDates.free()
    numericCases.free()
    bytes.free()
  }
}
