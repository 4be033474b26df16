/// A string's bytes hashed eight at a time, for the table of an enum's many raw values
/// (`EnumPlan.rawSlots`, which the clean check reads a copy of): every byte counts, so raw values
/// sharing a long prefix (`value_0001`, `value_0002`) spread over the table. Also a word's bits
/// spread (`mix`), for the tables of numbers and set words.
enum ByteHash {
  /// SplitMix64's finaliser: every bit of the word moves every bit of the result, so words whose
  /// low bits vary little (a whole `Double`'s bits) still spread over a table.
  @inline(__always)
  static func mix(_ word: UInt64) -> UInt64 {
    var z = word
    z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z &>> 31)
  }

  @inline(__always)
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: bytes.count)
    var index = 0
    while index &+ 8 <= bytes.count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash &>> 32
      index &+= 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while index < bytes.count {
      tail |= UInt64(bytes[index]) &<< shift
      shift &+= 8
      index &+= 1
    }
    hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash &>> 29)
  }
}
