/// The built-in value types a property can have.
// NB: `@usableFromInline`, or the compiler keeps the `@inlinable` members below out of line in
// other modules (a package enum's inlinable code is not inlined across modules without it).
@usableFromInline package enum ScalarType: String, Sendable, Hashable, CaseIterable {
  case int = "Int", int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
  case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"
  case float = "Float", double = "Double", cgFloat = "CGFloat", decimal = "Decimal"
  case number = "NSNumber"
  case bool = "Bool", string = "String", character = "Character"
  case url = "URL", date = "Date", data = "Data", uuid = "UUID"

  /// Spellings that mean the same type (`NSString`, `NSURL`, `Swift.Int`, …).
  package static func named(_ name: String) -> ScalarType? {
    // No spelling has a dot, so a qualified name is looked up only once it is stripped.
    if let type = spelled(name) { return type }
    guard name.hasPrefix("Swift.") || name.hasPrefix("Foundation."), let dot = name.firstIndex(of: ".") else {
      return nil
    }
    return spelled(String(name[name.index(after: dot)...]))
  }

  private static func spelled(_ name: String) -> ScalarType? {
    var name = name
    return name.withUTF8 { spelled(UnsafeRawBufferPointer($0)) }
  }

  /// The type a plain name spells, from its UTF-8 bytes; nil for any other name (qualified ones
  /// included: `named(_:)` strips their module).
  static func spelled(_ name: UnsafeRawBufferPointer) -> ScalarType? {
    guard name.count < byLength.count else { return nil }
    let words = Spelling.words(name)
    for spelling in byLength[name.count] where spelling.words == words { return spelling.type }
    return nil
  }

  /// A spelling as two words of its bytes, zero-padded: every spelling is shorter than 16 bytes.
  private struct Spelling {
    var words: (UInt64, UInt64)
    var type: ScalarType

    // NB: assembled in registers: bytes copied into the pair and read back as words stalled
    // on every lookup (a store forwarded to a wider load).
    static func words(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
      var low: UInt64 = 0
      var high: UInt64 = 0
      for (index, byte) in bytes.prefix(16).enumerated() {
        if index < 8 { low |= UInt64(byte) << (index * 8) } else { high |= UInt64(byte) << ((index - 8) * 8) }
      }
      return (low, high)
    }
  }

  /// Every spelling, grouped by UTF-8 length.
  // NB: every property type asks. Hashing the name costs more than comparing it with the two or
  // three spellings of its length as two machine words.
  private static let byLength: [[Spelling]] = {
    let aliases: [(String, ScalarType)] = [
      ("NSString", .string), ("Substring", .string), ("NSURL", .url), ("NSDate", .date), ("NSData", .data),
      ("NSUUID", .uuid), ("NSDecimalNumber", .decimal), ("Float32", .float), ("Float64", .double),
      ("TimeInterval", .double), ("NSTimeInterval", .double), ("NSInteger", .int), ("NSUInteger", .uint),
      ("ObjCBool", .bool),
    ]
    let spellings = allCases.map { ($0.rawValue, $0) } + aliases
    var table = [[Spelling]](repeating: [], count: (spellings.map(\.0.utf8.count).max() ?? 0) + 1)
    for (spelling, type) in spellings {
      let words = Array(spelling.utf8).withUnsafeBytes(Spelling.words)
      table[spelling.utf8.count].append(Spelling(words: words, type: type))
    }
    return table
  }()

  /// The inclusive range of an integer type, as (min, max) literal values.
  package var integerBounds: (min: Int64, max: UInt64)? {
    switch self {
    case .int, .int64: (Int64.min, UInt64(Int64.max))
    case .int8: (Int64(Int8.min), UInt64(Int8.max))
    case .int16: (Int64(Int16.min), UInt64(Int16.max))
    case .int32: (Int64(Int32.min), UInt64(Int32.max))
    case .uint, .uint64: (0, UInt64.max)
    case .uint8: (0, UInt64(UInt8.max))
    case .uint16: (0, UInt64(UInt16.max))
    case .uint32: (0, UInt64(UInt32.max))
    default: nil
    }
  }

  // NB: `==`, `isInteger` and `isFloatingPoint` are written out and inlinable: the validation
  // engine, another module, asks them of every value it reads, and the synthesized `==` is
  // reached there through the Equatable conformance, a call (and a conformance lookup) each time.

  /// Whether two types are the same case.
  @inlinable
  package static func == (lhs: ScalarType, rhs: ScalarType) -> Bool {
    // NB: a case without payload is stored as its one-byte tag (`ScalarTypeTests` checks the size).
    unsafeBitCast(lhs, to: UInt8.self) == unsafeBitCast(rhs, to: UInt8.self)
  }

  /// True for the integer types.
  @inlinable
  package var isInteger: Bool {
    switch self {
    case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64: true
    default: false
    }
  }
  /// True for the floating-point types.
  @inlinable
  package var isFloatingPoint: Bool {
    switch self {
    case .float, .double, .cgFloat: true
    default: false
    }
  }

  /// Whether this floating-point type holds `value`: finite, and for `Float` within Float's range.
  /// Defaults and data share the rule, so a default never passes that the same value as data would not.
  @inlinable
  package func holdsFloatingPoint(_ value: Double) -> Bool {
    guard value.isFinite else { return false }
    // NB: rounded as Swift's `Float(_:)` rounds, so `3.4028235e38` (the limit as Float prints it,
    // a little above the exact maximum) still fits.
    return self != .float || Float(value).isFinite
  }
  /// True for every type a JSON number can hold.
  @inlinable
  package var isNumeric: Bool { isInteger || isFloatingPoint || self == .decimal || self == .number }
}

/// A resolved type: what the validation engine compiles.
// NB: only the collection and optional cases are indirect: a scalar, model or enum type, most
// of a schema's, needs no heap box of its own.
package enum TypeRef: Sendable, Hashable, CustomStringConvertible {
  /// A built-in scalar.
  case scalar(ScalarType)
  /// Any JSON value (`Any`, `AnyObject`, `NSDictionary`, …).
  case any
  /// Any JSON object (`NSDictionary`, `[String: Any]`).
  case anyObject
  /// Any JSON array (`NSArray`, `[Any]`).
  case anyArray
  /// `[T]`
  indirect case array(TypeRef)
  /// `Set<T>`: a JSON array without duplicates.
  indirect case set(TypeRef)
  /// `[K: V]`: a JSON object whose keys convert to `K`.
  indirect case dictionary(key: TypeRef, value: TypeRef)
  /// `T?` / `T!` inside a collection.
  indirect case optional(TypeRef)
  /// A model from a loaded file.
  case model(String)
  /// An enum from a loaded file.
  case enumeration(String)

  /// Swift spelling, for messages and `castctl schema`.
  package var description: String {
    switch self {
    case .scalar(let scalar): scalar.rawValue
    case .any: "Any"
    case .anyObject: "[String: Any]"
    case .anyArray: "[Any]"
    case .array(let element): "[\(element)]"
    case .set(let element): "Set<\(element)>"
    case .dictionary(let key, let value): "[\(key): \(value)]"
    case .optional(let wrapped): "\(wrapped)?"
    case .model(let name), .enumeration(let name): name
    }
  }

  /// The type without optional wrappers.
  package var unwrapped: TypeRef {
    if case .optional(let wrapped) = self { return wrapped.unwrapped }
    return self
  }

  /// Every model or enum name this type mentions.
  package var referencedNames: [String] {
    switch self {
    case .model(let name), .enumeration(let name): [name]
    case .array(let element), .set(let element), .optional(let element): element.referencedNames
    case .dictionary(let key, let value): key.referencedNames + value.referencedNames
    case .scalar, .any, .anyObject, .anyArray: []
    }
  }
}
