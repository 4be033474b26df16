/// The first value recorded under each name, for duplicate checks within one model.
// NB: a model has a handful of properties, and comparing a few short names costs less than
// hashing each one; only a large model gets a dictionary.
struct FirstSeen<Value> {
  private var names: [String] = []
  private var values: [Value] = []
  private var table: [String: Value]?

  static var linearLimit: Int { 32 }

  /// Prepared for about `capacity` names.
  init(capacity: Int) {
    if capacity > Self.linearLimit {
      table = Dictionary(minimumCapacity: capacity)
    } else {
      names.reserveCapacity(capacity)
      values.reserveCapacity(capacity)
    }
  }

  /// The value first recorded under `name`, if any.
  subscript(name: String) -> Value? {
    if let table { return table[name] }
    guard let index = names.firstIndex(of: name) else { return nil }
    return values[index]
  }

  /// Records `value` under `name`; the caller has checked that it is not there yet.
  mutating func record(_ name: String, _ value: Value) {
    if table != nil {
      table?[name] = value
    } else if names.count < Self.linearLimit {
      names.append(name)
      values.append(value)
    } else {
      var grown = Dictionary(uniqueKeysWithValues: zip(names, values))
      grown[name] = value
      table = grown
      names = []
      values = []
    }
  }
}
