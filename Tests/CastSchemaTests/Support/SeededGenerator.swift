/// SplitMix64: a small deterministic generator, so random inputs are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// `count` random bytes (every value 0…255 is possible, NUL and invalid UTF-8 included).
  mutating func bytes(_ count: Int) -> [UInt8] {
    (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &self) }
  }

  /// `count` tokens of `.cast`-like text picked from `vocabulary`, separated by spaces.
  mutating func tokenSoup(_ count: Int, from vocabulary: [String]) -> String {
    (0..<count).map { _ in vocabulary.randomElement(using: &self) ?? "" }.joined(separator: " ")
  }
}
