/// The first value recorded under each name: duplicate checks over a model's properties or keys.
///
/// Nearly every model has a few dozen names at most, so they are kept in a list searched in
/// order (no hashing, no table to allocate), each with a fingerprint of its bytes so that the
/// search compares integers rather than strings; past `linearLimit` names a dictionary takes over.
struct FirstSeen<Value> {
  private var entries: [Entry] = []
  private var table: [String: Value]?

  private struct Entry {
    var fingerprint: UInt64
    var name: String
    var value: Value
  }

  static var linearLimit: Int { 32 }

  /// Prepared for about `capacity` names.
  init(capacity: Int) {
    if capacity > Self.linearLimit {
      table = Dictionary(minimumCapacity: capacity)
    } else {
      entries.reserveCapacity(capacity)
    }
  }

  /// Records `value` under `name` unless the name is taken; returns the value recorded first,
  /// if it is.
  mutating func record(_ name: String, _ value: Value) -> Value? {
    if table != nil {
      if let first = table?[name] { return first }
      table?[name] = value
      return nil
    }
    let fingerprint = Self.fingerprint(of: name)
    for index in entries.indices where entries[index].fingerprint == fingerprint && entries[index].name == name {
      return entries[index].value
    }
    if entries.count < Self.linearLimit {
      entries.append(Entry(fingerprint: fingerprint, name: name, value: value))
    } else {
      var grown = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.value) })
      grown[name] = value
      table = grown
      entries = []
    }
    return nil
  }

  /// A multiplicative hash of the UTF-8 bytes, eight at a time: equal names have equal
  /// fingerprints.
  // NB: a byte at a time (FNV-1a) was one dependent multiplication per byte, which made this the
  // largest single cost of checking a large schema's names and keys.
  private static func fingerprint(of name: String) -> UInt64 {
    if let hash = name.utf8.withContiguousStorageIfAvailable({ fingerprint(of: UnsafeRawBufferPointer($0)) }) {
      return hash
    }
    return Array(name.utf8).withUnsafeBytes { fingerprint(of: $0) }
  }

  private static func fingerprint(of bytes: UnsafeRawBufferPointer) -> UInt64 {
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
