/// The objects of a document that key paths look into, counted, and for each looked into often
/// its members hashed by key: a model of thousands of key paths through one object (`a/p1`,
/// `a/p2`, …) then reads the object once, not once per path (the square of its width).
struct MemberIndexes {
  /// One object of the document, as one plan compares its keys.
  struct Place: Hashable {
    var span: JSONSpan
    var plan: Int
  }

  /// What to do for a look into an object.
  enum Action {
    /// Scan the object (it has been looked into only a few times).
    case scan
    /// Read the object into a table, and `store` it.
    case build
    /// Look the key up in the table.
    case table([[UInt8]: (JSONStringToken, JSONSpan)])
  }

  /// How many looks into one object are scans; the next builds the table. Most models have a few
  /// key paths per object, for which a scan is cheaper than a table.
  static let scans = 8
  /// How many objects are remembered; past it all are forgotten (a long run of records).
  static let capacity = 64

  private var looks: [Place: Int] = [:]
  private var tables: [Place: [[UInt8]: (JSONStringToken, JSONSpan)]] = [:]

  /// Counts a look into the object at `place` and says how to make it.
  mutating func lookUp(_ place: Place) -> Action {
    if let table = tables[place] { return .table(table) }
    if looks.count >= Self.capacity, looks[place] == nil { forget() }
    let count = looks[place, default: 0] + 1
    looks[place] = count
    return count > Self.scans ? .build : .scan
  }

  /// Forgets every object (the walker moves to another document or buffer).
  mutating func forget() {
    guard !looks.isEmpty else { return }
    looks.removeAll(keepingCapacity: true)
    tables.removeAll(keepingCapacity: true)
  }

  /// Keeps the table of the object at `place`.
  mutating func store(_ table: [[UInt8]: (JSONStringToken, JSONSpan)], at place: Place) {
    tables[place] = table
  }
}
