/// A decoded value: what the model's init would have produced, kept for `convert` and `roundtrip`.
package indirect enum Instance: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number's literal text: the input's, unless a coercion produced it.
  case number(String)
  case string(String)
  case array([Instance])
  /// A `[K: V]` dictionary, keys as written.
  case dictionary([InstanceMember])
  case model(ModelInstance)
  /// `Any` and `//! custom` values, passed through.
  case json(JSONValue)
}

/// One entry of a decoded dictionary.
package struct InstanceMember: Sendable, Equatable {
  package var key: String
  package var value: Instance
}

/// A decoded model: one slot per mapped property, in declaration order.
package struct ModelInstance: Sendable, Equatable {
  /// The model's name.
  package var model: String
  /// Index of the plan, for the encoder.
  var plan: Int
  /// Values by field; nil when the property ended up nil.
  package var values: [FieldValue?]
}

/// A property's decoded value and where it came from.
package struct FieldValue: Sendable, Equatable {
  /// Where the value came from.
  package enum Origin: Sendable, Equatable {
    /// Read from the document as it was.
    case input
    /// The declared default (absent, null, or a bad value replaced).
    case defaulted
  }

  package var value: Instance
  package var origin: Origin
}

// NB: written out because `JSONValue`, a public type, is not Hashable: an `Any` value hashes as
// its kind alone, which keeps equal instances' hashes equal. A set's elements are found again
// through it (`RecordValidator.array`), so a large set costs linear time, not quadratic.
extension Instance: Hashable {
  package func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .number(let text): hasher.combine(text)
    case .string(let text): hasher.combine(text)
    case .array(let items): hasher.combine(items)
    case .dictionary(let members):
      hasher.combine(members.count)
      for member in members {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    case .model(let instance):
      hasher.combine(instance.model)
      for value in instance.values { hasher.combine(value?.value) }
    case .json: hasher.combine(1)
    }
  }
}
