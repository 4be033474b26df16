/// What the numbers seen at one path were: integers and fractions, their range, and whether a
/// `Double` would hold them exactly.
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

  /// 2^53: integers beyond it lose digits in a `Double`.
  static let exactDoubleLimit: Int64 = 1 << 53

  /// Notes one number literal.
  mutating func observe(_ literal: String) {
    if literal.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
      fractions += 1
      let value = Double(literal) ?? .infinity
      if value.isFinite {
        minFraction = min(minFraction, value)
        maxFraction = max(maxFraction, value)
      } else {
        nonFinite += 1
      }
    } else if let value = Int64(literal) {
      integers += 1
      minInteger = min(minInteger, value)
      maxInteger = max(maxInteger, value)
    } else {
      hugeIntegers += 1
    }
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
  }

  /// How many numbers were seen.
  var count: Int { integers + hugeIntegers + fractions }

  /// Whether some integer lies beyond ±2^53, where a `Double` would round it.
  var hasInexactInteger: Bool {
    integers > 0 && (maxInteger > Self.exactDoubleLimit || minInteger < -Self.exactDoubleLimit)
  }

  /// The narrowest scalar that holds every number seen exactly: `Int`, `Double`, `Decimal`, else
  /// `NSNumber`.
  var scalar: ScalarChoice {
    // Beyond Double (1.8e308) is beyond Decimal too (3.4e165): only NSNumber keeps such a literal.
    if nonFinite > 0 { return .number }
    if hugeIntegers > 0 { return .decimal }
    if fractions == 0 { return .int }
    return hasInexactInteger ? .decimal : .double
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
    let lowest = low.min { (Double($0) ?? 0) < (Double($1) ?? 0) } ?? "?"
    let highest = high.max { (Double($0) ?? 0) < (Double($1) ?? 0) } ?? "?"
    return hugeIntegers + nonFinite > 0 ? "\(lowest)…\(highest) and \(hugeIntegers + nonFinite) beyond Int64/Double" : "\(lowest)…\(highest)"
  }

  /// A numeric type castctl can declare.
  enum ScalarChoice: String, Sendable {
    case int = "Int", double = "Double", decimal = "Decimal", number = "NSNumber"
  }
}
