/// The first value recorded under each name: duplicate checks over a model's properties or keys.
///
/// Nearly every model has a few dozen names at most, so they are kept in a list searched in
/// order (no hashing, no table to allocate), each with a fingerprint of its bytes so that the
/// search compares integers rather than strings; past `linearLimit` names a dictionary takes over.
/// Names are the same when their bytes are, in both (`é` and `e` + U+0301 are two JSON keys to
/// the engine, however many properties the model has).
struct FirstSeen<Value> {
  private var entries: [Entry] = []
  private var table: [[UInt8]: Value]?

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
      let bytes = Array(name.utf8)
      if let first = table?[bytes] { return first }
      table?[bytes] = value
      return nil
    }
    let fingerprint = ByteFingerprint.of(name)
    for index in entries.indices where entries[index].fingerprint == fingerprint && entries[index].name.utf8.elementsEqual(name.utf8) {
      return entries[index].value
    }
    if entries.count < Self.linearLimit {
      entries.append(Entry(fingerprint: fingerprint, name: name, value: value))
    } else {
      var grown = Dictionary(uniqueKeysWithValues: entries.map { (Array($0.name.utf8), $0.value) })
      grown[Array(name.utf8)] = value
      table = grown
      entries = []
    }
    return nil
  }
}
