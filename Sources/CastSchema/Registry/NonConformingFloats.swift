/// JSONDecoder's `.convertFromString(positiveInfinity:negativeInfinity:nan:)` and JSONEncoder's
/// `.convertToString`, for Codable models (`--non-conforming-floats POS,NEG,NAN`): three strings
/// that a `Float` or `Double` reads as infinity, minus infinity and NaN, and writes back.
package struct NonConformingFloats: Sendable, Hashable {
  package var positiveInfinity: String
  package var negativeInfinity: String
  package var nan: String

  package init(positiveInfinity: String, negativeInfinity: String, nan: String) {
    self.positiveInfinity = positiveInfinity
    self.negativeInfinity = negativeInfinity
    self.nan = nan
  }

  /// `POS,NEG,NAN`; nil for anything else (`throw`, Foundation's default, is no strategy at all).
  package init?(option: String) {
    let parts = option.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3 else { return nil }
    self.init(positiveInfinity: parts[0], negativeInfinity: parts[1], nan: parts[2])
  }

  /// The option's spelling.
  package var option: String { [positiveInfinity, negativeInfinity, nan].joined(separator: ",") }

  /// The value the decoder reads `text` as: infinity, minus infinity or NaN, tried in that
  /// order; nil for any other string.
  package func value(of text: String) -> Double? {
    if text == positiveInfinity { return .infinity }
    if text == negativeInfinity { return -.infinity }
    return text == nan ? .nan : nil
  }

  /// Whether the decoder reads `text` (one of the three) as NaN: it tries the infinities first,
  /// so with `x,x,x` the string `"x"` is infinity.
  package func isNaN(_ text: String) -> Bool {
    value(of: text)?.isNaN == true
  }

  /// Whether the decoder reads a JSON string as one of the three values: it compares the
  /// string's bytes as the document writes them (`raw`, between the quotes), whole, case and all,
  /// so an escape (`"\u0069nf"`) or another Unicode normal form is no match.
  package func reads(raw: UnsafeRawBufferPointer) -> Bool {
    [positiveInfinity, negativeInfinity, nan].contains { $0.utf8.elementsEqual(raw) }
  }
}
