/// A property's type in a corpus model: what the Swift source spells and what the document
/// generator writes a value (or a broken value) for.
indirect enum FieldType: Sendable {
  case integer(IntegerKind)
  case double, float, bool, string, url, uuid, date, data, decimal
  case optional(FieldType)
  case array(FieldType)
  case set(FieldType)
  case stringMap(FieldType)
  case intMap(FieldType)
  /// `[K: V]` with a key `Dictionary`'s `Codable` conformance writes as an array of alternating
  /// keys and values (not `String`, `Int` or a `CodingKeyRepresentable` type).
  case pairMap(key: FieldType, value: FieldType)
  /// A struct, raw-value enum or enum with associated values of the same model, by name.
  case named(String)

  var swift: String {
    switch self {
    case .integer(let kind): return kind.rawValue
    case .double: return "Double"
    case .float: return "Float"
    case .bool: return "Bool"
    case .string: return "String"
    case .url: return "URL"
    case .uuid: return "UUID"
    case .date: return "Date"
    case .data: return "Data"
    case .decimal: return "Decimal"
    case .optional(let wrapped): return wrapped.swift + "?"
    case .array(let element): return "[" + element.swift + "]"
    case .set(let element): return "Set<" + element.swift + ">"
    case .stringMap(let value): return "[String: " + value.swift + "]"
    case .intMap(let value): return "[Int: " + value.swift + "]"
    case .pairMap(let key, let value): return "[" + key.swift + ": " + value.swift + "]"
    case .named(let name): return name
    }
  }

  var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }

  /// The corpus types it names, however deep.
  var namedTypes: [String] {
    switch self {
    case .named(let name): return [name]
    case .optional(let inner), .array(let inner), .set(let inner), .stringMap(let inner), .intMap(let inner):
      return inner.namedTypes
    case .pairMap(let key, let value): return key.namedTypes + value.namedTypes
    default: return []
    }
  }

  var containsDate: Bool {
    switch self {
    case .date: return true
    case .optional(let inner), .array(let inner), .set(let inner), .stringMap(let inner), .intMap(let inner):
      return inner.containsDate
    case .pairMap(let key, let value): return key.containsDate || value.containsDate
    default: return false
    }
  }
}

/// Swift's fixed-width integer types, with their ranges as JSON numerals.
enum IntegerKind: String, CaseIterable, Sendable {
  case int = "Int", int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
  case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"

  var range: (min: String, max: String, tooSmall: String, tooBig: String) {
    switch self {
    case .int, .int64:
      return ("-9223372036854775808", "9223372036854775807", "-9223372036854775809", "9223372036854775808")
    case .int8: return ("-128", "127", "-129", "128")
    case .int16: return ("-32768", "32767", "-32769", "32768")
    case .int32: return ("-2147483648", "2147483647", "-2147483649", "2147483648")
    case .uint, .uint64: return ("0", "18446744073709551615", "-1", "18446744073709551616")
    case .uint8: return ("0", "255", "-1", "256")
    case .uint16: return ("0", "65535", "-1", "65536")
    case .uint32: return ("0", "4294967295", "-1", "4294967296")
    }
  }

  /// A value well inside the range, as a numeral.
  func ordinary(using rng: inout SplitMix) -> String {
    let signed = !rawValue.hasPrefix("U")
    let magnitude = Int.random(in: 0...100, using: &rng)
    return signed && rng.chance(0.3) ? "-\(magnitude)" : "\(magnitude)"
  }
}
