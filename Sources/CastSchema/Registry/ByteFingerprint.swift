/// A fast, non-cryptographic hash of a name's UTF-8 bytes, for the registry's small lookups
/// (`FirstSeen`, `ParsedKeyCache`): equal names have equal fingerprints.
// NB: eight bytes per multiplication. A byte at a time (FNV-1a) was a chain of dependent
// multiplications, and hashing names and keys was the largest single cost of checking a large
// schema's properties.
enum ByteFingerprint {
  /// The fingerprint of `text`'s UTF-8 bytes.
  static func of(_ text: String) -> UInt64 {
    if let hash = text.utf8.withContiguousStorageIfAvailable({ of(UnsafeRawBufferPointer($0)) }) {
      return hash
    }
    return Array(text.utf8).withUnsafeBytes { of($0) }
  }

  /// The fingerprint of `bytes`; the length is mixed in, so a name and a longer one padded with
  /// zero bytes differ.
  static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = UInt64(bytes.count) &* multiplier
    var offset = 0
    while offset + 8 <= bytes.count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
      hash ^= hash >> 29
      offset += 8
    }
    if offset < bytes.count {
      var tail: UInt64 = 0
      for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
      hash = (hash ^ tail) &* multiplier
      hash ^= hash >> 29
    }
    return hash
  }
}
