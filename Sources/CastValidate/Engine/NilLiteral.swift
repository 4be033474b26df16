/// What a nil property is written as when a dialect writes it at all: `null`, or Nosce's `{}` for
/// a nil nested model. `Policy.nilLiteral(isModel:)` says which.
package enum NilLiteral: Sendable, Hashable {
  case null
  case emptyObject

  /// The literal as a JSON value.
  package var json: JSONValue {
    switch self {
    case .null: .null
    case .emptyObject: .object([])
    }
  }

  /// The literal's JSON text (a small string: appending its UTF-8 allocates nothing).
  package var text: String {
    switch self {
    case .null: "null"
    case .emptyObject: "{}"
    }
  }
}
