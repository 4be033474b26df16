import CastSchema

/// Why a number is out of its declared type's range, where naming the type's limits would
/// mislead: a number that rounds to zero is not too large, and `1e165` is below `Decimal`'s
/// largest value though `JSONDecoder` refuses it.
enum RangeMiss {
  /// Beyond the type's limits, which the message names.
  case beyondLimits
  /// A non-zero number that rounds to zero in a `Float` or `Double`, which `JSONDecoder` refuses.
  case underflow
  /// A `Decimal` that Foundation's `Decimal(string:)`, `JSONDecoder`'s reader, refuses.
  case decimalText(FoundationDecimalText.Refusal)
}

extension RecordValidator {
  /// Why a JSON number the policy's range check refused (`holds`) is out of range.
  static func miss(_ token: JSONNumberToken, _ type: ScalarType, _ scanner: JSONScanner, policy: Policy) -> RangeMiss {
    if type == .decimal, policy.decimalsAsFoundationParses,
      let refusal = FoundationDecimalText.refusal(scanner.literal(token))
    {
      return .decimalText(refusal)
    }
    if policy.underflowIsOutOfRange, type == .float || type == .double,
      underflows(token, type, scanner, floatsFromText: policy.floatsReadFromText)
    {
      return .underflow
    }
    return .beyondLimits
  }

  mutating func outOfRange(
    _ type: ScalarType, _ literal: String, at offset: Int, declaration: SourceRange?, miss: RangeMiss = .beyondLimits
  ) -> Outcome {
    let shown = Excerpt.clip(literal)
    let message: String
    let expected: String
    switch miss {
    case .beyondLimits:
      let limits = Self.limits(of: type)
      message = "\(shown) does not fit \(type.rawValue) (\(limits))"
      expected = "\(type.rawValue) in \(limits)"
    case .underflow:
      let least = type == .float ? "\(Float.leastNonzeroMagnitude)" : "\(Double.leastNonzeroMagnitude)"
      message =
        "\(shown) underflows \(type.rawValue): it is too small in magnitude and rounds to zero (the smallest non-zero "
        + "\(type.rawValue) is \(least)), and JSONDecoder refuses a non-zero number that does"
      expected = "\(type.rawValue) that is not a non-zero number rounded to zero"
    case .decimalText(let refusal):
      let reason =
        switch refusal {
        case .exponent(let reached): "and here the exponent reaches \(reached)"
        case .writtenExponent(let written): "and here the exponent written, \(Excerpt.clip(written)), is beyond the ±254 it reads at all"
        }
      message =
        "\(shown) is not a Decimal as Foundation reads it: Decimal(string:), which JSONDecoder uses, keeps the digits "
        + "as written (as many as its 128-bit mantissa holds) with an exponent that must stay within -128...127, "
        + reason
      expected = "Decimal whose exponent, as written, is within -128...127"
    }
    report(.outOfRange, .error, message, at: offset, declaration: declaration, expected: expected, found: shown)
    return .unconvertible
  }

  /// A type's range, as a message names it.
  private static func limits(of type: ScalarType) -> String {
    if let bounds = type.integerBounds { return "\(bounds.min)...\(bounds.max)" }
    switch type {
    case .float: return "±\(Float.greatestFiniteMagnitude)"
    case .decimal: return "±\(ExactDecimal.decimalLimitText), and from 1e-128 when not zero"
    case .date: return "years 0000...9999"
    default: return "finite values"
    }
  }
}
