/// What the numbers seen at one path were: integers and fractions, their range, whether a
/// `Double` would hold them exactly, and how many of them the dialect's `Double` and `Decimal`
/// refuse as out of range (the validator's own rule, `RecordValidator.holds`).
struct NumberEvidence: Sendable, Equatable {
  /// Integer literals (no fraction, no exponent) within `Int64`.
  var integers = 0
  var minInteger = Int64.max
  var maxInteger = Int64.min
  /// Integer literals beyond `Int64`: only `Decimal` keeps them.
  var hugeIntegers = 0
  /// Literals with a fraction or an exponent.
  var fractions = 0
  var minFraction = Double.infinity
  var maxFraction = -Double.infinity
  /// Numbers beyond `Double`'s range (`1e400`), which only `NSNumber` reads (they are beyond
  /// `Decimal`'s too).
  var nonFinite = 0
  /// Numbers the dialect's `Double` refuses as out of range: beyond it (`1e400`), or, for a
  /// Codable model, rounded to zero (`1e-400`, which `JSONDecoder` refuses).
  var beyondDouble = 0
  /// Numbers the dialect's `Decimal` refuses as out of range: beyond ±3.4e165, non-zero below
  /// 1e-128, or (Codable) an exponent Foundation's `Decimal(string:)` cannot hold.
  var beyondDecimal = 0
  /// Numbers the dialect's `Float` refuses as out of range, counted for `--seed` only
  /// (`InferOptions.trackAbsence`): `infer` never chooses `Float`, a seed may declare it.
  var beyondFloat = 0

  /// 2^53: integers beyond it lose digits in a `Double`.
  static let exactDoubleLimit: Int64 = 1 << 53

  /// Notes one number literal, judged by `policy`'s range rules (`Float`'s too with `float`).
  mutating func observe(_ literal: String, policy: Policy, float: Bool) {
    if literal.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
      observeFraction(Double(literal) ?? .infinity)
    } else {
      let value = Int64(literal)
      observeInteger(value)
      // NB: every Int64 is within the range of Float, Double and Decimal: only larger integers are asked.
      guard value == nil else { return }
    }
    var text = literal
    text.withUTF8 { bytes in
      var scanner = JSONScanner(UnsafeRawBufferPointer(bytes))
      if let token = try? scanner.readNumber() { observeRanges(token, scanner, policy: policy, float: float) }
    }
  }

  /// Notes whether the dialect's `Double` and `Decimal` (and with `float`, `Float`) hold the
  /// number at `token`, as the validator decides it (`RecordValidator.holds`).
  mutating func observeRanges(_ token: JSONNumberToken, _ scanner: JSONScanner, policy: Policy, float: Bool) {
    if !RecordValidator.holds(token, .double, scanner, policy: policy) { beyondDouble += 1 }
    if !RecordValidator.holds(token, .decimal, scanner, policy: policy) { beyondDecimal += 1 }
    if float, !RecordValidator.holds(token, .float, scanner, policy: policy) { beyondFloat += 1 }
  }

  /// Notes an integer literal's value (nil beyond `Int64`).
  mutating func observeInteger(_ value: Int64?) {
    guard let value else {
      hugeIntegers += 1
      return
    }
    integers += 1
    minInteger = min(minInteger, value)
    maxInteger = max(maxInteger, value)
  }

  /// Notes a literal with a fraction or an exponent, by its nearest `Double` (infinite beyond).
  mutating func observeFraction(_ value: Double) {
    fractions += 1
    if value.isFinite {
      minFraction = min(minFraction, value)
      maxFraction = max(maxFraction, value)
    } else {
      nonFinite += 1
    }
  }

  /// Adds another path's evidence (commutative, so the order of the records cannot matter).
  mutating func merge(_ other: NumberEvidence) {
    integers += other.integers
    minInteger = min(minInteger, other.minInteger)
    maxInteger = max(maxInteger, other.maxInteger)
    hugeIntegers += other.hugeIntegers
    fractions += other.fractions
    minFraction = min(minFraction, other.minFraction)
    maxFraction = max(maxFraction, other.maxFraction)
    nonFinite += other.nonFinite
    beyondDouble += other.beyondDouble
    beyondDecimal += other.beyondDecimal
    beyondFloat += other.beyondFloat
  }

  /// How many numbers were seen.
  var count: Int { integers + hugeIntegers + fractions }

  /// Whether some integer lies beyond ±2^53, where a `Double` would round it.
  var hasInexactInteger: Bool {
    integers > 0 && (maxInteger > Self.exactDoubleLimit || minInteger < -Self.exactDoubleLimit)
  }

  /// Whether a `Double` would keep every number's value: no integer beyond `Int64`, nor beyond
  /// ±2^53 beside fractions.
  var exactInDouble: Bool { hugeIntegers == 0 && (fractions == 0 || !hasInexactInteger) }

  /// The narrowest scalar that holds every number seen exactly and that the dialect's check takes
  /// every one of them for: `Int`, `Double`, `Decimal`, else `NSNumber` (which takes any number
  /// and keeps its text): `1e400` is beyond `Double` and `Decimal`, `1e200` beyond `Decimal`
  /// only, `1e-400` beyond a Codable `Double` (`JSONDecoder` refuses the underflow).
  var scalar: ScalarChoice {
    if fractions == 0, hugeIntegers == 0 { return .int }
    if exactInDouble, beyondDouble == 0 { return .double }
    return beyondDecimal == 0 ? .decimal : .number
  }

  /// The range seen, as text for `--explain`.
  var rangeText: String? {
    guard count > 0 else { return nil }
    var low: [String] = []
    var high: [String] = []
    if integers > 0 {
      low.append(String(minInteger))
      high.append(String(maxInteger))
    }
    if fractions > nonFinite {
      low.append(String(minFraction))
      high.append(String(maxFraction))
    }
    let beyond = hugeIntegers + nonFinite
    guard let lowest = low.min(by: { (Double($0) ?? 0) < (Double($1) ?? 0) }),
      let highest = high.max(by: { (Double($0) ?? 0) < (Double($1) ?? 0) })
    else { return "\(beyond) beyond Int64/Double" }
    return beyond > 0 ? "\(lowest)…\(highest) and \(beyond) beyond Int64/Double" : "\(lowest)…\(highest)"
  }

  /// A numeric type castctl can declare.
  enum ScalarChoice: String, Sendable {
    case int = "Int", double = "Double", decimal = "Decimal", number = "NSNumber"
  }
}
