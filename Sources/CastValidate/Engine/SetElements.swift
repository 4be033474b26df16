import CastSchema

/// The elements of one set as it is read, compared as the set's Swift type compares them
/// (`SetElementIdentity`), for finding a repeated one. An integer, a floating-point number or a
/// string written plainly is compared from its bytes in the document and a date by its instant,
/// so validating builds no instance for it; any other element (a coerced one, a `Decimal`) by
/// its instance.
struct SetElements {
  /// How the set's elements are compared.
  enum Form {
    /// Integers, by their value as 64 bits (`0` and `-0` are one).
    case integer
    /// `Double`, `Float` and `CGFloat`, by `SetElementIdentity.floatingValue`'s bits; a `Float`
    /// read from its text where the policy says so (`Policy.floatsReadFromText`).
    case floating(ScalarType, floatsFromText: Bool)
    /// `String` and enums with string raw values (whose instance is the text read), by text.
    case text
    /// `Date`, by the instant the walk read (`RecordValidator.dateRead`).
    case instant
    /// Everything else, by its instance.
    case instance

    init(_ element: ValueNode, policy: Policy, schema: CompiledSchema) {
      switch element {
      case .scalar(let scalar) where scalar.isInteger: self = .integer
      case .scalar(let scalar) where scalar == .double || scalar == .float || scalar == .cgFloat:
        self = .floating(scalar, floatsFromText: policy.floatsReadFromText)
      case .scalar(.string): self = .text
      case .scalar(.date), .date: self = .instant
      case .enumeration(let index):
        // As `RecordValidator.enumeration` reads them: a string that matched is the case's raw text.
        let plan = schema.enums[index]
        let keyed = policy.caseNamesAsKeys && (plan.rawType == nil || plan.payloadPlans.contains { $0 != nil })
        self = plan.isNumeric || keyed ? .instance : .text
      default: self = .instance
      }
    }
  }

  let form: Form
  /// Numbers so far: a short list on the walker's scratch stack (no allocation per set), then a
  /// hash set once sets grow.
  private let scratch: RawStack<UInt64>
  private let base: Int
  private var numbers: Set<UInt64>?
  private var texts: DuplicateKeys
  private var instances: Set<Instance> = []
  /// A `nil` element so far (a `Set<T?>` holds one).
  private var holdsNil = false
  private let schema: CompiledSchema

  init(_ form: Form, numbers scratch: RawStack<UInt64>, texts: RawStack<JSONStringToken>, schema: CompiledSchema) {
    self.form = form
    self.schema = schema
    self.scratch = scratch
    base = scratch.count
    // NB: a `Set<String>` is Swift's in every dialect.
    self.texts = DuplicateKeys(texts, canonical: true)
  }

  /// Whether the element at the cursor (after `peekKind`) is compared from its bytes, so that
  /// reading it need not build an instance.
  func readsBytes(_ kind: JSONValueKind, _ scanner: JSONScanner) -> Bool {
    switch form {
    case .integer: kind == .number && scanner.numberAheadIsInteger(negativeZeroCounts: true)
    case .floating: kind == .number
    case .text: kind == .string
    case .instant, .instance: false
    }
  }

  /// Records the element read from `span` (which `readsBytes` approved); returns whether an
  /// equal one came before.
  mutating func insertBytes(_ span: JSONSpan, _ scanner: JSONScanner) -> Bool {
    switch form {
    case .integer:
      return insert(number: Self.integerBits(scanner.bytes(span)))
    case .floating(let type, let floatsFromText):
      let raw = scanner.bytes(span)
      var isInteger = true
      var hasExponent = false
      for byte in raw {
        if byte == JSONByte.dot { isInteger = false }
        if byte | 0x20 == JSONByte.lowerE { isInteger = false; hasExponent = true }
      }
      let token = JSONNumberToken(span: span, isInteger: isInteger, isNegative: raw.first == JSONByte.minus, hasExponent: hasExponent)
      let value = RecordValidator.value(token, as: type, scanner, floatsFromText: floatsFromText)
      return insert(number: SetElementIdentity.floatingValue(value, as: type).bitPattern)
    case .text:
      let inner = JSONSpan(start: span.start + 1, end: span.end - 1)
      let token = JSONStringToken(span: inner, hasEscapes: scanner.bytes(inner).contains(JSONByte.backslash))
      return texts.insert(token, scanner: scanner) != nil
    case .instant, .instance:
      return false
    }
  }

  /// Whether an element is compared by its instance: not by its bytes (`readsBytes`) nor, being
  /// a date, by its instant.
  func needsInstance(readsBytes: Bool) -> Bool {
    if case .instant = form { return false }
    return !readsBytes
  }

  /// Records a date element by its identity (`SetElementIdentity.instant`); returns whether an
  /// equal one came before.
  mutating func insert(instant: UInt64) -> Bool {
    insert(number: instant)
  }

  /// Records an element read as an instance; returns whether an equal one came before.
  mutating func insert(_ item: Instance, _ element: ValueNode, at offset: Int, _ scanner: JSONScanner) -> Bool {
    switch (form, item) {
    case (.integer, .number(let text)):
      return insert(number: Self.integerBits(text.utf8))
    case (.floating(let type, let floatsFromText), .number(let text)):
      guard let value = type == .float && floatsFromText ? Float(text).map(Double.init) : Double(text) else { break }
      return insert(number: SetElementIdentity.floatingValue(value, as: type).bitPattern)
    case (.text, .string(let text)):
      return texts.insert(text: text, at: offset, scanner) != nil
    default:
      break
    }
    // NB: an element holding a NaN has no identity: it equals nothing, so it is never repeated.
    guard let identity = SetElementIdentity.of(item, element, in: schema) else { return false }
    return !instances.insert(identity).inserted
  }

  /// Records a `null` element of a `Set<T?>`; returns whether one came before.
  mutating func insertNil() -> Bool {
    defer { holdsNil = true }
    return holdsNil
  }

  /// Gives the set's scratch back once the set is read.
  func release() {
    scratch.pop(scratch.count - base)
    texts.release()
  }

  private mutating func insert(number bits: UInt64) -> Bool {
    if numbers == nil, scratch.count - base < 16 {
      for index in base..<scratch.count where scratch[index] == bits { return true }
      scratch.push(bits)
      return false
    }
    if numbers == nil {
      numbers = Set((base..<scratch.count).map { scratch[$0] })
    }
    return numbers?.insert(bits).inserted == false
  }

  /// An integer literal's value as 64 bits: the two's complement of a negative one, so that `-0`
  /// is `0` and every value of a 64-bit integer type has its own pattern.
  static func integerBits<Bytes: Collection<UInt8>>(_ raw: Bytes) -> UInt64 {
    var magnitude: UInt64 = 0
    let negative = raw.first == JSONByte.minus
    for byte in raw.dropFirst(negative ? 1 : 0) {
      magnitude = magnitude &* 10 &+ UInt64(byte &- JSONByte.zero)
    }
    return negative ? 0 &- magnitude : magnitude
  }
}
