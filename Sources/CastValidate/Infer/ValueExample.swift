/// A JSON value's type, as `--explain` counts them (integers and fractions apart).
package enum JSONKind: String, Sendable, CaseIterable, Comparable {
  case null, bool, integer, fraction, string, array, object

  package static func < (a: JSONKind, b: JSONKind) -> Bool { a.rawValue < b.rawValue }

  /// The kind's index in `allCases`.
  var slot: Int {
    switch self {
    case .null: 0
    case .bool: 1
    case .integer: 2
    case .fraction: 3
    case .string: 4
    case .array: 5
    case .object: 6
    }
  }
}

/// Where a value of some type was first seen, for `--explain`.
package struct ValueExample: Sendable, Equatable {
  /// Which input (0-based, in the order given).
  package var input: Int
  /// The byte offset of the record in that input.
  package var offset: Int
  /// The value's JSON Pointer within its record.
  package var pointer: String
}
