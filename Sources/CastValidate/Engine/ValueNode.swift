import CastSchema

/// A compiled type: what the engine checks a JSON value against. Plain data: element and value
/// types are indices into the schema's node table, so passing a node around costs no reference
/// counting in the hot loop.
enum ValueNode: Sendable {
  /// A built-in scalar other than `Date`.
  case scalar(ScalarType)
  /// A `Date`; the format is `CompiledSchema.dateFormats[index]`.
  case date(Int32)
  /// Any JSON value.
  case any
  /// Any JSON object.
  case anyObject
  /// Any JSON array.
  case anyArray
  /// `[T]` or `Set<T>`; `null` says what a `null` element is.
  case array(element: Int32, null: ElementNull, isSet: Bool)
  /// `[K: V]`; `null` says what a `null` value is.
  case dictionary(key: Int32, value: Int32, null: ElementNull)
  /// `[K: V]` read and written as an array of alternating keys and values (`Policy.otherKeysAsPairs`).
  case pairs(key: Int32, value: Int32, null: ElementNull)
  /// A model, by index into `CompiledSchema.plans`.
  case model(Int)
  /// An enum, by index into `CompiledSchema.enums`.
  case enumeration(Int)

  /// A dictionary read as key-value pairs.
  var isPairs: Bool {
    if case .pairs = self { return true }
    return false
  }

  /// Swift spelling, for "expected" texts.
  func describe(in schema: CompiledSchema) -> String {
    switch self {
    case .scalar(let scalar): scalar.rawValue
    case .date: "Date"
    case .any: "Any"
    case .anyObject: "[String: Any]"
    case .anyArray: "[Any]"
    case .array(let element, let null, let isSet):
      isSet
        ? "Set<\(null.describe(schema.node(at: element), in: schema))>"
        : "[\(null.describe(schema.node(at: element), in: schema))]"
    case .dictionary(let key, let value, let null), .pairs(let key, let value, let null):
      "[\(schema.node(at: key).describe(in: schema)): \(null.describe(schema.node(at: value), in: schema))]"
    case .model(let index): schema.plans[index].name
    case .enumeration(let index): schema.enums[index].name
    }
  }
}

/// What a `null` element of an array or set, or value of a dictionary, is: the element type's
/// nil only where it is declared optional and the dialect takes the null as that nil.
enum ElementNull: UInt8, Sendable {
  /// No value of a non-optional element type (`[Int]`): `null-not-allowed`.
  case refused
  /// The optional element's nil (`[Int?]`).
  case isNil
  /// Declared optional (`[Int?]`), but the dialect takes the null for no element:
  /// `null-not-allowed` too. DSON refuses every `null` (DS-01, DS-02: `as? Int?` fails on
  /// `NSNull`); JsonObject and Nosce then drop it, as they drop every element their mappers or
  /// casts return nil for (JO-12–14, NO-06).
  case refusedOptional

  /// The null is the element's nil, with nothing to report.
  var isNil: Bool { self == .isNil }

  /// The element type is declared optional.
  var isDeclaredOptional: Bool { self != .refused }

  /// The element type as declared: `element`'s spelling, with `?` where it is optional.
  func describe(_ element: ValueNode, in schema: CompiledSchema) -> String {
    element.describe(in: schema) + (isDeclaredOptional ? "?" : "")
  }
}

/// A compiled enum: raw values in the forms the engine compares against.
final class EnumPlan: Sendable {
  let name: String
  let rawType: ScalarType?
  let caseNames: [String]
  /// Raw values as JSON: strings for String/Character raw types and case-name enums, numbers' literal texts.
  let rawValues: [JSONValue]
  /// String raw values as bytes, for matching without building strings.
  let stringRaws: [[UInt8]]
  /// Numeric raw values, for numeric raw types.
  let numericRaws: [Double]
  let declaration: SourceRange
  /// Where each case is declared.
  let caseDeclarations: [SourceRange]
  /// The plan (in `CompiledSchema.plans`) of each case's associated values; nil for a case without.
  let payloadPlans: [Int?]
  /// The key of each case in the synthesized `Codable` form: its name, or its `CodingKeys` value.
  let caseKeys: [String]
  /// The key JSONEncoder writes for each case (`--key-encoding`).
  let writtenCaseKeys: [String]
  /// Case keys are compared after `convertFromSnakeCase` (`--key-decoding`), as JSONDecoder does.
  let caseKeysFromSnakeCase: Bool
  /// The raw values as JSON text, made ready for "did you mean".
  let rawTextCandidates: [NameSuggestion.Candidate]
  /// For an enum of many cases (`tableThreshold` or more), the cases without associated values by
  /// their raw value (a string's bytes by `ByteHash`, a number by `numberHash`): slots found by
  /// the hash and linear probing, each a case's index or -1, so a lookup does not grow with the
  /// cases. The clean check reads a copy (`CleanEnum.slotMask`). Empty for an enum of a few
  /// cases, searched one by one.
  let rawSlots: [Int32]
  /// The same cases by their raw value as a `String` (canonically equal ones are one key), the
  /// first case of each; nil for an enum of a few cases.
  private let casesByText: [String: Int]?
  /// Fewer cases than this are searched one by one.
  static let tableThreshold = 16

  init(_ enumType: EnumType, registry: ModelRegistry, payloadPlans: [Int?]) {
    self.payloadPlans = payloadPlans
    caseDeclarations = enumType.cases.map(\.range)
    caseKeysFromSnakeCase = registry.options.keyDecoding == .convertFromSnakeCase
    name = enumType.name
    rawType = enumType.rawType
    caseNames = enumType.cases.map(\.name)
    rawValues = enumType.cases.map { $0.rawValue.jsonValue(in: registry) ?? .null }
    caseKeys = zip(enumType.cases, rawValues).map { enumCase, raw in
      if case .string(let key) = raw { key } else { enumCase.name }
    }
    writtenCaseKeys = caseKeys.map { registry.options.writtenKey(codingKey: $0) }
    stringRaws = rawValues.map { if case .string(let text) = $0 { Array(text.utf8) } else { [] } }
    numericRaws = rawValues.map { if case .number(let literal) = $0 { Double(literal) ?? .nan } else { .nan } }
    declaration = enumType.range
    rawTextCandidates = rawValues.map { NameSuggestion.Candidate(JSONWriter(style: .compact).write($0)) }
    if rawValues.count >= Self.tableThreshold {
      let numeric = rawType?.isNumeric ?? false
      var capacity = 1
      while capacity < rawValues.count * 2 { capacity *= 2 }
      var slots = [Int32](repeating: -1, count: capacity)
      var byText: [String: Int] = [:]
      // NB: in case order, so that of two equal raw values the first case is found first.
      for (index, raw) in rawValues.enumerated() where payloadPlans[index] == nil {
        let hash: UInt64
        if numeric {
          // NB: a NaN equals no value read, so it is no case to find.
          guard !numericRaws[index].isNaN else { continue }
          hash = Self.numberHash(numericRaws[index])
        } else {
          guard case .string(let text) = raw else { continue }
          hash = stringRaws[index].withUnsafeBytes(ByteHash.hash)
          if byText[text] == nil { byText[text] = index }
        }
        var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
        while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
        slots[slot] = Int32(index)
      }
      (rawSlots, casesByText) = (slots, numeric ? nil : byText)
    } else {
      (rawSlots, casesByText) = ([], nil)
    }
  }

  /// The case without associated values whose string raw value is `bytes`, byte for byte (none
  /// of a numeric enum, whose slots hold numbers).
  func stringCase(bytes: UnsafeRawBufferPointer) -> Int? {
    guard !isNumeric else { return nil }
    guard !rawSlots.isEmpty else {
      return stringRaws.indices.first { payloadPlans[$0] == nil && stringRaws[$0].elementsEqual(bytes) }
    }
    let mask = rawSlots.count - 1
    var slot = Int(truncatingIfNeeded: ByteHash.hash(bytes)) & mask
    while rawSlots[slot] >= 0 {
      let index = Int(rawSlots[slot])
      if stringRaws[index].elementsEqual(bytes) { return index }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Whether the raw values are numbers.
  var isNumeric: Bool { rawType.map { $0.isNumeric } ?? false }

  /// The first case without associated values whose numeric raw value is `value` (`1` and `1.0`
  /// are one, `0` and `-0.0` too).
  func numericCase(_ value: Double) -> Int? {
    guard !rawSlots.isEmpty else {
      return numericRaws.indices.first { payloadPlans[$0] == nil && numericRaws[$0] == value }
    }
    let mask = rawSlots.count - 1
    var slot = Int(truncatingIfNeeded: Self.numberHash(value)) & mask
    while rawSlots[slot] >= 0 {
      let index = Int(rawSlots[slot])
      if numericRaws[index] == value { return index }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// A number's slot hash: equal numbers (`0` and `-0.0`), equal hashes.
  @inline(__always)
  static func numberHash(_ value: Double) -> UInt64 {
    // NB: `+ 0` makes -0.0 the 0.0 it equals.
    ByteHash.mix((value + 0).bitPattern)
  }

  /// The case without associated values whose string raw value Swift's `String` finds equal to
  /// `text` (`init(rawValue:)` compares by canonical equivalence: `cafe\u{301}` is `café`).
  func stringCase(equalTo text: String) -> Int? {
    if let casesByText { return casesByText[text] }
    return rawValues.indices.first { payloadPlans[$0] == nil && rawValues[$0] == .string(text) }
  }

  /// `"a", "b", "c"` for messages.
  var valueList: String {
    rawValues.prefix(8).map { JSONWriter(style: .compact).write($0) }.joined(separator: ", ")
      + (rawValues.count > 8 ? ", …" : "")
  }
}
